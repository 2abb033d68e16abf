// Speaker analysis of decoded speech: what a formant synthesizer can follow of a person's voice. The fundamental
// frequency (YIN), the speaking rate (syllable nuclei in the energy envelope, after de Jong & Wempe 2009), the
// formant positions (LPC), and a compact speaker vector of them. Pure: samples in, numbers out.

/** Everything is measured at this rate: formants up to 5 kHz, pitch well inside it, and cheap to compute. */
export const ANALYSIS_RATE = 10_000;
const FRAME_HOP = ANALYSIS_RATE / 100; // 10 ms
const PITCH_WINDOW = ANALYSIS_RATE / 25; // 40 ms: two periods of a 50 Hz voice
const F0_MIN = 60;
const F0_MAX = 450;
/** YIN's threshold on the cumulative mean normalised difference: below it a frame is periodic (voiced). */
const YIN_THRESHOLD = 0.15;
const YIN_FALLBACK = 0.4;
const LPC_WINDOW = ANALYSIS_RATE / 40; // 25 ms
const LPC_ORDER = 12;

/**
 * The neutral vocal tract of an adult male (a 17.5 cm uniform tube: 500, 1500, 2500 Hz): formant scale 1.
 * A shorter tract (most women, children) has higher formants: scale above 1.
 */
export const REFERENCE_FORMANTS_HZ = [500, 1500, 2500] as const;

export type SpeakerFeatures = {
  /** Median fundamental frequency of the voiced frames, Hz. */
  pitchMedianHz: number;
  /** 10th to 90th percentile of the fundamental frequency, in semitones. */
  pitchRangeSemitones: number;
  /** Syllable nuclei per second within phrases (pauses and the time before the first nucleus after one left out). */
  speakingRate: number;
  /** Median F1, F2, F3 over the voiced frames, Hz. */
  formantsHz: [number, number, number];
  /** Formant positions relative to REFERENCE_FORMANTS_HZ (geometric mean of the three ratios). */
  formantScale: number;
  voicedSeconds: number;
  durationSeconds: number;
};

/** Too little voiced speech to measure anything a listener would recognise. */
export const MIN_VOICED_SECONDS = 0.5;

const median = (values: number[]): number => percentile(values, 0.5);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** 16-bit PCM to floats in [-1, 1). */
export function floatSamples(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}

/** Resamples to ANALYSIS_RATE: a windowed-sinc low-pass below the new Nyquist, then linear interpolation. */
export function toAnalysisRate(samples: Float32Array, sampleRate: number): Float32Array {
  if (sampleRate === ANALYSIS_RATE) return samples;

  if (sampleRate > ANALYSIS_RATE) {
    const cutoff = (0.45 * ANALYSIS_RATE) / sampleRate; // cycles per input sample
    const half = Math.ceil(4 / cutoff);
    const taps = new Float32Array(2 * half + 1);
    let sum = 0;
    for (let k = -half; k <= half; k++) {
      const sinc = k === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * k) / (Math.PI * k);
      const window = 0.54 + 0.46 * Math.cos((Math.PI * k) / half);
      taps[k + half] = sinc * window;
      sum += sinc * window;
    }
    for (let k = 0; k < taps.length; k++) taps[k]! /= sum;
    const step = sampleRate / ANALYSIS_RATE;
    const length = Math.floor(samples.length / step);
    const out = new Float32Array(length);
    for (let i = 0; i < length; i++) {
      const position = i * step;
      const center = Math.round(position);
      let acc = 0;
      for (let k = -half; k <= half; k++) {
        const j = center + k;
        if (j >= 0 && j < samples.length) acc += samples[j]! * taps[k + half]!;
      }
      out[i] = acc;
    }
    return out;
  }
  const step = sampleRate / ANALYSIS_RATE;
  const length = Math.floor((samples.length - 1) / step) + 1;
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const j = Math.floor(position);
    const frac = position - j;
    out[i] = samples[j]! * (1 - frac) + (samples[j + 1] ?? samples[j]!) * frac;
  }
  return out;
}

