import { describe, expect, it } from "vitest";
import { syntheticSpeech } from "../voices/synthetic-speech";
import { alignToRecording, hopFor } from "./align";
import { dtw, MAX_DTW_CELLS } from "./dtw";
import { fft } from "./features";

describe("fft", () => {
  it("puts a cosine's energy in its bin", () => {
    const re = Float64Array.from({ length: 64 }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / 64));
    const im = new Float64Array(64);
    fft(re, im);
    expect(re[5]).toBeCloseTo(32, 6);
    expect(Math.abs(re[7]!)).toBeLessThan(1e-9);
  });
});

describe("dtw", () => {
  /** One value per frame: a ramp, so every frame is unlike the others. */
  const ramp = (values: number[]) => Float32Array.from(values);

  it("pairs each frame with itself when nothing is warped", () => {
    const a = ramp([0, 1, 2, 3, 4, 5]);
    const warp = dtw(a, 6, a, 6, 1);
    expect([...warp.firstA]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(warp.meanCost).toBe(0);
  });

  it("finds a known warp: the second half of `a` is twice as slow", () => {
    const b = ramp([0, 1, 2, 3, 4, 5, 6, 7]);
    const a = ramp([0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
    const warp = dtw(a, a.length, b, b.length, 1);
    expect([...warp.firstA]).toEqual([0, 1, 2, 3, 4, 6, 8, 10]);
    expect([...warp.lastA]).toEqual([0, 1, 2, 3, 5, 7, 9, 11]);
    expect(warp.meanCost).toBe(0);
  });

  it("refuses a warp beyond its memory bound", () => {
    expect(() => dtw(new Float32Array(1), MAX_DTW_CELLS, new Float32Array(1), 2, 1)).toThrow(RangeError);
  });
});

describe("hopFor", () => {
  it("keeps 10 ms frames for a minute and coarsens them for ten", () => {
    expect(hopFor(60, 60)).toBe(0.01);
    expect(hopFor(600, 600) * 100).toBeGreaterThan(9);
  });
});

describe("alignToRecording", () => {
  it("carries boundaries through a recording that is slower than the synthesis", () => {
    // Two "words": a low vowel then a high one, each 0.5 s in the synthesis and 0.8 s in the recording, with pauses.
    const word = (f0: number, formants: number[], seconds: number, rate: number) => syntheticSpeech({ f0, formants, seconds, sampleRate: rate, syllablesPerSecond: 1 / seconds }).samples;
    const join = (...parts: Float32Array[]) => {
      const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const silence = (seconds: number, rate: number) => new Float32Array(Math.round(seconds * rate));
    const rate = 16_000;
    const synthetic = join(silence(0.2, rate), word(120, [300, 800, 2500], 0.5, rate), silence(0.2, rate), word(120, [700, 1900, 2800], 0.5, rate), silence(0.2, rate));
    const recording = join(silence(0.5, rate), word(200, [330, 880, 2700], 0.8, rate), silence(0.3, rate), word(200, [770, 2050, 3000], 0.8, rate), silence(0.4, rate));
    // Each word's voiced part is its first 70% (syntheticSpeech's syllable), so word ends fall inside the next pause.
    const times = { characters: ["a", " ", "b"], starts: [0.2, 0.55, 0.9], ends: [0.55, 0.9, 1.25] };
    const aligned = alignToRecording({ samples: recording, sampleRate: rate }, { samples: synthetic, sampleRate: rate }, times);
    expect(aligned.words.map((w) => w.text)).toEqual(["a", "b"]);
    expect(Math.abs(aligned.words[0]!.start - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(aligned.words[1]!.start - 1.6)).toBeLessThan(0.05);
    expect(aligned.words[1]!.end).toBeLessThanOrEqual(2.8);
    expect(aligned.loss).toBeGreaterThan(0);
  });
});
