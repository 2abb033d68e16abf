import { createEncoder } from "wasm-media-encoders";
// LAME as a compiled WebAssembly module (wrangler's default rule for .wasm), copied here by the build.
import mp3Wasm from "./generated/mp3.wasm";

export type Mp3Stream = {
  /** Encodes 16-bit samples; the bytes returned belong to the caller. */
  encode(samples: Int16Array): Uint8Array;
  /** The last frames; the stream is done afterwards. */
  finish(): Uint8Array;
};

/**
 * A constant-bitrate mono MP3 stream at `sampleRate`. Each stream has its own LAME instance, so streams of
 * concurrent requests in one isolate never share state.
 */
export async function createMp3Stream(sampleRate: number, kbps: number, wasm: WebAssembly.Module = mp3Wasm as WebAssembly.Module): Promise<Mp3Stream> {
  const lame = await createEncoder("audio/mpeg", wasm);
  lame.configure({ sampleRate, channels: 1, bitrate: kbps as 128 });
  return {
    encode(samples) {
      const floats = new Float32Array(samples.length);
      for (let i = 0; i < samples.length; i++) floats[i] = samples[i]! / 32768;
      // LAME's output buffer is reused by the next call: copy it out.
      return lame.encode([floats]).slice();
    },
    finish() {
      return lame.finalize().slice();
    },
  };
}
