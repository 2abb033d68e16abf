import { describe, expect, it } from "vitest";
import { DUCK_GAIN, duckingGains, fitClip, mixVoiceover } from "./mix";

const RATE = 1000;
const constant = (length: number, value: number) => new Int16Array(length).fill(value);

describe("voiceover mix", () => {
  it("lowers the original under dialogue to the duck gain, with ramps either side", () => {
    const gains = duckingGains(2000, [{ start: 500, end: 1000 }], RATE);
    expect(gains[100]).toBe(1);
    expect(gains[600]).toBeCloseTo(DUCK_GAIN);
    expect(gains[999]).toBeCloseTo(DUCK_GAIN);
    // Half way down the 150 ms ramp before the line, half way up after it.
    expect(gains[425]).toBeCloseTo((1 + DUCK_GAIN) / 2, 1);
    expect(gains[1074]).toBeCloseTo((1 + DUCK_GAIN) / 2, 1);
    expect(gains[1200]).toBe(1);
  });

  it("cuts a clip that runs past the end with a fade", () => {
    const cut = fitClip(constant(100, 1000), 60, RATE);
    expect(cut.length).toBe(60);
    expect(cut[0]).toBe(1000);
    expect(cut[59]).toBe(0);
    expect(fitClip(constant(10, 5), 60, RATE).length).toBe(10);
  });

  it("keeps, ducks or drops the original under the clips", () => {
    const original = constant(3000, 1000);
    const clips = [
      { start: 1000, samples: constant(1000, 2000), kind: "dialogue" as const },
      { start: 2500, samples: constant(1000, 300), kind: "effect" as const },
    ];
    const kept = mixVoiceover(3000, RATE, original, "keep", clips);
    expect(kept.length).toBe(3000);
    expect([kept[0], kept[1500], kept[2600]]).toEqual([1000, 3000, 1300]);
    const ducked = mixVoiceover(3000, RATE, original, "duck", clips);
    expect(ducked[0]).toBe(1000);
    expect(ducked[1500]).toBe(2000 + Math.round(1000 * DUCK_GAIN));
    // An effect does not duck the original.
    expect(ducked[2600]).toBe(1300);
    const dropped = mixVoiceover(3000, RATE, original, "drop", clips);
    expect([dropped[0], dropped[1500], dropped[2600]]).toEqual([0, 2000, 300]);
    expect(mixVoiceover(3000, RATE, null, "duck", clips)[1500]).toBe(2000);
  });
});
