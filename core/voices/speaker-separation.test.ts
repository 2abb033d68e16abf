import { describe, expect, it } from "vitest";
import { separateSpeakers, speakerPcm, voiceActivityRuns } from "./speaker-separation";

const RATE = 16000;

/** A voiced vowel-like tone: a harmonic series at `pitchHz` (decaying partials), for `seconds`. */
function voiced(pitchHz: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    let v = 0;
    for (let h = 1; h * pitchHz < 4000; h++) v += Math.sin((2 * Math.PI * h * pitchHz * i) / RATE) / h;
    out[i] = 0.2 * v;
  }
  return out;
}

const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

function pcmOf(parts: Float32Array[]): Int16Array {
  const all = new Int16Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) for (const v of part) all[at++] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  return all;
}

describe("voiceActivityRuns", () => {
  it("finds the sounding stretches and nothing in silence", () => {
    const samples = new Float32Array(pcmOf([silence(0.5), voiced(120, 1), silence(0.6), voiced(120, 0.8), silence(0.3)])).map((v) => v / 32767);
    const runs = voiceActivityRuns(samples, RATE);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.startMs).toBe(500);
    expect(runs[0]!.endMs).toBe(1500);
    expect(runs[1]!.startMs).toBe(2100);
    expect(voiceActivityRuns(silence(1), RATE)).toEqual([]);
  });
});

describe("separateSpeakers", () => {
  it("tells a low voice from a high one, in turns, and a speaker's audio is only theirs", () => {
    const pcm = pcmOf([voiced(110, 1.5), silence(0.4), voiced(115, 1.2), silence(0.5), voiced(230, 1.4), silence(0.4), voiced(225, 1.0)]);
    const speakers = separateSpeakers(pcm, RATE);
    expect(speakers.map((s) => s.speakerId)).toEqual(["speaker_0", "speaker_1"]);
    expect(speakers[0]!.utterances).toHaveLength(2);
    expect(speakers[0]!.utterances[0]!.start).toBe(0);
    expect(speakers[1]!.utterances[0]!.start).toBeCloseTo(3.6, 1);
    expect(speakers[0]!.durationSecs).toBeCloseTo(2.7, 1);
    const low = speakerPcm(pcm, RATE, speakers[0]!.utterances);
    expect(low.length / RATE).toBeCloseTo(speakers[0]!.durationSecs, 1);
    expect(low.length).toBeLessThan(pcm.length / 2);
  });

  it("gives one speaker for one voice and none for silence", () => {
    expect(separateSpeakers(pcmOf([voiced(120, 1.5), silence(0.5), voiced(125, 1.5)]), RATE)).toHaveLength(1);
    expect(separateSpeakers(pcmOf([silence(2)]), RATE)).toEqual([]);
  });
});
