import type { PcmAudio } from "./audio";
import type { XttsSpeaker } from "./providers/xtts";

/**
 * Speech (text to speech): text and voice parameters in, 16-bit mono PCM and word timings out. The embedded
 * provider (espeak-ng, workers/speech) reads engineVoice, rate, pitch, range and seed; an OpenAI-compatible
 * server reads externalVoice (the voice name it knows) and rate; Workers AI (Aura) only externalVoice.
 */
export type SynthesisRequest = {
  text: string;
  /** The embedded engine's voice (an espeak-ng voice and variant, e.g. "en-us+f3"). */
  engineVoice: string;
  /** Words per minute (espeak-ng's scale; 175 is normal speed). */
  rate: number;
  /** espeak-ng pitch and pitch range, 0 to 100. */
  pitch: number;
  range: number;
  /** Which provider speaks (the model's provider); the embedded one when absent. */
  engine?: SpeechProviderId;
  /** The voice name a server or Workers AI knows (e.g. "alloy", "angus"). */
  externalVoice?: string;
  /** Same seed, same text and settings: the same samples (the embedded provider honours it). */
  seed?: number | null;
  /** A cloned voice's conditioning from the neural cloning server (decision 0051): only that provider reads it. */
  clonedSpeaker?: XttsSpeaker;
  /** ISO 639-1 language of the text, for providers that need it said (the cloning server). */
  language?: string;
  /** The text holds espeak-ng phoneme mnemonics inside [[ ]] (pronunciation dictionaries' phoneme rules): only the embedded provider reads them. */
  phonemes?: boolean;
};

export type SynthesisResult = PcmAudio & {
  durationMs: number;
  /** Word events: 1-based character position in `text`, length, and start in ms; empty when the provider gives none. */
  words: { position: number; length: number; startMs: number }[];
};

export interface SpeechEngine {
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
}

export type SpeechProviderId = "embedded" | "openai" | "workers-ai" | "xtts";

/** The tunable synthesis parameters each speech provider reads; it ignores the others (the adapters' tests check it). */
export const SPEECH_PARAMETERS_READ: Record<SpeechProviderId, readonly ("rate" | "pitch" | "range" | "seed")[]> = {
  embedded: ["rate", "pitch", "range", "seed"],
  openai: ["rate"],
  "workers-ai": [],
  // The speed, applied to the server's speech by WSOLA (its protocol has none).
  xtts: ["rate"],
};

/** The public model id each speech provider serves (GET /v1/models lists the configured ones). */
export const SPEECH_MODEL_IDS: Record<SpeechProviderId, string> = {
  embedded: "parlance_multilingual_v1",
  openai: "parlance_openai_compatible_v1",
  "workers-ai": "parlance_workers_ai_v1",
  // Not a selectable model: it speaks the voices cloned on it (decision 0051), whatever model was asked.
  xtts: "parlance_xtts_clone_v1",
};
