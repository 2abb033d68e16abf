import { describe, expect, it } from "vitest";
import { ActivityGate, chunkSamples, muLawSample, realtimeQuery, realtimeWords, speechLevel, voicedFrames, VAD_FRAME_SAMPLES } from "./realtime";

const config = { min_speech_duration_ms: 100, min_silence_duration_ms: 300, vad_silence_threshold_secs: 1 };
const frames = (voiced: boolean, ms: number) => Array.from({ length: ms / 20 }, () => voiced);

describe("realtime speech to text rules", () => {
  it("reads the SDK's query with its defaults and ranges", () => {
    const parsed = realtimeQuery.parse({ model_id: "scribe_v2_realtime", include_timestamps: "true" });
    expect(parsed).toMatchObject({ audio_format: "pcm_16000", commit_strategy: "manual", include_timestamps: true, vad_silence_threshold_secs: 1.5 });
    expect(realtimeQuery.safeParse({ model_id: "x", vad_threshold: "0.95" }).success).toBe(false);
    expect(realtimeQuery.safeParse({}).success).toBe(false);
  });

  it("decodes little-endian PCM and μ-law", () => {
    expect([...chunkSamples(new Uint8Array([0x01, 0x00, 0xff, 0xff, 0x7f]), "pcm_16000")]).toEqual([1, -1]);
    expect(muLawSample(0xff)).toBe(0);
    expect(muLawSample(0x00)).toBe(-32124);
    expect(muLawSample(0x80)).toBe(32124);
  });

  it("gates frames by level: a pause after speech, then the commit silence, once each", () => {
    const loud = new Int16Array(VAD_FRAME_SAMPLES * 2).fill(3000);
    expect(voicedFrames(loud, speechLevel(0.4))).toEqual([true, true]);
    expect(voicedFrames(new Int16Array(VAD_FRAME_SAMPLES), speechLevel(0.4))).toEqual([false]);
    const gate = new ActivityGate(config);
    expect(gate.feed(frames(false, 2000))).toBeNull();
    expect(gate.feed(frames(true, 60))).toBeNull();
    expect(gate.segmentHasSpeech).toBe(false);
    expect(gate.feed(frames(true, 200))).toBeNull();
    expect(gate.feed(frames(false, 300))).toBe("pause");
    expect(gate.feed(frames(false, 600))).toBeNull();
    expect(gate.feed(frames(false, 200))).toBe("silence");
    expect(gate.feed(frames(false, 2000))).toBeNull();
  });

  it("times words from the session's start with spacing between them", () => {
    const words = realtimeWords([{ text: "go", startMs: 100, endMs: 300 }, { text: "on", startMs: 400, endMs: 600 }], 2);
    expect(words).toEqual([
      { text: "go", start: 2.1, end: 2.3, type: "word", logprob: 0 },
      { text: " ", start: 2.3, end: 2.4, type: "spacing", logprob: 0 },
      { text: "on", start: 2.4, end: 2.6, type: "word", logprob: 0 },
    ]);
  });
});
