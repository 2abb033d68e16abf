import { DEFAULT_MODEL_ID } from "~/speech/rules/models";
import { ENGINE_LANGUAGES, languagePreviewFileName, voicePreviewFileName, type PremadeVoice } from "~/voices/rules/voices";
import type { SafetyControl } from "../../core/voices/voice-safety";

/** The wire shape of a premade voice (GET /v1/voices and friends); pages use it too. */
export function previewPath(voice: PremadeVoice): string {
  return `/v1/voices/previews/${voicePreviewFileName(voice.name)}`;
}

export function voiceJson(voice: PremadeVoice, origin: string, safetyControl: SafetyControl | null = null) {
  const preview_url = origin + previewPath(voice);
  return {
    voice_id: voice.voice_id,
    name: voice.name,
    category: "premade",
    description: voice.description,
    labels: { accent: voice.accent, gender: voice.gender, age: voice.age, use_case: voice.use_case, language: voice.language, description: voice.description },
    preview_url,
    available_for_tiers: [],
    settings: null,
    high_quality_base_model_ids: [DEFAULT_MODEL_ID],
    // The multilingual model speaks every engine language in every voice, each with its own preview.
    verified_languages: ENGINE_LANGUAGES.map((language) => ({
      language,
      model_id: DEFAULT_MODEL_ID,
      accent: language === voice.language ? voice.accent : "standard",
      locale: null,
      preview_url: language === voice.language ? preview_url : `${origin}/v1/voices/previews/${languagePreviewFileName(voice.name, language)}`,
    })),
    safety_control: safetyControl,
    sharing: null,
    voice_verification: { requires_verification: false, is_verified: false, verification_failures: [], verification_attempts_count: 0 },
    is_owner: false,
    is_legacy: false,
    created_at_unix: null,
  };
}
