import { describe, expect, it } from "vitest";
import { createMp3Stream } from "./mp3";
import { decodeMp3 } from "./mp3-decoder";
import { resample } from "./pcm";
import { detectWatermark, embedWatermark, WATERMARK_DB, WATERMARK_THRESHOLD, WatermarkStream } from "./watermark";

/** Speech-like: a voiced buzz (harmonics of a gliding pitch, falling 6 dB an octave) in 4 Hz syllables, with pauses. */
function speechLike(seconds: number, rate: number, seed = 1): Int16Array {
  let x = seed * 7919;
  const noise = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 0x100000000 - 0.5;
  let phase = 0;
  return Int16Array.from({ length: Math.round(seconds * rate) }, (_, n) => {
    const t = n / rate;
    const f0 = 120 + 30 * Math.sin(2 * Math.PI * 0.7 * t + seed);
    phase += (2 * Math.PI * f0) / rate;
    let v = 0;
    for (let h = 1; h * f0 < rate / 2 && h < 40; h++) v += Math.sin(h * phase) / h;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) * (t % 1.5 < 1.2 ? 1 : 0);
    return Math.round(syllable * (5000 * v + 800 * noise()));
  });
}

async function mp3At64(samples: Int16Array, rate: number) {
  const stream = await createMp3Stream(rate, 64);
  const a = stream.encode(samples);
  const b = stream.finish();
  const bytes = new Uint8Array(a.length + b.length);
  bytes.set(a);
  bytes.set(b, a.length);
  return decodeMp3(bytes);
}

/** Band power 1-4 kHz of a signal, by a plain DFT on a few bins (enough to compare levels). */
function bandPower(samples: Float64Array | Int16Array, rate: number): number {
  let total = 0;
  const n = samples.length;
  for (let f = 1000; f <= 4000; f += 50) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      re += samples[i]! * Math.cos((2 * Math.PI * f * i) / rate);
      im -= samples[i]! * Math.sin((2 * Math.PI * f * i) / rate);
    }
    total += re * re + im * im;
  }
  return total;
}

describe("embedWatermark / detectWatermark", () => {
  const rate = 22050;
  const clean = speechLike(8, rate);
  const marked = embedWatermark(clean, rate);

  it("finds the mark in what it marked, and not in the same audio unmarked", () => {
    expect(marked.length).toBe(clean.length);
    const found = detectWatermark(marked, rate);
    // This buzz, fully gated 4 times a second, is harder than speech (real clips score 10-14, bench/watermark.mjs).
    expect(found.score).toBeGreaterThan(WATERMARK_THRESHOLD);
    expect(found.probability).toBeGreaterThan(0.5);
    const none = detectWatermark(clean, rate);
    expect(none.score).toBeLessThan(WATERMARK_THRESHOLD);
    expect(none.probability).toBeLessThan(0.5);
  });

  it("survives MP3 at 64 kbps at 44.1 kHz, resampling to 16 kHz and back, and a trim of the first 0.3 s", async () => {
    const delivered = await mp3At64(resample(marked, rate, 44100), 44100);
    const trimmed = delivered.samples.slice(Math.round(0.3 * delivered.sampleRate));
    const copy = resample(resample(trimmed, delivered.sampleRate, 16000), 16000, delivered.sampleRate);
    expect(detectWatermark(copy, delivered.sampleRate).probability).toBeGreaterThan(0.5);
    const control = await mp3At64(resample(clean, rate, 44100), 44100);
    expect(detectWatermark(control.samples, control.sampleRate).probability).toBeLessThan(0.5);
  });

  it("stays about WATERMARK_DB under the signal's 1-4 kHz level, and adds nothing to silence", () => {
    const difference = Float64Array.from(marked, (v, i) => v - clean[i]!);
    const ratioDb = 10 * Math.log10(bandPower(difference.subarray(0, 11025), rate) / bandPower(clean.subarray(0, 11025), rate));
    expect(ratioDb).toBeGreaterThan(WATERMARK_DB - 6);
    expect(ratioDb).toBeLessThan(WATERMARK_DB + 3);
    const silence = new Int16Array(rate);
    expect(embedWatermark(silence, rate).every((v) => v === 0)).toBe(true);
  });

  it("is keyed: another key neither finds this mark nor leaves one this key finds", () => {
    expect(detectWatermark(marked, rate, "another key").probability).toBeLessThan(0.5);
    expect(detectWatermark(embedWatermark(clean, rate, { key: "another key" }), rate).probability).toBeLessThan(0.5);
  });

  it("answers no for empty input, silence and noise", () => {
    expect(detectWatermark(new Int16Array(0), rate)).toMatchObject({ frames: 0, score: 0 });
    expect(detectWatermark(new Int16Array(rate * 2), rate).probability).toBeLessThan(0.5);
    let x = 3;
    const noise = Int16Array.from({ length: rate * 4 }, () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 0x100000000 - 0.5) * 10000);
    expect(detectWatermark(noise, rate).probability).toBeLessThan(0.5);
    expect(embedWatermark(new Int16Array(0), rate).length).toBe(0);
  });

  it("marks a stream piece by piece as one: sentences marked at their offsets and joined score as the whole marked once", () => {
    // Pieces of uneven length (as sentences are), each marked on its own.
    const cuts = [0, 1.37, 3.05, 4.61, 6.2, 8].map((s) => Math.round(s * rate));
    const stream = new WatermarkStream();
    const joined = new Int16Array(clean.length);
    for (let i = 0; i + 1 < cuts.length; i++) joined.set(stream.mark(clean.slice(cuts[i], cuts[i + 1]), rate), cuts[i]);
    const whole = detectWatermark(marked, rate).score;
    expect(detectWatermark(joined, rate).score).toBeGreaterThan(whole * 0.9);
    // Without the offsets, each piece restarts the carrier and the peaks spread over lags.
    const restarted = new Int16Array(clean.length);
    for (let i = 0; i + 1 < cuts.length; i++) restarted.set(embedWatermark(clean.slice(cuts[i], cuts[i + 1]), rate), cuts[i]);
    expect(detectWatermark(restarted, rate).score).toBeLessThan(whole * 0.7);
  });
});
