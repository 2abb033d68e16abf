// What the speech worker hands the dubbing pipeline from an upload (RPC decodeForDubbing).
import type { UploadProblem } from "../engines/noise-isolation";

/** The pipeline's working rate: 22.05 kHz keeps a background bed's sound and halves the work of 44.1 kHz. */
export const DUBBING_RATE = 22050;

/** The upload's sound as 16-bit mono PCM at DUBBING_RATE, and the container it came in (for the remux). */
export type DecodedForDubbing = { ok: true; pcm: Uint8Array; sampleRate: number; durationSeconds: number; hadVideo: boolean; container: string } | UploadProblem;
