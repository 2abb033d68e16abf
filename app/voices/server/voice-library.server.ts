// The voice library, sharing and collections (decision 0025), read and written in D1. The library lists only
// published voices; everything else here acts on the viewer's own workspace and never sees another's voices.
import { newVoiceId, ownPreviewKeyOf } from "../../../core/voices/voice-rules";
import { database } from "../../../db/client";
import * as library from "../../../db/repositories/voice-library";
import type { Voice } from "../../../core/voices/voices";
import type { Tier } from "../../../core/billing/plans";
import type { WorkspaceRole } from "../../../core/workspace/roles";
import { findUsableVoice, ownVoiceWithRole, usableVoices, voiceCreated } from "./voices.server";
import { nowSeconds } from "../../../core/clock";
import { fiatRate, royaltyRateFor } from "~/payouts/rules/royalties";
import { announceLibraryRemoval } from "./library-removal.server";
import type { WebhookEnv } from "~/workspace/webhooks.server";
import { permissionRefusal, type Actor } from "~/accounts/accounts.server";
import { LIBRARY_REFUSAL_STATUS, LIBRARY_SETTING_TEXTS, mayUseLibrary, type LibraryAction } from "../../../core/workspace/library-settings";
import {
  COLLECTION_NOT_FOUND,
  COLLECTIONS_PER_WORKSPACE_MAX,
  COPY_STATUS,
  copyRefusal,
  hasMorePages,
  isPublished,
  labelKey,
  NOT_IN_LIBRARY,
  PUBLISHED_STATUSES,
  publicOwnerIdFor,
  shareRefusal,
  sharingStatusFor,
  TRENDING_DAYS,
  USAGE_YEAR_DAYS,
  VOICES_PER_COLLECTION_MAX,
  type Refusal,
  type SharedVoiceQuery,
  type SharingSettings,
} from "~/voices/rules/voice-library";

type LibraryEnv = { DB: D1Database };
/** Who is asking: a member acting in one workspace (its plan decides how many voices it may keep). */
export type LibraryViewer = { user: { id: string }; membership: { role: WorkspaceRole; workspace: { id: string; tier: Tier } } };
export type LibraryVoice = library.LibraryVoice & { addedByViewer: boolean };
export type VoiceCollection = library.CollectionRow;
type Result<T> = ({ ok: true } & T) | { ok: false; refusal: Refusal };

const DAY = 86_400;
const usageWindows = () => ({ yearFrom: nowSeconds() - USAGE_YEAR_DAYS * DAY, weekFrom: nowSeconds() - TRENDING_DAYS * DAY });
const workspaceOf = (viewer: LibraryViewer) => viewer.membership.workspace.id;

async function markAdded(db: library.LibraryVoice[], env: LibraryEnv, viewer: LibraryViewer): Promise<LibraryVoice[]> {
  const copied = await library.copiedOriginals(database(env.DB), workspaceOf(viewer), db.map((voice) => voice.voiceId));
  return db.map((voice) => ({ ...voice, addedByViewer: copied.has(voice.voiceId) || voice.workspaceId === workspaceOf(viewer) }));
}

/** GET /v1/shared-voices and the library page: a page of published voices. */
export async function sharedVoicePage(env: LibraryEnv, viewer: LibraryViewer, query: SharedVoiceQuery) {
  const labels = (["gender", "age", "accent"] as const).flatMap((key) => (query[key] ? [{ key, value: labelKey(query[key]) }] : []));
  const { voices, total } = await library.searchLibrary(database(env.DB), {
    published: PUBLISHED_STATUSES,
    search: query.search?.trim() || undefined,
    // Only "professional" exists here among the SDK's library categories.
    categories: query.category ? (query.category === "professional" ? ["professional"] : []) : undefined,
    labels,
    language: query.language?.toLowerCase(),
    locale: query.locale,
    useCases: query.useCases.map(labelKey),
    descriptives: query.descriptives.map(labelKey),
    featured: query.featured,
    includeLiveModerated: query.includeLiveModerated,
    ownerId: query.ownerId,
    sort: query.sort,
    ...usageWindows(),
    offset: query.page * query.pageSize,
    limit: query.pageSize,
  });
  return { voices: await markAdded(voices, env, viewer), total, hasMore: hasMorePages(query.page, query.pageSize, total) };
}

