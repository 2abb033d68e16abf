import { Mp3Encoder } from "@breezystack/lamejs";
import { describe, expect, it } from "vitest";
import { encodeALaw, encodeMuLaw } from "./pcm";
import { decodeALaw, decodeMuLaw, LEVELS_PER_SECOND, mp3Frames, mp3Levels, pcmLevels } from "./audio-levels";

/** One second of tone, one of silence, one of a quieter tone. */
function speechLike(rate: number): Int16Array {
  return Int16Array.from({ length: rate * 3 }, (_, i) => {
    const second = Math.floor(i / rate);
    const amplitude = second === 0 ? 12000 : second === 1 ? 0 : 3000;
    return Math.round(amplitude * Math.sin((2 * Math.PI * 300 * i) / rate));
  });
}

function mp3(pcm: Int16Array, rate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(1, rate, kbps);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe("mp3Levels", () => {
  for (const [rate, kbps] of [[44100, 128], [22050, 32]] as const) {
    it(`follows loud, silent and quiet parts (${rate} Hz, ${kbps} kbps) and measures the duration`, () => {
      const bytes = mp3(speechLike(rate), rate, kbps);
      expect(mp3Frames(bytes).reduce((n, f) => n + f.length, 0)).toBeGreaterThan(bytes.length * 0.95);
      const { levels, durationSeconds, perSecond } = mp3Levels(bytes);
      expect(perSecond).toBe(LEVELS_PER_SECOND);
      expect(durationSeconds).toBeGreaterThan(2.95);
      expect(durationSeconds).toBeLessThan(3.15);
      const loud = mean(levels.slice(5, 35));
      const silent = mean(levels.slice(48, 75));
      const quiet = mean(levels.slice(88, 115));
      expect(loud).toBeGreaterThan(quiet);
      expect(quiet).toBeGreaterThan(silent);
      expect(silent).toBeLessThan(0.1);
    });
  }
  it("finds nothing in bytes that are not MP3", () => {
    expect(mp3Levels(new Uint8Array(1000).fill(7)).levels).toEqual([]);
  });
});

describe("pcmLevels and G.711", () => {
  it("follow the RMS of each 1/40 s", () => {
    const { levels, durationSeconds } = pcmLevels(speechLike(8000), 8000);
    expect(durationSeconds).toBe(3);
    expect(levels).toHaveLength(120);
    expect(Math.max(...levels.slice(0, 40))).toBeCloseTo(1, 2);
    expect(Math.max(...levels.slice(41, 79))).toBe(0);
    expect(mean(levels.slice(81, 119))).toBeCloseTo(0.25, 1);
  });
  it("decode µ-law and A-law back to nearly the same samples", () => {
    const samples = Int16Array.from([0, 100, -100, 1000, -1000, 12000, -12000, 30000]);
    for (const decoded of [decodeMuLaw(encodeMuLaw(samples)), decodeALaw(encodeALaw(samples))]) {
      samples.forEach((s, i) => expect(Math.abs(decoded[i]! - s)).toBeLessThanOrEqual(Math.max(16, Math.abs(s) * 0.07)));
    }
  });
});
