import { describe, expect, it } from "vitest";
import { PREMADE_VOICES } from "../../../tests/unit/premade-voices";
import { findLandingPage, flagEmoji, LANDING_PAGES, LANGUAGES, SOURCE_LANGUAGES } from "./languages";

describe("language catalogue", () => {
  it("has a landing page per language and accent, each with a real voice of that language", () => {
    for (const page of LANDING_PAGES) {
      expect(PREMADE_VOICES.find((voice) => voice.voiceId === page.voice_id)?.language).toBe(page.language);
      expect(page.audioSrc).toMatch(/^[a-z-]+$/);
    }
    expect(findLandingPage("british-accent")?.name).toBe("British English");
    expect(findLandingPage("spanish-castilian-accent")?.language).toBe("es");
    expect(new Set(LANDING_PAGES.map((p) => p.audioSrc)).size).toBe(LANDING_PAGES.length);
  });
  it("lists dialects and the automatic source language", () => {
    expect(SOURCE_LANGUAGES[0]).toEqual({ key: "auto", name: "Detect automatically" });
    for (const language of LANGUAGES) expect(language.dialects.every((d) => d.code.startsWith(language.languageCode))).toBe(true);
    expect(flagEmoji("gb")).toBe("🇬🇧");
  });
});
