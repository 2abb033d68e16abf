// Audio fingerprints for the AI speech classifier (decision 0041): spectral-peak landmarks, as in Wang's
// "An Industrial-Strength Audio Search Algorithm" (2003). The audio, at 8 kHz, is cut in 32 ms frames; the
// strongest local maxima of its log spectrogram are kept (a few per second); each is paired with later peaks near
// it, and each pair is one hash (both frequencies and the time between them) at the first peak's time. Peaks
// survive lossy coding, a volume change and resampling; a trimmed copy keeps the pairs it still contains, at
// times shifted by one constant, which is what a match looks for.
import { fft } from "../alignment/features";

export const FINGERPRINT_RATE = 8000;
const FRAME = 256;
const HOP = 128;
/** Bins 300 Hz to 3.5 kHz: where speech has its energy and where 64 kbps MP3 keeps detail. */
const MIN_BIN = 10;
const MAX_BIN = 112;
/** A peak is the maximum of its neighbourhood: this many bins and frames on each side. */
const PEAK_BINS = 8;
const PEAK_FRAMES = 6;
/** At most this many peaks per second (the strongest), so hash counts do not depend on the recording's level. */
const PEAKS_PER_SECOND = 24;
/** Each anchor pairs with up to FAN_OUT peaks from 1 to MAX_DT frames later, within MAX_DF bins. */
const FAN_OUT = 4;
const MAX_DT = 48;
const MAX_DF = 48;
/** A peak quieter than the loudest frame's top by more than this (dB) is silence or noise floor. */
const FLOOR_DB = 50;

/** Seconds per frame of the landmark times. */
export const FRAME_SECONDS = HOP / FINGERPRINT_RATE;

export type Landmark = { hash: number; t: number };

const HANN = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));

/** To 8 kHz: a box filter as wide as the rate ratio first (against aliasing), then linear interpolation. */
export function toFingerprintRate(samples: Int16Array, sampleRate: number): Float64Array {
  const ratio = sampleRate / FINGERPRINT_RATE;
  const width = Math.max(1, Math.round(ratio));
  const smoothed = new Float64Array(samples.length);
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    sum += samples[i]!;
    if (i >= width) sum -= samples[i - width]!;
    smoothed[i] = sum / Math.min(i + 1, width);
  }
  if (ratio === 1) return smoothed;
  const length = Math.floor(samples.length / ratio);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const position = i * ratio;
    const index = Math.floor(position);
    const a = smoothed[index]!;
    const b = smoothed[Math.min(index + 1, smoothed.length - 1)]!;
    out[i] = a + (b - a) * (position - index);
  }
  return out;
}

/** The log-magnitude spectrogram (dB), one row per frame, bins MIN_BIN..MAX_BIN. */
function spectrogram(signal: Float64Array): Float64Array[] {
  const frames: Float64Array[] = [];
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  for (let start = 0; start + FRAME <= signal.length; start += HOP) {
    for (let i = 0; i < FRAME; i++) {
      re[i] = signal[start + i]! * HANN[i]!;
      im[i] = 0;
    }
    fft(re, im);
    const row = new Float64Array(MAX_BIN - MIN_BIN);
    for (let k = MIN_BIN; k < MAX_BIN; k++) row[k - MIN_BIN] = 10 * Math.log10(re[k]! * re[k]! + im[k]! * im[k]! + 1e-3);
    frames.push(row);
  }
  return frames;
}

type Peak = { t: number; f: number; db: number };

function peaks(frames: Float64Array[]): Peak[] {
  let loudest = -Infinity;
  for (const row of frames) for (const v of row) loudest = Math.max(loudest, v);
  const floor = loudest - FLOOR_DB;
  const bins = MAX_BIN - MIN_BIN;
  // The neighbourhood maximum, separably: across frequency within each frame, then across time.
  const across = frames.map((row) => {
    const out = new Float64Array(bins);
    for (let f = 0; f < bins; f++) {
      let m = -Infinity;
      for (let g = Math.max(0, f - PEAK_BINS); g <= Math.min(bins - 1, f + PEAK_BINS); g++) m = Math.max(m, row[g]!);
      out[f] = m;
    }
    return out;
  });
  const perWindow = Math.round(1 / FRAME_SECONDS);
  const windows: Peak[][] = [];
  for (let t = 0; t < frames.length; t++) {
    const row = frames[t]!;
    for (let f = 0; f < bins; f++) {
      const v = row[f]!;
      if (v < floor || v < across[t]![f]!) continue;
      let isPeak = true;
      for (let u = Math.max(0, t - PEAK_FRAMES); u <= Math.min(frames.length - 1, t + PEAK_FRAMES) && isPeak; u++) if (across[u]![f]! > v) isPeak = false;
      if (isPeak) (windows[Math.floor(t / perWindow)] ??= []).push({ t, f: f + MIN_BIN, db: v });
    }
  }
  // The strongest PEAKS_PER_SECOND of each second.
  const kept = windows.flatMap((w) => (w ?? []).sort((a, b) => b.db - a.db).slice(0, PEAKS_PER_SECOND));
  return kept.sort((a, b) => a.t - b.t || a.f - b.f);
}

