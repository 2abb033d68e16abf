import { formatSpec, type FormatSpec, type OutputFormat } from "./output-formats";
import { createMp3Stream, type Mp3Stream } from "./mp3";
export { concatBytes } from "./bytes";
import { createOpusStream, type OpusStream } from "./opus";
import { bytesFromInt16, encodeALaw, encodeMuLaw, resample } from "./pcm";

/**
 * Turns engine PCM into the requested output format chunk by chunk, so encoded audio can stream out as
 * each sentence is synthesized. MP3 and Opus are encoded here, inside the worker (LAME and libopus in
 * WebAssembly).
 */
export class StreamingEncoder {
  private constructor(
    readonly spec: FormatSpec,
    private readonly compressed: Mp3Stream | OpusStream | null,
  ) {}

  static async create(format: OutputFormat, wasm?: { mp3?: WebAssembly.Module; opus?: WebAssembly.Module }): Promise<StreamingEncoder> {
    const spec = formatSpec(format);
    const compressed =
      spec.codec === "mp3"
        ? await createMp3Stream(spec.sampleRate, spec.bitrateKbps ?? 128, wasm?.mp3)
        : spec.codec === "opus"
          ? await createOpusStream(spec.bitrateKbps ?? 64, wasm?.opus)
          : null;
    return new StreamingEncoder(spec, compressed);
  }

  push(pcm: Int16Array, sourceRate: number): Uint8Array {
    const samples = resample(pcm, sourceRate, this.spec.sampleRate);
    switch (this.spec.codec) {
      case "mp3":
      case "opus":
        return this.compressed!.encode(samples);
      case "pcm":
        return bytesFromInt16(samples).slice();
      case "ulaw":
        return encodeMuLaw(samples);
      case "alaw":
        return encodeALaw(samples);
    }
  }

  finish(): Uint8Array {
    return this.compressed ? this.compressed.finish() : new Uint8Array(0);
  }
}
