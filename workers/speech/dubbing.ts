import type { IsolationUpload } from "../../core/engines/noise-isolation";
import { DUBBING_RATE, type DecodedForDubbing } from "../../core/dubbing/decoded";
import { bytesFromInt16, resample } from "../../core/audio/pcm";
import { decodeUpload } from "../../core/audio/upload";

/** An upload decoded for the dubbing pipeline, here where the decoders live; only the samples cross the binding. */
export async function decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing> {
  const decoded = await decodeUpload(upload.audio, { pcm16k: upload.pcm16k });
  if (!decoded.ok) return decoded;
  const samples = resample(decoded.samples, decoded.sampleRate, DUBBING_RATE);
  return { ok: true, pcm: bytesFromInt16(samples), sampleRate: DUBBING_RATE, durationSeconds: decoded.samples.length / decoded.sampleRate, hadVideo: decoded.hadVideo, container: decoded.container };
}
