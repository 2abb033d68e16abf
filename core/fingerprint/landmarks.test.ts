import { describe, expect, it } from "vitest";
import { alignedMatches, fingerprint, fingerprintParts, probabilityFrom, queryFingerprints } from "./landmarks";

/** A speech-like test signal: three partials jumping to new seeded frequencies every 50 ms. */
function babble(seed: number, seconds: number, rate = 22050): Int16Array {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out = new Int16Array(rate * seconds);
  let f = [300, 1200, 2500];
  for (let i = 0; i < out.length; i++) {
    if (i % Math.round(rate / 20) === 0) f = [200 + rnd() * 600, 800 + rnd() * 1200, 2000 + rnd() * 1200];
    out[i] = Math.round(3000 * (Math.sin((2 * Math.PI * f[0]! * i) / rate) + 0.6 * Math.sin((2 * Math.PI * f[1]! * i) / rate) + 0.3 * Math.sin((2 * Math.PI * f[2]! * i) / rate)));
  }
  return out;
}

const best = (query: Int16Array, rate: number, stored: ReturnType<typeof fingerprint>) => Math.max(...queryFingerprints(query, rate).map((q) => alignedMatches(q, stored).count));

describe("landmark fingerprints", () => {
  const clip = babble(1, 6);
  const stored = fingerprint(clip, 22050);

  it("finds a trimmed, quieter, resampled copy at a consistent offset", () => {
    const trimmed = clip.slice(22050 + 100, clip.length - 22050);
    expect(best(trimmed, 22050, stored)).toBeGreaterThan(50);
    const quieter = Int16Array.from(clip, (v) => Math.round(v / 4));
    expect(best(quieter, 22050, stored)).toBeGreaterThan(stored.length * 0.8);
    const at16k = Int16Array.from({ length: Math.floor((clip.length * 16000) / 22050) }, (_, i) => clip[Math.floor((i * 22050) / 16000)]!);
    expect(best(at16k, 16000, stored)).toBeGreaterThan(50);
  });

  it("does not match other audio, and says so with a low probability", () => {
    const other = babble(2, 6);
    const aligned = best(other, 22050, stored);
    expect(aligned).toBeLessThan(8);
    expect(probabilityFrom(aligned, 300)).toBeLessThan(0.05);
    expect(probabilityFrom(200, 300)).toBeGreaterThan(0.99);
    expect(probabilityFrom(200, 10)).toBe(0);
  });

  it("fingerprints audio made in parts as one recording", () => {
    const parts = [{ samples: clip.slice(0, 66150), sampleRate: 22050 }, { samples: clip.slice(66150), sampleRate: 22050 }];
    expect(alignedMatches(fingerprintParts(parts), stored).count).toBeGreaterThan(stored.length * 0.9);
  });
});
