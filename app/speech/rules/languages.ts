import { ENGINE_LANGUAGE_CATALOGUE } from "../../../core/voices/engine-languages";

/** Languages and landing pages (spec request-layer §3 'Language and landing data'): one source for every page. */
export type Language = { name: string; languageCode: string; flagCode: string; dialects: { name: string; code: string; sort: number }[] };

/** Every language the embedded engine speaks (core/voices/engine-languages.ts), with its dialects in order. */
export const LANGUAGES: readonly Language[] = ENGINE_LANGUAGE_CATALOGUE.map((language) => ({
  name: language.name,
  languageCode: language.code,
  flagCode: language.flag,
  dialects: language.dialects.map((dialect, i) => ({ name: dialect.name, code: dialect.code, sort: i + 1 })),
}));

/** Source-language options for detection, with the automatic one first. */
/** The English name of an engine language code ("fr" → "French"); the code itself when unknown. */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.languageCode === code)?.name ?? code;
}

export const SOURCE_LANGUAGES = [{ key: "auto", name: "Detect automatically" }, ...LANGUAGES.map((l) => ({ key: l.languageCode, name: l.name }))];

export type LandingEntry = {
  name: string;
  flag: string;
  language: string;
  audioSrc: string;
  voice_id: string;
  /** The language code the sample is spoken with, where the voice's own language is another (a language without premade voices of its own). */
  languageCode?: string;
  placeholderText: string;
  howToDescription: string;
  feature1Title: string;
  feature1Description: string;
  feature2Title: string;
  feature2Description: string;
};

// The pages play the built-in voices, so they say what those are (decision 0015).
const features = (language: string) => ({
  feature1Title: `${language} voices by espeak-ng`,
  feature1Description: `Male and female voices from the built-in espeak-ng formant synthesizer: clear and intelligible, recognisably synthetic.`,
  feature2Title: "Runs anywhere",
  feature2Description: "Generated inside the platform, without sending your text to a third party.",
});

export const LANDING_PAGES: readonly LandingEntry[] = [
  { name: "English", flag: "us", language: "en", audioSrc: "english", voice_id: "pv01aria000000000000", placeholderText: "Hello! This is how I sound. I can read your stories, articles and scripts aloud.", howToDescription: "Type or paste English text, choose a voice, and press Generate.", ...features("English") },
  { name: "British English", flag: "gb", language: "en", audioSrc: "british-accent", voice_id: "pv03alice00000000000", placeholderText: "Good afternoon. Shall I read the news to you?", howToDescription: "Choose a British voice such as Alice or George and press Generate.", ...features("British English") },
  { name: "German", flag: "de", language: "de", audioSrc: "german", voice_id: "pv05greta00000000000", placeholderText: "Hallo! So klinge ich. Ich kann deine Geschichten, Artikel und Skripte vorlesen.", howToDescription: "Deutschen Text eingeben, Stimme wählen, Generieren drücken.", ...features("German") },
  { name: "French", flag: "fr", language: "fr", audioSrc: "french", voice_id: "pv07camille000000000", placeholderText: "Bonjour ! Voici ma voix. Je peux lire vos histoires, vos articles et vos scripts.", howToDescription: "Saisissez un texte en français, choisissez une voix et générez.", ...features("French") },
  { name: "Spanish (Castilian)", flag: "es", language: "es", audioSrc: "spanish-castilian-accent", voice_id: "pv09lucia00000000000", placeholderText: "¡Hola! Así es como sueno. Puedo leer en voz alta tus historias, artículos y guiones.", howToDescription: "Escribe un texto en español, elige una voz y pulsa Generar.", ...features("Spanish") },
  { name: "Spanish (Latin American)", flag: "mx", language: "es", audioSrc: "latin-american-spanish-accent", voice_id: "pv10mateo00000000000", placeholderText: "¡Hola! ¿Quieres que lea tu texto en voz alta?", howToDescription: "Escribe un texto, elige a Mateo y pulsa Generar.", ...features("Latin American Spanish") },
  { name: "Italian", flag: "it", language: "it", audioSrc: "italian", voice_id: "pv11giulia0000000000", placeholderText: "Ciao! Questa è la mia voce. Posso leggere ad alta voce le tue storie.", howToDescription: "Scrivi un testo in italiano, scegli una voce e premi Genera.", ...features("Italian") },
  { name: "Portuguese (Brazilian)", flag: "br", language: "pt", audioSrc: "brazilian-portuguese-accent", voice_id: "pv13beatriz000000000", placeholderText: "Olá! Esta é a minha voz. Posso ler em voz alta as suas histórias.", howToDescription: "Escreva um texto em português, escolha uma voz e gere o áudio.", ...features("Brazilian Portuguese") },
];

