import { describe, expect, it } from "vitest";
import { findSpeechSegments, srtSubtitles, webVttSubtitles, wordsBySegment } from "./segments";
import { fittedRate, mixLines, residual, stretchTo, RATE_LIMITS } from "./fit";
import { groupSpeakers, speakerEngineVoice } from "./speakers";
import type { SpeakerFeatures } from "../voices/speaker-analysis";

const RATE = 16000;

/** Bursts of a voiced-like tone (120 Hz with harmonics) at the given seconds, silence elsewhere. */
function bursts(total: number, spans: [number, number][], hz = 120): Int16Array {
  const out = new Int16Array(Math.round(total * RATE));
  for (const [from, to] of spans) for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) {
    const t = i / RATE;
    out[i] = Math.round(6000 * (Math.sin(2 * Math.PI * hz * t) + 0.5 * Math.sin(4 * Math.PI * hz * t) + 0.3 * Math.sin(6 * Math.PI * hz * t)));
  }
  return out;
}

describe("speech segments", () => {
  it("finds where the voice speaks, joins short pauses and drops clicks", () => {
    const samples = bursts(6, [[0.5, 1.5], [1.7, 2.4], [3.5, 5], [5.5, 5.55]]);
    const segments = findSpeechSegments(samples, RATE);
    expect(segments).toHaveLength(2);
    expect(segments[0]!.startSeconds).toBeCloseTo(0.5, 1);
    expect(segments[0]!.endSeconds).toBeCloseTo(2.4, 1);
    expect(segments[1]!.startSeconds).toBeCloseTo(3.5, 1);
    expect(segments[1]!.endSeconds).toBeCloseTo(5, 1);
  });

  it("cuts a long run so every segment stays a subtitle's length", () => {
    const segments = findSpeechSegments(bursts(20, [[0, 19]]), RATE);
    expect(segments.length).toBeGreaterThan(2);
    for (const s of segments) expect(s.endSeconds - s.startSeconds).toBeLessThanOrEqual(8.01);
  });

  it("gathers the heard words into the segment they fall in, or the nearest", () => {
    const grouped = wordsBySegment(
      [{ startSeconds: 0, endSeconds: 1 }, { startSeconds: 2, endSeconds: 3 }],
      [{ text: "a", startMs: 100, endMs: 300 }, { text: "b", startMs: 1100, endMs: 1300 }, { text: "c", startMs: 2100, endMs: 2500 }],
    );
    expect(grouped.map((g) => g.map((w) => w.text))).toEqual([["a", "b"], ["c"]]);
  });

  it("writes SRT and WebVTT", () => {
    const lines = [{ startSeconds: 1.5, endSeconds: 3.25, text: "Hola." }, { startSeconds: 61, endSeconds: 62, text: "Adiós." }];
    expect(srtSubtitles(lines)).toBe("1\n00:00:01,500 --> 00:00:03,250\nHola.\n\n2\n00:01:01,000 --> 00:01:02,000\nAdiós.\n");
    expect(webVttSubtitles(lines)).toBe("WEBVTT\n\n00:00:01.500 --> 00:00:03.250\nHola.\n\n00:01:01.000 --> 00:01:02.000\nAdiós.\n");
  });
});

describe("fitting lines", () => {
  it("moves the rate within its limits, then stretches to the exact length", () => {
    expect(fittedRate(175, 2, 1)).toBe(Math.round(175 * RATE_LIMITS[1]));
    expect(fittedRate(175, 1.1, 1)).toBe(193);
    const line = bursts(1, [[0, 1]]);
    const longer = stretchTo(line, RATE, Math.round(1.2 * RATE));
    expect(longer.length).toBe(Math.round(1.2 * RATE));
    // The stretched line keeps its level (no silence stretch).
    const level = (s: Int16Array) => Math.sqrt(s.reduce((a, v) => a + v * v, 0) / s.length);
    expect(level(longer) / level(line)).toBeGreaterThan(0.7);
    expect(stretchTo(line, RATE, RATE / 2).length).toBe(RATE / 2);
  });

  it("mixes lines over the background, and the background is the original without the voice", () => {
    const original = Int16Array.from([100, 200, 300, 400]);
    const speech = Int16Array.from([50, 50, 50, 50]);
    const background = residual(original, speech);
    expect([...background]).toEqual([50, 150, 250, 350]);
    expect([...mixLines(4, background, [{ start: 2, samples: Int16Array.from([10, 20, 30]) }])]).toEqual([50, 150, 260, 370]);
    expect([...mixLines(3, null, [{ start: 0, samples: Int16Array.from([32767]) }, { start: 0, samples: Int16Array.from([5]) }])]).toEqual([32767, 0, 0]);
  });
});

describe("speakers", () => {
  const voice = (pitchMedianHz: number, formantScale: number): SpeakerFeatures => ({
    pitchMedianHz, pitchRangeSemitones: 5, speakingRate: 4, formantsHz: [500 * formantScale, 1500 * formantScale, 2500 * formantScale], formantScale, voicedSeconds: 2, durationSeconds: 3,
  });

  it("groups segments by speaker vector, automatically or to a given count, numbered by first appearance", () => {
    const features = [voice(110, 0.95), voice(210, 1.1), voice(112, 0.96), null, voice(205, 1.09)];
    expect(groupSpeakers(features, 0)).toEqual([0, 1, 0, 0, 1]);
    expect(groupSpeakers(features, 1)).toEqual([0, 0, 0, 0, 0]);
    expect(groupSpeakers(features, 2)).toEqual([0, 1, 0, 0, 1]);
  });

  it("picks a female variant for a high voice and a male one for a low voice", () => {
    expect(speakerEngineVoice([voice(210, 1.1)]).variant).toMatch(/^f/);
    expect(speakerEngineVoice([voice(105, 0.95)]).variant).toMatch(/^m/);
    expect(speakerEngineVoice([null]).variant).toBe("m3");
  });
});
