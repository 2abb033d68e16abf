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
  takesInstructions,
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
