import type { Voice } from "../../core/voices/voices";
import type { VoiceFlag } from "~/voices/rules/voice-flags";
import type { LibraryVoice, VoiceCollection } from "~/voices/voices.server";
import { voiceJson } from "./voice-json";
import { fiatRate } from "~/payouts/rules/royalties";
import { previewPath } from "../../core/voices/voice-rules";

/** Where a library voice's preview is heard: a public file, spoken by the voice on first request (decision 0025). */
export function libraryPreviewPath(voiceId: string): string {
  return `/v1/shared-voices/previews/${encodeURIComponent(voiceId)}.mp3`;
}

/** Where a similar voice is heard: a premade voice at its own public preview, a library voice at the library's. */
export function similarVoicePreviewUrl(voice: LibraryVoice, premade: boolean, origin: string): string {
  return origin + (premade ? (previewPath(voice.previewKey) ?? "") : libraryPreviewPath(voice.voiceId));
}

/**
 * A library voice as GET /v1/shared-voices answers it (the SDK's LibraryVoiceResponse). Every voice is used at the
 * plan's own credits; fiat_rate is what its owner earns from another workspace's use (decision 0056); none is featured; play_api usage is all usage (this platform has no separate
 * "play" API).
 */
export function libraryVoiceJson(voice: LibraryVoice, origin: string) {
  const labels = voice.labels;
  return {
    public_owner_id: voice.publicOwnerId ?? "",
    voice_id: voice.voiceId,
    date_unix: voice.sharedAt ?? voice.createdAt,
    name: voice.name,
    accent: labels.accent ?? "",
    gender: labels.gender ?? "",
    age: labels.age ?? "",
    descriptive: labels.descriptive ?? "",
    use_case: labels.use_case ?? "",
    category: voice.category,
    language: voice.language,
    description: voice.description ?? "",
    preview_url: origin + libraryPreviewPath(voice.voiceId),
    usage_character_count_1y: voice.usage1y,
    usage_character_count_7d: voice.usage7d,
    play_api_usage_character_count_1y: voice.usage1y,
    cloned_by_count: voice.clonedByCount,
    free_users_allowed: true,
    fiat_rate: fiatRate(voice.royaltyRate),
    live_moderation_enabled: voice.liveModerationEnabled,
    featured: false,
    verified_languages: voiceJson(voice, origin).verified_languages.map((language) => ({ ...language, preview_url: origin + libraryPreviewPath(voice.voiceId) })),
    is_added_by_user: voice.addedByViewer,
    is_bookmarked: false,
    /** Whether the owner allows copies (status enabled); copied_disabled voices are only heard. */
    sharing_status: voice.sharingStatus,
  };
}

/** The sharing of one of the workspace's voices, as POST /v1/voices/{voice_id}/sharing answers it. */
export function sharingJson(voice: Voice) {
  return {
    voice_id: voice.voiceId,
    status: voice.sharingStatus,
    public_owner_id: voice.publicOwnerId,
    date_unix: voice.sharedAt,
    live_moderation_enabled: voice.liveModerationEnabled,
    original_voice_id: voice.originalVoiceId,
    financial_rewards_enabled: voice.royaltyRate > 0,
    fiat_rate: fiatRate(voice.royaltyRate),
  };
}

/** A collection as the SDK's UserVoiceCollectionResponseModel; the workspace's members administer its collections. */
export function collectionJson(collection: VoiceCollection) {
  return { collection_id: collection.collectionId, title: collection.title, icon: collection.icon, permission_on_resource: "admin" as const, voice_count: collection.voiceCount };
}

/** A library voice as the pages show it: what a card, its preview in the global player and Add need. */
export function libraryVoiceOption(voice: LibraryVoice, workspaceId: string, flags: ReadonlyMap<string, VoiceFlag> = new Map()) {
  return {
    voice_id: voice.voiceId,
    public_owner_id: voice.publicOwnerId ?? "",
    name: voice.name,
    description: voice.description ?? "",
    category: voice.category,
    language: voice.language,
    gender: voice.labels.gender ?? "",
    accent: voice.labels.accent ?? "",
    age: voice.labels.age ?? "",
    use_case: voice.labels.use_case ?? "",
    preview: libraryPreviewPath(voice.voiceId),
    languagePreviews: [],
    safety_control: voice.safetyControl,
    cloned_by_count: voice.clonedByCount,
    usage_7d: voice.usage7d,
    copyable: voice.sharingStatus === "enabled",
    live_moderation: voice.liveModerationEnabled,
    royalty_rate: voice.royaltyRate,
    added: voice.addedByViewer,
    own: voice.workspaceId === workspaceId,
    flag: flags.get(voice.voiceId) ?? null,
  };
}
export type LibraryVoiceOption = ReturnType<typeof libraryVoiceOption>;

/** The public link of a shared voice. */
export function sharedVoicePath(publicOwnerId: string, voiceId: string): string {
  return `/app/voice-lab/share/${publicOwnerId}/${voiceId}`;
}
