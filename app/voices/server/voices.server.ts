// The voices a member may use (the premade ones and their workspace's that they made or that are shared with
// them, decision 0039), read from D1. Another workspace's voices are never found here: every query is scoped to
// the viewer's workspace, then narrowed by the one access function (~/workspace/resources.server).
import { database } from "../../../db/client";
import * as voicesTable from "../../../db/repositories/voices";
import { findVoiceSettings, listVoiceSettings, saveVoiceSettings } from "../../../db/repositories/voice-settings";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../../core/voices/voice-settings";
import type { FineTuningState, Voice, VoiceCategory } from "../../../core/voices/voices";
import { previewKeyOf } from "../../../core/voices/voice-rules";
import { nowSeconds } from "../../../core/clock";
import { voiceAddEditPeriod } from "~/voices/rules/voice-cloning";
import { voiceFlag, type VoiceFlag } from "~/voices/rules/voice-flags";
import { announceLibraryRemoval } from "./library-removal.server";
import type { WebhookEnv } from "~/workspace/webhooks.server";
import { forgetResource, readerOf, resourceRefusal, shareNewResource, type ResourceActor, type SharingRefusal } from "~/workspace/resources.server";
import type { ResourceRole } from "../../../core/workspace/resource-sharing";
import { separationKeyOf } from "../../../core/voices/speaker-separation";
import { nextPageToken, pageOffset, scopeForVoiceType, voiceSearchTerms, type VoiceType } from "~/voices/rules/voice-search";

/** Who is asking: a browser session, an API key or a service account, each a member acting in one workspace. */
export type VoiceViewer = ResourceActor;
type VoicesEnv = { DB: D1Database };

const workspaceOf = (viewer: VoiceViewer) => viewer.membership.workspace.id;
const readerFor = (viewer: VoiceViewer): voicesTable.VoiceReader => ({ workspaceId: workspaceOf(viewer), readerId: readerOf(viewer) });

/** Every voice the viewer's workspace may use: the premade ones, then its own. */
export async function usableVoices(env: VoicesEnv, viewer: VoiceViewer): Promise<Voice[]> {
  return voicesTable.listUsableVoices(database(env.DB), readerFor(viewer));
}

/** Each given voice's flag where it has one (decision 0075): unverified, or its owner in probation. */
export async function voiceFlags(env: VoicesEnv, given: readonly Voice[]): Promise<Map<string, VoiceFlag>> {
  const probation = await voicesTable.voicesOfOwnersInProbation(database(env.DB), given, nowSeconds());
  const flags = new Map<string, VoiceFlag>();
  for (const voice of given) {
    const flag = voiceFlag(voice, probation.has(voice.voiceId));
    if (flag) flags.set(voice.voiceId, flag);
  }
  return flags;
}

/** A voice the viewer's workspace may use, or null (unknown and another workspace's voices alike). */
export async function findUsableVoice(env: VoicesEnv, viewer: VoiceViewer, voiceId: string): Promise<Voice | null> {
  return (await voicesTable.findUsableVoice(database(env.DB), readerFor(viewer), voiceId)) ?? null;
}

/**
 * A workspace voice for work queued earlier (a Studio conversion): the member's access was checked when it was
 * queued, so the whole workspace's voices are read here. Never for a request: those use findUsableVoice.
 */
export async function findQueuedWorkVoice(env: VoicesEnv, workspaceId: string, voiceId: string): Promise<Voice | null> {
  return (await voicesTable.findUsableVoice(database(env.DB), { workspaceId, readerId: null }, voiceId)) ?? null;
}

export type VoiceListQuery = {
  pageSize: number;
  nextPageToken?: string;
  search?: string;
  category?: VoiceCategory;
  voiceType?: VoiceType;
  fineTuningState?: FineTuningState;
  /** One of the viewer's collections (the caller checked it is the workspace's). */
  collectionId?: string;
  sort: "created_at_unix" | "name";
  sortDirection: "asc" | "desc";
};

/** GET /v2/voices: a page of the usable voices, searched, filtered and sorted, with the token of the next. */
export async function listVoicePage(env: VoicesEnv, viewer: VoiceViewer, query: VoiceListQuery) {
  const offset = pageOffset(query.nextPageToken);
  const { voices, total } = await voicesTable.searchVoices(database(env.DB), {
    reader: readerFor(viewer),
    scope: scopeForVoiceType(query.voiceType),
    category: query.category,
    search: voiceSearchTerms(query.search),
    fineTuningState: query.fineTuningState,
    collectionId: query.collectionId,
    sort: query.sort === "created_at_unix" ? "created_at" : "name",
    direction: query.sortDirection,
    offset,
    limit: query.pageSize,
  });
  const hasMore = offset + query.pageSize < total;
  return { voices, total, hasMore, nextPageToken: hasMore ? nextPageToken(offset + query.pageSize) : null };
}

/** The workspace's settings for one of its usable voices: what it saved over the defaults. */
export async function settingsOfVoice(env: VoicesEnv, viewer: VoiceViewer, voice: Voice): Promise<VoiceSettings> {
  return { ...DEFAULT_VOICE_SETTINGS, ...(await findVoiceSettings(database(env.DB), workspaceOf(viewer), voice.voiceId)) };
}

/** The workspace's settings for each voice it may use (defaults where it saved none): what the page starts from. */
export async function settingsOfUsableVoices(env: VoicesEnv, viewer: VoiceViewer): Promise<Record<string, VoiceSettings>> {
  const [voices, saved] = await Promise.all([usableVoices(env, viewer), listVoiceSettings(database(env.DB), workspaceOf(viewer))]);
  return Object.fromEntries(voices.map((voice) => [voice.voiceId, { ...DEFAULT_VOICE_SETTINGS, ...saved.get(voice.voiceId) }]));
}

