import type { PcmAudio } from "../../core/engines/audio";
import type { IsolatedUpload, IsolationUpload, UploadMeasure } from "../../core/engines/noise-isolation";
import { StreamingEncoder } from "../../core/audio/encoder";
import { concatBytes } from "../../core/audio/bytes";
import { formatSpec } from "../../core/audio/output-formats";
import { isolateVoice } from "../../core/audio/rnnoise";
import { bytesFromInt16, int16FromBytes } from "../../core/audio/pcm";
import { decodeUpload } from "../../core/audio/upload";

/** The embedded noise isolation: RNNoise in WebAssembly, 48 kHz 16-bit mono out. */
export async function isolateWithRnnoise(request: PcmAudio): Promise<PcmAudio> {
  const even = request.pcm.subarray(0, request.pcm.byteLength - (request.pcm.byteLength % 2));
  const { samples, sampleRate } = await isolateVoice(int16FromBytes(even), request.sampleRate);
  return { pcm: bytesFromInt16(samples), sampleRate };
}

/** The isolator's output: what the commercial API returns (audio/mpeg). */
const OUTPUT = "mp3_44100_128" as const;

/** Decodes an upload and says how long it is (the app charges and limits by that before any isolation). */
export async function measureUpload(upload: IsolationUpload): Promise<UploadMeasure> {
  const decoded = await decodeUpload(upload.audio, { pcm16k: upload.pcm16k });
  if (!decoded.ok) return decoded;
  return { ok: true, durationSeconds: decoded.samples.length / decoded.sampleRate, hadVideo: decoded.hadVideo };
}

/** Decodes, isolates the voice and encodes it, in this worker, so only the file and the result cross the binding. */
export async function isolateUpload(upload: IsolationUpload, isolate: (audio: PcmAudio) => Promise<PcmAudio>): Promise<IsolatedUpload> {
  const decoded = await decodeUpload(upload.audio, { pcm16k: upload.pcm16k });
  if (!decoded.ok) return decoded;
  const cleaned = await isolate({ pcm: bytesFromInt16(decoded.samples), sampleRate: decoded.sampleRate });
  const encoder = await StreamingEncoder.create(OUTPUT);
  const audio = concatBytes([encoder.push(int16FromBytes(cleaned.pcm), cleaned.sampleRate), encoder.finish()]);
  return { ok: true, audio, contentType: formatSpec(OUTPUT).contentType, durationSeconds: decoded.samples.length / decoded.sampleRate, hadVideo: decoded.hadVideo };
}
