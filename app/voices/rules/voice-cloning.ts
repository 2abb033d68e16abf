/**
 * The rules of instant voice cloning: who may clone, how many voices a plan keeps, what a sample may be, and what
 * the embedded clone is (said plainly wherever it is offered).
 */
import { CUSTOM_VOICE_LIMIT, maxVoiceAddEdits, standardTierFor, type Tier } from "../../../core/billing/plans";
import type { EngineLanguage } from "../../../core/voices/voice-rules";

export { voiceLimitFor, voiceLimitMessage } from "./voice-limits";

/** Instant cloning is from Starter (accounts-billing §9): the free plan cannot clone. */
export function canCloneInstantly(tier: Tier): boolean {
  return tier !== "free";
}

/** At most round(1.5 x voice_limit + 50) voice additions and edits per billing period. */
export function voiceAddEditLimitFor(tier: Tier): number {
  return maxVoiceAddEdits(CUSTOM_VOICE_LIMIT[standardTierFor(tier)]);
}

/** Spec §5's accepted audio types (a sample of another type is refused with 415), as MIME types and extensions. */
export const ACCEPTED_AUDIO_EXTENSIONS = ["aac", "aiff", "aif", "ogg", "mpeg", "mp3", "opus", "wav", "webm", "flac", "mp4", "m4a"] as const;
const ACCEPTED_AUDIO_MIME = /^audio\/(aac|aiff|x-aiff|ogg|mpeg|mp3|opus|wav|x-wav|wave|vnd\.wave|webm|flac|x-flac|mp4|x-m4a|m4a)$|^video\/(mp4|webm|ogg)$/;

/**
 * Whether an upload is of an accepted type: its MIME type says so, or (for the generic types browsers and
 * HTTP clients send) its file name's extension does. Accepted is not decodable: the embedded decoders read MP3,
 * WAV and Ogg Opus, and another accepted type is refused with a clear 400 when it cannot be read.
 */
export function sampleTypeAccepted(mimeType: string, fileName: string): boolean {
  const mime = mimeType.toLowerCase().split(";")[0]!.trim();
  if (ACCEPTED_AUDIO_MIME.test(mime)) return true;
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  return (mime === "" || mime === "application/octet-stream") && (ACCEPTED_AUDIO_EXTENSIONS as readonly string[]).includes(extension);
}

/** What the file picker offers. */
export const SAMPLE_FILE_ACCEPT = "audio/*,.mp3,.wav,.ogg,.opus,.webm,.flac,.m4a,.aac,.aiff";

/** A sample is at most 10 MB, a voice has at most 25 of them (what the SDK's own documentation allows). */
export const MAX_SAMPLE_BYTES = 10 * 1024 * 1024;
export const MAX_SAMPLES = 25;
/** At least a few seconds of speech to measure, at most five minutes in all (instant cloning needs no more). */
export const MIN_SPEECH_SECONDS = 1;
export const MAX_TOTAL_SAMPLE_SECONDS = 300;

/** What the embedded clone is, shown wherever it is offered (the voice's description, the add-voice dialog). */
export const EMBEDDED_CLONE_NOTE =
  "The embedded engine is formant synthesis: an instant clone matches the speaker's pitch, pitch range, pace and timbre scale (vocal-tract length), not the voice itself.";

/** What the clone says once to calibrate itself (a different text from the preview), in each engine language. */
export const CALIBRATION_TEXT: Record<EngineLanguage, string> = {
  en: "Good evening. We walked along the river and talked about the summer. Is it far? Not at all, it takes ten minutes on foot.",
  de: "Guten Abend. Wir gingen am Fluss entlang und sprachen über den Sommer. Ist es weit? Nein, zu Fuß sind es zehn Minuten.",
  fr: "Bonsoir. Nous avons marché le long de la rivière en parlant de l'été. C'est loin ? Pas du tout, dix minutes à pied.",
  es: "Buenas tardes. Caminamos junto al río y hablamos del verano. ¿Está lejos? Para nada, son diez minutos a pie.",
  it: "Buonasera. Abbiamo camminato lungo il fiume parlando dell'estate. È lontano? Per niente, sono dieci minuti a piedi.",
  pt: "Boa tarde. Caminhámos ao longo do rio e falámos do verão. É longe? Nada disso, são dez minutos a pé.",
};

/** Whether the consent form field says yes (the page's checkbox; the API takes the caller's word for it). */
export const CONSENT_TEXT =
  "I hold the rights or the consent needed to clone this voice, and I will not use the clone to deceive anyone or for anything illegal.";

/**
 * The billing period voice additions and edits are counted in: the one ending at the workspace's next character
 * reset, or the calendar month (UTC) for a workspace without one.
 */
export function voiceAddEditPeriod(characterCountResetAt: number | null, now = new Date()): string {
  return characterCountResetAt ? `reset:${characterCountResetAt}` : `month:${now.toISOString().slice(0, 7)}`;
}
