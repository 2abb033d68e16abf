import { describe, expect, it } from "vitest";
import { analyseSpeaker, speakerVector } from "../voices/speaker-analysis";
import { syntheticSpeech } from "../voices/synthetic-speech";
import { clusterSpeakers, DIARIZATION_THRESHOLD, speechStretches, stretchDistance, wordSpeakers } from "./diarization";

// Speaker vectors as speakerVector lays them out: pitch (octaves above 100 Hz), range, rate, three log formant ratios, log scale.
const man = (jitter = 0) => [0.1 + jitter, 0.3, 1, 0.02, -0.01 + jitter, 0.03, 0.01];
const woman = (jitter = 0) => [1.05 + jitter, 0.4, 1, 0.18, 0.15 - jitter, 0.17, 0.17];

describe("speech stretches", () => {
  it("cut at pauses of a quarter second and at four seconds", () => {
    const words = [
      { startMs: 0, endMs: 400 },
      { startMs: 450, endMs: 900 },
      { startMs: 1300, endMs: 1700 },
      ...Array.from({ length: 12 }, (_, i) => ({ startMs: 2000 + i * 500, endMs: 2000 + i * 500 + 450 })),
    ];
    const stretches = speechStretches(words);
    expect(stretches.slice(0, 2)).toEqual([
      { startMs: 0, endMs: 900, firstWord: 0, lastWord: 1 },
      { startMs: 1300, endMs: 1700, firstWord: 2, lastWord: 2 },
    ]);
    // Twelve words without a pause (6 s) make two stretches of at most four seconds.
    expect(stretches.slice(2).map((s) => [s.firstWord, s.lastWord])).toEqual([[3, 10], [11, 14]]);
    expect(stretches.every((s) => s.endMs - s.startMs <= 4000)).toBe(true);
  });
});

describe("clustering speakers", () => {
  it("separates a man and a woman without being told how many, numbered by first appearance", () => {
    const items = [woman(0), man(0.02), woman(-0.05), man(-0.03), man(0.04), woman(0.06)].map((vector) => ({ vector, weight: 1 }));
    expect(clusterSpeakers(items, { threshold: DIARIZATION_THRESHOLD })).toEqual([0, 1, 0, 1, 1, 0]);
  });

  it("keeps one speaker whose intonation moves, and splits it when told there are two", () => {
    const items = [0, 0.1, -0.1, 0.15, -0.05].map((j) => ({ vector: man(j), weight: 1 }));
    expect(clusterSpeakers(items, { threshold: DIARIZATION_THRESHOLD })).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(clusterSpeakers(items, { clusters: 2, threshold: DIARIZATION_THRESHOLD })).size).toBe(2);
  });

  it("finds three speakers when told, even close ones, and never more clusters than items", () => {
    const child = [1.6, 0.4, 1, 0.35, 0.3, 0.3, 0.32];
    const items = [man(), woman(), child, man(0.01), woman(0.01), child].map((vector) => ({ vector, weight: 1 }));
    expect(clusterSpeakers(items, { clusters: 3, threshold: DIARIZATION_THRESHOLD })).toEqual([0, 1, 2, 0, 1, 2]);
    expect(clusterSpeakers(items.slice(0, 2), { clusters: 5, threshold: DIARIZATION_THRESHOLD })).toEqual([0, 1]);
    expect(clusterSpeakers([], { threshold: 1 })).toEqual([]);
  });

  it("ignores the pitch range, the rate and single formants: how a sentence is said and which vowels, not who says it", () => {
    expect(stretchDistance([0.1, 0.1, 0.5, 0.2, 0, 0, 0.1], [0.1, 0.9, 1.5, -0.1, 0.1, 0.2, 0.1])).toBe(0);
    expect(stretchDistance(man(), woman())).toBeGreaterThan(2 * DIARIZATION_THRESHOLD);
  });
});

describe("word speakers", () => {
  it("gives an unmeasurable stretch the speaker before it (else after) and renumbers by time", () => {
    const words = [0, 1, 2, 3, 4].map((i) => ({ startMs: i * 1000, endMs: i * 1000 + 600 }));
    const stretches = speechStretches(words);
    const measured = [null, { vector: woman(), voicedSeconds: 0.6 }, null, { vector: man(), voicedSeconds: 0.6 }, { vector: woman(0.02), voicedSeconds: 0.6 }];
    expect(wordSpeakers(words.length, stretches, measured)).toEqual([0, 0, 0, 1, 0]);
    expect(wordSpeakers(words.length, stretches, stretches.map(() => null))).toEqual([0, 0, 0, 0, 0]);
  });

  it("tells apart a low voice with a long vocal tract and a high one with a short one, measured from their sound", () => {
    const low = syntheticSpeech({ f0: 110, formants: [500, 1500, 2500], seconds: 1.5, glideSemitones: 2 });
    const high = syntheticSpeech({ f0: 215, formants: [600, 1800, 3000], seconds: 1.5, glideSemitones: 2 });
    const vector = (s: { samples: Float32Array; sampleRate: number }) => speakerVector(analyseSpeaker(s.samples, s.sampleRate)!);
    const items = [low, high, low, high].map((s) => ({ vector: vector(s), weight: 1 }));
    expect(clusterSpeakers(items, { threshold: DIARIZATION_THRESHOLD })).toEqual([0, 1, 0, 1]);
  });
});
