// The voices as the pages offer them: the text-to-speech picker, the voices page and the public try-it boxes.
import { isPublished } from "~/voices/rules/voice-library";
import type { Voice } from "../../../core/voices/voices";
import { languagePreviewUrls } from "~/speech/rules/language-previews";
import { previewPath } from "../../../core/voices/voice-rules";
import { voiceJson } from "~/voices/voice-json";
import type { VoiceFlag } from "~/voices/rules/voice-flags";
import { premadeVoices, usableVoices, voiceFlags, voiceRefusal, type VoiceViewer } from "./voices.server";
import { canCloneInstantly, voiceLimitFor } from "~/voices/rules/voice-cloning";
import type { Tier } from "../../../core/billing/plans";
import { canCloneProfessionally, professionalVoiceLimitFor, VERIFICATION_MAX_ATTEMPTS } from "~/voices/rules/professional-cloning";
import { manualVerificationNotice } from "~/voices/rules/verification-review";

type VoicesEnv = { DB: D1Database };

/** A voice for the pages, with its safety control (the dialogs open on choosing or playing one) and its flag. */
function voiceOption(voice: Voice, flags: ReadonlyMap<string, VoiceFlag> = new Map()) {
  return {
    // Relative URLs: the page plays them from its own origin.
    languagePreviews: languagePreviewUrls(voiceJson(voice, "").verified_languages),
    voice_id: voice.voiceId,
    name: voice.name,
    description: voice.description ?? "",
    language: voice.language,
    gender: voice.labels.gender ?? "",
    accent: voice.labels.accent ?? "",
    use_case: voice.labels.use_case ?? "",
    preview: previewPath(voice.previewKey),
    safety_control: voice.safetyControl,
    flag: flags.get(voice.voiceId) ?? null,
  };
}

export type VoiceOption = ReturnType<typeof voiceOption>;

/** The text-to-speech page's voices: every voice the viewer's workspace may use. */
export async function voiceOptions(env: VoicesEnv, viewer: VoiceViewer): Promise<VoiceOption[]> {
  const voices = await usableVoices(env, viewer);
  const flags = await voiceFlags(env, voices);
  return voices.map((voice) => voiceOption(voice, flags));
}

/** The voices page: the premade (default) voices. */
export async function defaultVoiceOptions(env: VoicesEnv): Promise<VoiceOption[]> {
  return (await premadeVoices(env)).map((voice) => voiceOption(voice));
}

/**
 * A try-it box's voices for visitors: the premade voices of a language (or all), `first` leading; never one under
 * a safety control (a visitor cannot pass a CAPTCHA check, which belongs to a workspace: decision 0023).
 */
export async function tryItVoiceChoices(env: VoicesEnv, language?: string, first?: string): Promise<{ voice_id: string; name: string; description: string }[]> {
  const voices = (await premadeVoices(env, language)).filter((voice) => !voice.safetyControl);
  return voices
    .sort((a, b) => Number(b.voiceId === first) - Number(a.voiceId === first))
    .map((voice) => ({ voice_id: voice.voiceId, name: voice.name, description: voice.description ?? "" }));
}

/** How many premade voices there are (the public pages say so). */
export async function premadeVoiceCount(env: VoicesEnv): Promise<number> {
  return (await premadeVoices(env)).length;
}

/** The voices the viewer's workspace made or added itself, newest last (the voice lab lists them). */
export async function ownVoiceOptions(env: VoicesEnv, viewer: VoiceViewer): Promise<(VoiceOption & { category: Voice["category"] })[]> {
  const own = (await usableVoices(env, viewer)).filter((voice) => voice.workspaceId !== null);
  const flags = await voiceFlags(env, own);
  return own.map((voice) => ({ ...voiceOption(voice, flags), category: voice.category }));
}

/** The voice lab: the workspace's own voices, newest first, and whether (and how much more) it may clone. */
export async function voiceLabOptions(env: VoicesEnv, viewer: VoiceViewer & { membership: { workspace: { tier: Tier } } }) {
  const own = (await usableVoices(env, viewer)).filter((voice) => voice.workspaceId !== null).reverse();
  // Sharing and deleting need the admin role on the voice (decision 0039): a viewer or editor is not offered them.
  const manages = await Promise.all(own.map(async (voice) => (await voiceRefusal(env, viewer, voice, "admin")) === null));
  const flags = await voiceFlags(env, own);
  const tier = viewer.membership.workspace.tier;
  return {
    voices: own.map((voice, i) => ({
      ...voiceOption(voice, flags),
      manage: manages[i]!,
      category: voice.category,
      // What Share shows and changes (a copy from the library cannot be shared again).
      fromLibrary: voice.originalVoiceId !== null,
      published: isPublished(voice.sharingStatus),
      copyable: voice.sharingStatus === "enabled",
      live_moderation: voice.liveModerationEnabled,
      royalty_rate: voice.royaltyRate,
    })),
    canClone: canCloneInstantly(tier),
    voiceLimit: voiceLimitFor(tier),
  };
}

/** The professional cloning page: whether the plan allows it, how many it keeps, and each voice's progress. */
export async function professionalVoiceOptions(env: VoicesEnv, viewer: VoiceViewer & { membership: { workspace: { tier: Tier } } }) {
  const tier = viewer.membership.workspace.tier;
  const voices = (await usableVoices(env, viewer)).filter((voice) => voice.category === "professional" && voice.workspaceId === viewer.membership.workspace.id);
  return {
    allowed: canCloneProfessionally(tier),
    limit: professionalVoiceLimitFor(tier),
    voices: voices.map((voice) => ({
      ...voiceOption(voice),
      state: voice.fineTuningState ?? "not_started",
      verified: voice.isVerified,
      attemptsLeft: Math.max(0, VERIFICATION_MAX_ATTEMPTS - voice.verificationAttempts),
      lastFailure: voice.verificationFailures.at(-1) ?? null,
      // Manual verification (decision 0091): waiting for support staff, approved, or rejected with their reason.
      manualVerification: manualVerificationNotice(voice),
      samples: (voice.samples ?? []).map((sample) => ({ sample_id: sample.sampleId, file_name: sample.fileName, seconds: sample.durationSecs ?? 0, voiced: sample.features?.voicedSeconds ?? 0, rejected: sample.rejected ?? false })),
    })),
  };
}
export type ProfessionalVoiceOption = Awaited<ReturnType<typeof professionalVoiceOptions>>["voices"][number];
