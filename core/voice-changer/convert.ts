// The embedded voice changer (decision 0031): the same words, timing and intonation, moved to the target voice's
// pitch, pitch range and formants. Classic DSP, not a neural converter: the result keeps the source speaker's
// articulation and voice quality and sounds processed at large shifts.
import { analyseSpeaker } from "../voices/speaker-analysis";
import { medianPitch, pitchTrack } from "./pitch-track";
import { psola, warpSpectrum } from "./psola";

/** What a voice is moved toward: as the speaker analysis measures a voice (core/voices/speaker-analysis.ts). */
export type VoiceTarget = { pitchMedianHz: number; pitchRangeSemitones: number; formantScale: number };

/** Formant moves beyond these turn speech into a cartoon: the target's is clamped to them. */
export const FORMANT_FACTOR_RANGE = [0.8, 1.25] as const;
/** How far the pitch range (the intonation's width) may be widened or narrowed. */
const RANGE_FACTOR_RANGE = [0.5, 2] as const;

export type ConversionReport = { sourcePitchHz: number; targetPitchHz: number; pitchFactor: number; formantFactor: number; rangeFactor: number };

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/**
 * The recording in the target voice, exactly as long: formants warped by the ratio of the target's formant scale to
 * the source's (a spectral warp by resampling), then TD-PSOLA sets each voiced frame's pitch to the target's median
 * times the source's intonation around its own median (widened or narrowed to the target's range) and restores the
 * length. Null when the recording has too little voiced speech to measure.
 */
export function convertVoice(samples: Float32Array, sampleRate: number, target: VoiceTarget): { samples: Float32Array; report: ConversionReport } | null {
  const source = analyseSpeaker(samples, sampleRate);
  const track = pitchTrack(samples, sampleRate);
  const sourcePitch = medianPitch(track);
  if (!source || !sourcePitch) return null;
  const formantFactor = clamp(target.formantScale / source.formantScale, FORMANT_FACTOR_RANGE);
  const rangeFactor = source.pitchRangeSemitones > 0.5 ? clamp(target.pitchRangeSemitones / source.pitchRangeSemitones, RANGE_FACTOR_RANGE) : 1;
  const warped = warpSpectrum(samples, formantFactor);
  // The warped signal's frames: frame j there is frame j * factor of the source, its pitch raised by the factor.
  const warpedTrack = new Float32Array(Math.ceil(track.length / formantFactor));
  for (let j = 0; j < warpedTrack.length; j++) warpedTrack[j] = (track[Math.min(track.length - 1, Math.round(j * formantFactor))] ?? 0) * formantFactor;
  const pitchFactor = (frame: number) => {
    const f0 = warpedTrack[frame]! / formantFactor;
    const wanted = target.pitchMedianHz * Math.pow(f0 / sourcePitch, rangeFactor);
    return wanted / warpedTrack[frame]!;
  };
  const out = psola(warped, sampleRate, warpedTrack, pitchFactor, samples.length);
  return { samples: out, report: { sourcePitchHz: sourcePitch, targetPitchHz: target.pitchMedianHz, pitchFactor: target.pitchMedianHz / sourcePitch, formantFactor, rangeFactor } };
}