/** One voice of the library, as its public link names it; null when it is not shared under that public_user_id. */
export async function findSharedVoice(env: LibraryEnv, viewer: LibraryViewer, publicUserId: string, voiceId: string): Promise<LibraryVoice | null> {
  const { yearFrom, weekFrom } = usageWindows();
  const voice = await library.findLibraryVoice(database(env.DB), voiceId, PUBLISHED_STATUSES, yearFrom, weekFrom);
  if (!voice || voice.publicOwnerId !== publicUserId) return null;
  return (await markAdded([voice], env, viewer))[0]!;
}

/** A published voice for its public preview (no viewer: previews are public files); null when not in the library. */
export async function libraryVoiceForPreview(env: LibraryEnv, voiceId: string): Promise<Voice | null> {
  const { yearFrom, weekFrom } = usageWindows();
  return (await library.findLibraryVoice(database(env.DB), voiceId, PUBLISHED_STATUSES, yearFrom, weekFrom)) ?? null;
}

/** The workspace's voice-library settings (decision 0061) as a refusal of `action`: null when the actor may. */
function librarySettingRefusal(actor: Actor, action: LibraryAction): Refusal | null {
  if (mayUseLibrary(actor.membership.role, actor.membership.workspace, action)) return null;
  return { httpStatus: 403, status: LIBRARY_REFUSAL_STATUS[action], message: action === "add" ? LIBRARY_SETTING_TEXTS.addRefused : LIBRARY_SETTING_TEXTS.publishRefused };
}

/**
 * POST /v1/voices/add/{public_user_id}/{voice_id}: copies a library voice into the viewer's workspace under
 * `name`. The copy speaks as the original does and remembers it; it takes one of the plan's voice slots. Adding a
 * voice needs the Voices permission and, for a member, the workspace's leave to add library voices.
 */
export async function addSharedVoice(env: LibraryEnv, viewer: Actor, publicUserId: string, voiceId: string, name: string): Promise<Result<{ voiceId: string }>> {
  const db = database(env.DB);
  const denied = (await permissionRefusal(db, viewer, "voice_lab")) ?? librarySettingRefusal(viewer, "add");
  if (denied) return { ok: false, refusal: denied };
  const workspaceId = workspaceOf(viewer);
  const voice = (await library.findVoiceById(db, voiceId)) ?? null;
  // Another workspace's private voice reads exactly as an unknown one.
  const listed = voice && isPublished(voice.sharingStatus) ? voice : null;
  const [ownVoices, copied] = listed ? await Promise.all([library.countOwnVoices(db, workspaceId), library.copiedOriginals(db, workspaceId, [voiceId])]) : [0, new Set<string>()];
  const refusal = copyRefusal(listed, { voiceId, publicUserId, workspaceId, tier: viewer.membership.workspace.tier, ownVoices, alreadyCopied: copied.has(voiceId) });
  if (refusal || !listed) return { ok: false, refusal: refusal ?? NOT_IN_LIBRARY(voiceId) };
  const copyId = newVoiceId();
  await library.insertVoice(db, {
    voiceId: copyId,
    workspaceId,
    category: listed.category,
    name,
    description: listed.description,
    labels: listed.labels,
    language: listed.language,
    engine: listed.engine,
    engineParameters: listed.engineParameters,
    // The publisher's recordings stay theirs: a copy carries no samples. Its own preview is spoken by the copy
    // on the first request (GET /v1/voices/{id}/preview) and leaves with it.
    previewKey: ownPreviewKeyOf(workspaceId, copyId),
    samples: null,
    verifiedLanguages: listed.verifiedLanguages.map((language) => ({ ...language, previewKey: null })),
    highQualityBaseModelIds: listed.highQualityBaseModelIds,
    sharingStatus: COPY_STATUS,
    liveModerationEnabled: listed.liveModerationEnabled,
    fineTuningState: listed.fineTuningState,
    publicOwnerId: listed.publicOwnerId,
    originalVoiceId: listed.voiceId,
    createdAt: nowSeconds(),
    createdByUserId: viewer.user.id,
  });
  await voiceCreated(env, viewer, copyId);
  return { ok: true, voiceId: copyId };
}

