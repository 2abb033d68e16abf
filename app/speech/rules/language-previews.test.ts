import { describe, expect, it } from "vitest";
import { LANGUAGE_PREVIEW_MODEL_ID, languagePreviewUrls } from "./language-previews";
import { engineVoiceFor, languagePreviewFileName, PREMADE_VOICES, previewFileTarget, voicePreviewFileName } from "~/voices/rules/voices";

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
    expect(engineVoiceFor(aria)).toBe(aria.engineVoice);
    expect(engineVoiceFor(aria, "en")).toBe(aria.engineVoice);
    expect(engineVoiceFor(aria, "fr")).toBe("fr+f3");
    expect(engineVoiceFor(aria, "pt-BR")).toBe("pt-br+f3");
    expect(engineVoiceFor(aria, "xx")).toBe(aria.engineVoice);
  });
  it("name every preview file uniquely and find its voice and language again", () => {
    const files = new Set<string>();
    for (const voice of PREMADE_VOICES) {
      expect(previewFileTarget(voicePreviewFileName(voice.name))).toEqual({ voice, language: voice.language });
      files.add(voicePreviewFileName(voice.name));
      for (const language of ["en", "de", "fr", "es", "it", "pt"] as const) {
        if (language === voice.language) continue;
        const file = languagePreviewFileName(voice.name, language);
        expect(file).toMatch(/^voice_preview_[a-z0-9_]+\.mp3$/);
        expect(previewFileTarget(file)).toEqual({ voice, language });
        files.add(file);
      }
    }
    expect(files.size).toBe(PREMADE_VOICES.length * 6);
    expect(previewFileTarget("voice_preview_nobody.mp3")).toBeNull();
  });
});
