import { describe, expect, it } from "vitest";
import { analyseSpeaker, articulationRate, combineFeatures, frameFormants, speakerVector, toAnalysisRate, yinPitch, ANALYSIS_RATE } from "./speaker-analysis";
import { syntheticSpeech } from "./synthetic-speech";
import { cloneEngineVoice, refineCloneVoice, VARIANT_CALIBRATION } from "./clone-parameters";

describe("yinPitch", () => {
  it("finds the period of a harmonic tone within 1%", () => {
    for (const f0 of [80, 120, 210, 320]) {
      const frame = new Float32Array(400).map((_, i) => Math.sin((2 * Math.PI * f0 * i) / ANALYSIS_RATE) + 0.5 * Math.sin((4 * Math.PI * f0 * i) / ANALYSIS_RATE));
      expect(yinPitch(frame, ANALYSIS_RATE)! / f0).toBeCloseTo(1, 2);
    }
  });
  it("finds no pitch in noise", () => {
    let seed = 1;
    const noise = new Float32Array(400).map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1);
    expect(yinPitch(noise, ANALYSIS_RATE)).toBeNull();
  });
});

describe("toAnalysisRate", () => {
  it("keeps a tone's frequency when it resamples", () => {
    const tone = new Float32Array(44_100).map((_, i) => Math.sin((2 * Math.PI * 150 * i) / 44_100));
    const resampled = toAnalysisRate(tone, 44_100);
    expect(resampled.length).toBe(ANALYSIS_RATE);
    expect(yinPitch(resampled.subarray(1000, 1400), ANALYSIS_RATE)! / 150).toBeCloseTo(1, 2);
  });
});

describe("frameFormants", () => {
  it("finds the resonances of a synthetic vowel within 8%", () => {
    const { samples } = syntheticSpeech({ f0: 110, formants: [700, 1220, 2600], sampleRate: ANALYSIS_RATE, seconds: 0.2, syllablesPerSecond: 1 });
    const found = frameFormants(samples.subarray(400, 650), ANALYSIS_RATE)!;
    expect(found).not.toBeNull();
    [700, 1220, 2600].forEach((f, k) => expect(Math.abs(found[k]! / f - 1)).toBeLessThan(0.08));
  });
});

describe("analyseSpeaker", () => {
  it("measures a low voice with a long vocal tract", () => {
    const { samples, sampleRate } = syntheticSpeech({ f0: 100, formants: [500, 1500, 2500], glideSemitones: 2 });
    const f = analyseSpeaker(samples, sampleRate)!;
    expect(Math.abs(f.pitchMedianHz / 100 - 1)).toBeLessThan(0.03);
    expect(f.pitchRangeSemitones).toBeGreaterThan(1.5);
    expect(f.pitchRangeSemitones).toBeLessThan(5);
    expect(Math.abs(f.formantScale - 1)).toBeLessThan(0.08);
  });
  it("measures a high voice with a short vocal tract", () => {
    const { samples, sampleRate } = syntheticSpeech({ f0: 220, formants: [600, 1800, 3000] });
    const f = analyseSpeaker(samples, sampleRate)!;
    expect(Math.abs(f.pitchMedianHz / 220 - 1)).toBeLessThan(0.03);
    expect(f.pitchRangeSemitones).toBeLessThan(1);
    expect(f.formantScale).toBeGreaterThan(1.1);
  });
  it("counts syllables per second within phrases", () => {
    const slow = analyseSpeaker(...Object.values(syntheticSpeech({ f0: 120, formants: [500, 1500, 2500], seconds: 4, syllablesPerSecond: 3 })) as [Float32Array, number])!;
    const fast = analyseSpeaker(...Object.values(syntheticSpeech({ f0: 120, formants: [500, 1500, 2500], seconds: 4, syllablesPerSecond: 6 })) as [Float32Array, number])!;
    // The short gaps between syllables belong to the phrase: the rate is the syllables' own.
    expect(Math.abs(slow.speakingRate / 3 - 1)).toBeLessThan(0.05);
    expect(Math.abs(fast.speakingRate / 6 - 1)).toBeLessThan(0.05);
  });
  it("leaves pauses and the last syllable before them out of the rate", () => {
    // Nuclei every 250 ms, a 1.25 s pause, then three more: 5 intervals in 1.25 s.
    expect(articulationRate([0, 25, 50, 75, 200, 225, 250])).toBeCloseTo(4, 5);
    expect(articulationRate([0, 100])).toBeNull();
  });
  it("refuses silence and too little speech", () => {
    expect(analyseSpeaker(new Float32Array(22_050), 22_050)).toBeNull();
    const { samples, sampleRate } = syntheticSpeech({ f0: 120, formants: [500, 1500, 2500], seconds: 0.3 });
    expect(analyseSpeaker(samples, sampleRate)).toBeNull();
  });
});

