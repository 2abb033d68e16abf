import { describe, expect, it } from "vitest";
import { timeStretch } from "./time-stretch";
import { yinPitch } from "../voices/speaker-analysis";

const RATE = 24000;
const tone = (hz: number, seconds: number) => Int16Array.from({ length: Math.round(seconds * RATE) }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / RATE)));
const pitchAt = (samples: Int16Array, at: number) => yinPitch(Float32Array.from(samples.subarray(at, at + 960), (v) => v / 32768), RATE)!;

describe("timeStretch (WSOLA)", () => {
  it("changes the duration by the factor and keeps the pitch", () => {
    const input = tone(200, 1);
    for (const factor of [0.7, 1.2]) {
      const out = timeStretch(input, RATE, factor);
      expect(out.length).toBe(Math.round(RATE / factor));
      expect(Math.abs(pitchAt(out, Math.round(out.length / 2)) / 200 - 1)).toBeLessThan(0.02);
      // The level too: the overlapping frames add up without beating (the periods line up).
      const rms = Math.sqrt(out.slice(2400, -2400).reduce((s, v) => s + v * v, 0) / (out.length - 4800));
      expect(Math.abs(rms / (8000 / Math.SQRT2) - 1)).toBeLessThan(0.1);
    }
  });

  it("leaves speed 1 and empty audio as they are", () => {
    const input = tone(150, 0.2);
    expect(timeStretch(input, RATE, 1)).toBe(input);
    expect(timeStretch(new Int16Array(0), RATE, 1.1).length).toBe(0);
  });
});
