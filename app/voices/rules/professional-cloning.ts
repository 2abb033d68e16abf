/**
 * The rules of professional voice cloning on the embedded engine (decision 0035): who may, how many, what
 * training needs, and how verification compares a fresh recording with the samples. Also the similar-voices
 * defaults, which compare speaker vectors the same way.
 */
import { standardTierFor, TIER_ORDER, type Tier } from "../../../core/billing/plans";
import type { FineTuningState, Voice } from "../../../core/voices/voices";
import type { EngineLanguage } from "../../../core/voices/voice-rules";

/** Spec (accounts-billing §4, plans gate features): professional cloning from Creator. */
export function canCloneProfessionally(tier: Tier): boolean {
  return TIER_ORDER.indexOf(standardTierFor(tier)) >= TIER_ORDER.indexOf("creator");
}

/** Shown (and answered with 403) where a plan below Creator asks for professional cloning. */
export const PROFESSIONAL_PLAN_TEXT = "Professional voice cloning is available from the Creator plan. Upgrade to create a professional voice clone.";

/**
 * Professional voices a workspace may keep: the plan's limit plus extra slots (spec: "professional voice limit is
 * the plan limit plus extra slots"); Business includes 3 (spec §9), the other plans that may clone one.
 */
export function professionalVoiceLimitFor(tier: Tier, extraSlots = 0): number {
  if (!canCloneProfessionally(tier)) return 0;
  return (standardTierFor(tier) === "scale_2024_08_10" ? 3 : 1) + extraSlots;
}

export const professionalLimitMessage = (limit: number) => `Your plan allows ${limit} professional voice${limit === 1 ? "" : "s"}. Delete one or upgrade your plan to add another.`;

/** The model a professional voice is trained for when the request names none (the embedded multilingual model). */
export const DEFAULT_TRAINING_MODEL = "parlance_multilingual_v1";

/**
 * Training needs this much voiced speech in the samples it keeps: several times an instant clone's second, so
 * the medians rest on many sentences. Samples farther than OUTLIER_MAX_DISTANCE from the median speaker vector
 * (with three or more samples) are left out as another speaker or a bad recording.
 */
export const MIN_TRAINING_VOICED_SECONDS = 10;
export const OUTLIER_MAX_DISTANCE = 0.35;

/**
 * Verification: the recording of the shown text is measured and accepted when its speaker vector lies within
 * this distance of the samples'. The premade voices reading three different texts lie 0.06-0.27 from
 * themselves, a man and a woman about 1 apart: the check refuses another gender or a clearly different pitch
 * and vocal tract, not a similar-sounding person (decision 0035).
 */
export const VERIFICATION_MAX_DISTANCE = 0.35;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const VERIFICATION_CHALLENGE_SECONDS = 10 * 60;

/** What the person reads aloud to verify (one sentence, chosen at random, in the voice's language). */
export const VERIFICATION_TEXTS: Record<EngineLanguage, readonly string[]> = {
  en: [
    "I am recording this sentence today to confirm that this professional voice is my own.",
    "My voice is mine to share: I confirm that these recordings were made by me.",
    "Seven green boats drift past the harbour at dawn, and I read this to verify my voice.",
  ],
  de: ["Ich nehme diesen Satz heute auf, um zu bestätigen, dass diese Stimme meine eigene ist.", "Sieben grüne Boote treiben im Morgengrauen am Hafen vorbei, und ich bestätige meine Stimme."],
  fr: ["J'enregistre cette phrase aujourd'hui pour confirmer que cette voix est bien la mienne.", "Sept bateaux verts passent devant le port à l'aube, et je confirme ma voix."],
  es: ["Grabo esta frase hoy para confirmar que esta voz es realmente la mía.", "Siete barcos verdes pasan junto al puerto al amanecer, y confirmo mi voz."],
  it: ["Registro questa frase oggi per confermare che questa voce è davvero la mia.", "Sette barche verdi passano davanti al porto all'alba, e confermo la mia voce."],
  pt: ["Gravo esta frase hoje para confirmar que esta voz é realmente a minha.", "Sete barcos verdes passam pelo porto ao amanhecer, e confirmo a minha voz."],
};

export function verificationTextFor(language: EngineLanguage, random = Math.random()): string {
  const texts = VERIFICATION_TEXTS[language];
  return texts[Math.min(texts.length - 1, Math.floor(random * texts.length))]!;
}

/** Why a professional voice cannot be trained yet, or null when it can. */
export function trainingRefusal(voice: Pick<Voice, "isVerified" | "fineTuningState">, voicedSeconds: number): { status: string; message: string } | null {
  if (voice.fineTuningState === "queued" || voice.fineTuningState === "fine_tuning") return { status: "voice_already_training", message: "This voice is being trained already." };
  if (!voice.isVerified) return { status: "voice_not_verified", message: "Verify that the voice is yours first: read the verification text aloud (GET, then POST /v1/voices/pvc/{voice_id}/captcha)." };
  if (voicedSeconds < MIN_TRAINING_VOICED_SECONDS) {
    return { status: "not_enough_samples", message: `Training needs at least ${MIN_TRAINING_VOICED_SECONDS} seconds of voiced speech in the samples; they hold ${voicedSeconds.toFixed(1)}. Add more samples.` };
  }
  return null;
}

