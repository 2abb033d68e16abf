// The voiceover's track: each clip's audio at its start over the video's own sound, which is kept, lowered under
// the dialogue ("ducked") or left out (decision 0062). The sum is dubbing's (mixLines).
import { mixLines } from "../dubbing/fit";
import type { OriginalAudioMode } from "./render";

/** How far the original sound is lowered under dialogue: -14 dB, under speech but still heard. */
export const DUCK_GAIN = 10 ** (-14 / 20);
/** The fall before a line and the rise after it, so the lowering is not heard as a cut. */
export const DUCK_RAMP_SECONDS = 0.15;
/** A clip that runs past the video's end is cut there with this fade. */
const CUT_FADE_SECONDS = 0.02;

export type MixClip = { start: number; samples: Int16Array; kind: "dialogue" | "effect" };

/** The original's gain per sample: DUCK_GAIN inside the spans, 1 away from them, ramped in between. */
export function duckingGains(length: number, spans: readonly { start: number; end: number }[], rate: number): Float32Array {
  const gains = new Float32Array(length).fill(1);
  const ramp = Math.max(1, Math.round(DUCK_RAMP_SECONDS * rate));
  for (const { start, end } of spans) {
    for (let i = Math.max(0, start - ramp); i < Math.min(length, end + ramp); i++) {
      const away = i < start ? (start - i) / ramp : i >= end ? (i - end + 1) / ramp : 0;
      const gain = DUCK_GAIN + (1 - DUCK_GAIN) * Math.min(1, away);
      if (gain < gains[i]!) gains[i] = gain;
    }
  }
  return gains;
}

/** A clip's samples within `room` samples: longer ones are cut with a short fade, so the end is not a click. */
export function fitClip(samples: Int16Array, room: number, rate: number): Int16Array {
  if (samples.length <= room) return samples;
  const kept = samples.slice(0, Math.max(0, room));
  const fade = Math.min(kept.length, Math.round(CUT_FADE_SECONDS * rate));
  for (let i = 0; i < fade; i++) kept[kept.length - 1 - i] = Math.round(kept[kept.length - 1 - i]! * (i / fade));
  return kept;
}

/**
 * The track of `length` samples: the clips (starts in samples) over the original, whose treatment `mode` says
 * (no original: silence under the clips).
 */
export function mixVoiceover(length: number, rate: number, original: Int16Array | null, mode: OriginalAudioMode, clips: readonly MixClip[]): Int16Array {
  const lines = clips.filter((c) => c.start < length).map((c) => ({ start: c.start, samples: fitClip(c.samples, length - c.start, rate), kind: c.kind }));
  let background: Int16Array | null = null;
  if (original && mode !== "drop") {
    background = original.subarray(0, length);
    if (mode === "duck") {
      const gains = duckingGains(length, lines.filter((l) => l.kind === "dialogue").map((l) => ({ start: l.start, end: l.start + l.samples.length })), rate);
      background = Int16Array.from(background, (s, i) => Math.round(s * gains[i]!));
    }
  }
  return mixLines(length, background, lines);
}