/** YIN (de Cheveigné & Kawahara 2002) on one window: the period's F0 in Hz, or null for an aperiodic frame. */
export function yinPitch(frame: Float32Array, sampleRate: number, minHz = F0_MIN, maxHz = F0_MAX): number | null {
  const maxLag = Math.min(Math.floor(sampleRate / minHz), Math.floor(frame.length / 2));
  const minLag = Math.max(2, Math.floor(sampleRate / maxHz));
  const width = frame.length - maxLag;
  const diff = new Float64Array(maxLag + 1);
  for (let lag = 1; lag <= maxLag; lag++) {
    let acc = 0;
    for (let j = 0; j < width; j++) {
      const d = frame[j]! - frame[j + lag]!;
      acc += d * d;
    }
    diff[lag] = acc;
  }
  const cmnd = new Float64Array(maxLag + 1);
  cmnd[0] = 1;
  let running = 0;
  for (let lag = 1; lag <= maxLag; lag++) {
    running += diff[lag]!;
    cmnd[lag] = running === 0 ? 1 : (diff[lag]! * lag) / running;
  }
  let best = -1;
  for (let lag = minLag; lag < maxLag; lag++) {
    if (cmnd[lag]! < YIN_THRESHOLD) {
      while (lag + 1 < maxLag && cmnd[lag + 1]! < cmnd[lag]!) lag++;
      best = lag;
      break;
    }
  }
  if (best < 0) {
    // No dip under the threshold: YIN's fallback, the global minimum, if it is still clearly periodic (a
    // gliding pitch or jitter blurs the dip of real voiced speech).
    for (let lag = minLag; lag < maxLag; lag++) if (best < 0 || cmnd[lag]! < cmnd[best]!) best = lag;
    if (best < 0 || cmnd[best]! > YIN_FALLBACK) return null;
  }
  // Parabolic interpolation around the minimum for a period between samples.
  const a = cmnd[best - 1]!;
  const b = cmnd[best]!;
  const c = cmnd[best + 1]!;
  const denominator = a - 2 * b + c;
  const shift = denominator === 0 ? 0 : (0.5 * (a - c)) / denominator;
  return sampleRate / (best + Math.max(-0.5, Math.min(0.5, shift)));
}

/** Linear prediction coefficients a[0..order] (a[0] = 1) by autocorrelation and Levinson-Durbin. */
export function lpcCoefficients(frame: Float32Array, order: number): Float64Array | null {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag++) {
    let acc = 0;
    for (let j = 0; j + lag < frame.length; j++) acc += frame[j]! * frame[j + lag]!;
    r[lag] = acc;
  }
  if (r[0]! <= 0) return null;
  r[0]! *= 1 + 1e-9; // a little white noise keeps the recursion stable on pure tones
  const a = new Float64Array(order + 1);
  a[0] = 1;
  let error = r[0]!;
  for (let i = 1; i <= order; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / error;
    const previous = a.slice();
    for (let j = 1; j < i; j++) a[j] = previous[j]! + k * previous[i - j]!;
    a[i] = k;
    error *= 1 - k * k;
    if (error <= 0) return null;
  }
  return a;
}

/**
 * The first three formants of a frame: the peaks of the LPC envelope 1/|A(f)| (evaluated every 10 Hz) in the
 * bands where F1, F2 and F3 lie; null when a band has no peak.
 */
export function frameFormants(frame: Float32Array, sampleRate: number): [number, number, number] | null {
  const emphasised = new Float32Array(frame.length);
  for (let i = 0; i < frame.length; i++) {
    const window = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frame.length - 1));
    emphasised[i] = (frame[i]! - 0.97 * (frame[i - 1] ?? 0)) * window;
  }
  const a = lpcCoefficients(emphasised, LPC_ORDER);
  if (!a) return null;
  const peaks: number[] = [];
  const step = 10;
  let before = 0;
  let current = 0;
  for (let f = 0; f <= 4800; f += step) {
    const w = (2 * Math.PI * f) / sampleRate;
    let re = 0;
    let im = 0;
    for (let k = 0; k < a.length; k++) {
      re += a[k]! * Math.cos(w * k);
      im -= a[k]! * Math.sin(w * k);
    }
    const power = 1 / (re * re + im * im);
    if (f >= 2 * step && current > before && current >= power) peaks.push(f - step);
    before = current;
    current = power;
  }
  const f1 = peaks.find((f) => f >= 200 && f <= 1100);
  if (f1 === undefined) return null;
  const f2 = peaks.find((f) => f > f1 + 200 && f >= 600 && f <= 3000);
  if (f2 === undefined) return null;
  const f3 = peaks.find((f) => f > f2 + 200 && f >= 1500 && f <= 4200);
  if (f3 === undefined) return null;
  return [f1, f2, f3];
}

