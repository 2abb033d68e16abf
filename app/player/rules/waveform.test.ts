import { describe, expect, it } from "vitest";
import { playedBars, WAVEFORM_FLOOR, waveformPeaks } from "../../../core/audio/waveform";

describe("waveformPeaks", () => {
  it("follows the loudness of each slice, loudest scaled to 1", () => {
    const samples = new Float32Array(400);
    samples.fill(0.1, 0, 100);
    samples.fill(-0.5, 100, 200);
    samples.fill(0.25, 200, 300);
    const peaks = waveformPeaks(samples, 4);
    [0.2, 1, 0.5, WAVEFORM_FLOOR].forEach((expected, i) => expect(peaks[i]).toBeCloseTo(expected, 6));
  });
  it("draws silence and empty audio at the floor", () => {
    expect(waveformPeaks(new Float32Array(10), 3)).toEqual([WAVEFORM_FLOOR, WAVEFORM_FLOOR, WAVEFORM_FLOOR]);
    expect(waveformPeaks(new Float32Array(0), 2)).toEqual([WAVEFORM_FLOOR, WAVEFORM_FLOOR]);
  });
  it("handles fewer samples than bars", () => {
    const peaks = waveformPeaks(Float32Array.from([0.5, 1]), 4);
    expect(peaks).toHaveLength(4);
    expect(Math.max(...peaks)).toBe(1);
  });
});

describe("playedBars", () => {
  it("counts the bars before the current time", () => {
    expect(playedBars(0, 10, 64)).toBe(0);
    expect(playedBars(5, 10, 64)).toBe(32);
    expect(playedBars(10, 10, 64)).toBe(64);
    expect(playedBars(12, 10, 64)).toBe(64);
    expect(playedBars(3, Number.NaN, 64)).toBe(0);
  });
});
