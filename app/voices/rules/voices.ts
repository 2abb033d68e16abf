/**
 * The premade voices the embedded engine speaks. Each maps to an espeak-ng language voice plus a variant
 * (male/female timbre) and a base pitch, so the same text sounds different per voice.
 */
import type { VoiceSettings } from "../../../core/voices/voice-settings";
export const ENGINE_LANGUAGES = ["en", "de", "fr", "es", "it", "pt"] as const;
export type EngineLanguage = (typeof ENGINE_LANGUAGES)[number];

export type PremadeVoice = {
  voice_id: string;
  name: string;
  gender: "female" | "male";
  age: "young" | "middle_aged" | "old";
  accent: string;
  language: EngineLanguage;
  /** espeak-ng voice name with variant, e.g. "en-us+f3". */
  engineVoice: string;
  /** espeak-ng base pitch 0-100 (50 is the voice's default). */
  basePitch: number;
  description: string;
  use_case: string;
};

export const PREMADE_VOICES: readonly PremadeVoice[] = [
  { voice_id: "pv01aria000000000000", name: "Aria", gender: "female", age: "young", accent: "american", language: "en", engineVoice: "en-us+f3", basePitch: 55, description: "Clear, friendly American English.", use_case: "narration" },
  { voice_id: "pv02roger00000000000", name: "Roger", gender: "male", age: "middle_aged", accent: "american", language: "en", engineVoice: "en-us+m3", basePitch: 45, description: "Calm, steady American English.", use_case: "conversational" },
  { voice_id: "pv03alice00000000000", name: "Alice", gender: "female", age: "middle_aged", accent: "british", language: "en", engineVoice: "en-gb-x-rp+f2", basePitch: 52, description: "Confident British English.", use_case: "news" },
  { voice_id: "pv04george0000000000", name: "George", gender: "male", age: "old", accent: "british", language: "en", engineVoice: "en-gb-x-rp+m1", basePitch: 40, description: "Warm British storyteller.", use_case: "narration" },
  { voice_id: "pv05greta00000000000", name: "Greta", gender: "female", age: "young", accent: "standard", language: "de", engineVoice: "de+f2", basePitch: 54, description: "Bright standard German.", use_case: "conversational" },
  { voice_id: "pv06klaus00000000000", name: "Klaus", gender: "male", age: "middle_aged", accent: "standard", language: "de", engineVoice: "de+m3", basePitch: 44, description: "Measured standard German.", use_case: "narration" },
  { voice_id: "pv07camille000000000", name: "Camille", gender: "female", age: "young", accent: "parisian", language: "fr", engineVoice: "fr+f3", basePitch: 56, description: "Lively Parisian French.", use_case: "conversational" },
  { voice_id: "pv08louis00000000000", name: "Louis", gender: "male", age: "middle_aged", accent: "parisian", language: "fr", engineVoice: "fr+m2", basePitch: 45, description: "Deep Parisian French.", use_case: "narration" },
  { voice_id: "pv09lucia00000000000", name: "Lucía", gender: "female", age: "young", accent: "castilian", language: "es", engineVoice: "es+f3", basePitch: 55, description: "Warm Castilian Spanish.", use_case: "narration" },
  { voice_id: "pv10mateo00000000000", name: "Mateo", gender: "male", age: "young", accent: "latin american", language: "es", engineVoice: "es-419+m3", basePitch: 46, description: "Relaxed Latin American Spanish.", use_case: "conversational" },
  { voice_id: "pv11giulia0000000000", name: "Giulia", gender: "female", age: "middle_aged", accent: "standard", language: "it", engineVoice: "it+f2", basePitch: 53, description: "Elegant Italian.", use_case: "narration" },
  { voice_id: "pv12marco00000000000", name: "Marco", gender: "male", age: "young", accent: "standard", language: "it", engineVoice: "it+m3", basePitch: 46, description: "Energetic Italian.", use_case: "conversational" },
  { voice_id: "pv13beatriz000000000", name: "Beatriz", gender: "female", age: "young", accent: "brazilian", language: "pt", engineVoice: "pt-br+f3", basePitch: 55, description: "Bright Brazilian Portuguese.", use_case: "conversational" },
  { voice_id: "pv14joao000000000000", name: "João", gender: "male", age: "middle_aged", accent: "european", language: "pt", engineVoice: "pt+m2", basePitch: 45, description: "Calm European Portuguese.", use_case: "narration" },
];

export function findPremadeVoice(voiceId: string): PremadeVoice | undefined {
  return PREMADE_VOICES.find((v) => v.voice_id === voiceId);
}

