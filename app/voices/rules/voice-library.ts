/**
 * The voice library's rules (decision 0025): which voices are in it, who may copy one, how its list is searched,
 * sorted and paged, and the collections' titles. Pure: voice-library.server.ts applies them to D1.
 */
import type { SharingStatus, Voice } from "../../../core/voices/voices";
import { voiceLimitFor, voiceLimitReachedMessage } from "./voice-limits";
import type { Tier } from "../../../core/billing/plans";

/** A published voice is in the library: `enabled` may be copied, `copied_disabled` only heard (spec §3 Voice). */
export const PUBLISHED_STATUSES = ["enabled", "copied_disabled"] as const satisfies readonly SharingStatus[];
/** The status a copy from the library carries in the workspace that added it. */
export const COPY_STATUS: SharingStatus = "copied";

export function isPublished(status: SharingStatus | null): boolean {
  return status !== null && (PUBLISHED_STATUSES as readonly string[]).includes(status);
}

/**
 * The sharing settings a publisher chooses; `copyable: false` keeps the voice listed but refuses copies. `royalty`
 * (decision 0056) asks for rewards at fiat_rate dollars per 1,000 credits; left out, the voice keeps its rate.
 */
export type SharingSettings = { published: boolean; copyable: boolean; liveModeration: boolean; royalty?: { rewards: boolean; fiatRate: number | null } };

/** The status a publisher's settings give their voice (null: never published stays null when left unpublished). */
export function sharingStatusFor(settings: Pick<SharingSettings, "published" | "copyable">, current: SharingStatus | null): SharingStatus | null {
  if (settings.published) return settings.copyable ? "enabled" : "copied_disabled";
  return current === null ? null : "disabled";
}

/** Which of a workspace's voices it may publish: its own, made here (a copy from the library is someone else's). */
export function shareRefusal(voice: Pick<Voice, "originalVoiceId" | "safetyControl">): Refusal | null {
  if (voice.originalVoiceId !== null) return { httpStatus: 400, status: "voice_not_shareable", message: "This voice was added from the library: only its owner can share it." };
  if (voice.safetyControl === "BAN") return { httpStatus: 403, status: "voice_blocked", message: "This voice is blocked and cannot be shared." };
  return null;
}

export type Refusal = { httpStatus: 400 | 403 | 404; status: string; message: string };

export const NOT_IN_LIBRARY = (voiceId: string): Refusal => ({
  httpStatus: 404,
  status: "voice_not_found",
  message: `No shared voice with the voice_id ${voiceId} is in the library under this public_user_id.`,
});

/**
 * Whether a workspace may copy a library voice, or why not. `voice` is null for an unknown id, another
 * workspace's private voice and a voice not shared under `publicUserId` alike: all read as "not in the library".
 */
export function copyRefusal(
  voice: Pick<Voice, "voiceId" | "workspaceId" | "sharingStatus" | "publicOwnerId" | "safetyControl"> | null,
  request: { voiceId: string; publicUserId: string; workspaceId: string; tier: Tier; ownVoices: number; alreadyCopied: boolean },
): Refusal | null {
  if (!voice || !isPublished(voice.sharingStatus) || voice.publicOwnerId !== request.publicUserId) return NOT_IN_LIBRARY(request.voiceId);
  if (voice.safetyControl === "BAN") return { httpStatus: 403, status: "voice_blocked", message: "This voice is blocked and cannot be added." };
  if (voice.sharingStatus === "copied_disabled") {
    return { httpStatus: 403, status: "voice_copy_disabled", message: "The owner of this voice does not allow copying it: you can listen to it in the library but not add it." };
  }
  if (voice.workspaceId === request.workspaceId) return { httpStatus: 400, status: "voice_already_owned", message: "This voice is already one of your workspace's own." };
  if (request.alreadyCopied) return { httpStatus: 400, status: "voice_already_added", message: "This voice is already in your workspace's voices." };
  if (request.ownVoices >= voiceLimitFor(request.tier)) return { httpStatus: 400, status: "voice_limit_reached", message: voiceLimitReachedMessage(request.tier) };
  return null;
}

/** A voice's name in the workspace that adds it: the one asked for, trimmed, within the length voices allow. */
export const VOICE_NAME_MAX = 100;
export function copyName(newName: string): string | null {
  const name = newName.trim();
  return name.length === 0 || name.length > VOICE_NAME_MAX ? null : name;
}

// GET /v1/shared-voices
export const SHARED_SORTS = ["created_date", "usage_character_count_1y", "trending", "cloned_by_count"] as const;
export type SharedSort = (typeof SHARED_SORTS)[number];
/** The SDK's category filter: of these only "professional" can match here (no famous or high-quality voices). */
export const SHARED_CATEGORIES = ["professional", "famous", "high_quality"] as const;
export type SharedCategory = (typeof SHARED_CATEGORIES)[number];
export const SHARED_PAGE_SIZE_DEFAULT = 30;
export const SHARED_PAGE_SIZE_MAX = 100;
/** Pages are numbered from 0; far pages are refused rather than scanned. */
export const SHARED_PAGE_MAX = 1000;
/** "Trending" is the usage of the last 7 days; the yearly figures look back 365. */
export const TRENDING_DAYS = 7;
export const USAGE_YEAR_DAYS = 365;

export type SharedVoiceQuery = {
  search?: string;
  category?: SharedCategory;
  gender?: string;
  age?: string;
  accent?: string;
  language?: string;
  locale?: string;
  useCases: string[];
  descriptives: string[];
  featured?: boolean;
  includeLiveModerated: boolean;
  ownerId?: string;
  sort: SharedSort;
  page: number;
  pageSize: number;
};

/** A multi-valued query parameter as sent repeated (?use_cases=a&use_cases=b) or comma-separated. */
export function listParameter(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()).filter(Boolean))];
}

/** A label as the library compares it: lower case, spaces and dashes as underscores ("middle aged" = "middle_aged"). */
export function labelKey(value: string): string {
  return value.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

/** Whether the page after `page` holds anything. */
export function hasMorePages(page: number, pageSize: number, total: number): boolean {
  return (page + 1) * pageSize < total;
}

// Collections
export const COLLECTION_TITLE_MAX = 100;
export const COLLECTION_ICON_MAX = 32;
/** At most this many collections per workspace, and voices per collection: lists stay readable and bounded. */
export const COLLECTIONS_PER_WORKSPACE_MAX = 100;
export const VOICES_PER_COLLECTION_MAX = 500;

export function collectionTitle(title: string): string | null {
  const trimmed = title.trim();
  return trimmed.length === 0 || trimmed.length > COLLECTION_TITLE_MAX ? null : trimmed;
}

export const COLLECTION_NOT_FOUND = (collectionId: string): Refusal => ({
  httpStatus: 404,
  status: "collection_not_found",
  message: `A voice collection with the collection_id ${collectionId} was not found.`,
});

/**
 * The public_user_id a workspace publishes under: a SHA-256 of its id, so every voice it shares names the same
 * publisher (the owner_id filter, the public link) without telling anyone the workspace's own id.
 */
export async function publicOwnerIdFor(workspaceId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`parlance-public-owner:${workspaceId}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A public_user_id as the routes accept it. */
export const PUBLIC_USER_ID = /^[0-9a-f]{64}$/;
