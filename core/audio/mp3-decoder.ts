// minimp3 compiled to WebAssembly (minimp3-wasm), imported as a compiled module; copied here by the build.
import minimp3Wasm from "./generated/minimp3.wasm";
import { concatSamples } from "./pcm";

type Minimp3Exports = {
  memory: WebAssembly.Memory;
  decoder_init(): void;
  decoder_set_mp3_data_size(size: number): void;
  decoder_mp3_data_offset(): number;
  decoder_seek(seconds: number): void;
  decoder_decode(seconds: number): void;
  decoder_pcm_data_offset(): number;
  decode_results_sampling_rate(): number;
  decode_results_num_channels(): number;
  decode_results_num_samples(): number;
};

/** Decodes a whole MP3 to 16-bit mono samples (stereo is averaged). Each call has its own decoder instance. */
export async function decodeMp3(bytes: Uint8Array, wasm: WebAssembly.Module = minimp3Wasm as WebAssembly.Module): Promise<{ samples: Int16Array; sampleRate: number }> {
  const mp3 = (await WebAssembly.instantiate(wasm, {})).exports as unknown as Minimp3Exports;
  mp3.decoder_init();
  mp3.decoder_set_mp3_data_size(bytes.byteLength);
  new Uint8Array(mp3.memory.buffer, mp3.decoder_mp3_data_offset(), bytes.byteLength).set(bytes);
  mp3.decoder_seek(0);
  const parts: Int16Array[] = [];
  let sampleRate = 0;
  for (;;) {
    mp3.decoder_decode(10);
    const values = mp3.decode_results_num_samples();
    if (values <= 0) break;
    sampleRate = mp3.decode_results_sampling_rate();
    const channels = mp3.decode_results_num_channels();
    const pcm = new Int16Array(mp3.memory.buffer, mp3.decoder_pcm_data_offset(), values);
    if (channels === 1) parts.push(pcm.slice());
    else parts.push(Int16Array.from({ length: values / channels }, (_, i) => (pcm[i * channels]! + pcm[i * channels + 1]!) >> 1));
  }
  if (!sampleRate) throw new Error("no MP3 frames to decode");
  return { samples: concatSamples(parts), sampleRate };
}
