import { decodeALaw, decodeMuLaw } from "./audio-levels";
import type { FormatSpec } from "./output-formats";
import { decodeMp3 } from "./mp3-decoder";
import { decodeOggOpus, OPUS_RATE } from "./opus";
import { int16FromBytes } from "./pcm";

/** Formats whose loudness and samples are read without a codec library (app/domain/audio-levels.ts). */
export type DirectSpec = { codec: Exclude<FormatSpec["codec"], "opus">; sampleRate: number };

/** Stored audio in a form share videos can read: Opus is decoded to 48 kHz PCM first, the rest pass as they are. */
export async function directAudio(audio: Uint8Array, spec: Pick<FormatSpec, "codec" | "sampleRate">): Promise<{ audio: Uint8Array; spec: DirectSpec }> {
  if (spec.codec !== "opus") return { audio, spec: { codec: spec.codec, sampleRate: spec.sampleRate } };
  const samples = await decodeOggOpus(audio);
  return { audio: new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), spec: { codec: "pcm", sampleRate: OPUS_RATE } };
}

/** Stored audio of any output format as 16-bit mono samples (for WAV downloads). */
export async function decodeToSamples(audio: Uint8Array, spec: Pick<FormatSpec, "codec" | "sampleRate">): Promise<{ samples: Int16Array; sampleRate: number }> {
  switch (spec.codec) {
    case "mp3":
      return decodeMp3(audio);
    case "opus":
      return { samples: await decodeOggOpus(audio), sampleRate: OPUS_RATE };
    case "pcm":
      return { samples: int16FromBytes(audio.subarray(0, audio.byteLength - (audio.byteLength % 2))), sampleRate: spec.sampleRate };
    case "ulaw":
      return { samples: decodeMuLaw(audio), sampleRate: spec.sampleRate };
    case "alaw":
      return { samples: decodeALaw(audio), sampleRate: spec.sampleRate };
  }
}
