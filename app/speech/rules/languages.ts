import type { EngineLanguage } from "~/voices/rules/voices";

/** Languages and landing pages (spec request-layer §3 'Language and landing data'): one source for every page. */
export type Language = { name: string; languageCode: EngineLanguage; flagCode: string; dialects: { name: string; code: string; sort: number }[] };

export const LANGUAGES: readonly Language[] = [
  { name: "English", languageCode: "en", flagCode: "us", dialects: [{ name: "American", code: "en-US", sort: 1 }, { name: "British", code: "en-GB", sort: 2 }] },
  { name: "German", languageCode: "de", flagCode: "de", dialects: [{ name: "Standard", code: "de-DE", sort: 1 }] },
  { name: "French", languageCode: "fr", flagCode: "fr", dialects: [{ name: "Parisian", code: "fr-FR", sort: 1 }] },
  { name: "Spanish", languageCode: "es", flagCode: "es", dialects: [{ name: "Castilian", code: "es-ES", sort: 1 }, { name: "Latin American", code: "es-419", sort: 2 }] },
  { name: "Italian", languageCode: "it", flagCode: "it", dialects: [{ name: "Standard", code: "it-IT", sort: 1 }] },
  { name: "Portuguese", languageCode: "pt", flagCode: "pt", dialects: [{ name: "European", code: "pt-PT", sort: 1 }, { name: "Brazilian", code: "pt-BR", sort: 2 }] },
];

/** Source-language options for detection, with the automatic one first. */
/** The English name of an engine language code ("fr" → "French"); the code itself when unknown. */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.languageCode === code)?.name ?? code;
}

export const SOURCE_LANGUAGES = [{ key: "auto", name: "Detect automatically" }, ...LANGUAGES.map((l) => ({ key: l.languageCode, name: l.name }))];

export type LandingEntry = {
  name: string;
  flag: string;
  language: EngineLanguage;
  audioSrc: string;
  voice_id: string;
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

export function findLandingPage(slug: string): LandingEntry | undefined {
  return LANDING_PAGES.find((page) => page.audioSrc === slug);
}

/** Regional-indicator emoji for a two-letter flag code. */
export function flagEmoji(flagCode: string): string {
  return [...flagCode.toUpperCase()].map((ch) => String.fromCodePoint(0x1f1e6 + ch.charCodeAt(0) - 65)).join("");
}
