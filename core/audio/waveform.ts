/**
 * The loudness outline the app's player and the public share page draw as their seek surface (the share
 * worker cannot import app/, so the rule lives here).
 */

/** Bars of the player's waveform. */
export const WAVEFORM_BARS = 64;
/** The shortest bar, so silence still draws a line the eye can follow. */
export const WAVEFORM_FLOOR = 0.04;

/**
 * The loudness outline of decoded audio: the peak of each of `bars` equal slices, scaled so the loudest is 1.
 * Silence (or no samples) gives flat bars at the floor.
 */
export function waveformPeaks(samples: Float32Array, bars = WAVEFORM_BARS): number[] {
  const peaks = new Array<number>(bars).fill(0);
  if (samples.length === 0) return peaks.map(() => WAVEFORM_FLOOR);
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * samples.length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * samples.length) / bars));
    let peak = 0;
    for (let i = start; i < end && i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks[bar] = peak;
  }
  const loudest = Math.max(...peaks);
  return peaks.map((p) => (loudest > 0 ? Math.max(WAVEFORM_FLOOR, p / loudest) : WAVEFORM_FLOOR));
}

/** How many bars count as played at `current` of `duration` seconds. */
export function playedBars(current: number, duration: number, bars = WAVEFORM_BARS): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(bars, Math.max(0, Math.floor((current / duration) * bars)));
}

/** How far the arrow keys move the play position (the app's player and the share page's seek surface). */
export const KEYBOARD_SKIP_SECONDS = 3;
