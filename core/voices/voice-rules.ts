/**
 * The pure rules of voices: the embedded engine's languages, how a voice's engine parameters and settings reach
 * the engine, and its preview files. The voices themselves are rows of the voices table (voices.server.ts).
 */
import type { VoiceSettings } from "../voices/voice-settings";
import type { ExternalSpeechEngine, Voice, VoiceEngineParameters } from "../voices/voices";
import type { SpeechProviderId } from "../engines/speech";
import { resolveEngineLanguage, sampleText } from "../voices/engine-languages";
/**
 * The engine's bundled languages: every premade voice has a preview in each, and cloned and professional voices
 * are made in one of them. The engine speaks about a hundred more (core/voices/engine-languages.ts, decision 0059).
 */
export const ENGINE_LANGUAGES = ["en", "de", "fr", "es", "it", "pt"] as const;
export type EngineLanguage = (typeof ENGINE_LANGUAGES)[number];

/** Voice preview file name pattern (spec §9). */
export function voicePreviewFileName(name: string): string {
  return `voice_preview_${name.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "_")}.mp3`;
}

/** Where the premade voices' previews are kept in R2; each is public at /v1/voices/previews/{file}. */
export const PREVIEW_KEY_PREFIX = "voice-previews/";

/** The R2 key of a public preview file (voice_preview_{name}[_{language}].mp3). */
export function previewKeyOf(file: string): string {
  return PREVIEW_KEY_PREFIX + file;
}

const VOICE_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new voice id: 20 letters and digits, the shape of the commercial API's voice ids. */
export function newVoiceId(): string {
  return [...crypto.getRandomValues(new Uint8Array(20))].map((byte) => VOICE_ID_ALPHABET[byte % VOICE_ID_ALPHABET.length]).join("");
}

/** Where a workspace's own voice keeps its samples and its preview in R2: private, like the voice. */
export const OWN_VOICE_KEY_PREFIX = "voice-samples/";

/** The R2 key of an own voice's preview (made on first request by GET /v1/voices/{id}/preview). */
export function ownPreviewKeyOf(workspaceId: string, voiceId: string): string {
  return `${OWN_VOICE_KEY_PREFIX}${workspaceId}/${voiceId}/preview.mp3`;
}

/**
 * The path a stored preview is played from: public for the premade voices' previews; for a workspace's own
 * voice, its private preview route (the caller's session or key is checked there).
 */
export function previewPath(key: string | null): string | null {
  if (key?.startsWith(PREVIEW_KEY_PREFIX)) return `/v1/voices/previews/${key.slice(PREVIEW_KEY_PREFIX.length)}`;
  const own = key?.startsWith(OWN_VOICE_KEY_PREFIX) ? key.split("/") : null;
  return own && own.length === 4 && own[3] === "preview.mp3" ? `/v1/voices/${own[2]}/preview` : null;
}

/** The standard espeak-ng voice of each language, for a voice speaking a language other than its own. */
export const LANGUAGE_ENGINE_VOICES: Record<EngineLanguage, string> = { en: "en-us", de: "de", fr: "fr", es: "es", it: "it", pt: "pt-br" };

export function isEngineLanguage(code: string): code is EngineLanguage {
  return (ENGINE_LANGUAGES as readonly string[]).includes(code);
}

/**
 * The espeak-ng voice a voice speaks `language` with: its own accent in its own language, otherwise that
 * language's (or the named dialect's) voice from the catalogue with the same timbre variant (the multilingual
 * model speaks every engine language in every voice); an unknown code leaves the voice's own.
 */
export function engineVoiceFor(voice: Pick<Voice, "language" | "engineParameters">, language?: string | null): string {
  const { espeakVoice, variant } = voice.engineParameters;
  const resolved = resolveEngineLanguage(language);
  const base = !resolved || resolved.language.code === voice.language ? espeakVoice : resolved.dialect.voice;
  return variant ? `${base}+${variant}` : base;
}

/** The preview of a voice in another language than its own: voice_preview_{name}_{language}.mp3. */
export function languagePreviewFileName(name: string, language: EngineLanguage): string {
  return voicePreviewFileName(name).replace(/\.mp3$/, `_${language}.mp3`);
}

