// From a speaker's measured features to the embedded engine's voice (espeak-ng): the variant whose formant scale
// is nearest the speaker's, the base pitch that puts the engine's median F0 on the speaker's, the pitch range
// and the speaking rate. The engine is formant synthesis: this matches pitch, pace and timbre scale, not the
// voice itself.
import type { SpeakerFeatures } from "./speaker-analysis";

/**
 * How espeak-ng 1.52 (our WebAssembly build) sounds per variant, measured by analyseSpeaker on its own speech
 * (English text, rate 175, range 50; `npm run bench` re-measures and prints the clone figures): the median F0
 * at base pitch 0, 25, 50, 75, 100, and the formant scale at pitch 50.
 */
export const VARIANT_CALIBRATION: { variant: string; f0Hz: [number, number, number, number, number]; formantScale: number }[] = [
  { variant: "m1", f0Hz: [67.7, 74.4, 92.4, 119.6, 155.7], formantScale: 0.919 },
  { variant: "m3", f0Hz: [71.7, 82.5, 102.7, 131.7, 170.8], formantScale: 0.925 },
  { variant: "m7", f0Hz: [75.6, 86.0, 103.5, 130.4, 166.8], formantScale: 0.963 },
  { variant: "m2", f0Hz: [67.5, 76.8, 99.4, 131.8, 175.7], formantScale: 0.97 },
  { variant: "m4", f0Hz: [71.8, 75.7, 92.4, 116.6, 150.8], formantScale: 0.989 },
  { variant: "f2", f0Hz: [126.4, 152.6, 191.3, 246.4, 319.7], formantScale: 1.058 },
  { variant: "f5", f0Hz: [127.7, 157.9, 202.0, 263.9, 347.0], formantScale: 1.058 },
  { variant: "f1", f0Hz: [112.3, 139.5, 175.9, 230.7, 303.4], formantScale: 1.103 },
  { variant: "f3", f0Hz: [144.5, 169.5, 205.5, 259.2, 333.0], formantScale: 1.103 },
  { variant: "f4", f0Hz: [110.2, 137.9, 175.9, 231.4, 304.5], formantScale: 1.115 },
];

/** The pitch range (10th-90th percentile, semitones) of espeak-ng at range 0, 25, 50, 75, 100 (m3, pitch 50). */
export const RANGE_CALIBRATION: [number, number, number, number, number] = [0.4, 2.95, 5.3, 7.55, 8.86];
/** A wider range also raises the median F0 a little: about 0.21% per range step away from 50 (measured). */
const MEDIAN_SHIFT_PER_RANGE_STEP = 0.0021;

/**
 * Syllables per second within phrases (analyseSpeaker's articulation rate) at each espeak-ng rate (words per
 * minute): the mean over four English texts in a male and a female variant (decision 0057; the earlier table
 * read 5.1 at 260 where the engine measures 6.2, which sent fast speakers to far too fast clones).
 */
export const RATE_CALIBRATION: [number, number][] = [
  [80, 2.75],
  [120, 3.62],
  [175, 4.5],
  [260, 6.09],
  [350, 6.9],
];

const STEPS = [0, 25, 50, 75, 100] as const;

/** Piecewise-linear interpolation of y over ascending x, clamped at the ends. */
function interpolate(points: [number, number][], x: number): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points[points.length - 1]![1];
}

/** The base pitch (0-100) at which a variant's median F0 is `hz` (in log frequency), clamped to what it can reach. */
export function basePitchFor(f0Hz: readonly number[], hz: number): number {
  return interpolate(
    f0Hz.map((f, i) => [Math.log(f), STEPS[i]!] as [number, number]),
    Math.log(hz),
  );
}

export type CloneEngineVoice = {
  variant: string;
  /** 0-100, espeak-ng's base pitch. */
  basePitch: number;
  /** 0-100, espeak-ng's pitch range before the voice settings widen or narrow it (50 is its default). */
  baseRange: number;
  /** Words per minute at speed 1 (espeak-ng's 175 is its default). */
  rate: number;
};

const within = (f0Hz: readonly number[], hz: number) => hz >= f0Hz[0]! && hz <= f0Hz[4]!;

/**
 * The engine voice for a speaker: among the variants that can reach the speaker's median pitch, the one nearest
 * in formant scale (so a low-pitched speaker with a short vocal tract still gets a female variant if it reaches
 * that pitch); when none reaches it, the nearest in pitch.
 */
export function cloneEngineVoice(features: SpeakerFeatures): CloneEngineVoice {
  const rangeIndex = [...RANGE_CALIBRATION.entries()].map(([i, semitones]) => [semitones, STEPS[i]!] as [number, number]);
  const baseRange = Math.round(interpolate(rangeIndex, features.pitchRangeSemitones));
  // The engine's median moves with its range: aim the base pitch where it lands on the speaker's median.
  const target = features.pitchMedianHz / (1 + MEDIAN_SHIFT_PER_RANGE_STEP * (baseRange - 50));
  const byTimbre = (v: (typeof VARIANT_CALIBRATION)[number]) => Math.abs(Math.log(v.formantScale / features.formantScale));
  const reaching = VARIANT_CALIBRATION.filter((v) => within(v.f0Hz, target));
  const distance = (v: (typeof VARIANT_CALIBRATION)[number]) => Math.abs(Math.log(target < v.f0Hz[0]! ? v.f0Hz[0]! / target : target / v.f0Hz[4]!));
  const chosen = reaching.length
    ? reaching.reduce((best, v) => (byTimbre(v) < byTimbre(best) ? v : best))
    : VARIANT_CALIBRATION.reduce((best, v) => (distance(v) < distance(best) ? v : best));
  const rate = interpolate(
    RATE_CALIBRATION.map(([wpm, sps]) => [sps, wpm] as [number, number]),
    features.speakingRate,
  );
  return {
    variant: chosen.variant,
    basePitch: Math.round(basePitchFor(chosen.f0Hz, target)),
    baseRange,
    rate: Math.round(rate),
  };
}

/** The F0 the calibration table expects of a variant at a base pitch (log-interpolated). */
function tableHz(f0Hz: readonly number[], basePitch: number): number {
  return Math.exp(interpolate(STEPS.map((step, i) => [step, Math.log(f0Hz[i]!)] as [number, number]), basePitch));
}

/**
 * The engine voice corrected after hearing it: the clone spoke a calibration text and `heard` is its
 * measurement. The table is measured on English; another language or text moves the engine's pitch and syllable
 * rate by a factor, which this divides out (one step of a closed loop: the calibration speaks the voice's own
 * language).
 */
export function refineCloneVoice(voice: CloneEngineVoice, target: SpeakerFeatures, heard: SpeakerFeatures): CloneEngineVoice {
  const calibration = VARIANT_CALIBRATION.find((v) => v.variant === voice.variant);
  if (!calibration) return voice;
  const pitchFactor = heard.pitchMedianHz / tableHz(calibration.f0Hz, voice.basePitch);
  const rateFactor = heard.speakingRate / interpolate(RATE_CALIBRATION, voice.rate);
  const rate = interpolate(
    RATE_CALIBRATION.map(([wpm, sps]) => [sps, wpm] as [number, number]),
    target.speakingRate / rateFactor,
  );
  return { ...voice, basePitch: Math.round(basePitchFor(calibration.f0Hz, target.pitchMedianHz / pitchFactor)), rate: Math.round(rate) };
}
