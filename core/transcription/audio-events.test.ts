import { describe, expect, it } from "vitest";
import { syntheticSpeech } from "../voices/synthetic-speech";
import { detectAudioEvents, textWithoutWords, wordsOutsideEvents } from "./audio-events";

const RATE = 16_000;

/** A deterministic pseudo-random source in -1..1 (the tests must not vary). */
function noiseSource(seed = 7) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) & 0x7fffffff;
    return (s / 0x7fffffff) * 2 - 1;
  };
}

/** A melody: notes of 400 ms (each a tone with two harmonics), one after another without gaps. */
function melody(seconds: number, gain = 0.3): Float32Array {
  const notes = [262, 330, 392, 523, 440, 349];
  const out = new Float32Array(Math.floor(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const hz = notes[Math.floor(i / (0.4 * RATE)) % notes.length]!;
    phase += (2 * Math.PI * hz) / RATE;
    out[i] = gain * (Math.sin(phase) + 0.4 * Math.sin(2 * phase) + 0.2 * Math.sin(3 * phase)) / 1.6;
  }
  return out;
}

function steadyNoise(seconds: number, gain = 0.1): Float32Array {
  const next = noiseSource();
  return Float32Array.from({ length: Math.floor(seconds * RATE) }, () => gain * next());
}

/** Hand claps: bursts of noise decaying in 30 ms, at irregular moments about 8 a second, over a faint crowd hiss. */
function applause(seconds: number): Float32Array {
  const next = noiseSource(3);
  const out = Float32Array.from({ length: Math.floor(seconds * RATE) }, () => 0.005 * next());
  let t = 0;
  while (t < out.length) {
    for (let i = 0; i < 0.08 * RATE && t + i < out.length; i++) out[t + i]! += 0.5 * Math.exp(-i / (0.01 * RATE)) * next();
    t += Math.floor((0.08 + 0.08 * ((next() + 1) / 2)) * RATE);
  }
  return out;
}

const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("audio events (classic DSP)", () => {
  it("tags a melody as music over its span", () => {
    const events = detectAudioEvents(melody(3), RATE);
    expect(events.map((e) => e.label)).toEqual(["(music)"]);
    expect(events[0]!.startMs).toBeLessThanOrEqual(100);
    expect(events[0]!.endMs).toBeGreaterThanOrEqual(2900);
  });

  it("tags steady broadband noise as noise and a train of claps as applause", () => {
    expect(detectAudioEvents(steadyNoise(2.5), RATE).map((e) => e.label)).toEqual(["(noise)"]);
    expect(detectAudioEvents(applause(3), RATE).map((e) => e.label)).toEqual(["(applause)"]);
  });

  it("tags nothing in speech-like sound, silence or a stretch shorter than a second", () => {
    const speech = syntheticSpeech({ f0: 120, formants: [600, 1200, 2500], sampleRate: RATE, seconds: 3, glideSemitones: 2 }).samples;
    expect(detectAudioEvents(speech, RATE)).toEqual([]);
    expect(detectAudioEvents(new Float32Array(3 * RATE), RATE)).toEqual([]);
    expect(detectAudioEvents(melody(0.8), RATE)).toEqual([]);
  });

  it("finds each event in its place after speech, and drops the words a recogniser heard inside one", () => {
    const speech = syntheticSpeech({ f0: 110, formants: [600, 1200, 2500], sampleRate: RATE, seconds: 2, glideSemitones: 2 }).samples;
    const audio = concat(speech, melody(2.5), new Float32Array(RATE / 2), applause(2));
    const events = detectAudioEvents(audio, RATE);
    expect(events.map((e) => e.label)).toEqual(["(music)", "(applause)"]);
    expect(events[0]!.startMs).toBeGreaterThanOrEqual(1500);
    expect(Math.abs(events[0]!.endMs - 4500)).toBeLessThanOrEqual(300);
    expect(Math.abs(events[1]!.startMs - 5000)).toBeLessThanOrEqual(300);
    const words = [
      { text: "go", startMs: 200, endMs: 600 },
      { text: "on", startMs: 3000, endMs: 3600 },
      { text: "now", startMs: 1400, endMs: 1900 },
    ];
    expect(wordsOutsideEvents(words, events)).toEqual([true, false, true]);
  });

  it("cuts dropped words out of the text, keeping its punctuation", () => {
    const words = [{ text: "Hello" }, { text: "oh" }, { text: "world" }];
    expect(textWithoutWords("Hello, oh world.", words, [true, false, true])).toBe("Hello, world.");
    expect(textWithoutWords("hello world oh", [{ text: "hello" }, { text: "world" }, { text: "oh" }], [true, true, false])).toBe("hello world");
    // A word the text does not hold: the text is left as it is.
    expect(textWithoutWords("hello", [{ text: "bye" }], [false])).toBe("hello");
  });
});