/** The sharing settings of one of the workspace's own voices: publish, allow copying, live moderation, royalty. */
export async function setVoiceSharing(env: WebhookEnv, viewer: Actor, voiceId: string, settings: SharingSettings): Promise<Result<{ voice: Voice }>> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  // Publishing shares the voice beyond the workspace: the admin role on it (decision 0039).
  const found = await ownVoiceWithRole(env, viewer, voiceId, "admin");
  if (!found.ok) return { ok: false, refusal: found };
  const voice = found.voice;
  const refusal = shareRefusal(voice);
  if (refusal) return { ok: false, refusal };
  const royaltyRate = royaltyRateFor({ published: settings.published, rewards: settings.royalty?.rewards ?? voice.royaltyRate > 0, fiatRate: settings.royalty ? settings.royalty.fiatRate : fiatRate(voice.royaltyRate) });
  if (typeof royaltyRate !== "number") return { ok: false, refusal: royaltyRate };
  const sharingStatus = sharingStatusFor(settings, voice.sharingStatus);
  const publishedNow = settings.published && !isPublished(voice.sharingStatus);
  // Publishing anew is what the workspace's setting governs; a published voice's other settings and unpublishing are not.
  const notAllowed = publishedNow ? librarySettingRefusal(viewer, "publish") : null;
  if (notAllowed) return { ok: false, refusal: notAllowed };
  const sharing = {
    sharingStatus,
    liveModerationEnabled: settings.liveModeration,
    royaltyRate,
    publicOwnerId: settings.published ? await publicOwnerIdFor(workspaceId) : voice.publicOwnerId,
    sharedAt: publishedNow ? nowSeconds() : voice.sharedAt,
  };
  await library.updateSharing(db, workspaceId, voiceId, sharing);
  if (!settings.published) await announceLibraryRemoval(env, voice, "unpublished");
  return { ok: true, voice: { ...voice, ...sharing } };
}

/** The workspace's own voices (admins' workspace voices page; the collections page's "My voices"). */
export async function workspaceOwnVoices(env: LibraryEnv, viewer: LibraryViewer): Promise<Voice[]> {
  return (await usableVoices(env, viewer)).filter((voice) => voice.workspaceId !== null);
}

/** The library figures of the workspace's published voices (how often each was added), by voice id. */
export async function publishedFigures(env: LibraryEnv, viewer: LibraryViewer): Promise<Map<string, library.LibraryVoice>> {
  const db = database(env.DB);
  const { yearFrom, weekFrom } = usageWindows();
  const own = (await workspaceOwnVoices(env, viewer)).filter((voice) => isPublished(voice.sharingStatus));
  const figures = await Promise.all(own.map((voice) => library.findLibraryVoice(db, voice.voiceId, PUBLISHED_STATUSES, yearFrom, weekFrom)));
  return new Map(figures.flatMap((voice) => (voice ? [[voice.voiceId, voice] as const] : [])));
}

/**
 * The ids of the library voices the workspace's copies were made from that are still in the library: a copy
 * speaks exactly as its original, so the original's public preview is the copy's too.
 */
export async function originalsInLibrary(env: LibraryEnv, voices: readonly Voice[]): Promise<Set<string>> {
  const originals = voices.flatMap((voice) => (voice.originalVoiceId ? [voice.originalVoiceId] : []));
  return library.publishedAmong(database(env.DB), originals, PUBLISHED_STATUSES);
}

// Collections

export async function listCollections(env: LibraryEnv, viewer: LibraryViewer): Promise<VoiceCollection[]> {
  return library.listCollections(database(env.DB), workspaceOf(viewer));
}

/** The voice ids of each of the workspace's collections. */
export async function collectionMembers(env: LibraryEnv, viewer: LibraryViewer): Promise<Map<string, string[]>> {
  return library.collectionMembers(database(env.DB), workspaceOf(viewer));
}