export const VOICE_PAGE_SIZE_DEFAULT = 20;
export const VOICE_PAGE_SIZE_MAX = 100;


/** Thresholds beyond which the sliders show an 'unstable' label (spec §8). */
export const UNSTABLE_THRESHOLDS = { stabilityBelow: 0.3, styleAbove: 0.5, speedBelow: 0.8, speedAbove: 1.15 } as const;

export const SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

/**
 * How voice settings reach the engine, honestly: speed scales the speaking rate; lower stability and higher
 * style widen the pitch range; similarity and speaker boost have no counterpart in a formant synthesizer. A
 * cloned voice brings its own rate and range (measured from its samples); the others use the engine's defaults.
 */
export function engineParameters(
  settings: VoiceSettings,
  voice: Pick<VoiceEngineParameters, "basePitch" | "baseRange" | "rate">,
): { rate: number; pitch: number; range: number } {
  const speed = Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, settings.speed));
  const range = (voice.baseRange ?? 50) + (0.5 - settings.stability) * 60 + settings.style * 40;
  return {
    rate: Math.round((voice.rate ?? 175) * speed),
    pitch: Math.round(Math.min(100, Math.max(0, voice.basePitch))),
    range: Math.round(Math.min(100, Math.max(0, range))),
  };
}

/**
 * The voice settings each speech engine honours: those that reach a synthesis parameter it reads
 * (engineParameters above, SPEECH_PARAMETERS_READ in core/engines/speech.ts; a unit test derives this table
 * from both). The others change nothing for that engine: /v1/models reports it (can_use_style,
 * can_use_speaker_boost) and the text-to-speech page disables their controls with the reason.
 */
export const HONOURED_SETTINGS: Record<SpeechProviderId, readonly VoiceSettingName[]> = {
  embedded: ["speed", "stability", "style"],
  openai: ["speed"],
  "workers-ai": [],
  xtts: ["speed"],
};
export type VoiceSettingName = keyof VoiceSettings;

export function honoursSetting(engine: SpeechProviderId, setting: VoiceSettingName): boolean {
  return HONOURED_SETTINGS[engine].includes(setting);
}

/** Why a setting changes nothing for an engine (shown beside its disabled control); null when it is honoured. */
export function unusedSettingReason(engine: SpeechProviderId, setting: VoiceSettingName): string | null {
  if (honoursSetting(engine, setting)) return null;
  switch (engine) {
    case "embedded":
      return "The embedded engine is formant synthesis (espeak-ng): there is no recorded speaker to stay similar to or to boost, so this changes nothing.";
    case "openai":
      return "The speech server's protocol (OpenAI-compatible) takes only a voice and a speed, so this changes nothing with this model.";
    case "workers-ai":
      return "Workers AI's Aura takes only a voice, so this changes nothing with this model.";
    case "xtts":
      return "The cloning server's protocol (XTTS) takes the cloned speaker, the text and its language only (speed is applied to its speech here), so this changes nothing for a voice it speaks.";
  }
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

/** What a voice's preview says in `language`: the bundled languages' sentences, another engine language's greeting (decision 0059). */
export function previewTextFor(language: string): string {
  return isEngineLanguage(language) ? PREVIEW_TEXT[language] : resolveEngineLanguage(language) ? sampleText(language) : PREVIEW_TEXT.en;
}

/** The voices an external engine picks from for one of ours that names none: same gender, stable per voice. */
const EXTERNAL_VOICES: Record<ExternalSpeechEngine, Record<"female" | "male", string[]>> = {
  openai: { female: ["nova", "shimmer", "alloy"], male: ["onyx", "echo", "fable"] },
  "workers-ai": { female: ["asteria", "luna", "stella", "athena", "hera"], male: ["orion", "arcas", "perseus", "angus", "orpheus"] },
};

/** The voice an external engine uses for one of ours: the one its engine parameters name, else one by gender. */
export function externalVoiceFor(voice: Pick<Voice, "voiceId" | "labels" | "engineParameters">, engine: ExternalSpeechEngine): string {
  const named = voice.engineParameters.externalVoices[engine];
  if (named) return named;
  const choices = EXTERNAL_VOICES[engine][voice.labels.gender === "male" ? "male" : "female"];
  const index = [...voice.voiceId].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % choices.length;
  return choices[index]!;
}
