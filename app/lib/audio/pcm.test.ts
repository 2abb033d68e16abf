import { describe, expect, it } from "vitest";
import { encodeALaw, encodeMuLaw, resample, rmsLevel } from "./pcm";
import { StreamingEncoder } from "./encoder";

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

describe("StreamingEncoder", () => {
  it("produces MP3 frames", () => {
    const encoder = new StreamingEncoder("mp3_44100_128");
    const bytes = [...encoder.push(tone(22050, 22050), 22050), ...encoder.finish()];
    const frameSync = bytes.findIndex((b, i) => b === 0xff && (bytes[i + 1]! & 0xe0) === 0xe0);
    expect(frameSync).toBeGreaterThanOrEqual(0);
    // ~1 s at 128 kbps is about 16 KB.
    expect(bytes.length).toBeGreaterThan(12000);
    expect(bytes.length).toBeLessThan(22000);
  });
  it("produces raw PCM at the requested rate", () => {
    const encoder = new StreamingEncoder("pcm_16000");
    expect(encoder.push(tone(22050, 22050), 22050).byteLength).toBe(32000);
  });
});
