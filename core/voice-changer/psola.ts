// TD-PSOLA (time-domain pitch-synchronous overlap-add, Moulines & Charpentier 1990): two-period slices of the
// signal, cut around its pitch marks, laid down again closer together (higher pitch) or further apart (lower)
// while the slices are picked so the time scale is what was asked. Each slice keeps the vocal tract's response,
// so the formants stay where they were; spectral warping (warpSpectrum) moves them separately.
import { PITCH_HOP_SECONDS } from "./pitch-track";

/** Pitch factors beyond these sound mechanical: the request's shift is clamped to them. */
export const PITCH_FACTOR_RANGE = [0.5, 2] as const;
/** Unvoiced stretches are cut in slices of this length and laid down unchanged. */
const UNVOICED_PERIOD_SECONDS = 0.01;

type Mark = { at: number; period: number; frame: number; voiced: boolean };

/**
 * Pitch marks: one per period in voiced frames, placed on the waveform's largest peak near where the last period
 * ends (so consecutive slices line up), and every 10 ms elsewhere.
 */
export function pitchMarks(samples: Float32Array, sampleRate: number, track: Float32Array): Mark[] {
  const marks: Mark[] = [];
  const hop = sampleRate * PITCH_HOP_SECONDS;
  let at = 0;
  let previousVoiced = false;
  while (at < samples.length) {
    const frame = Math.min(track.length - 1, Math.floor(at / hop));
    const f0 = track[frame] ?? 0;
    if (f0 > 0) {
      const period = sampleRate / f0;
      // Entering voicing: the peak within one period; within a voiced stretch: within a fifth of a period.
      const from = previousVoiced ? Math.round(at - period * 0.2) : Math.round(at);
      const to = Math.round(at + (previousVoiced ? period * 0.2 : period));
      let best = Math.max(0, Math.min(samples.length - 1, Math.round(at)));
      for (let i = Math.max(0, from); i <= Math.min(samples.length - 1, to); i++) if (Math.abs(samples[i]!) > Math.abs(samples[best]!)) best = i;
      if (marks.length && best <= marks[marks.length - 1]!.at) best = Math.round(at);
      marks.push({ at: best, period, frame, voiced: true });
      at = best + period;
      previousVoiced = true;
    } else {
      const period = sampleRate * UNVOICED_PERIOD_SECONDS;
      marks.push({ at: Math.round(at), period, frame, voiced: false });
      at += period;
      previousVoiced = false;
    }
  }
  return marks;
}

/**
 * Overlap-adds Hann-windowed slices (two periods long, centred on the marks) at synthesis marks spaced by the
 * period divided by the frame's pitch factor. `outputLength / samples.length` is the time scale: each synthesis
 * mark takes the analysis mark nearest its place in the input. The sum is divided by the windows' sum so the
 * level holds whatever the overlap.
 */
export function psola(samples: Float32Array, sampleRate: number, track: Float32Array, pitchFactor: (frame: number) => number, outputLength: number): Float32Array {
  const out = new Float32Array(outputLength);
  const weight = new Float32Array(outputLength);
  const marks = pitchMarks(samples, sampleRate, track);
  if (marks.length === 0) return out;
  const timeScale = outputLength / Math.max(1, samples.length);
  let k = 0;
  let at = 0;
  while (at < outputLength) {
    const source = at / timeScale;
    while (k + 1 < marks.length && Math.abs(marks[k + 1]!.at - source) <= Math.abs(marks[k]!.at - source)) k++;
    const mark = marks[k]!;
    const half = Math.max(1, Math.round(mark.period));
    const centre = Math.round(at);
    for (let i = -half; i <= half; i++) {
      const o = centre + i;
      const s = mark.at + i;
      if (o < 0 || o >= outputLength || s < 0 || s >= samples.length) continue;
      const w = 0.5 + 0.5 * Math.cos((Math.PI * i) / (half + 1));
      out[o]! += w * samples[s]!;
      weight[o]! += w;
    }
    const factor = mark.voiced ? Math.min(PITCH_FACTOR_RANGE[1], Math.max(PITCH_FACTOR_RANGE[0], pitchFactor(mark.frame))) : 1;
    at += mark.period / factor;
  }
  for (let i = 0; i < outputLength; i++) out[i] = weight[i]! > 0.1 ? out[i]! / weight[i]! : out[i]!;
  return out;
}

/**
 * Moves every frequency by `factor` (formants, pitch and all) by reading the signal `factor` times faster with a
 * windowed-sinc interpolator (low-passed first when the signal is compressed, so nothing folds back). The result is
 * `1 / factor` as long; PSOLA then restores the length and puts the pitch where it belongs.
 */
export function warpSpectrum(samples: Float32Array, factor: number): Float32Array {
  if (factor === 1) return samples.slice();
  const length = Math.max(1, Math.floor(samples.length / factor));
  const cutoff = 0.47 * Math.min(1, 1 / factor); // cycles per input sample
  const reach = Math.ceil(4 / cutoff);
  const out = new Float32Array(length);
  for (let n = 0; n < length; n++) {
    const position = n * factor;
    const centre = Math.floor(position);
    let acc = 0;
    let norm = 0;
    for (let j = centre - reach + 1; j <= centre + reach; j++) {
      if (j < 0 || j >= samples.length) continue;
      const t = position - j;
      const x = 2 * cutoff * t;
      const sinc = t === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * t) / (reach + 1));
      const tap = sinc * window;
      acc += samples[j]! * tap;
      norm += tap;
    }
    out[n] = norm !== 0 ? acc / norm : 0;
  }
  return out;
}
