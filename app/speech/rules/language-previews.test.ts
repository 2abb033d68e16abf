import { describe, expect, it } from "vitest";
import { LANGUAGE_PREVIEW_MODEL_ID, languagePreviewUrls } from "./language-previews";
import { engineVoiceFor, ENGINE_LANGUAGES, languagePreviewFileName, previewKeyOf, previewPath, voicePreviewFileName } from "../../../core/voices/voice-rules";
import { PREMADE_VOICES } from "../../../tests/unit/premade-voices";

describe("languagePreviewUrls", () => {
  it("offers only the multilingual model's previews, once per language, skipping missing ones", () => {
    const previews = languagePreviewUrls([
      { language: "en", model_id: LANGUAGE_PREVIEW_MODEL_ID, preview_url: "/en.mp3" },
      { language: "fr", model_id: "other_model", preview_url: "/fr-other.mp3" },
      { language: "fr", model_id: LANGUAGE_PREVIEW_MODEL_ID, preview_url: "/fr.mp3" },
      { language: "de", model_id: LANGUAGE_PREVIEW_MODEL_ID, preview_url: null },
      { language: "en", model_id: LANGUAGE_PREVIEW_MODEL_ID, preview_url: "/en-again.mp3" },
    ]);
    expect(previews).toEqual([
      { language: "en", url: "/en.mp3" },
      { language: "fr", url: "/fr.mp3" },
    ]);
  });
});

describe("voices in other languages", () => {
  const aria = PREMADE_VOICES.find((v) => v.name === "Aria")!;
  it("keep their own accent in their language and their timbre elsewhere", () => {
    expect(engineVoiceFor(aria)).toBe("en-us+f3");
    expect(engineVoiceFor(aria, "en")).toBe("en-us+f3");
    expect(engineVoiceFor(aria, "fr")).toBe("fr+f3");
    expect(engineVoiceFor(aria, "pt-BR")).toBe("pt-br+f3");
    expect(engineVoiceFor(aria, "xx")).toBe("en-us+f3");
    expect(engineVoiceFor({ language: "de", engineParameters: { espeakVoice: "de", variant: null, basePitch: 50, externalVoices: {} } }, "fr")).toBe("fr");
  });
  it("have a public preview per language, each named after the voice and stored under its own key", () => {
    const keys = new Set<string>();
    for (const voice of PREMADE_VOICES) {
      expect(voice.previewKey).toBe(previewKeyOf(voicePreviewFileName(voice.name)));
      // The six bundled languages; a voice of another language (migration 0048) has its own first.
      const own = (ENGINE_LANGUAGES as readonly string[]).includes(voice.language) ? [] : [voice.language];
      expect(voice.verifiedLanguages.map((l) => l.language)).toEqual([...own, ...ENGINE_LANGUAGES]);
      for (const { language, previewKey } of voice.verifiedLanguages) {
        const file = language === voice.language ? voicePreviewFileName(voice.name) : languagePreviewFileName(voice.name, language as (typeof ENGINE_LANGUAGES)[number]);
        expect(file).toMatch(/^voice_preview_[a-z0-9_]+\.mp3$/);
        expect(previewKey).toBe(previewKeyOf(file));
        expect(previewPath(previewKey)).toBe(`/v1/voices/previews/${file}`);
        keys.add(previewKey!);
      }
    }
    expect(keys.size).toBe(PREMADE_VOICES.reduce((n, voice) => n + voice.verifiedLanguages.length, 0));
    expect(previewPath("voices/elsewhere/preview.mp3")).toBeNull();
    expect(previewPath(null)).toBeNull();
  });
});