/** Whether a voice can speak: a professional voice only once trained (its samples made it). */
export function voiceReadyToSpeak(voice: Pick<Voice, "category" | "fineTuningState">): boolean {
  return voice.category !== "professional" || voice.fineTuningState === "fine_tuned";
}
export const VOICE_NOT_TRAINED_MESSAGE = "This professional voice is not trained yet: add samples, verify it and train it first.";

/** What training does on the embedded engine, said wherever it is offered. */
export const PROFESSIONAL_HONESTY =
  "Training on the embedded engine measures every sample, leaves out those that do not match the rest and averages many sentences, so pitch, range, pace and timbre scale are measured more reliably than from one short sample. The voice is still formant synthesis: it does not sound like the person.";

/** POST /v1/similar-voices: without top_k, the ten nearest; without a threshold, any distance (0 to 2). */
export const SIMILAR_TOP_K_DEFAULT = 10;
export const SIMILAR_TOP_K_MAX = 100;
export const SIMILAR_THRESHOLD_MAX = 2;

/** The fine-tuning states a professional voice moves through here. */
export const TRAINING_STATES = { created: "not_started", accepted: "queued", running: "fine_tuning", done: "fine_tuned", failed: "failed" } as const satisfies Record<string, FineTuningState>;

/** GET .../samples/{sample_id}/audio: the first this many seconds of a sample (as the SDK documents). */
export const SAMPLE_PREVIEW_SECONDS = 30;

/** GET .../samples/{sample_id}/waveform: this many peaks a second of the sample, between the bounds. */
export const WAVEFORM_PEAKS_PER_SECOND = 10;
export const WAVEFORM_MIN_PEAKS = 10;
export const WAVEFORM_MAX_PEAKS = 1000;

export function waveformPeakCount(durationSeconds: number): number {
  return Math.min(WAVEFORM_MAX_PEAKS, Math.max(WAVEFORM_MIN_PEAKS, Math.round(durationSeconds * WAVEFORM_PEAKS_PER_SECOND)));
}

/** POST /v1/voices/pvc/{voice_id}/verification: documents of identity or consent, at most 10 of 10 MB each. */
export const MAX_VERIFICATION_FILES = 10;
export const MAX_VERIFICATION_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_VERIFICATION_TEXT = 2000;
const VERIFICATION_MIME = /^(application\/pdf|image\/(png|jpeg|webp|heic|heif)|audio\/[a-z0-9.+-]+|video\/(mp4|webm|quicktime)|text\/plain)$/;
const VERIFICATION_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "webp", "heic", "heif", "mp3", "wav", "ogg", "m4a", "mp4", "webm", "mov", "txt"];

/** A verification document a reviewer can open: PDF, image, audio, video or plain text (by type, else by extension). */
export function verificationFileAccepted(mimeType: string, fileName: string): boolean {
  const mime = mimeType.toLowerCase().split(";")[0]!.trim();
  if (VERIFICATION_MIME.test(mime)) return true;
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  return (mime === "" || mime === "application/octet-stream") && VERIFICATION_EXTENSIONS.includes(extension);
}

/** The verification documents' file field: the types verificationFileAccepted takes, by extension and by type. */
export const VERIFICATION_FILE_ACCEPT = [...VERIFICATION_EXTENSIONS.map((e) => `.${e}`), "application/pdf", "image/*", "audio/*", "video/*", "text/plain"].join(",");

/** What the professional voice page says about manual verification and speaker separation (decision 0087). */
export const PROFESSIONAL_PAGE_TEXT = {
  manualTitle: "Or ask support staff to verify it",
  manualIntro: `Send documents that show the voice is yours or that its speaker agrees to the clone: PDF, image, audio, video or plain text, 1 to ${MAX_VERIFICATION_FILES} files of up to ${MAX_VERIFICATION_FILE_BYTES / 1024 / 1024} MB each. Support staff review them; meanwhile you can still verify by reading the text aloud.`,
  documentsLabel: "Documents",
  noteLabel: "Note for the reviewer (optional)",
  noteTooLong: `The note is at most ${MAX_VERIFICATION_TEXT} characters.`,
  requestButton: "Request manual verification",
  separationIntro:
    "Separate speakers finds the different voices in a sample by their pitch and vocal-tract size, measured over its stretches of speech between pauses. A man and a woman separate well; two close voices (one gender, similar pitch) can merge into one speaker, and overlapping speech goes to one of them. Keep the speakers that are you: only their speech is measured for training, and the recording stays whole.",
  separateButton: "Separate speakers",
  separateAgain: "Separate again",
  separating: "Separating speakers… this page updates when they are found (reload it if it does not).",
  failed: (why: string) => `Speaker separation failed: ${why}`,
  speakerLabel: (index: number, seconds: number) => `Speaker ${index + 1} · ${seconds.toFixed(1)} s`,
  keepButton: "Keep the chosen speakers",
  kept: (count: number) => (count ? `Training uses the ${count === 1 ? "chosen speaker" : `${count} chosen speakers`} of this sample.` : "Training uses the whole sample; choose the speakers that are you."),
  chooseOne: "Choose at least one speaker to keep.",
  unavailable: "This step is not available on this server (the page runs without the app worker); use the API.",
  unknownIntent: "The form could not be read. Reload the page and try again.",
} as const;
