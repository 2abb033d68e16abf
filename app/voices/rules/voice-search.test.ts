import { describe, expect, it } from "vitest";
import { nextPageToken, pageOffset, scopeForVoiceType, voiceSearchTerms, VOICE_TYPES } from "./voice-search";
import { externalVoiceFor } from "../../../core/voices/voice-rules";
import { PREMADE_VOICES } from "../../../tests/unit/premade-voices";

describe("the v2 voice list's query", () => {
  it("lists the premade voices for default, the workspace's own for personal, workspace and non-default, everything for saved", () => {
    expect(Object.fromEntries(VOICE_TYPES.map((type) => [type, scopeForVoiceType(type)]))).toEqual({
      personal: "personal",
      community: "community",
      default: "premade",
      workspace: "own",
      "non-default": "own",
      saved: "all",
    });
    expect(scopeForVoiceType(undefined)).toBe("all");
  });
  it("searches in lower case and by language name", () => {
    expect(voiceSearchTerms(undefined)).toBeUndefined();
    expect(voiceSearchTerms("")).toBeUndefined();
    expect(voiceSearchTerms("GERMAN")).toEqual({ needle: "german", languages: ["de"] });
    expect(voiceSearchTerms("an")?.languages).toEqual(expect.arrayContaining(["de", "es", "it", "hu", "ja"]));
    // Every engine language's name counts (decision 0059): "aria" is in Bulgarian and Hungarian.
    expect(voiceSearchTerms("Aria")).toEqual({ needle: "aria", languages: ["bg", "hu"] });
    expect(voiceSearchTerms("Alice")).toEqual({ needle: "alice", languages: [] });
  });
  it("pages by an opaque offset token, reading a broken one as the first page", () => {
    expect(pageOffset(undefined)).toBe(0);
    expect(pageOffset(nextPageToken(40))).toBe(40);
    expect(pageOffset("not base64!")).toBe(0);
    expect(pageOffset(btoa("-5"))).toBe(0);
  });
});

describe("external engines' voices", () => {
  it("are the ones a voice's engine parameters name, else a stable one of the same gender", () => {
    const aria = PREMADE_VOICES.find((voice) => voice.name === "Aria")!;
    expect(externalVoiceFor(aria, "openai")).toBe(aria.engineParameters.externalVoices.openai);
    const unnamed = { ...aria, voiceId: "own00000000000000001", labels: { gender: "male" }, engineParameters: { ...aria.engineParameters, externalVoices: {} } };
    expect(["onyx", "echo", "fable"]).toContain(externalVoiceFor(unnamed, "openai"));
    expect(externalVoiceFor(unnamed, "openai")).toBe(externalVoiceFor(unnamed, "openai"));
    expect(["orion", "arcas", "perseus", "angus", "orpheus"]).toContain(externalVoiceFor(unnamed, "workers-ai"));
  });
});
