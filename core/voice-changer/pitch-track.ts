// The fundamental frequency frame by frame (10 ms), by the speaker analysis' YIN: what PSOLA places its pitch
// marks by and what the voice changer moves.
import { ANALYSIS_RATE, toAnalysisRate, yinPitch } from "../voices/speaker-analysis";

/** One pitch value per frame of this length. */
export const PITCH_HOP_SECONDS = 0.01;
const HOP = ANALYSIS_RATE * PITCH_HOP_SECONDS;
const WINDOW = ANALYSIS_RATE / 25; // 40 ms: two periods of a 50 Hz voice

/** F0 in Hz per 10 ms frame from the start of the signal; 0 for an unvoiced or silent frame. */
export function pitchTrack(samples: Float32Array, sampleRate: number): Float32Array {
  const analysed = toAnalysisRate(samples, sampleRate);
  const frames = Math.ceil(samples.length / sampleRate / PITCH_HOP_SECONDS);
  const levels = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const start = Math.max(0, Math.round(i * HOP - WINDOW / 2));
    let acc = 0;
    const end = Math.min(analysed.length, start + WINDOW);
    for (let j = start; j < end; j++) acc += analysed[j]! * analysed[j]!;
    levels[i] = Math.sqrt(acc / Math.max(1, end - start));
  }
  const loud = [...levels].sort((a, b) => a - b)[Math.floor(frames * 0.95)] ?? 0;
  // Frames 30 dB below the loud ones are pauses, breath or room noise (as the speaker analysis decides).
  const silence = loud * 0.0316;
  const track = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const start = Math.max(0, Math.round(i * HOP - WINDOW / 2));
    if (levels[i]! <= silence || start + WINDOW > analysed.length) continue;
    track[i] = yinPitch(analysed.subarray(start, start + WINDOW), ANALYSIS_RATE) ?? 0;
  }
  return cleanTrack(track);
}

/**
 * Removes what would make PSOLA stutter: octave jumps (values beyond an octave of the median are dropped) and
 * single voiced or unvoiced frames inside the other kind (a 3-frame median).
 */
function cleanTrack(track: Float32Array): Float32Array {
  const voiced = [...track].filter((f) => f > 0).sort((a, b) => a - b);
  if (voiced.length === 0) return track;
  const median = voiced[Math.floor(voiced.length / 2)]!;
  const kept = track.map((f) => (f > median / 2 && f < median * 2 ? f : 0));
  const out = new Float32Array(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const trio = [kept[i - 1] ?? kept[i]!, kept[i]!, kept[i + 1] ?? kept[i]!].sort((a, b) => a - b);
    out[i] = trio[1]!;
  }
  return out;
}

/** The median of the voiced frames, or null when none is voiced. */
export function medianPitch(track: Float32Array): number | null {
  const voiced = [...track].filter((f) => f > 0).sort((a, b) => a - b);
  return voiced.length ? voiced[Math.floor(voiced.length / 2)]! : null;
}
