// Fitting a dubbed line to its segment's duration: first the speech rate (within limits a listener accepts),
// then TD-PSOLA time-stretching (core/voice-changer) for what is left, so the line ends where the original did.
import { psola } from "../voice-changer/psola";
import { pitchTrack } from "../voice-changer/pitch-track";

/** espeak-ng's words per minute at normal speed. */
export const NORMAL_RATE = 175;
/** The rate may move this far from the speaker's own before time-stretching takes over (faster sounds rushed). */
export const RATE_LIMITS = [0.8, 1.45] as const;
/** Stretching beyond these sounds broken: a line still too long after them is cut with a short fade. */
export const STRETCH_LIMITS = [0.6, 1.6] as const;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** The rate to speak a line at so it lasts about `targetSeconds`, given how long it took at `rate`. */
export function fittedRate(rate: number, spokenSeconds: number, targetSeconds: number): number {
  if (spokenSeconds <= 0 || targetSeconds <= 0) return rate;
  return Math.round(rate * clamp(spokenSeconds / targetSeconds, RATE_LIMITS));
}

/**
 * A line stretched (or squeezed) to `targetLength` samples with TD-PSOLA at pitch factor 1; beyond
 * STRETCH_LIMITS it is stretched as far as they allow, then cut (with a 20 ms fade) or padded with silence.
 */
export function stretchTo(samples: Int16Array, sampleRate: number, targetLength: number): Int16Array {
  if (samples.length === 0 || targetLength <= 0) return new Int16Array(Math.max(0, targetLength));
  const factor = clamp(targetLength / samples.length, STRETCH_LIMITS);
  const length = Math.round(samples.length * factor);
  let stretched: Float32Array;
  if (Math.abs(factor - 1) < 0.01) stretched = Float32Array.from(samples, (s) => s / 32768);
  else {
    const floats = Float32Array.from(samples, (s) => s / 32768);
    stretched = psola(floats, sampleRate, pitchTrack(floats, sampleRate), () => 1, length);
  }
  const out = new Int16Array(targetLength);
  const fade = Math.round(sampleRate * 0.02);
  const kept = Math.min(targetLength, stretched.length);
  for (let i = 0; i < kept; i++) {
    const gain = stretched.length > targetLength && i > kept - fade ? (kept - i) / fade : 1;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(stretched[i]! * 32768 * gain)));
  }
  return out;
}

/** The dubbed track: each line added at its start over the background (or silence), clipped to 16 bits. */
export function mixLines(length: number, background: Int16Array | null, lines: { start: number; samples: Int16Array }[]): Int16Array {
  const sum = new Float32Array(length);
  if (background) for (let i = 0; i < Math.min(length, background.length); i++) sum[i] = background[i]!;
  for (const line of lines) for (let i = 0; i < line.samples.length && line.start + i < length; i++) sum[line.start + i]! += line.samples[i]!;
  return Int16Array.from(sum, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
}

/** What remains of a recording without its voice: the original minus the isolated speech (same rate and length). */
export function residual(original: Int16Array, speech: Int16Array): Int16Array {
  const out = new Int16Array(original.length);
  for (let i = 0; i < original.length; i++) out[i] = Math.max(-32768, Math.min(32767, original[i]! - (speech[i] ?? 0)));
  return out;
}
