import type { Voice, VoiceSampleFile } from "../../core/voices/voices";
import { previewPath } from "../../core/voices/voice-rules";
import { fiatRate } from "~/payouts/rules/royalties";

/**
 * The wire shape of a voice (GET /v1/voices and friends; pages use it too). `workspaceId` is the viewer's
 * workspace: is_owner says whether the voice is its own. Premade voices read exactly as they did from the list
 * in code: no creation time, no sharing, no samples.
 */
export function voiceJson(voice: Voice, origin: string, workspaceId: string | null = null) {
  const url = (key: string | null) => {
    const path = previewPath(key);
    return path === null ? null : origin + path;
  };
  return {
    voice_id: voice.voiceId,
    name: voice.name,
    category: voice.category,
    description: voice.description,
    labels: voice.labels,
    preview_url: url(voice.previewKey),
    available_for_tiers: [],
    settings: null,
    high_quality_base_model_ids: voice.highQualityBaseModelIds,
    verified_languages: voice.verifiedLanguages.map((language) => ({
      language: language.language,
      model_id: language.modelId,
      accent: language.accent,
      locale: language.locale,
      preview_url: url(language.previewKey),
    })),
    safety_control: voice.safetyControl,
    sharing:
      voice.sharingStatus === null
        ? null
        : {
            status: voice.sharingStatus,
            live_moderation_enabled: voice.liveModerationEnabled,
            // The library (decision 0025): who published it (or, on a copy, the original's publisher) and when.
            public_owner_id: voice.publicOwnerId,
            original_voice_id: voice.originalVoiceId,
            date_unix: voice.sharedAt,
            // Royalties (decision 0056): what the owner earns from other workspaces' use, in dollars per 1,000 credits.
            financial_rewards_enabled: voice.royaltyRate > 0,
            fiat_rate: fiatRate(voice.royaltyRate),
          },
    voice_verification: {
      requires_verification: voice.requiresVerification,
      is_verified: voice.isVerified,
      verification_failures: voice.verificationFailures,
      verification_attempts_count: voice.verificationAttempts,
    },
    ...(voice.samples === null ? {} : { samples: voice.samples.map(sampleJson) }),
    ...(voice.fineTuningState === null
      ? {}
      : {
          // A professional voice's training and verification (decision 0035), per model it is trained for.
          fine_tuning: {
            is_allowed_to_fine_tune: true,
            state: Object.fromEntries(voice.highQualityBaseModelIds.map((model) => [model, voice.fineTuningState])),
            verification_failures: voice.verificationFailures,
            verification_attempts_count: voice.verificationAttempts,
            manual_verification_requested: voice.manualVerification !== null,
            // The request for manual verification (decision 0087): its documents are kept, not served back.
            manual_verification: voice.manualVerification && {
              extra_text: voice.manualVerification.extraText,
              request_time_unix: voice.manualVerification.requestedAt,
              files: voice.manualVerification.files.map((f) => ({ file_id: f.fileId, file_name: f.fileName, mime_type: f.mimeType, size_bytes: f.sizeBytes, upload_date_unix: f.uploadedAt })),
            },
            language: voice.language,
            dataset_duration_seconds: (voice.samples ?? []).reduce((sum, sample) => sum + (sample.durationSecs ?? 0), 0),
          },
        }),
    is_owner: voice.workspaceId !== null && voice.workspaceId === workspaceId,
    is_legacy: false,
    created_at_unix: voice.category === "premade" ? null : voice.createdAt,
  };
}

/** A sample as the SDK's VoiceSample (a professional voice's also say how long and how they were edited). */
export function sampleJson(sample: VoiceSampleFile) {
  return {
    sample_id: sample.sampleId,
    file_name: sample.fileName,
    mime_type: sample.mimeType,
    size_bytes: sample.sizeBytes,
    hash: sample.hash,
    ...(sample.durationSecs === undefined
      ? {}
      : {
          duration_secs: sample.durationSecs,
          remove_background_noise: sample.removeBackgroundNoise ?? false,
          has_isolated_audio: false,
          has_isolated_audio_preview: false,
          speaker_separation: null,
          trim_start: sample.trimStart ?? null,
          trim_end: sample.trimEnd ?? null,
        }),
  };
}
