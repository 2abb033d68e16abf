/**
 * Loudness of 16-bit mono audio as audiobook stores check it (ACX's checker: RMS of the whole file, the highest
 * sample peak, the noise floor as the RMS of the quietest half-second window), and a normaliser that brings audio
 * to a target RMS under a peak ceiling in two passes over pieces (a chapter's paragraphs), never holding a whole
 * chapter's samples at once.
 */
const FULL_SCALE = 32768;

export const decibels = (amplitude: number) => (amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity);
const amplitude = (db: number) => 10 ** (db / 20);

export type Loudness = { rmsDb: number; peakDb: number; noiseFloorDb: number };

/** RMS, peak and noise floor (the quietest `windowSeconds` window's RMS) of samples, in dB of full scale. */
export function measureLoudness(samples: Int16Array, sampleRate: number, windowSeconds = 0.5): Loudness {
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    sum += v * v;
    peak = Math.max(peak, Math.abs(v));
  }
  const window = Math.max(1, Math.round(sampleRate * windowSeconds));
  let quietest = Infinity;
  for (let start = 0; start + window <= samples.length; start += window) {
    let w = 0;
    for (let i = start; i < start + window; i++) w += samples[i]! * samples[i]!;
    quietest = Math.min(quietest, w / window);
  }
  if (quietest === Infinity) quietest = sum / Math.max(1, samples.length);
  return {
    rmsDb: decibels(Math.sqrt(sum / Math.max(1, samples.length)) / FULL_SCALE),
    peakDb: decibels(peak / FULL_SCALE),
    noiseFloorDb: decibels(Math.sqrt(quietest) / FULL_SCALE),
  };
}

/** The magnitudes of samples counted (0..32768) with their number: enough to predict RMS after any gain and clip. */
export class MagnitudeHistogram {
  readonly counts = new Float64Array(FULL_SCALE + 1);
  total = 0;
  add(samples: Int16Array): void {
    for (let i = 0; i < samples.length; i++) this.counts[Math.abs(samples[i]!)]!++;
    this.total += samples.length;
  }
  /** Silence (digital zeros) added without iterating it. */
  addSilence(samples: number): void {
    this.counts[0]! += samples;
    this.total += samples;
  }
  /** RMS in dB after multiplying by `gain` and clipping at `ceiling` (linear, of full scale). */
  rmsDbAfter(gain: number, ceiling: number): number {
    let sum = 0;
    for (let v = 1; v <= FULL_SCALE; v++) {
      const n = this.counts[v]!;
      if (n === 0) continue;
      const out = Math.min((v / FULL_SCALE) * gain, ceiling);
      sum += n * out * out;
    }
    return decibels(Math.sqrt(sum / Math.max(1, this.total)));
  }
}

export type LoudnessTarget = { rmsDb: number; peakCeilingDb: number; gateBelowDb: number };

/**
 * The gain that puts the histogram's RMS at the target once peaks are held at the ceiling (bisection on the exact
 * prediction of hard limiting; the limiter's smooth envelope takes slightly more, well inside the stores' range).
 * Null when there is no sound.
 */
export function gainFor(histogram: MagnitudeHistogram, target: LoudnessTarget): number | null {
  const ceiling = amplitude(target.peakCeilingDb);
  if (histogram.rmsDbAfter(1e6, ceiling) === -Infinity) return null;
  let low = 1e-4;
  let high = 1e4;
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(low * high);
    if (histogram.rmsDbAfter(mid, ceiling) < target.rmsDb) low = mid;
    else high = mid;
  }
  return Math.sqrt(low * high);
}

const ATTACK_SECONDS = 0.002;
const RELEASE_SECONDS = 0.05;
const GATE_WINDOW_SECONDS = 0.02;
/** What the gate leaves of a window below its threshold (-40 dB). */
const GATE_FLOOR = 0.01;

/**
 * Applies the gain, a peak limiter (a gain envelope never above what keeps each sample under the ceiling: ramped
 * down over 2 ms before a peak, back up over 50 ms after it) and a gate that lowers 20 ms windows quieter than
 * `gateBelowDb` by 40 dB (the noise floor between sentences), smoothed over each window.
 */
export function applyLoudness(samples: Int16Array, sampleRate: number, gain: number, target: LoudnessTarget): Int16Array {
  const ceiling = amplitude(target.peakCeilingDb) * FULL_SCALE;
  const n = samples.length;
  const envelope = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = Math.abs(samples[i]! * gain);
    envelope[i] = v > ceiling ? ceiling / v : 1;
  }
  const attack = 1 / Math.max(1, sampleRate * ATTACK_SECONDS);
  const release = 1 / Math.max(1, sampleRate * RELEASE_SECONDS);
  for (let i = n - 2; i >= 0; i--) envelope[i] = Math.min(envelope[i]!, envelope[i + 1]! + attack);
  for (let i = 1; i < n; i++) envelope[i] = Math.min(envelope[i]!, envelope[i - 1]! + release);
  const out = new Int16Array(n);
  const window = Math.max(1, Math.round(sampleRate * GATE_WINDOW_SECONDS));
  const gateLimit = (amplitude(target.gateBelowDb) * FULL_SCALE) ** 2;
  let gate = 1;
  const step = 1 / window;
  for (let start = 0; start < n; start += window) {
    const end = Math.min(n, start + window);
    let sum = 0;
    for (let i = start; i < end; i++) {
      const v = samples[i]! * gain * envelope[i]!;
      sum += v * v;
    }
    const wanted = sum / (end - start) < gateLimit ? GATE_FLOOR : 1;
    for (let i = start; i < end; i++) {
      gate = gate < wanted ? Math.min(wanted, gate + step) : Math.max(wanted, gate - step);
      const v = samples[i]! * gain * envelope[i]! * gate;
      out[i] = Math.max(-FULL_SCALE, Math.min(FULL_SCALE - 1, Math.round(v)));
    }
  }
  return out;
}
