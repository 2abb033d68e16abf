// A voice as the voices table keeps it (db/schema/voices.ts) and the app reads it: the spec's Voice (request
// layer §3), the engine parameters that make it sound as it does, and where its audio lives in R2.
import type { SafetyControl } from "./voice-safety";

export const VOICE_CATEGORIES = ["premade", "cloned", "generated", "professional"] as const;
export type VoiceCategory = (typeof VOICE_CATEGORIES)[number];

/** The engine a voice is defined for. The embedded espeak-ng engine is the only one today. */
export const VOICE_ENGINES = ["embedded"] as const;
export type VoiceEngine = (typeof VOICE_ENGINES)[number];

/** The speech engines that use a voice of their own in place of ours (OpenAI-compatible servers, Workers AI). */
export type ExternalSpeechEngine = "openai" | "workers-ai";

/** How the embedded engine speaks a voice, and the voice each external engine uses for it. */
export type VoiceEngineParameters = {
  /** espeak-ng language voice of the voice's own language and accent, e.g. "en-us". */
  espeakVoice: string;
  /** espeak-ng variant (the timbre), e.g. "f3"; null for the language voice's own. */
  variant: string | null;
  /** espeak-ng base pitch 0-100 (50 is the language voice's default). */
  basePitch: number;
  /** espeak-ng pitch range 0-100 before the voice settings move it; 50 (the engine's default) when absent. */
  baseRange?: number;
  /** Words per minute at speed 1; 175 (the engine's default) when absent. Cloned voices bring their speaker's. */
  rate?: number;
  /** The external engines' voices for this one; an engine without an entry picks one by gender. */
  externalVoices: Partial<Record<ExternalSpeechEngine, string>>;
  /**
   * A cloned voice learnt by the neural cloning server (decision 0051): where its conditioning is kept in R2. While
   * that server is configured it speaks the voice; otherwise the embedded parameters above do.
   */
  neuralClone?: { provider: "xtts"; key: string };
};

/** Labels as the API shows them (accent, age, gender, use_case, descriptive, ...). */
export type VoiceLabels = Record<string, string>;

/** A language the voice is verified in (spec: Voice.verified_languages), with its own preview in R2. */
export type VoiceLanguage = { language: string; modelId: string; accent: string | null; locale: string | null; previewKey: string | null };

/**
 * A recording a cloned voice was made from, kept in R2. A professional voice's samples keep their own
 * measurement (training weighs and rejects samples one by one) and the edits asked for on them.
 */
export type VoiceSampleFile = {
  sampleId: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  hash: string;
  key: string;
  durationSecs?: number;
  features?: VoiceSpeakerFeatures;
  removeBackgroundNoise?: boolean;
  trimStart?: number | null;
  trimEnd?: number | null;
  /** Left out by the last training as unlike the other samples. */
  rejected?: boolean;
};

/** A professional voice's verification under way: what the person reads aloud, until when (unix seconds). */
export type VerificationChallenge = { text: string; expiresAt: number };

/** A document sent for a professional voice's manual verification (kept in R2 under `key`). */
export type ManualVerificationFile = { fileId: string; fileName: string; mimeType: string; sizeBytes: number; uploadedAt: number; key: string };
/** A professional voice's request for manual verification (decision 0087): the documents and the note, and when. */
export type ManualVerification = { extraText: string; requestedAt: number; files: ManualVerificationFile[] };
/**
 * Support staff's answer to the last request for manual verification (decision 0091): approved (the voice is
 * verified; the request and its documents stay) or rejected with the reason shown to the owner (the request and
 * its documents are gone, so they can ask again). A new request clears it.
 */
export type ManualVerificationReview = { decision: "approved" | "rejected"; reason: string | null; reviewedAt: number; reviewedByUserId: string };

/** A cloned voice's measured speaker (core/voices/speaker-analysis.ts): the features and the speaker vector. */
export type VoiceSpeakerFeatures = {
  pitchMedianHz: number;
  pitchRangeSemitones: number;
  speakingRate: number;
  formantsHz: [number, number, number];
  formantScale: number;
  voicedSeconds: number;
  durationSeconds: number;
  vector: number[];
};

/** Spec: Voice.sharing.status; copied_disabled means the voice cannot be copied. */
export const SHARING_STATUSES = ["enabled", "disabled", "copied", "copied_disabled"] as const;
export type SharingStatus = (typeof SHARING_STATUSES)[number];

/** Professional voices' fine-tuning state (the v2 list filters on it). */
export const FINE_TUNING_STATES = ["not_started", "queued", "fine_tuning", "fine_tuned", "failed", "delayed"] as const;
export type FineTuningState = (typeof FINE_TUNING_STATES)[number];

export type Voice = {
  voiceId: string;
  /** The workspace that owns the voice; null for a premade voice, which every workspace may use. */
  workspaceId: string | null;
  category: VoiceCategory;
  name: string;
  description: string | null;
  labels: VoiceLabels;
  /** ISO 639-1 code of the language the voice speaks natively. */
  language: string;
  engine: VoiceEngine;
  engineParameters: VoiceEngineParameters;
  /** R2 key of the voice's preview in its own language; null when it has none. */
  previewKey: string | null;
  samples: VoiceSampleFile[] | null;
  verifiedLanguages: VoiceLanguage[];
  highQualityBaseModelIds: string[];
  /** Null: never shared to the library. */
  sharingStatus: SharingStatus | null;
  liveModerationEnabled: boolean;
  requiresVerification: boolean;
  isVerified: boolean;
  verificationAttempts: number;
  verificationFailures: string[];
  fineTuningState: FineTuningState | null;
  verificationChallenge: VerificationChallenge | null;
  /** A request for manual verification, pending until someone reviews it (decision 0087); null: none. */
  manualVerification: ManualVerification | null;
  /** Support staff's review of the last request (decision 0091); null: none reviewed since the last request. */
  manualVerificationReview: ManualVerificationReview | null;
  /** Set by moderation, deployment-wide (decision 0009). */
  safetyControl: SafetyControl | null;
  safetyReason: string | null;
  /** What a cloned voice's samples measured; null for premade and designed voices. */
  speakerFeatures: VoiceSpeakerFeatures | null;
  createdAt: number;
  /** The publisher's opaque public_user_id once published to the library (decision 0025). */
  publicOwnerId: string | null;
  sharedAt: number | null;
  /** A copy from the library: the voice it was copied from. */
  originalVoiceId: string | null;
  /** Who made it: its admin for sharing (decision 0039); null for premade voices and those made before sharing. */
  createdByUserId: string | null;
  /** The library owner's royalty in cents per 1,000 credits another workspace's copy uses; 0: none (decision 0056). */
  royaltyRate: number;
};

/**
 * Which of the voices a workspace may use a list shows: all of them (the premade ones and its own), the premade
 * ones, its own, its own made here (personal) or its own copied from the library (community).
 */
export type VoiceScope = "all" | "premade" | "own" | "personal" | "community";
