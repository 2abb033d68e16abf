import { describe, expect, it } from "vitest";
import { voiceJson } from "./voice-json";
import { PREMADE_VOICES } from "../../tests/unit/premade-voices";

const aria = PREMADE_VOICES.find((voice) => voice.name === "Aria")!;
const preview = (file: string) => `https://parlance.test/v1/voices/previews/${file}`;

describe("voiceJson", () => {
  it("reads a premade voice exactly as the list in code did", () => {
    expect(JSON.stringify(voiceJson(aria, "https://parlance.test", "ws1"))).toBe(
      JSON.stringify({
        voice_id: "pv01aria000000000000",
        name: "Aria",
        category: "premade",
        description: "Clear, friendly American English.",
        labels: { accent: "american", gender: "female", age: "young", use_case: "narration", language: "en", description: "Clear, friendly American English." },
        preview_url: preview("voice_preview_aria.mp3"),
        available_for_tiers: [],
        settings: null,
        high_quality_base_model_ids: ["parlance_multilingual_v1"],
        verified_languages: ["en", "de", "fr", "es", "it", "pt"].map((language) => ({
          language,
          model_id: "parlance_multilingual_v1",
          accent: language === "en" ? "american" : "standard",
          locale: null,
          preview_url: preview(language === "en" ? "voice_preview_aria.mp3" : `voice_preview_aria_${language}.mp3`),
        })),
        safety_control: null,
        sharing: null,
        voice_verification: { requires_verification: false, is_verified: false, verification_failures: [], verification_attempts_count: 0 },
        is_owner: false,
        is_legacy: false,
        created_at_unix: null,
      }),
    );
  });

  it("shows a workspace's own voice as its owner's, with its creation time, sharing, samples and fine-tuning", () => {
    const own = {
      ...aria,
      voiceId: "own",
      workspaceId: "ws1",
      category: "professional" as const,
      previewKey: null,
      createdAt: 1700000000,
      sharingStatus: "copied_disabled" as const,
      samples: [{ sampleId: "s1", fileName: "me.wav", mimeType: "audio/wav", sizeBytes: 10, hash: "h", key: "voices/ws1/own/s1.wav" }],
      fineTuningState: "fine_tuned" as const,
    };
    const json = voiceJson(own, "https://parlance.test", "ws1");
    expect(json).toMatchObject({
      is_owner: true,
      created_at_unix: 1700000000,
      preview_url: null,
      sharing: { status: "copied_disabled", live_moderation_enabled: false },
      samples: [{ sample_id: "s1", file_name: "me.wav", mime_type: "audio/wav", size_bytes: 10, hash: "h" }],
      fine_tuning: { state: { parlance_multilingual_v1: "fine_tuned" } },
    });
    expect(JSON.stringify(json)).not.toContain("voices/ws1");
    expect(voiceJson(own, "https://parlance.test", "ws2").is_owner).toBe(false);
  });
});
