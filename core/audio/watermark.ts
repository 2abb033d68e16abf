// An inaudible keyed watermark for the audio the platform generates (decision 0078). Spread spectrum: a keyed
// sequence of ±1 chips sets the phase of every 1.95 Hz bin from 1 to 4 kHz of a noise carrier that repeats every
// 8192 samples at 16 kHz (0.512 s). The carrier is added at WATERMARK_DB under the signal's own 1-4 kHz level,
// following that level every 16 ms, so it is masked by the speech and absent in silence. Detection needs no copy of
// the clip: the input, at 16 kHz, is cut in 0.512 s frames; the phase of each frame's 1-4 kHz bins (their
// magnitude discarded, which whitens the speech) is summed over the voiced frames and correlated with the chips at
// every one of the 8192 circular lags at once (one inverse FFT). Because the carrier is periodic, any trim or codec
// delay is just another lag, and whatever MP3 or resampling does to each frame adds noise, not a shift.
import { fft } from "../alignment/features";
import { resample } from "./pcm";

/** Detection works at this rate; 1-4 kHz sits well under its Nyquist frequency and inside 64 kbps MP3's band. */
export const WATERMARK_RATE = 16000;
/** The carrier's period in samples at WATERMARK_RATE (0.512 s): one FFT frame of the detector. */
const PERIOD = 8192;
const LOW_HZ = 1000;
const HIGH_HZ = 4000;
const LOW_BIN = Math.round((LOW_HZ * PERIOD) / WATERMARK_RATE);
const HIGH_BIN = Math.round((HIGH_HZ * PERIOD) / WATERMARK_RATE);
/** The watermark's level under the signal's 1-4 kHz level (dB). */
export const WATERMARK_DB = -22;
/** The level envelope is measured over blocks of this many samples (16 ms at 16 kHz). */
const BLOCK = 256;
/** The platform's key. Anyone holding it can detect (and so could try to remove) the mark. */
export const WATERMARK_KEY = "parlance-watermark-v1";
/** A frame quieter than the loudest by more than this (dB) is silence: it carries no mark, only noise. */
const SILENT_DB = 45;
/**
 * The detection score is the best lag's correlation in standard deviations of all lags'. With no mark, the
 * maximum over 8192 lags sits near 4 (bench/watermark.mjs: at most 5.2 over 187 unmarked clips, speech, noise and
 * tones); marked speech after MP3 at 64 kbps and resampling scored 6.4 at least, 12.4 at the median. THRESHOLD
 * is where the probability crosses one half.
 */
export const WATERMARK_THRESHOLD = 5.8;

/** A 32-bit hash of the key, then xorshift32: the chips are the same on every platform and every run. */
function chips(key: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < key.length; i++) state = Math.imul(state ^ key.charCodeAt(i), 16777619) >>> 0;
  if (state === 0) state = 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state & 1 ? 1 : -1;
  };
}

type Carrier = { samples: Float64Array; re: Float64Array; im: Float64Array };
const carriers = new Map<string, Carrier>();

/** The keyed carrier: one period in time (unit RMS) and its spectrum (unit magnitude in band, zero elsewhere). */
function carrier(key: string): Carrier {
  const cached = carriers.get(key);
  if (cached) return cached;
  const next = chips(key);
  const re = new Float64Array(PERIOD);
  const im = new Float64Array(PERIOD);
  for (let k = LOW_BIN; k <= HIGH_BIN; k++) {
    re[k] = next() * Math.SQRT1_2;
    im[k] = next() * Math.SQRT1_2;
    // Hermitian symmetry: a real signal.
    re[PERIOD - k] = re[k]!;
    im[PERIOD - k] = -im[k]!;
  }
  const samples = inverse(re, im);
  let energy = 0;
  for (const v of samples) energy += v * v;
  const scale = 1 / Math.sqrt(energy / PERIOD);
  for (let i = 0; i < PERIOD; i++) samples[i]! *= scale;
  const result = { samples, re, im };
  carriers.set(key, result);
  return result;
}

