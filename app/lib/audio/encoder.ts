import { Mp3Encoder } from "@breezystack/lamejs";
import { formatSpec, type OutputFormat } from "~/domain/output-formats";
import { bytesFromInt16, encodeALaw, encodeMuLaw, resample } from "./pcm";

/**
 * Turns engine PCM into the requested output format chunk by chunk, so encoded audio can stream out as
 * each sentence is synthesized. MP3 is encoded here, inside the worker (lamejs).
 */
export class StreamingEncoder {
  readonly spec;
  private mp3: Mp3Encoder | null;

  constructor(format: OutputFormat) {
    this.spec = formatSpec(format);
    this.mp3 = this.spec.codec === "mp3" ? new Mp3Encoder(1, this.spec.sampleRate, this.spec.bitrateKbps ?? 128) : null;
  }

  push(pcm: Int16Array, sourceRate: number): Uint8Array {
    const samples = resample(pcm, sourceRate, this.spec.sampleRate);
    switch (this.spec.codec) {
      case "mp3": {
        // lamejs works best in frame-sized blocks.
        const parts: Uint8Array[] = [];
        for (let i = 0; i < samples.length; i += 1152) parts.push(this.mp3!.encodeBuffer(samples.subarray(i, i + 1152)));
        return concatBytes(parts);
      }
      case "pcm":
        return bytesFromInt16(samples).slice();
      case "ulaw":
        return encodeMuLaw(samples);
      case "alaw":
        return encodeALaw(samples);
    }
  }

  finish(): Uint8Array {
    return this.mp3 ? new Uint8Array(this.mp3.flush()) : new Uint8Array(0);
  }
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