/** One of the workspace's collections, or the refusal an unknown (or another workspace's) id gets. */
export async function findCollection(env: LibraryEnv, viewer: LibraryViewer, collectionId: string): Promise<Result<{ collection: VoiceCollection }>> {
  const collection = await library.findCollection(database(env.DB), workspaceOf(viewer), collectionId);
  return collection ? { ok: true, collection } : { ok: false, refusal: COLLECTION_NOT_FOUND(collectionId) };
}

export async function createCollection(env: LibraryEnv, viewer: LibraryViewer, title: string, icon: string): Promise<Result<{ collection: VoiceCollection }>> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  if ((await library.countCollections(db, workspaceId)) >= COLLECTIONS_PER_WORKSPACE_MAX) {
    return { ok: false, refusal: { httpStatus: 400, status: "collection_limit_reached", message: `A workspace keeps at most ${COLLECTIONS_PER_WORKSPACE_MAX} voice collections.` } };
  }
  const collectionId = crypto.randomUUID();
  await library.insertCollection(db, { collectionId, workspaceId, title, icon });
  return findCollection(env, viewer, collectionId);
}

export async function updateCollection(env: LibraryEnv, viewer: LibraryViewer, collectionId: string, patch: { title?: string; icon?: string }): Promise<Result<{ collection: VoiceCollection }>> {
  const found = await findCollection(env, viewer, collectionId);
  if (!found.ok) return found;
  await library.updateCollection(database(env.DB), workspaceOf(viewer), collectionId, patch);
  return findCollection(env, viewer, collectionId);
}

export async function deleteCollection(env: LibraryEnv, viewer: LibraryViewer, collectionId: string): Promise<Result<object>> {
  const found = await findCollection(env, viewer, collectionId);
  if (!found.ok) return found;
  await library.deleteCollection(database(env.DB), workspaceOf(viewer), collectionId);
  return { ok: true };
}

/** Adds a voice the workspace may use (a premade one or its own) to one of its collections. */
export async function addVoiceToCollection(env: LibraryEnv, viewer: LibraryViewer, collectionId: string, voiceId: string): Promise<Result<object>> {
  const db = database(env.DB);
  const found = await findCollection(env, viewer, collectionId);
  if (!found.ok) return found;
  if (!(await findUsableVoice(env, viewer, voiceId))) {
    return { ok: false, refusal: { httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` } };
  }
  if (found.collection.voiceCount >= VOICES_PER_COLLECTION_MAX) {
    return { ok: false, refusal: { httpStatus: 400, status: "collection_full", message: `A collection holds at most ${VOICES_PER_COLLECTION_MAX} voices.` } };
  }
  await library.addToCollection(db, collectionId, voiceId);
  return { ok: true };
}

export async function removeVoiceFromCollection(env: LibraryEnv, viewer: LibraryViewer, collectionId: string, voiceId: string): Promise<Result<object>> {
  const found = await findCollection(env, viewer, collectionId);
  if (!found.ok) return found;
  if (!(await library.removeFromCollection(database(env.DB), collectionId, voiceId))) {
    return { ok: false, refusal: { httpStatus: 404, status: "voice_not_found", message: `The voice ${voiceId} is not in this collection.` } };
  }
  return { ok: true };
}

/** GET /v1/voices/accents: the library's accents, each with a code (language-accent) and a display name. */
export async function libraryAccents(env: LibraryEnv, language?: string) {
  const rows = await library.libraryAccents(database(env.DB), PUBLISHED_STATUSES, language);
  const byCode = new Map<string, { accent: string; language: string; code: string; name: string }>();
  for (const row of rows) {
    const key = labelKey(row.accent);
    const code = `${row.language}-${key}`;
    if (!byCode.has(code)) byCode.set(code, { accent: key, language: row.language, code, name: row.accent.replace(/(^|[\s_-])\p{L}/gu, (m) => m.toUpperCase()).replace(/_/g, " ") });
  }
  return [...byCode.values()];
}
