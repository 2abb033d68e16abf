// The voice changer's and forced alignment's constants, texts and pure rules (decision 0031).
import { standardTierFor, type StandardTier, type Tier } from "../../../core/billing/plans";
import { SDK_VOICE_CONVERSION_MODEL_IDS, VOICE_CONVERSION_MODEL_IDS } from "../../../core/engines/voice-conversion";

/** Credits per minute of input audio: the commercial API's rate for speech to speech (1,000 per minute, as the isolator). */
export const VOICE_CHANGER_CREDITS_PER_MINUTE = 1000;

/** The credits a conversion of `seconds` of audio costs: by the second, rounded up, at least one. */
export function voiceChangerCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds * VOICE_CHANGER_CREDITS_PER_MINUTE) / 60));
}

/**
 * The longest recording one request may convert, by plan: the commercial voice changer takes up to five minutes;
 * the embedded DSP converts about 30-60x real time, so five minutes fits one speech worker request easily.
 */
export const MAX_VOICE_CHANGER_SECONDS: Record<StandardTier, number> = {
  free: 120,
  starter: 300,
  creator: 300,
  pro: 300,
  growing_business: 300,
  scale_2024_08_10: 300,
};

export function maxVoiceChangerSeconds(tier: Tier): number {
  return MAX_VOICE_CHANGER_SECONDS[standardTierFor(tier)];
}

/** The largest upload read at all. */
export const MAX_VOICE_CHANGER_UPLOAD_BYTES = 50 * 1000 * 1000;

/** The model ids accepted: the embedded converter's and the SDK's (which mean the default). */
export const VOICE_CHANGER_MODEL_IDS: readonly string[] = [VOICE_CONVERSION_MODEL_IDS.embedded, ...SDK_VOICE_CONVERSION_MODEL_IDS];
export const DEFAULT_VOICE_CHANGER_MODEL_ID = VOICE_CONVERSION_MODEL_IDS.embedded;

/** The history items' source (the commercial API's name for speech to speech); the history page lists these. */
export const VOICE_CHANGER_SOURCE = "STS";

/** The history item's text: what was converted (the file's name without its extension), searchable in the history. */
export function voiceChangerText(fileName: string | null | undefined): string {
  const base = (fileName ?? "").replace(/\.[^.]{1,5}$/, "").trim().slice(0, 100);
  return base ? `Voice changed: ${base}` : "Voice changed recording";
}

/** What the page and the public page say the embedded voice changer does, and what it does not. */
export const VOICE_CHANGER_METHOD =
  "The built-in voice changer is signal processing, not a neural voice model: it keeps your words, timing and intonation, moves the pitch to the chosen voice's (TD-PSOLA) and shifts the formants toward its vocal tract (spectral warping). It does not copy the voice's timbre, accent or articulation, and large shifts sound processed.";

/** Forced alignment: the longest recording (the warp's memory grows with both lengths) and the longest text. */
export const MAX_ALIGNMENT_SECONDS = 300;
export const MAX_ALIGNMENT_TEXT_CHARACTERS = 5000;
export const MAX_ALIGNMENT_UPLOAD_BYTES = 50 * 1000 * 1000;

/** The engine voice forced alignment speaks the known text in: the embedded engine's neutral voice at normal speed. */
export const ALIGNMENT_VOICE = { engineVoice: "en-us", rate: 175, pitch: 50, range: 50 } as const;
