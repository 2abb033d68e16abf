import { describe, expect, it } from "vitest";
import { descriptionWords, generateSoundEffect, parametersFor, recipesFor, SOUND_SAMPLE_RATE, type SoundEffectRequest } from "./procedural";
import { seededRandom } from "./dsp";

const make = (prompt: string, more: Partial<SoundEffectRequest> = {}) => generateSoundEffect({ prompt, durationSeconds: 3, promptInfluence: 0.3, loop: false, seed: 7, ...more });

/** Energy per frequency band (a Hann-windowed radix-2 FFT averaged over frames). */
function spectrum(samples: Float32Array, size = 1024): Float64Array {
  const power = new Float64Array(size / 2);
  for (let start = 0; start + size <= samples.length; start += size) {
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    for (let i = 0; i < size; i++) re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
    for (let i = 1, j = 0; i < size; i++) {
      let bit = size >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      if (i < j) {
        [re[i], re[j]] = [re[j]!, re[i]!];
        [im[i], im[j]] = [im[j]!, im[i]!];
      }
    }
    for (let len = 2; len <= size; len <<= 1) {
      const angle = (-2 * Math.PI) / len;
      for (let i = 0; i < size; i += len) {
        for (let k = 0; k < len / 2; k++) {
          const wr = Math.cos(angle * k), wi = Math.sin(angle * k);
          const a = i + k, b = i + k + len / 2;
          const tr = re[b]! * wr - im[b]! * wi, ti = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - tr;
          im[b] = im[a]! - ti;
          re[a] = re[a]! + tr;
          im[a] = im[a]! + ti;
        }
      }
    }
    for (let k = 0; k < size / 2; k++) power[k] = power[k]! + re[k]! ** 2 + im[k]! ** 2;
  }
  return power;
}

function bandEnergy(power: Float64Array, low: number, high: number): number {
  const hz = SOUND_SAMPLE_RATE / (power.length * 2);
  let sum = 0;
  for (let k = Math.ceil(low / hz); k < Math.min(power.length, high / hz); k++) sum += power[k]!;
  return sum;
}

/** Spectral flatness (geometric over arithmetic mean of the power, 200 Hz to 16 kHz): near 1 for noise, near 0 for tones. */
function flatness(power: Float64Array): number {
  const hz = SOUND_SAMPLE_RATE / (power.length * 2);
  const bins = [...power.slice(Math.ceil(200 / hz), Math.floor(16000 / hz))].map((p) => p + 1e-12);
  const geometric = Math.exp(bins.reduce((s, p) => s + Math.log(p), 0) / bins.length);
  return geometric / (bins.reduce((s, p) => s + p, 0) / bins.length);
}

/** RMS per 10 ms frame. */
function envelope(samples: Float32Array): number[] {
  const frame = SOUND_SAMPLE_RATE / 100;
  const out: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i]! ** 2;
    out.push(Math.sqrt(sum / frame));
  }
  return out;
}

describe("the description picks the recipe", () => {
  it.each([
    ["gentle rain on a window", "rain"],
    ["howling wind in the mountains", "wind"],
    ["a babbling brook with water over stones", "water"],
    ["crackling campfire", "fire"],
    ["distant thunder", "thunder"],
    ["footsteps on gravel", "footsteps"],
    ["metal pipe hit on concrete", "impact"],
    ["a fast whoosh transition", "whoosh"],
    ["car engine idling", "engine"],
    ["crowd applause in a theatre", "crowd"],
    ["birds chirping at dawn", "birds"],
    ["a mouse click", "interface"],
    ["a short beep", "interface"],
    ["a phone notification chime", "interface"],
  ])("%s → %s", (prompt, recipe) => {
    expect(recipesFor(descriptionWords(prompt))[0]!.id).toBe(recipe);
  });

  it("layers two recipes when the description names both, and falls back to room tone otherwise", () => {
    expect(recipesFor(descriptionWords("rain with thunder")).map((r) => r.id).sort()).toEqual(["rain", "thunder"]);
    expect(make("rain with thunder").recipes.sort()).toEqual(["rain", "thunder"]);
    expect(make("the sound of melancholy").recipes).toEqual(["ambience"]);
  });
});