describe("speaker vector and combining samples", () => {
  it("places different speakers apart and one speaker's samples together", () => {
    const a1 = analyseSpeaker(...(Object.values(syntheticSpeech({ f0: 100, formants: [500, 1500, 2500] })) as [Float32Array, number]))!;
    const a2 = analyseSpeaker(...(Object.values(syntheticSpeech({ f0: 104, formants: [520, 1480, 2520], seconds: 2 })) as [Float32Array, number]))!;
    const b = analyseSpeaker(...(Object.values(syntheticSpeech({ f0: 220, formants: [600, 1800, 3000] })) as [Float32Array, number]))!;
    const distance = (x: number[], y: number[]) => Math.hypot(...x.map((v, i) => v - y[i]!));
    expect(speakerVector(a1)).toHaveLength(7);
    expect(distance(speakerVector(a1), speakerVector(a2))).toBeLessThan(distance(speakerVector(a1), speakerVector(b)) / 3);
    const both = combineFeatures([a1, a2])!;
    expect(both.pitchMedianHz).toBeGreaterThan(a1.pitchMedianHz - 1);
    expect(both.pitchMedianHz).toBeLessThan(a2.pitchMedianHz + 1);
    expect(both.voicedSeconds).toBeCloseTo(a1.voicedSeconds + a2.voicedSeconds, 5);
  });
});

describe("cloneEngineVoice", () => {
  const features = (pitchMedianHz: number, formantScale: number, speakingRate = 4.5) => ({
    pitchMedianHz,
    pitchRangeSemitones: 5.3,
    speakingRate,
    formantsHz: [500, 1500, 2500] as [number, number, number],
    formantScale,
    voicedSeconds: 5,
    durationSeconds: 8,
  });
  it("gives a low, long-tract voice a male variant at its pitch", () => {
    const voice = cloneEngineVoice(features(102.7, 0.925));
    expect(voice.variant).toBe("m3");
    expect(voice.basePitch).toBe(50);
    expect(voice.baseRange).toBe(50);
    expect(voice.rate).toBe(175);
  });
  it("gives a high, short-tract voice a female variant, and a faster speaker a faster rate", () => {
    const voice = cloneEngineVoice(features(205.5, 1.1, 6.09));
    expect(voice.variant.startsWith("f")).toBe(true);
    expect(voice.rate).toBe(260);
  });
  it("reaches for the nearest variant when no variant reaches the pitch", () => {
    expect(cloneEngineVoice(features(400, 1.0)).variant).toBe("f5");
    expect(cloneEngineVoice(features(55, 1.1)).basePitch).toBe(0);
  });
  it("divides out the engine's own offsets after hearing the calibration", () => {
    const target = features(150, 1.1, 4.6);
    const first = cloneEngineVoice(target);
    // The engine spoke 10% higher and 10% faster than the table says: the refinement asks for less of both.
    const table = VARIANT_CALIBRATION.find((v) => v.variant === first.variant)!;
    expect(table).toBeDefined();
    const refined = refineCloneVoice(first, target, { ...target, pitchMedianHz: 165, speakingRate: 5.06 });
    expect(refined.basePitch).toBeLessThan(first.basePitch);
    expect(refined.rate).toBeLessThan(first.rate);
  });
});