/** hash: anchor bin (7 bits), target bin (7 bits), frames between (6 bits). */
export function landmarkHash(f1: number, f2: number, dt: number): number {
  return ((f1 & 0x7f) << 13) | ((f2 & 0x7f) << 6) | (dt & 0x3f);
}

/** The landmarks of a recording (16-bit mono PCM at any rate), in time order: what is stored for each clip. */
export function fingerprint(samples: Int16Array, sampleRate: number): Landmark[] {
  return landmarksOf(toFingerprintRate(samples, sampleRate));
}

/** The landmarks of audio made in parts (sentences, possibly at different rates), as one recording. */
export function fingerprintParts(parts: readonly { samples: Int16Array; sampleRate: number }[]): Landmark[] {
  const converted = parts.map((p) => toFingerprintRate(p.samples, p.sampleRate));
  const joined = new Float64Array(converted.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of converted) {
    joined.set(c, at);
    at += c.length;
  }
  return landmarksOf(joined);
}

/** Frame phases a query is fingerprinted at: a cut copy's frames fall between the stored ones' (speech peaks move). */
export const QUERY_PHASES = 4;

/** A query's landmarks at QUERY_PHASES frame offsets (one of them within HOP / 2 / QUERY_PHASES samples of the stored grid). */
export function queryFingerprints(samples: Int16Array, sampleRate: number): Landmark[][] {
  const signal = toFingerprintRate(samples, sampleRate);
  return Array.from({ length: QUERY_PHASES }, (_, i) => landmarksOf(signal.subarray(Math.round((i * HOP) / QUERY_PHASES))));
}

function landmarksOf(signal: Float64Array): Landmark[] {
  const all = peaks(spectrogram(signal));
  const out: Landmark[] = [];
  for (let i = 0; i < all.length; i++) {
    const anchor = all[i]!;
    let paired = 0;
    for (let j = i + 1; j < all.length && paired < FAN_OUT; j++) {
      const target = all[j]!;
      const dt = target.t - anchor.t;
      if (dt < 1) continue;
      if (dt > MAX_DT) break;
      if (Math.abs(target.f - anchor.f) > MAX_DF) continue;
      out.push({ hash: landmarkHash(anchor.f, target.f, dt), t: anchor.t });
      paired++;
    }
  }
  return out;
}

/**
 * How well a query's landmarks match one stored clip's: the most query landmarks agreeing on one time offset
 * (stored time minus query time, with one frame either side), which a trimmed or re-encoded copy keeps and a
 * chance collision does not.
 */
export function alignedMatches(query: readonly Landmark[], stored: readonly Landmark[]): { count: number; offset: number } {
  const byHash = new Map<number, number[]>();
  for (const s of stored) byHash.set(s.hash, [...(byHash.get(s.hash) ?? []), s.t]);
  const offsets = new Map<number, number>();
  for (const q of query) for (const t of byHash.get(q.hash) ?? []) offsets.set(t - q.t, (offsets.get(t - q.t) ?? 0) + 1);
  let best = { count: 0, offset: 0 };
  for (const [offset] of offsets) {
    const count = (offsets.get(offset - 1) ?? 0) + offsets.get(offset)! + (offsets.get(offset + 1) ?? 0);
    if (count > best.count) best = { count, offset };
  }
  return best;
}

/** Below MIN_QUERY_LANDMARKS the recording is too short or too quiet to judge. */
export const MIN_QUERY_LANDMARKS = 30;
/** Aligned landmarks at which the answer is even (probability 0.5); see decision 0041 and the bench. */
export const EVEN_ALIGNED = 15;

/**
 * The probability that the recording was made here, from the aligned landmarks of its best clip: a logistic around
 * EVEN_ALIGNED. In bench/ai-classifier.mjs audio not made here aligns at most 3 (probability under 0.1%), platform
 * clips after re-encoding, trimming, a volume change and resampling together still align 80 or more.
 */
export function probabilityFrom(alignedCount: number, queryLandmarks: number): number {
  if (queryLandmarks < MIN_QUERY_LANDMARKS) return 0;
  const p = 1 / (1 + Math.exp(-(alignedCount - EVEN_ALIGNED) * 0.6));
  return Math.round(Math.min(0.999, Math.max(0.001, p)) * 1000) / 1000;
}
