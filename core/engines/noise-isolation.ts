import type { PcmAudio } from "./audio";

/**
 * Noise isolation: a recording's samples in, the voice without the background out. The embedded provider is
 * RNNoise (core/audio/rnnoise.ts).
 */
export interface NoiseIsolationEngine {
  isolate(request: PcmAudio): Promise<PcmAudio>;
}

/** An uploaded file for the voice isolator; `pcm16k`: headerless 16-bit 16 kHz mono (file_format=pcm_s16le_16). */
export type IsolationUpload = { audio: Uint8Array; pcm16k: boolean };

/** Why an upload cannot be isolated (core/audio/upload.ts says which reasons exist). */
export type UploadProblem = { ok: false; reason: "empty" | "unrecognised" | "undecodable" | "corrupt" | "no_audio"; message: string };

/** What the speech worker read from an upload before any work is charged. */
export type UploadMeasure = { ok: true; durationSeconds: number; hadVideo: boolean } | UploadProblem;

/** The isolated voice of an upload, encoded (MP3, 44.1 kHz, 128 kbps, mono). */
export type IsolatedUpload = { ok: true; audio: Uint8Array; contentType: string; durationSeconds: number; hadVideo: boolean } | UploadProblem;