describe("the procedural sound engine", () => {
  it("honours the duration, and picks the recipe's own when automatic", () => {
    for (const seconds of [0.5, 3.7, 22]) expect(make("rain", { durationSeconds: seconds }).samples.length).toBe(Math.round(seconds * SOUND_SAMPLE_RATE));
    expect(make("rain", { durationSeconds: null }).durationSeconds).toBe(8);
    expect(make("a mouse click", { durationSeconds: null }).durationSeconds).toBe(0.5);
  });

  it("makes rain noise-like and broadband", () => {
    const power = spectrum(make("rain").samples);
    expect(flatness(power)).toBeGreaterThan(0.2);
    const bands = [[300, 1000], [1000, 3000], [3000, 8000]].map(([lo, hi]) => bandEnergy(power, lo!, hi!));
    const total = bands.reduce((a, b) => a + b, 0);
    for (const band of bands) expect(band / total).toBeGreaterThan(0.1);
  });

  it("makes a beep a tone, not noise", () => {
    const power = spectrum(make("a short beep", { durationSeconds: 0.5 }).samples, 2048);
    expect(flatness(power)).toBeLessThan(0.05);
    const strongest = power.indexOf(Math.max(...power));
    expect(strongest * (SOUND_SAMPLE_RATE / 2048)).toBeCloseTo(1000, -2);
  });

  it("gives footsteps periodic transients", () => {
    const env = envelope(make("footsteps on a wooden floor", { durationSeconds: 6, promptInfluence: 1 }).samples);
    const onsets: number[] = [];
    for (let i = 1; i < env.length; i++) if (env[i]! > 4 * env[i - 1]! + 0.01 && (!onsets.length || i - onsets.at(-1)! > 15)) onsets.push(i);
    expect(onsets.length).toBeGreaterThanOrEqual(6);
    const gaps = onsets.slice(1).map((o, i) => o - onsets[i]!);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(30);
    expect(mean).toBeLessThan(90);
    for (const gap of gaps) expect(Math.abs(gap - mean)).toBeLessThan(0.15 * mean);
  });

  it("makes a loop whose end runs on into its start", () => {
    for (const prompt of ["rain", "car engine idling", "crowd chatter", "wind"]) {
      const { samples } = make(prompt, { loop: true, durationSeconds: 4 });
      expect(samples.length).toBe(4 * SOUND_SAMPLE_RATE);
      let step = 0;
      for (let i = 1; i < samples.length; i++) step += Math.abs(samples[i]! - samples[i - 1]!);
      step /= samples.length - 1;
      // The jump across the seam is no bigger than an ordinary step from one sample to the next.
      expect(Math.abs(samples[0]! - samples.at(-1)!)).toBeLessThan(4 * step + 1e-3);
      const head = envelope(samples.slice(0, SOUND_SAMPLE_RATE / 5)).reduce((a, b) => a + b, 0);
      const tail = envelope(samples.slice(-SOUND_SAMPLE_RATE / 5)).reduce((a, b) => a + b, 0);
      expect(head / tail).toBeGreaterThan(0.4);
      expect(head / tail).toBeLessThan(2.5);
    }
  });

  it("is deterministic for a seed and varies across seeds", () => {
    expect(make("birds chirping", { seed: 3 }).samples).toEqual(make("birds chirping", { seed: 3 }).samples);
    expect(make("birds chirping", { seed: 3 }).samples).not.toEqual(make("birds chirping", { seed: 4 }).samples);
  });

  it("lets the words set the parameters as strictly as the prompt influence says", () => {
    const words = descriptionWords("heavy distant rain");
    const strict = [1, 2, 3].map((seed) => parametersFor(words, 1, seededRandom(seed)));
    for (const p of strict) expect([p.intensity, p.distance]).toEqual([0.9, 0.85]);
    const loose = [1, 2, 3].map((seed) => parametersFor(descriptionWords("rain"), 0, seededRandom(seed)).intensity);
    expect(new Set(loose).size).toBe(3);
  });

  it("never clips and is never silent", () => {
    for (const prompt of ["thunder", "glass shatter", "stadium crowd cheering", "motorcycle revving", "ocean waves", "typing on a keyboard", "error alert"]) {
      const { samples } = make(prompt);
      const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
      expect(peak, prompt).toBeLessThanOrEqual(0.9);
      expect(peak, prompt).toBeGreaterThan(0.3);
    }
  });
});
