// Mel-frequency cepstral coefficients (Davis & Mermelstein 1980), the spectral features speech aligners compare:
// a 25.6 ms Hamming window every `hop` seconds at 10 kHz, 26 mel bands from 100 Hz to 4.8 kHz, their log energies
// turned into 12 cepstral coefficients (c1..c12) plus the frame's log energy (what tells speech from pause), each
// normalised to zero mean and unit variance over the recording (speaker and channel differences mostly vanish).
import { ANALYSIS_RATE, toAnalysisRate } from "../voices/speaker-analysis";

const FFT_SIZE = 256;
const BANDS = 26;
const CEPSTRA = 12;
/** Values per frame: the cepstra and the log energy. */
export const FEATURES = CEPSTRA + 1;
const LOW_HZ = 100;
const HIGH_HZ = 4800;

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular mel filters over the FFT bins: for each band, [first bin, weights...]. */
const FILTERS: { from: number; weights: number[] }[] = (() => {
  const edges = Array.from({ length: BANDS + 2 }, (_, i) => hzOfMel(mel(LOW_HZ) + ((mel(HIGH_HZ) - mel(LOW_HZ)) * i) / (BANDS + 1)));
  const bin = (hz: number) => (hz * FFT_SIZE) / ANALYSIS_RATE;
  return Array.from({ length: BANDS }, (_, b) => {
    const [lo, mid, hi] = [bin(edges[b]!), bin(edges[b + 1]!), bin(edges[b + 2]!)];
    const from = Math.ceil(lo);
    const weights: number[] = [];
    for (let k = from; k <= Math.floor(hi); k++) weights.push(k <= mid ? (k - lo) / (mid - lo) : (hi - k) / (hi - mid));
    return { from, weights };
  });
})();

const HAMMING = Float64Array.from({ length: FFT_SIZE }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)));
const DCT = Array.from({ length: CEPSTRA }, (_, c) => Float64Array.from({ length: BANDS }, (_, b) => Math.cos((Math.PI * (c + 1) * (b + 0.5)) / BANDS)));

/** In-place radix-2 FFT of a complex signal (re, im), length a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a]! += tr;
        im[a]! += ti;
      }
    }
  }
}

/** The features of a recording: `frames` rows of FEATURES values, one row per `hopSeconds` from the start. */
export function mfcc(samples: Float32Array, sampleRate: number, hopSeconds: number): { frames: number; features: Float32Array } {
  const signal = toAnalysisRate(samples, sampleRate);
  const hop = hopSeconds * ANALYSIS_RATE;
  const frames = Math.max(1, Math.ceil(samples.length / sampleRate / hopSeconds));
  const features = new Float32Array(frames * FEATURES);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const logBands = new Float64Array(BANDS);
  for (let f = 0; f < frames; f++) {
    const start = Math.round(f * hop + hop / 2 - FFT_SIZE / 2);
    for (let i = 0; i < FFT_SIZE; i++) {
      const j = start + i;
      // Pre-emphasis (0.97) lifts the weak upper formants as every MFCC front end does.
      const x = j >= 0 && j < signal.length ? signal[j]! - 0.97 * (j > 0 ? signal[j - 1]! : 0) : 0;
      re[i] = x * HAMMING[i]!;
      im[i] = 0;
    }
    fft(re, im);
    for (let b = 0; b < BANDS; b++) {
      const { from, weights } = FILTERS[b]!;
      let energy = 0;
      for (let k = 0; k < weights.length; k++) energy += weights[k]! * (re[from + k]! ** 2 + im[from + k]! ** 2);
      logBands[b] = Math.log(energy + 1e-8);
    }
    for (let c = 0; c < CEPSTRA; c++) {
      let acc = 0;
      for (let b = 0; b < BANDS; b++) acc += DCT[c]![b]! * logBands[b]!;
      features[f * FEATURES + c] = acc;
    }
    let total = 0;
    for (let b = 0; b < BANDS; b++) total += Math.exp(logBands[b]!);
    features[f * FEATURES + CEPSTRA] = Math.log(total + 1e-6);
  }
  for (let c = 0; c < FEATURES; c++) {
    let mean = 0;
    for (let f = 0; f < frames; f++) mean += features[f * FEATURES + c]!;
    mean /= frames;
    let variance = 0;
    for (let f = 0; f < frames; f++) variance += (features[f * FEATURES + c]! - mean) ** 2;
    const deviation = Math.sqrt(variance / frames) || 1;
    for (let f = 0; f < frames; f++) features[f * FEATURES + c] = (features[f * FEATURES + c]! - mean) / deviation;
  }
  return { frames, features };
}