/** Inverse FFT (real part) through the forward one: conjugate, transform, conjugate, scale. */
function inverse(re: Float64Array, im: Float64Array): Float64Array {
  const r = Float64Array.from(re);
  const i = Float64Array.from(im, (v) => -v);
  fft(r, i);
  for (let n = 0; n < r.length; n++) r[n]! /= r.length;
  return r;
}

/** RBJ band-pass biquad (constant 0 dB peak) around 2 kHz with about two octaves of width, at WATERMARK_RATE. */
function bandPass(input: Int16Array): Float64Array {
  const w0 = (2 * Math.PI * 2000) / WATERMARK_RATE;
  const q = 0.7;
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  const b0 = alpha / a0;
  const a1 = (-2 * Math.cos(w0)) / a0;
  const a2 = (1 - alpha) / a0;
  const out = new Float64Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let n = 0; n < input.length; n++) {
    const x = input[n]!;
    const y = b0 * x - b0 * x2 - a1 * y1 - a2 * y2;
    out[n] = y;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  return out;
}

/** The 1-4 kHz RMS level per BLOCK, smoothed so the mark's level never jumps (clicks would be audible). */
function bandLevels(at16k: Int16Array): Float64Array {
  const band = bandPass(at16k);
  const blocks = Math.ceil(band.length / BLOCK);
  const levels = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let sum = 0;
    const end = Math.min(band.length, (b + 1) * BLOCK);
    for (let n = b * BLOCK; n < end; n++) sum += band[n]! * band[n]!;
    levels[b] = Math.sqrt(sum / Math.max(1, end - b * BLOCK));
  }
  // The smaller of each block and its neighbours: the mark never leads the speech into a silence or an onset.
  const out = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) out[b] = Math.min(levels[b]!, levels[Math.max(0, b - 1)]!, levels[Math.min(blocks - 1, b + 1)]!);
  return out;
}

/**
 * Adds the watermark to 16-bit mono PCM at any rate; returns new samples of the same length. The mark's level is
 * measured at 16 kHz from the signal's own 1-4 kHz band; the carrier is read at each output sample's time
 * (linear interpolation between its 16 kHz samples). `offsetSeconds` is where these samples start in a longer
 * stream: pieces marked with their offsets and joined carry one continuous carrier, so their peaks add up at one lag.
 */
export function embedWatermark(samples: Int16Array, sampleRate: number, options: { offsetSeconds?: number; key?: string } = {}): Int16Array {
  if (samples.length === 0) return samples;
  const at16k = resample(samples, sampleRate, WATERMARK_RATE);
  const levels = bandLevels(at16k);
  const { samples: wave } = carrier(options.key ?? WATERMARK_KEY);
  const gain = 10 ** (WATERMARK_DB / 20);
  const step = WATERMARK_RATE / sampleRate;
  // The carrier's phase at this piece's first sample, in 16 kHz samples (kept small, so precision never drifts).
  const start = ((options.offsetSeconds ?? 0) * WATERMARK_RATE) % PERIOD;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const position = i * step;
    // Linear between block centres, so the level glides.
    const blockPosition = position / BLOCK - 0.5;
    const b = Math.max(0, Math.floor(blockPosition));
    const fraction = Math.min(1, Math.max(0, blockPosition - b));
    const level = levels[Math.min(b, levels.length - 1)]! * (1 - fraction) + levels[Math.min(b + 1, levels.length - 1)]! * fraction;
    const phase = (start + position) % PERIOD;
    const index = Math.floor(phase);
    const within = phase - index;
    const value = wave[index]! + (wave[(index + 1) % PERIOD]! - wave[index]!) * within;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! + gain * level * value)));
  }
  return out;
}

/**
 * Marks a stream piece by piece (a generation's sentences): each piece is marked at its time in the stream, so the
 * joined audio is marked as if it had been marked whole. Pieces may come at different rates.
 */