/**
 * A short sample in each language without a hand-written page: a greeting where we could write one we trust, otherwise
 * counting to ten, which the engine reads with that language's own number rules.
 */
const GREETINGS: Record<string, string> = {
  ar: "مرحبا! هذا هو صوتي.", bg: "Здравейте! Така звучи моят глас.", ca: "Hola! Així és com sona la meva veu.", cs: "Ahoj! Takhle zní můj hlas.",
  da: "Hej! Sådan lyder min stemme.", el: "Γεια σας! Έτσι ακούγεται η φωνή μου.", fi: "Hei! Tältä minun ääneni kuulostaa.", he: "שלום! כך נשמע הקול שלי.",
  hi: "नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है।", hr: "Bok! Ovako zvuči moj glas.", hu: "Szia! Így hangzik a hangom.", id: "Halo! Beginilah suara saya.",
  ja: "こんにちは。これが私の声です。", ko: "안녕하세요! 제 목소리는 이렇습니다.", ms: "Helo! Beginilah bunyi suara saya.", nl: "Hallo! Zo klinkt mijn stem.",
  no: "Hei! Slik høres stemmen min ut.", pl: "Cześć! Tak brzmi mój głos.", ro: "Bună! Așa sună vocea mea.", ru: "Привет! Вот так звучит мой голос.",
  sk: "Ahoj! Takto znie môj hlas.", sv: "Hej! Så här låter min röst.", ta: "வணக்கம்! இது என் குரல்.", tr: "Merhaba! Sesim böyle duyuluyor.",
  uk: "Привіт! Ось так звучить мій голос.", vi: "Xin chào! Đây là giọng nói của tôi.", zh: "你好！这就是我的声音。", eo: "Saluton! Jen kiel sonas mia voĉo.",
  la: "Salve! Haec est vox mea.", cy: "Helo! Dyma sut mae fy llais yn swnio.", is: "Halló! Svona hljómar röddin mín.", et: "Tere! Nii kõlab minu hääl.",
  lt: "Labas! Taip skamba mano balsas.", lv: "Sveiki! Tā skan mana balss.", sl: "Živjo! Tako zveni moj glas.", sr: "Здраво! Овако звучи мој глас.",
  chr: "ᎣᏏᏲ!", cv: "Салам!", sjn: "Mae govannen!",
  af: "Hallo! So klink my stem.", sw: "Habari! Hivi ndivyo sauti yangu inavyosikika.", th: "สวัสดี! นี่คือเสียงของฉัน", fa: "سلام! صدای من این‌گونه است.",
};

const slugOf = (name: string) => name.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The pages above cover these languages; every other engine language gets one page spoken by Aria in that language. */
const HAND_WRITTEN = new Set(["en", "de", "fr", "es", "it", "pt"]);
const GENERATED_PAGES: readonly LandingEntry[] = ENGINE_LANGUAGE_CATALOGUE.filter((language) => !HAND_WRITTEN.has(language.code)).map((language) => ({
  name: language.name,
  flag: language.flag,
  language: language.code,
  audioSrc: slugOf(language.name),
  voice_id: "pv01aria000000000000",
  languageCode: language.code,
  placeholderText: GREETINGS[language.code] ?? "1, 2, 3, 4, 5, 6, 7, 8, 9, 10.",
  howToDescription: `Sign up, choose any voice and ${language.name} as the language (language_code "${language.code}" in the API), type ${language.name} text and press Generate. ${language.dialects.length > 1 ? `Dialects: ${language.dialects.map((d) => d.name).join(", ")}.` : ""}`.trim(),
  ...features(language.name),
}));

export const ALL_LANDING_PAGES: readonly LandingEntry[] = [...LANDING_PAGES, ...GENERATED_PAGES];

export function findLandingPage(slug: string): LandingEntry | undefined {
  return ALL_LANDING_PAGES.find((page) => page.audioSrc === slug);
}

/** Regional-indicator emoji for a two-letter flag code. */
export function flagEmoji(flagCode: string): string {
  return [...flagCode.toUpperCase()].map((ch) => String.fromCodePoint(0x1f1e6 + ch.charCodeAt(0) - 65)).join("");
}
