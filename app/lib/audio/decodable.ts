import type { FormatSpec } from "~/domain/output-formats";
import { decodeOggOpus, OPUS_RATE } from "./opus";

/** Formats whose loudness and samples are read without a codec library (app/domain/audio-levels.ts). */
export type DirectSpec = { codec: Exclude<FormatSpec["codec"], "opus">; sampleRate: number };

/** Stored audio in a form share videos can read: Opus is decoded to 48 kHz PCM first, the rest pass as they are. */
export async function directAudio(audio: Uint8Array, spec: Pick<FormatSpec, "codec" | "sampleRate">): Promise<{ audio: Uint8Array; spec: DirectSpec }> {
  if (spec.codec !== "opus") return { audio, spec: { codec: spec.codec, sampleRate: spec.sampleRate } };
  const samples = await decodeOggOpus(audio);
  return { audio: new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), spec: { codec: "pcm", sampleRate: OPUS_RATE } };
}