/** The workspace's settings for a voice it may use; null for any other voice. */
export async function voiceSettingsOf(env: VoicesEnv, viewer: VoiceViewer, voiceId: string): Promise<VoiceSettings | null> {
  const voice = await findUsableVoice(env, viewer, voiceId);
  return voice && settingsOfVoice(env, viewer, voice);
}

/**
 * Saves the given settings over the current ones; false when the viewer may not use the voice or, for one of the
 * workspace's own voices, may not change it (the editor role on it).
 */
export async function editVoiceSettings(env: VoicesEnv, viewer: VoiceViewer, voiceId: string, patch: Partial<VoiceSettings>): Promise<boolean> {
  const voice = await findUsableVoice(env, viewer, voiceId);
  if (!voice || (voice.workspaceId !== null && (await voiceRefusal(env, viewer, voice, "editor")))) return false;
  const current = await settingsOfVoice(env, viewer, voice);
  await saveVoiceSettings(database(env.DB), workspaceOf(viewer), voiceId, { ...current, ...patch });
  return true;
}

/** The premade voices (of one language, if given): what visitors, who have no workspace, may try. */
export async function premadeVoices(env: VoicesEnv, language?: string): Promise<Voice[]> {
  return voicesTable.listPremadeVoices(database(env.DB), language);
}

export async function findPremadeVoice(env: VoicesEnv, voiceId: string): Promise<Voice | null> {
  return (await voicesTable.findPremadeVoice(database(env.DB), voiceId)) ?? null;
}

/** Which premade voice and language a public preview file is of; null for any other file. */
export async function previewTarget(env: VoicesEnv, file: string): Promise<{ voice: Voice; language: string; key: string } | null> {
  const key = previewKeyOf(file);
  const voice = await voicesTable.findPremadeVoiceByPreviewKey(database(env.DB), key);
  if (!voice) return null;
  const language = voice.previewKey === key ? voice.language : voice.verifiedLanguages.find((entry) => entry.previewKey === key)?.language;
  return language ? { voice, language, key } : null;
}

/** A workspace's saved settings for a voice, as stored (generation merges them over the defaults). */
export { findVoiceSettings } from "../../../db/repositories/voice-settings";

/** The viewer's refusal to act on one of the workspace's own voices with the `need`ed role (decision 0039); null when they may. */
export async function voiceRefusal(env: VoicesEnv, viewer: VoiceViewer, voice: Pick<Voice, "voiceId" | "createdByUserId">, need: ResourceRole): Promise<SharingRefusal | null> {
  return resourceRefusal(database(env.DB), viewer, { type: "voice", id: voice.voiceId, creatorUserId: voice.createdByUserId }, need);
}

/**
 * One of the workspace's own voices on which the viewer holds `need` (viewer reads, editor changes, admin
 * deletes and shares); a 404 refusal when they may not see it (or it is not the workspace's), 403 when they see it.
 */
export async function ownVoiceWithRole(env: VoicesEnv, viewer: VoiceViewer, voiceId: string, need: ResourceRole): Promise<{ ok: true; voice: Voice } | SharingRefusal> {
  const voice = await voicesTable.findOwnVoice(database(env.DB), workspaceOf(viewer), voiceId);
  if (!voice) return { ok: false, httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` };
  const refusal = await voiceRefusal(env, viewer, voice, need);
  if (refusal) return refusal.httpStatus === 404 ? { ...refusal, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` } : refusal;
  return { ok: true, voice };
}

/** A voice the viewer just made: who made it, and shared as their default sharing preferences say. */
export async function voiceCreated(env: VoicesEnv, viewer: VoiceViewer, voiceId: string): Promise<void> {
  await shareNewResource(database(env.DB), viewer, "voice", voiceId);
}

/**
 * DELETE /v1/voices/{id} and the voice lab's Delete: the workspace's own voice, its samples and preview in R2, its
 * settings, collection entries and grants. History items keep the voice's name. Needs the admin role on the voice.
 */
export async function deleteOwnVoice(env: WebhookEnv & { MEDIA: R2Bucket }, owner: VoiceViewer, voiceId: string): Promise<{ ok: true } | SharingRefusal> {
  const found = await ownVoiceWithRole(env, owner, voiceId, "admin");
  if (!found.ok) return found;
  const deleted = await voicesTable.deleteOwnVoice(database(env.DB), owner.membership.workspace.id, voiceId);
  if (!deleted) return { ok: true };
  await forgetResource(database(env.DB), owner, "voice", voiceId);
  const clone = deleted.engineParameters?.neuralClone?.key;
  const keys = [
    ...(deleted.samples ?? []).flatMap((sample) => [sample.key, separationKeyOf(sample.key)]),
    ...(deleted.manualVerification?.files ?? []).map((file) => file.key),
    ...(deleted.previewKey ? [deleted.previewKey] : []),
    ...(clone ? [clone] : []),
  ];
  if (keys.length) await env.MEDIA.delete(keys);
  await announceLibraryRemoval(env, found.voice, "deleted");
  return { ok: true };
}

/** The subscription's voice figures: the workspace's own voices and this billing period's additions and edits. */
export async function voiceSlots(env: { DB: D1Database }, workspace: { id: string; characterCountResetAt: number | null }): Promise<{ slotsUsed: number; addEdits: number; professionalUsed: number }> {
  const db = database(env.DB);
  const [slotsUsed, addEdits, professionalUsed] = await Promise.all([
    voicesTable.countOwnVoices(db, workspace.id),
    voicesTable.addEditsInPeriod(db, workspace.id, voiceAddEditPeriod(workspace.characterCountResetAt)),
    voicesTable.countProfessionalVoices(db, workspace.id),
  ]);
  return { slotsUsed, addEdits, professionalUsed };
}
