import { describe, expect, it } from "vitest";
import {
  applyOpenAiProsody,
  isOpenAiSpeechModel,
  OPENAI_VOICE_NAMES,
  OPENAI_VOICES,
  openAiRefusal,
  openAiValidation,
  prosodyFromInstructions,
  rateForSpeed,
  srtOf,
  takesInstructions,
  transcriptSegments,
  vttOf,
  voiceIdFor,
} from "./openai";

describe("OpenAI-compatible speech rules", () => {
  it("knows OpenAI's speech models, dated snapshots included, and which take instructions", () => {
    for (const m of ["tts-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-mini-tts-2025-12-15"]) expect(isOpenAiSpeechModel(m), m).toBe(true);
    for (const m of ["parlance_multilingual_v1", "tts-2", "gpt-4o"]) expect(isOpenAiSpeechModel(m), m).toBe(false);
    expect(takesInstructions("gpt-4o-mini-tts")).toBe(true);
    expect(takesInstructions("tts-1-hd")).toBe(false);
  });

  it("maps every standard voice to an English premade voice, per workspace override first, ids through", () => {
    expect(OPENAI_VOICE_NAMES).toEqual(expect.arrayContaining(["alloy", "ash", "ballad", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer", "verse"]));
    const english = ["pv01aria000000000000", "pv02roger00000000000", "pv03alice00000000000", "pv04george0000000000"];
    for (const name of OPENAI_VOICE_NAMES) expect(english).toContain(OPENAI_VOICES[name].voiceId);
    // Gender fits: Aria and Alice are female, Roger and George male.
    for (const name of OPENAI_VOICE_NAMES) expect(OPENAI_VOICES[name].gender === "female", name).toBe(["pv01aria000000000000", "pv03alice00000000000"].includes(OPENAI_VOICES[name].voiceId));
    expect(voiceIdFor("onyx", {})).toBe("pv04george0000000000");
    expect(voiceIdFor("Alloy", {})).toBe("pv01aria000000000000");
    expect(voiceIdFor("alloy", { alloy: "mine" })).toBe("mine");
    expect(voiceIdFor("pv05greta00000000000", { alloy: "mine" })).toBe("pv05greta00000000000");
    expect(voiceIdFor("toString", {})).toBe("toString");
  });

  it("maps speed onto espeak-ng's rate, clamped to 80..450 words a minute, saying the speed it really is", () => {
    expect(rateForSpeed(1)).toEqual({ rate: 175, effectiveSpeed: 1 });
    expect(rateForSpeed(2)).toEqual({ rate: 350, effectiveSpeed: 2 });
    expect(rateForSpeed(0.25)).toEqual({ rate: 80, effectiveSpeed: 0.46 });
    expect(rateForSpeed(4)).toEqual({ rate: 450, effectiveSpeed: 2.57 });
  });

  it("takes pace, pitch and range from instructions, nothing else", () => {
    expect(prosodyFromInstructions("Speak slowly, in a deep and calm voice.")).toEqual({ pace: 0.85, pitchShift: -12, rangeShift: -25, applied: ["pace:slower", "pitch:lower", "range:narrower"] });
    expect(prosodyFromInstructions("Sound excited and speak quickly!").applied).toEqual(["pace:faster", "range:wider"]);
    expect(prosodyFromInstructions("Whisper like a pirate.")).toEqual({ pace: 1, pitchShift: 0, rangeShift: 0, applied: [] });
    expect(applyOpenAiProsody({ rate: 175, pitch: 95, range: 10 }, { speed: 1.5, pitchShift: 12, rangeShift: -25 })).toEqual({ rate: 263, pitch: 100, range: 0 });
  });

  it("speaks OpenAI's error shape and statuses", () => {
    expect(openAiRefusal(404, "voice_not_found", "No such voice.")).toEqual({ status: 404, body: { error: { message: "No such voice.", type: "invalid_request_error", code: "voice_not_found", param: "voice" } } });
    expect(openAiRefusal(400, "model_not_found", "x").status).toBe(404);
    expect(openAiRefusal(401, "quota_exceeded", "x")).toMatchObject({ status: 429, body: { error: { type: "insufficient_quota" } } });
    expect(openAiRefusal(403, "voice_blocked", "x").body.error.type).toBe("permission_error");
    expect(openAiValidation([{ loc: ["body", "speed"], msg: "Too big", type: "too_big" }])).toEqual({
      status: 400,
      body: { error: { message: "speed: Too big", type: "invalid_request_error", code: "invalid_value", param: "speed" } },
    });
  });
});

describe("transcripts in OpenAI's formats", () => {
  const words = [
    { text: "Hello", startMs: 0, endMs: 400 },
    { text: "there.", startMs: 450, endMs: 900 },
    { text: "After", startMs: 2500, endMs: 2900 },
    { text: "a", startMs: 2950, endMs: 3000 },
    { text: "pause", startMs: 4200, endMs: 4700 },
  ];
  it("cuts segments at sentence ends and pauses, or makes one of the whole text without timings", () => {
    expect(transcriptSegments("Hello there. After a pause", words, 4700)).toEqual([
      { id: 0, start: 0, end: 0.9, text: "Hello there." },
      { id: 1, start: 2.5, end: 3, text: "After a" },
      { id: 2, start: 4.2, end: 4.7, text: "pause" },
    ]);
    expect(transcriptSegments("Hi.", [], 1500)).toEqual([{ id: 0, start: 0, end: 1.5, text: "Hi." }]);
    expect(transcriptSegments("", [], null)).toEqual([]);
  });
  it("writes SubRip and WebVTT", () => {
    const segments = [
      { id: 0, start: 0, end: 0.9, text: "Hello there." },
      { id: 1, start: 3661.5, end: 3662, text: "Later." },
    ];
    expect(srtOf(segments)).toBe("1\n00:00:00,000 --> 00:00:00,900\nHello there.\n\n2\n01:01:01,500 --> 01:01:02,000\nLater.\n");
    expect(vttOf(segments)).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:00.900\nHello there.\n\n01:01:01.500 --> 01:01:02.000\nLater.\n");
  });
});
