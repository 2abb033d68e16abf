import { describe, expect, it } from "vitest";
import { DEFAULT_RANGE, DEFAULT_RATE, designCentre, designVariations, parseVoiceDescription, previewTextFor } from "./voice-design";

describe("parseVoiceDescription", () => {
  it("reads gender, age, accent and the words that move pitch, pace and range", () => {
    const parsed = parseVoiceDescription("A deep, calm British man in his fifties, slightly raspy");
    expect(parsed.gender).toBe("male");
    expect(parsed.accent).toMatchObject({ espeakVoice: "en", language: "en", accent: "british" });
    expect(parsed.pitchShift).toBeLessThan(0);
    expect(parsed.rateShift).toBeLessThan(0);
    expect(parsed.rangeShift).toBeLessThan(0);
    expect(parsed.characters).toEqual(["raspy"]);
    expect(parsed.understood).toEqual(["deep", "calm", "british", "man", "his", "raspy"]);
  });

  it("prefers the longer phrase: latin american is Spanish, not American English", () => {
    expect(parseVoiceDescription("a latin american storyteller").accent).toMatchObject({ espeakVoice: "es-419", language: "es" });
    expect(parseVoiceDescription("an american woman").accent).toMatchObject({ espeakVoice: "en-us" });
  });

  it("makes an intensified word count more and a softened one less", () => {
    expect(parseVoiceDescription("a very deep voice").pitchShift).toBeLessThan(parseVoiceDescription("a deep voice").pitchShift);
    expect(parseVoiceDescription("a slightly deep voice").pitchShift).toBeGreaterThan(parseVoiceDescription("a deep voice").pitchShift);
  });

  it("understands nothing in a description without known words", () => {
    const parsed = parseVoiceDescription("zxq plorb");
    expect(parsed).toMatchObject({ gender: null, age: null, accent: null, characters: [], pitchShift: 0, rateShift: 0, rangeShift: 0, understood: [] });
  });
});

describe("designCentre", () => {
  it("puts a woman higher than a man and a deep voice lower still", () => {
    const woman = designCentre(parseVoiceDescription("a young woman with an energetic voice")).engineParameters;
    const man = designCentre(parseVoiceDescription("a man with a deep voice")).engineParameters;
    expect(woman.basePitch).toBeGreaterThan(man.basePitch);
    expect(woman.variant).toMatch(/^f/);
    expect(man.variant).toMatch(/^m/);
    expect(woman.rate).toBeGreaterThan(DEFAULT_RATE);
    expect(woman.baseRange).toBeGreaterThan(DEFAULT_RANGE);
  });

  it("uses the engine's special variants for raspy, whispering and old voices", () => {
    expect(designCentre(parseVoiceDescription("a raspy old pirate, a man")).variants).toContain("croak");
    expect(designCentre(parseVoiceDescription("a whispering woman")).engineParameters.variant).toBe("whisperf");
    expect(designCentre(parseVoiceDescription("an elderly woman")).variants).toContain("grandma");
  });

  it("labels the voice with what it understood", () => {
    const { labels, language } = designCentre(parseVoiceDescription("A calm Scottish woman, old and warm"));
    expect(language).toBe("en");
    expect(labels).toMatchObject({ gender: "female", accent: "scottish", age: "old", descriptive: "warm", language: "en" });
  });

  it("remixes an existing voice: keeps its accent and variant, moves its pitch and pace", () => {
    const base = { language: "fr", labels: { gender: "male", accent: "parisian" }, engineParameters: { espeakVoice: "fr", variant: "m2", basePitch: 45, externalVoices: {} } };
    const remixed = designCentre(parseVoiceDescription("Make it higher and faster"), base);
    expect(remixed.engineParameters).toMatchObject({ espeakVoice: "fr", variant: "m2" });
    expect(remixed.engineParameters.basePitch).toBeGreaterThan(45);
    expect(remixed.engineParameters.rate).toBeGreaterThan(DEFAULT_RATE);
    expect(remixed.language).toBe("fr");
  });

  it("stays inside the engine's ranges however many words push the same way", () => {
    const p = designCentre(parseVoiceDescription(Array(20).fill("very high fast energetic").join(" "))).engineParameters;
    expect(p.basePitch).toBeLessThanOrEqual(100);
    expect(p.rate).toBeLessThanOrEqual(260);
    expect(p.baseRange).toBeLessThanOrEqual(100);
  });
});

describe("designVariations", () => {
  const description = "A warm, deep narrator: a middle-aged American man";

  it("gives three distinct voices around the centre", () => {
    const variations = designVariations(description, 1);
    expect(variations).toHaveLength(3);
    const keys = new Set(variations.map((v) => JSON.stringify(v.engineParameters)));
    expect(keys.size).toBe(3);
    const pitches = variations.map((v) => v.engineParameters.basePitch);
    expect(new Set(pitches).size).toBe(3);
    const centre = designCentre(parseVoiceDescription(description)).engineParameters.basePitch;
    for (const pitch of pitches) expect(Math.abs(pitch - centre)).toBeLessThanOrEqual(8);
    for (const v of variations) expect(v.engineParameters.variant).toMatch(/^m/);
  });

  it("is the same for the same seed and differs for another", () => {
    expect(designVariations(description, 42)).toEqual(designVariations(description, 42));
    expect(designVariations(description, 42)).not.toEqual(designVariations(description, 43));
  });

  it("keeps distinct pitches even when only one variant fits (whispering)", () => {
    const variations = designVariations("a whispering woman telling secrets", 5);
    expect(variations.every((v) => v.engineParameters.variant === "whisperf")).toBe(true);
    expect(new Set(variations.map((v) => v.engineParameters.basePitch)).size).toBe(3);
  });
});

describe("previewTextFor", () => {
  it("is long enough for a preview (100 to 1000 characters)", () => {
    for (const text of ["a slow old man", "a fast young woman", "robot"]) {
      const preview = previewTextFor(parseVoiceDescription(text));
      expect(preview.length).toBeGreaterThanOrEqual(100);
      expect(preview.length).toBeLessThanOrEqual(1000);
    }
  });
});
