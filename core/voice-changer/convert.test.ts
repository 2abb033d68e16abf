import { describe, expect, it } from "vitest";
import { analyseSpeaker } from "../voices/speaker-analysis";
import { syntheticSpeech } from "../voices/synthetic-speech";
import { convertVoice } from "./convert";
import { medianPitch, pitchTrack } from "./pitch-track";
import { psola, warpSpectrum } from "./psola";

const MALE = { f0: 110, formants: [500, 1500, 2500], glideSemitones: 3 };

describe("pitchTrack", () => {
  it("follows a voice's median pitch within 3% and leaves the pauses unvoiced", () => {
    const { samples, sampleRate } = syntheticSpeech({ ...MALE, glideSemitones: 0 });
    const track = pitchTrack(samples, sampleRate);
    expect(track.length).toBe(300);
    expect(medianPitch(track)! / 110).toBeCloseTo(1, 1);
    expect(track.filter((f) => f === 0).length).toBeGreaterThan(30);
  });
});

describe("psola", () => {
  it("raises the pitch by the factor and keeps the length", () => {
    const { samples, sampleRate } = syntheticSpeech(MALE);
    const track = pitchTrack(samples, sampleRate);
    const out = psola(samples, sampleRate, track, () => 1.5, samples.length);
    expect(out.length).toBe(samples.length);
    expect(medianPitch(pitchTrack(out, sampleRate))! / (medianPitch(track)! * 1.5)).toBeGreaterThan(0.95);
    expect(medianPitch(pitchTrack(out, sampleRate))! / (medianPitch(track)! * 1.5)).toBeLessThan(1.05);
  });

  it("stretches time without moving the pitch", () => {
    const { samples, sampleRate } = syntheticSpeech(MALE);
    const track = pitchTrack(samples, sampleRate);
    const out = psola(samples, sampleRate, track, () => 1, Math.round(samples.length * 1.2));
    expect(out.length).toBe(Math.round(samples.length * 1.2));
    expect(medianPitch(pitchTrack(out, sampleRate))! / medianPitch(track)!).toBeCloseTo(1, 1);
  });
});

describe("warpSpectrum", () => {
  it("moves the formants by the factor and shortens the signal by it", () => {
    const { samples, sampleRate } = syntheticSpeech(MALE);
    const warped = warpSpectrum(samples, 1.2);
    expect(warped.length).toBe(Math.floor(samples.length / 1.2));
    const before = analyseSpeaker(samples, sampleRate)!;
    const after = analyseSpeaker(warped, sampleRate)!;
    expect(after.formantScale / before.formantScale).toBeGreaterThan(1.1);
    expect(after.formantScale / before.formantScale).toBeLessThan(1.3);
  });
});

describe("convertVoice", () => {
  it("keeps the duration exactly and moves a male voice's median pitch to a female target's within 10%", () => {
    const { samples, sampleRate } = syntheticSpeech(MALE);
    const target = { pitchMedianHz: 210, pitchRangeSemitones: 6, formantScale: 1.18 };
    const result = convertVoice(samples, sampleRate, target)!;
    expect(result.samples.length).toBe(samples.length);
    const pitch = medianPitch(pitchTrack(result.samples, sampleRate))!;
    expect(Math.abs(pitch / 210 - 1)).toBeLessThan(0.1);
    const formants = analyseSpeaker(result.samples, sampleRate)!;
    expect(formants.formantScale).toBeGreaterThan(analyseSpeaker(samples, sampleRate)!.formantScale * 1.08);
  });

  it("lowers a high voice toward a low target", () => {
    const { samples, sampleRate } = syntheticSpeech({ f0: 230, formants: [600, 1800, 2900], sampleRate: 44_100, glideSemitones: 2 });
    const result = convertVoice(samples, sampleRate, { pitchMedianHz: 120, pitchRangeSemitones: 3, formantScale: 1 })!;
    expect(result.samples.length).toBe(samples.length);
    expect(Math.abs(medianPitch(pitchTrack(result.samples, sampleRate))! / 120 - 1)).toBeLessThan(0.1);
    expect(result.report.formantFactor).toBeLessThan(1);
  });

  it("refuses a recording without voiced speech", () => {
    let seed = 3;
    const noise = new Float32Array(22_050).map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.2);
    expect(convertVoice(noise, 22_050, { pitchMedianHz: 200, pitchRangeSemitones: 4, formantScale: 1 })).toBeNull();
  });
});