export class WatermarkStream {
  private seconds = 0;
  constructor(private readonly key: string = WATERMARK_KEY) {}

  mark(samples: Int16Array, sampleRate: number): Int16Array {
    const marked = embedWatermark(samples, sampleRate, { offsetSeconds: this.seconds, key: this.key });
    this.seconds += samples.length / sampleRate;
    return marked;
  }
}

export type WatermarkResult = {
  /** The best lag's correlation in standard deviations of all lags' (about 4 with no mark). */
  score: number;
  /** A probability-like answer: 0.5 at WATERMARK_THRESHOLD, near 0 at no mark, near 1 well above. */
  probability: number;
  /** Voiced 0.512 s frames the score is made of. */
  frames: number;
};

/**
 * Maps a score to 0-1: logistic around the threshold, a unit of score being a factor e^4 in odds. Steep, because
 * unmarked audio's scores sit in a narrow band (about 3.5-5) and marked audio's well above: 4.8 answers 2%, 6.6 96%.
 */
export const watermarkProbability = (score: number) => 1 / (1 + Math.exp(-4 * (score - WATERMARK_THRESHOLD)));

/** Looks for the watermark in 16-bit mono PCM at any rate, at every alignment. */
export function detectWatermark(samples: Int16Array, sampleRate: number, key: string = WATERMARK_KEY): WatermarkResult {
  const at16k = resample(samples, sampleRate, WATERMARK_RATE);
  const frameCount = Math.floor(at16k.length / PERIOD) + (at16k.length % PERIOD > PERIOD / 4 ? 1 : 0);
  const spectra: { re: Float64Array; im: Float64Array; energy: number }[] = [];
  for (let f = 0; f < frameCount; f++) {
    const re = new Float64Array(PERIOD);
    const im = new Float64Array(PERIOD);
    const start = f * PERIOD;
    const end = Math.min(at16k.length, start + PERIOD);
    for (let n = start; n < end; n++) re[n - start] = at16k[n]!;
    fft(re, im);
    let energy = 0;
    for (let k = LOW_BIN; k <= HIGH_BIN; k++) energy += re[k]! * re[k]! + im[k]! * im[k]!;
    spectra.push({ re, im, energy });
  }
  const loudest = Math.max(0, ...spectra.map((s) => s.energy));
  const voiced = spectra.filter((s) => s.energy > 0 && s.energy >= loudest * 10 ** (-SILENT_DB / 10));
  if (voiced.length === 0) return { score: 0, probability: watermarkProbability(0), frames: 0 };
  // Sum of the frames' unit phasors, times the carrier's conjugate: its inverse FFT is the correlation at every lag.
  const { re: cRe, im: cIm } = carrier(key);
  const sumRe = new Float64Array(PERIOD);
  const sumIm = new Float64Array(PERIOD);
  for (const s of voiced) {
    for (let k = LOW_BIN; k <= HIGH_BIN; k++) {
      const magnitude = Math.hypot(s.re[k]!, s.im[k]!);
      if (magnitude === 0) continue;
      const pr = s.re[k]! / magnitude;
      const pi = s.im[k]! / magnitude;
      sumRe[k]! += pr * cRe[k]! + pi * cIm[k]!;
      sumIm[k]! += pi * cRe[k]! - pr * cIm[k]!;
    }
  }
  for (let k = LOW_BIN; k <= HIGH_BIN; k++) {
    sumRe[PERIOD - k] = sumRe[k]!;
    sumIm[PERIOD - k] = -sumIm[k]!;
  }
  const lags = inverse(sumRe, sumIm);
  let mean = 0;
  for (const v of lags) mean += v;
  mean /= PERIOD;
  let variance = 0;
  let best = -Infinity;
  for (const v of lags) {
    variance += (v - mean) ** 2;
    best = Math.max(best, v);
  }
  const deviation = Math.sqrt(variance / PERIOD);
  const score = deviation > 0 ? (best - mean) / deviation : 0;
  return { score, probability: watermarkProbability(score), frames: voiced.length };
}
