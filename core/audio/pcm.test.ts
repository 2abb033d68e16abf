import { describe, expect, it } from "vitest";
import { encodeALaw, encodeMuLaw, resample, rmsLevel } from "./pcm";

const tone = (n: number, rate: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));

describe("pcm helpers", () => {
  it("resamples to the target rate", () => {
    expect(resample(tone(22050, 22050), 22050, 44100).length).toBe(44100);
    expect(resample(tone(22050, 22050), 22050, 8000).length).toBe(8000);
  });
  it("encodes G.711 with the standard values", () => {
    expect([...encodeMuLaw(Int16Array.from([0, 32767, -32768]))]).toEqual([0xff, 0x80, 0x00]);
    expect([...encodeALaw(Int16Array.from([0, 32767, -32768]))]).toEqual([0xd5, 0xaa, 0x2a]);
  });
  it("measures levels", () => {
    expect(rmsLevel(new Int16Array(100))).toBe(0);
    expect(rmsLevel(tone(1000, 22050))).toBeGreaterThan(0.1);
  });
});
