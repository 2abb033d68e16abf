import { describe, expect, it } from "vitest";
import { denoise48k, isolateVoice, RNNOISE_RATE } from "./rnnoise";

/** A repeatable white noise (a linear congruential generator), so the figures do not move between runs. */
function whiteNoise(length: number, amplitude: number, seed = 1): Int16Array {
  let state = seed;
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[i] = Math.round((state / 2147483648 - 0.5) * 2 * amplitude);
  }
  return out;
}

function dbfs(samples: Int16Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return 20 * Math.log10(Math.sqrt(sum / Math.max(1, to - from)) / 32768);
}

describe("RNNoise", () => {
  it("lowers white noise by more than 15 dB and keeps the length", async () => {
    const noise = whiteNoise(RNNOISE_RATE * 2 + 123, 1000);
    const { samples } = await denoise48k(noise);
    expect(samples.length).toBe(noise.length);
    const before = dbfs(noise, RNNOISE_RATE / 2);
    const after = dbfs(samples, RNNOISE_RATE / 2);
    console.log(`white noise ${before.toFixed(1)} dBFS -> ${after.toFixed(1)} dBFS`);
    expect(after).toBeLessThan(before - 15);
  });

  it("resamples other rates to 48 kHz and back out at 48 kHz", async () => {
    const out = await isolateVoice(whiteNoise(16000, 800), 16000);
    expect(out.sampleRate).toBe(48000);
    expect(out.samples.length).toBe(48000);
  });

  it("is silent in, silent out", async () => {
    const { samples } = await denoise48k(new Int16Array(4800));
    expect(samples.every((s) => s === 0)).toBe(true);
  });
});

describe("the voice gate", () => {
  it("keeps voiced frames and lowers background-only ones to a tenth, without a jump", async () => {
    const { voiceGate } = await import("./rnnoise");
    const samples = new Int16Array(480 * 60).fill(10000);
    const probability = new Float32Array(60);
    probability.fill(0.9, 0, 10);
    voiceGate(samples, probability);
    expect(samples[480 * 5]).toBe(10000);
    // Held 200 ms after the last voiced frame, then closed gradually to the floor.
    expect(samples[480 * 25]).toBe(10000);
    expect(samples[480 * 59]).toBe(1000);
    for (let i = 1; i < samples.length; i++) expect(Math.abs(samples[i]! - samples[i - 1]!)).toBeLessThan(10);
  });
});
