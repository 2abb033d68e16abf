import { ENGINE_LANGUAGE_CATALOGUE, sampleText } from "../../../core/voices/engine-languages";

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

const slugOf = (name: string) => name.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The female voice of each language's premade pair (migration 0048): its page plays and tries that voice. */
const LANGUAGE_VOICES: Record<string, string> = { hi: "pv15priya00000000000", zh: "pv17mei0000000000000", ja: "pv19yui0000000000000", ar: "pv21layla00000000000", ru: "pv23natasha000000000", ko: "pv25jiwoo00000000000", id: "pv27sari000000000000", nl: "pv29femke00000000000", tr: "pv31elif000000000000", pl: "pv33zofia00000000000", sv: "pv35astrid0000000000", ms: "pv37aisyah0000000000", ro: "pv39ioana00000000000", uk: "pv41oksana0000000000", el: "pv43eleni00000000000", cs: "pv45tereza0000000000", da: "pv47freja00000000000", fi: "pv49aino000000000000", bg: "pv51desislava0000000", hr: "pv53ana0000000000000", sk: "pv55zuzana0000000000", ta: "pv57kavya00000000000", hu: "pv59reka000000000000", no: "pv61ingrid0000000000", vi: "pv63linh000000000000" };

/** The pages above cover these languages; every other engine language gets one page, spoken by its own voice or by Aria in that language. */
const HAND_WRITTEN = new Set(["en", "de", "fr", "es", "it", "pt"]);
const GENERATED_PAGES: readonly LandingEntry[] = ENGINE_LANGUAGE_CATALOGUE.filter((language) => !HAND_WRITTEN.has(language.code)).map((language) => ({
  name: language.name,
  flag: language.flag,
  language: language.code,
  audioSrc: slugOf(language.name),
  voice_id: LANGUAGE_VOICES[language.code] ?? "pv01aria000000000000",
  ...(LANGUAGE_VOICES[language.code] ? {} : { languageCode: language.code }),
  placeholderText: sampleText(language.code),
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
