// RNNoise (Xiph, BSD; @jitsi/rnnoise-wasm, Apache-2.0), imported as a compiled module (wrangler's rule for .wasm):
// workerd refuses compiling wasm bytes at run time, so the module is instantiated here with the two functions it
// imports instead of through its emscripten glue (which fetches the file by URL).
import rnnoiseWasm from "@jitsi/rnnoise-wasm/dist/rnnoise.wasm";
import { resample } from "./pcm";

/** RNNoise works on 10 ms frames of 48 kHz mono, samples scaled like 16-bit PCM. */
export const RNNOISE_RATE = 48000;
export const RNNOISE_FRAME = 480;

/** The module's exports, by their minified names (dist/rnnoise.js maps them). */
type RnnoiseExports = {
  c: WebAssembly.Memory;
  /** __wasm_call_ctors */
  d(): void;
  /** rnnoise_create(model): DenoiseState* */
  f(model: number): number;
  /** malloc */
  g(bytes: number): number;
  /** rnnoise_destroy(state) */
  h(state: number): void;
  /** free */
  i(pointer: number): void;
  /** rnnoise_process_frame(state, out, in): the frame's voice probability */
  j(state: number, output: number, input: number): number;
};

async function instantiate(wasm: WebAssembly.Module): Promise<RnnoiseExports> {
  let exports: RnnoiseExports | null = null;
  const heap = () => new Uint8Array(exports!.c.buffer);
  const imports = {
    a: {
      // emscripten_resize_heap: grow to at least the requested size (64 KiB pages).
      a: (requested: number) => {
        const memory = exports!.c;
        const needed = Math.ceil((requested >>> 0) / 65536) - memory.buffer.byteLength / 65536;
        try {
          if (needed > 0) memory.grow(needed);
          return 1;
        } catch {
          return 0;
        }
      },
      // emscripten_memcpy_big
      b: (dest: number, src: number, num: number) => heap().copyWithin(dest, src, src + num),
    },
  };
  const instance = await WebAssembly.instantiate(wasm, imports);
  exports = instance.exports as unknown as RnnoiseExports;
  exports.d();
  return exports;
}

/**
 * RNNoise's output lags its input by one frame (its analysis window overlaps the previous frame): the first
 * frame out is dropped and one frame of silence pushed at the end, so output and input line up.
 */
const DELAY_FRAMES = 1;

/** How much of the opening is heard twice (see the warm-up below): 4 s, measured to settle its voice probability on steady noise. */
const WARM_UP_SAMPLES = RNNOISE_RATE * 2;

/** Removes background noise from 48 kHz samples; the output has the input's length. Each call has its own state. */
export async function denoise48k(samples: Int16Array, wasm: WebAssembly.Module = rnnoiseWasm as WebAssembly.Module, warmUpSamples = WARM_UP_SAMPLES): Promise<{ samples: Int16Array; voiceProbability: Float32Array }> {
  const rnnoise = await instantiate(wasm);
  const state = rnnoise.f(0);
  const input = rnnoise.g(RNNOISE_FRAME * 4);
  const output = rnnoise.g(RNNOISE_FRAME * 4);
  const frames = Math.ceil(samples.length / RNNOISE_FRAME);
  const result = new Int16Array(samples.length);
  const voiceProbability = new Float32Array(frames);
  try {
    // Warm-up: the recording's opening runs through once, unheard, so the network's state has learnt this noise
    // before the first frame that counts (from a fresh state it lowers steady noise only slowly, over seconds).
    const warmUpFrames = Math.min(frames, Math.ceil(warmUpSamples / RNNOISE_FRAME));
    for (let frame = 0; frame < warmUpFrames; frame++) {
      const inView = new Float32Array(rnnoise.c.buffer, input, RNNOISE_FRAME);
      const start = frame * RNNOISE_FRAME;
      for (let i = 0; i < RNNOISE_FRAME; i++) inView[i] = samples[start + i] ?? 0;
      rnnoise.j(state, output, input);
    }
    for (let frame = 0; frame < frames + DELAY_FRAMES; frame++) {
      // Views are made again per frame: a heap growth detaches the old buffer.
      const inView = new Float32Array(rnnoise.c.buffer, input, RNNOISE_FRAME);
      const start = frame * RNNOISE_FRAME;
      for (let i = 0; i < RNNOISE_FRAME; i++) inView[i] = samples[start + i] ?? 0;
      const probability = rnnoise.j(state, output, input);
      const outFrame = frame - DELAY_FRAMES;
      if (outFrame < 0) continue;
      voiceProbability[outFrame] = probability;
      const outView = new Float32Array(rnnoise.c.buffer, output, RNNOISE_FRAME);
      const outStart = outFrame * RNNOISE_FRAME;
      const end = Math.min(RNNOISE_FRAME, samples.length - outStart);
      for (let i = 0; i < end; i++) result[outStart + i] = Math.max(-32768, Math.min(32767, Math.round(outView[i]!)));
    }
  } finally {
    rnnoise.i(input);
    rnnoise.i(output);
    rnnoise.h(state);
  }
  voiceGate(result, voiceProbability);
  return { samples: result, voiceProbability };
}

/** Below this voice probability a frame is background only. */
const GATE_THRESHOLD = 0.5;
/** What a background-only stretch keeps after RNNoise's own suppression: -20 dB more. */
const GATE_FLOOR = 0.1;
/** Frames the gate stays open after the last voiced one (200 ms), so the ends of words are not cut. */
const GATE_HOLD_FRAMES = 20;
/** How fast the gate closes (per frame, about 100 ms from open to the floor); it opens within one frame. */
const GATE_CLOSE_STEP = 0.1;

/**
 * RNNoise lowers steady noise only gradually when no voice is present; its own voice probability then gates the
 * background-only stretches (a downward expander), ramped within each frame so no click is heard.
 */
export function voiceGate(samples: Int16Array, voiceProbability: Float32Array): void {
  let gain = 1;
  let sinceVoice = GATE_HOLD_FRAMES;
  for (let frame = 0; frame < voiceProbability.length; frame++) {
    sinceVoice = voiceProbability[frame]! >= GATE_THRESHOLD ? 0 : sinceVoice + 1;
    const target = sinceVoice <= GATE_HOLD_FRAMES ? 1 : GATE_FLOOR;
    const next = target > gain ? target : Math.max(target, gain - GATE_CLOSE_STEP);
    const start = frame * RNNOISE_FRAME;
    const end = Math.min(samples.length, start + RNNOISE_FRAME);
    for (let i = start; i < end; i++) samples[i] = Math.round(samples[i]! * (gain + ((next - gain) * (i - start + 1)) / RNNOISE_FRAME));
    gain = next;
  }
}

/**
 * The voice of a recording without its background: any sample rate in (16-bit mono), 48 kHz out (RNNoise's
 * rate; resampling back down would only lose what it kept). Other areas (cloning's remove_background_noise)
 * call this through the speech worker's `isolate`.
 */
export async function isolateVoice(samples: Int16Array, sampleRate: number, wasm?: WebAssembly.Module): Promise<{ samples: Int16Array; sampleRate: number }> {
  const at48k = resample(samples, sampleRate, RNNOISE_RATE);
  const { samples: cleaned } = await denoise48k(at48k, wasm);
  return { samples: cleaned, sampleRate: RNNOISE_RATE };
}