/** Voice preview file name pattern (spec §9). */
export function voicePreviewFileName(name: string): string {
  return `voice_preview_${name.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "_")}.mp3`;
}

/** The standard espeak-ng voice of each language, for a premade voice speaking a language other than its own. */
const LANGUAGE_ENGINE_VOICES: Record<EngineLanguage, string> = { en: "en-us", de: "de", fr: "fr", es: "es", it: "it", pt: "pt-br" };

export function isEngineLanguage(code: string): code is EngineLanguage {
  return (ENGINE_LANGUAGES as readonly string[]).includes(code);
}

/**
 * The espeak-ng voice a premade voice speaks `language` with: its own accent in its own language, otherwise
 * that language's standard voice with the same timbre variant (the multilingual model speaks every language
 * in every voice).
 */
export function engineVoiceFor(voice: PremadeVoice, language?: string | null): string {
  const code = language?.toLowerCase().slice(0, 2);
  if (!code || code === voice.language || !isEngineLanguage(code)) return voice.engineVoice;
  const variant = voice.engineVoice.split("+")[1];
  return variant ? `${LANGUAGE_ENGINE_VOICES[code]}+${variant}` : LANGUAGE_ENGINE_VOICES[code];
}

/** The preview of a voice in another language than its own: voice_preview_{name}_{language}.mp3. */
export function languagePreviewFileName(name: string, language: EngineLanguage): string {
  return voicePreviewFileName(name).replace(/\.mp3$/, `_${language}.mp3`);
}

/** Which voice and language a preview file is of (null for an unknown file). */
export function previewFileTarget(file: string): { voice: PremadeVoice; language: EngineLanguage } | null {
  for (const voice of PREMADE_VOICES) {
    if (voicePreviewFileName(voice.name) === file) return { voice, language: voice.language };
    for (const language of ENGINE_LANGUAGES) {
      if (language !== voice.language && languagePreviewFileName(voice.name, language) === file) return { voice, language };
    }
  }
  return null;
}

export const VOICE_PAGE_SIZE_DEFAULT = 20;
export const VOICE_PAGE_SIZE_MAX = 100;


/** Thresholds beyond which the sliders show an 'unstable' label (spec §8). */
export const UNSTABLE_THRESHOLDS = { stabilityBelow: 0.3, styleAbove: 0.5, speedBelow: 0.8, speedAbove: 1.15 } as const;

export const SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

/**
 * How voice settings reach the engine, honestly: speed scales the speaking rate; lower stability and higher
 * style widen the pitch range; similarity and speaker boost have no counterpart in a formant synthesizer.
 */
export function engineParameters(settings: VoiceSettings, basePitch: number): { rate: number; pitch: number; range: number } {
  const speed = Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, settings.speed));
  const range = 50 + (0.5 - settings.stability) * 60 + settings.style * 40;
  return {
    rate: Math.round(175 * speed),
    pitch: Math.round(Math.min(100, Math.max(0, basePitch))),
    range: Math.round(Math.min(100, Math.max(0, range))),
  };
}

/** What each voice's preview says, in its own language. */
export const PREVIEW_TEXT: Record<EngineLanguage, string> = {
  en: "Hello! This is how I sound. I can read your stories, articles and scripts aloud.",
  de: "Hallo! So klinge ich. Ich kann deine Geschichten, Artikel und Skripte vorlesen.",
  fr: "Bonjour ! Voici ma voix. Je peux lire vos histoires, vos articles et vos scripts.",
  es: "¡Hola! Así es como sueno. Puedo leer en voz alta tus historias, artículos y guiones.",
  it: "Ciao! Questa è la mia voce. Posso leggere ad alta voce le tue storie, i tuoi articoli e i tuoi copioni.",
  pt: "Olá! Esta é a minha voz. Posso ler em voz alta as suas histórias, artigos e roteiros.",
};

/** The voice an external engine uses for one of our voices: same gender, a stable choice per voice. */
const EXTERNAL_VOICES: Record<"openai" | "workers-ai", Record<PremadeVoice["gender"], string[]>> = {
  openai: { female: ["nova", "shimmer", "alloy"], male: ["onyx", "echo", "fable"] },
  "workers-ai": { female: ["asteria", "luna", "stella", "athena", "hera"], male: ["orion", "arcas", "perseus", "angus", "orpheus"] },
};

export function externalVoiceFor(voice: PremadeVoice, engine: "openai" | "workers-ai"): string {
  const choices = EXTERNAL_VOICES[engine][voice.gender];
  const index = [...voice.voice_id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % choices.length;
  return choices[index]!;
}