function rms(samples: Float32Array, start: number, length: number): number {
  let acc = 0;
  const end = Math.min(samples.length, start + length);
  for (let i = start; i < end; i++) acc += samples[i]! * samples[i]!;
  return Math.sqrt(acc / Math.max(1, end - start));
}

/**
 * Syllable nuclei: peaks of the smoothed intensity (dB) that stand 2 dB above the dips on either side, lie
 * within 25 dB of the loudest frames and are voiced (de Jong & Wempe's method, on 10 ms frames).
 */
export function syllableNucleusFrames(intensityDb: number[], voiced: boolean[]): number[] {
  const smooth = intensityDb.map((_, i) => {
    let acc = 0;
    let n = 0;
    for (let k = -2; k <= 2; k++) {
      const v = intensityDb[i + k];
      if (v !== undefined) {
        acc += v;
        n++;
      }
    }
    return acc / n;
  });
  const loud = percentile(smooth, 0.99);
  const floor = loud - 25;
  const nuclei: number[] = [];
  let lastPeak = -Infinity;
  let dipSinceLast = Infinity;
  let candidate: { index: number; value: number } | null = null;
  for (let i = 1; i < smooth.length - 1; i++) {
    const v = smooth[i]!;
    dipSinceLast = Math.min(dipSinceLast, v);
    if (candidate && v < candidate.value - 2) {
      // The candidate peak has a 2 dB dip after it: it is a nucleus.
      nuclei.push(candidate.index);
      lastPeak = candidate.value;
      dipSinceLast = v;
      candidate = null;
    }
    if (v > smooth[i - 1]! && v >= smooth[i + 1]! && v > floor && voiced.slice(Math.max(0, i - 3), i + 4).some(Boolean)) {
      const risesFromDip = lastPeak === -Infinity || v - dipSinceLast >= 2;
      if (candidate ? v > candidate.value : risesFromDip) candidate = { index: i, value: v };
    }
  }
  if (candidate) nuclei.push(candidate.index);
  return nuclei;
}

export const syllableNuclei = (intensityDb: number[], voiced: boolean[]): number => syllableNucleusFrames(intensityDb, voiced).length;

/** Nuclei further apart than this (s) are on either side of a pause, not neighbours in a phrase. */
const PHRASE_GAP_SECONDS = 0.6;

/**
 * Syllables a second within phrases: the nuclei over the time from one nucleus to the next, counting only
 * neighbours in a phrase. Pauses and the lengthened last syllable before them (how much of either a text has
 * depends on its punctuation, not on the speaker's pace) stay out; null with fewer than two neighbours.
 */
export function articulationRate(nucleusFrames: readonly number[], frameSeconds = 0.01): number | null {
  let intervals = 0;
  let seconds = 0;
  for (let i = 1; i < nucleusFrames.length; i++) {
    const gap = (nucleusFrames[i]! - nucleusFrames[i - 1]!) * frameSeconds;
    if (gap > PHRASE_GAP_SECONDS) continue;
    intervals++;
    seconds += gap;
  }
  return intervals >= 2 ? intervals / seconds : null;
}

