import { describe, expect, it } from "vitest";
import { applyLoudness, gainFor, MagnitudeHistogram, measureLoudness } from "./loudness";

const RATE = 44100;
const TARGET = { rmsDb: -20, peakCeilingDb: -4, gateBelowDb: -50 };

/** Speech-like: one-second bursts of a harmonic tone with sharp peaks, then a second of quiet hiss. */
function speechLike(seconds: number, level: number): Int16Array {
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 2;
  return Int16Array.from({ length: RATE * seconds }, (_, i) => {
    const t = i / RATE;
    const voiced = Math.floor(t) % 2 === 0;
    const s = voiced ? Math.sin(2 * Math.PI * 150 * t) + 0.6 * Math.sin(2 * Math.PI * 450 * t) + (i % 4000 < 20 ? 2.5 : 0) : 0.002 * noise();
    return Math.round(Math.max(-1, Math.min(1, s * level)) * 32767);
  });
}

describe("loudness", () => {
  it("measures a full-scale square wave at 0 dB and a half-scale sine at -9 dB RMS", () => {
    expect(measureLoudness(Int16Array.from({ length: RATE }, (_, i) => (i % 100 < 50 ? 32767 : -32767)), RATE).rmsDb).toBeCloseTo(0, 1);
    const sine = measureLoudness(Int16Array.from({ length: RATE }, (_, i) => Math.round(16384 * Math.sin(i / 10))), RATE);
    expect(sine.rmsDb).toBeCloseTo(-9.03, 1);
    expect(sine.peakDb).toBeCloseTo(-6.02, 1);
  });

  it("brings quiet and loud audio inside the audiobook range: RMS -23..-18 dB, peaks at most -3 dB, floor at most -60 dB", () => {
    for (const level of [0.02, 0.3, 1.5]) {
      const input = speechLike(4, level);
      const histogram = new MagnitudeHistogram();
      histogram.add(input);
      const gain = gainFor(histogram, TARGET)!;
      const out = measureLoudness(applyLoudness(input, RATE, gain, TARGET), RATE);
      expect(out.rmsDb).toBeGreaterThan(-23);
      expect(out.rmsDb).toBeLessThan(-18);
      expect(out.peakDb).toBeLessThanOrEqual(-3.9);
      expect(out.noiseFloorDb).toBeLessThanOrEqual(-60);
    }
  });

  it("has no gain for silence", () => {
    const histogram = new MagnitudeHistogram();
    histogram.addSilence(1000);
    expect(gainFor(histogram, TARGET)).toBeNull();
  });
});
