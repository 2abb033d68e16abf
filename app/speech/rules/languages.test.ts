import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PREMADE_VOICES } from "../../../tests/unit/premade-voices";
import { ALL_LANDING_PAGES, findLandingPage, flagEmoji, LANDING_PAGES, LANGUAGES, SOURCE_LANGUAGES } from "./languages";
import { BUNDLED_LANGUAGES, ENGINE_LANGUAGE_CATALOGUE, resolveEngineLanguage } from "../../../core/voices/engine-languages";

const MANIFEST = fileURLToPath(new URL("../../../workers/speech/generated/espeak-ng-languages.json", import.meta.url));

describe("language catalogue", () => {
  it("has a landing page per language and accent, each with a real voice of that language or speaking it by language code", () => {
    for (const page of LANDING_PAGES) {
      expect(PREMADE_VOICES.find((voice) => voice.voiceId === page.voice_id)?.language).toBe(page.language);
      expect(page.audioSrc).toMatch(/^[a-z-]+$/);
    }
    for (const page of ALL_LANDING_PAGES.filter((p) => !LANDING_PAGES.includes(p))) {
      const voice = PREMADE_VOICES.find((v) => v.voiceId === page.voice_id);
      // Its own premade voice, or Aria speaking the language by its code.
      if (voice?.language !== page.language) expect(page.languageCode, page.name).toBe(page.language);
      expect(voice).toBeDefined();
      expect(page.audioSrc).toMatch(/^[a-z0-9-]+$/);
    }
    expect(findLandingPage("british-accent")?.name).toBe("British English");
    expect(findLandingPage("spanish-castilian-accent")?.language).toBe("es");
    expect(findLandingPage("hungarian")?.placeholderText).toContain("Szia");
    expect(new Set(ALL_LANDING_PAGES.map((p) => p.audioSrc)).size).toBe(ALL_LANDING_PAGES.length);
    // Every catalogue language has a page.
    for (const language of ENGINE_LANGUAGE_CATALOGUE) expect(ALL_LANDING_PAGES.some((p) => p.language === language.code), language.code).toBe(true);
  });

  it("lists every engine language with dialects and the automatic source language", () => {
    expect(LANGUAGES.length).toBeGreaterThan(100);
    expect(SOURCE_LANGUAGES[0]).toEqual({ key: "auto", name: "Detect automatically" });
    for (const language of LANGUAGES) {
      expect(language.dialects.every((d) => d.code.toLowerCase().startsWith(language.languageCode)), language.languageCode).toBe(true);
      expect(language.dialects.map((d) => d.sort)).toEqual(language.dialects.map((_, i) => i + 1));
    }
    expect(LANGUAGES.find((l) => l.languageCode === "en")!.dialects.map((d) => d.code).slice(0, 2)).toEqual(["en-US", "en-GB"]);
    expect(LANGUAGES.find((l) => l.languageCode === "pt")!.dialects.map((d) => d.code)).toEqual(["pt-BR", "pt-PT"]);
    expect(LANGUAGES.find((l) => l.languageCode === "es")!.dialects.map((d) => d.code)).toEqual(["es-ES", "es-419"]);
    expect(flagEmoji("gb")).toBe("🇬🇧");
  });

  it("resolves codes as clients send them to a language and the dialect's engine voice", () => {
    expect(resolveEngineLanguage("hu")?.dialect.voice).toBe("hu");
    expect(resolveEngineLanguage("nb")?.language.code).toBe("no");
    expect(resolveEngineLanguage("pt-br")?.dialect.voice).toBe("pt-br");
    expect(resolveEngineLanguage("PT")?.dialect.voice).toBe("pt-br");
    expect(resolveEngineLanguage("es_419")?.dialect.voice).toBe("es-419");
    expect(resolveEngineLanguage("zh-HK")?.dialect.voice).toBe("yue");
    expect(resolveEngineLanguage("vi-VN-x-south")?.dialect.name).toBe("Southern");
    expect(resolveEngineLanguage("xx")).toBeNull();
    expect(resolveEngineLanguage("fil")).toBeNull();
  });

  // The build's manifest (npm run build): every dialect's voice is one of espeak-ng's voice files.
  it.skipIf(!existsSync(MANIFEST))("names only voices the engine has, and leaves out none of its languages", () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as { bundled: Record<string, number>; voices: { id: string; dictionary: string }[] };
    const ids = new Set(manifest.voices.map((v) => v.id.toLowerCase()));
    for (const language of ENGINE_LANGUAGE_CATALOGUE) for (const dialect of language.dialects) expect(ids.has(dialect.voice), dialect.voice).toBe(true);
    const listed = new Set(ENGINE_LANGUAGE_CATALOGUE.flatMap((l) => l.dialects.map((d) => d.voice)));
    expect(manifest.voices.filter((v) => !listed.has(v.id.toLowerCase())).map((v) => v.id)).toEqual(["en-Shaw", "xex"]);
    expect(Object.keys(manifest.bundled).sort()).toEqual([...BUNDLED_LANGUAGES].sort());
  });
});