/** The speaker's features, or null when the audio has less than MIN_VOICED_SECONDS of voiced speech. */
export function analyseSpeaker(input: Float32Array, sampleRate: number): SpeakerFeatures | null {
  const samples = toAnalysisRate(input, sampleRate);
  const frames = Math.max(0, Math.floor((samples.length - PITCH_WINDOW) / FRAME_HOP) + 1);
  if (frames === 0) return null;
  const levels: number[] = [];
  for (let i = 0; i < frames; i++) levels.push(rms(samples, i * FRAME_HOP, PITCH_WINDOW));
  const loud = percentile(levels, 0.95);
  if (!(loud > 1e-4)) return null;
  // Frames 30 dB below the loud ones are pauses, breath or room noise.
  const silence = loud * 0.0316;
  const pitches: number[] = [];
  const voiced: boolean[] = [];
  const formants: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < frames; i++) {
    const start = i * FRAME_HOP;
    let f0: number | null = null;
    if (levels[i]! > silence) f0 = yinPitch(samples.subarray(start, start + PITCH_WINDOW), ANALYSIS_RATE);
    voiced.push(f0 !== null);
    if (f0 === null) continue;
    pitches.push(f0);
    const lpcStart = start + (PITCH_WINDOW - LPC_WINDOW) / 2;
    const found = frameFormants(samples.subarray(lpcStart, lpcStart + LPC_WINDOW), ANALYSIS_RATE);
    if (found) found.forEach((f, k) => formants[k as 0 | 1 | 2].push(f));
  }
  const voicedSeconds = pitches.length / 100;
  const speakingSeconds = levels.filter((level) => level > silence).length / 100;
  if (voicedSeconds < MIN_VOICED_SECONDS) return null;
  // Octave errors are rare with YIN but not absent: keep the frames within an octave of the median.
  const rough = median(pitches);
  const kept = pitches.filter((f) => f > rough / 2 && f < rough * 2);
  const pitchMedianHz = median(kept);
  const pitchRangeSemitones = 12 * Math.log2(percentile(kept, 0.9) / percentile(kept, 0.1));
  const intensityDb = levels.map((level) => 20 * Math.log10(level + 1e-9));
  const nuclei = syllableNucleusFrames(intensityDb, voiced);
  // Within phrases where there are enough neighbouring syllables; else over the whole speaking time.
  const speakingRate = articulationRate(nuclei) ?? nuclei.length / speakingSeconds;
  const formantsHz = formants.map((list, k) => (list.length ? median(list) : REFERENCE_FORMANTS_HZ[k]!)) as [number, number, number];
  const formantScale = Math.exp(formantsHz.reduce((acc, f, k) => acc + Math.log(f / REFERENCE_FORMANTS_HZ[k]!), 0) / 3);
  return { pitchMedianHz, pitchRangeSemitones, speakingRate, formantsHz, formantScale, voicedSeconds, durationSeconds: input.length / sampleRate };
}

/** Semitones of a frequency above 100 Hz. */
export const semitonesAbove100 = (hz: number): number => 12 * Math.log2(hz / 100);

/**
 * The speaker vector: the features on comparable scales (pitch and range in octaves, rate in units of 5
 * syllables a second, formants as log ratios to the reference), rounded. Similar voices and verification compare
 * these by distance.
 */
export function speakerVector(features: SpeakerFeatures): number[] {
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return [
    semitonesAbove100(features.pitchMedianHz) / 12,
    features.pitchRangeSemitones / 12,
    features.speakingRate / 5,
    ...features.formantsHz.map((f, k) => Math.log(f / REFERENCE_FORMANTS_HZ[k]!)),
    Math.log(features.formantScale),
  ].map(round);
}

/** The features of several samples of one speaker: each weighted by its voiced time. */
export function combineFeatures(all: SpeakerFeatures[]): SpeakerFeatures | null {
  const total = all.reduce((acc, f) => acc + f.voicedSeconds, 0);
  if (all.length === 0 || total === 0) return null;
  const mean = (pick: (f: SpeakerFeatures) => number) => all.reduce((acc, f) => acc + pick(f) * f.voicedSeconds, 0) / total;
  const logMean = (pick: (f: SpeakerFeatures) => number) => Math.exp(mean((f) => Math.log(pick(f))));
  return {
    pitchMedianHz: logMean((f) => f.pitchMedianHz),
    pitchRangeSemitones: mean((f) => f.pitchRangeSemitones),
    speakingRate: mean((f) => f.speakingRate),
    formantsHz: [0, 1, 2].map((k) => logMean((f) => f.formantsHz[k]!)) as [number, number, number],
    formantScale: logMean((f) => f.formantScale),
    voicedSeconds: total,
    durationSeconds: all.reduce((acc, f) => acc + f.durationSeconds, 0),
  };
}
