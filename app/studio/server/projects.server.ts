// Studio projects for the API and the pages: every read and write is scoped to the actor's workspace, so another
// workspace's projects are never found. Conversion is queued here (the consumer is its own worker, queues/studio).
import { database } from "../../../db/client";
import * as repo from "../../../db/repositories/studio";
import type { StudioBlockInsert, StudioBlockRow, StudioProjectRow, StudioSnapshotRow } from "../../../db/repositories/studio";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import type { SubscriptionStatus } from "../../../core/billing/plans";
import { nowSeconds } from "../../../core/clock";
import { AUDIOBOOK_MAX_CHAPTERS, audiobookMp3 } from "../../../core/audio/audiobook";
import { permissionRefusal, type Actor } from "~/accounts/accounts.server";
import { forgetResource, readerOf, resourceRefusal, shareNewResource } from "~/workspace/resources.server";
import type { ResourceRole } from "../../../core/workspace/resource-sharing";
import { findUsableVoice, usableVoices } from "~/voices/voices.server";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../../core/voices/voice-safety";
import { currentQuota, servedModels } from "~/speech/speech.server";
import { resolveModel } from "../../../core/speech/models";
import type { ParsedChapter } from "~/studio/rules/documents";
import { MAX_PROJECT_DICTIONARIES } from "../../../core/pronunciation/rules";
import { rulesForLocators, type Locator } from "~/pronunciation/pronunciation.server";
import {
  allowedToUseProjectsApi,
  moveInOrder,
  CHAPTER_ORDER_TEXTS,
  placeInOrder,
  blockCharacters,
  COVER_MAX_BYTES,
  COVER_TYPES,
  coverImageType,
  DEFAULT_QUALITY_PRESET,
  defaultVoiceFor,
  EMPTY_CHAPTER_REFUSAL,
  LIVE_MODERATION_REFUSAL,
  newStudioId,
  PROJECT_CONVERT_TEXTS,
  PROJECTS_API_REFUSAL,
  projectLimit,
  projectLimitRefusal,
  projectMediaPrefix,
  queuePositions,
  normalisesLoudness,
  type BlockSubType,
  type ChapterWork,
  type ContentBlock,
  type ContentChapter,
  type QualityPreset,
  type TtsNode,
} from "../../../core/studio/studio-rules";
// What conversion reads of a project is core's: the queue consumer (queues/studio) reads it too (decision 0058).
import { blockConversionKey, blockHasText, blockNeedsConversion, inOrder, parseList, projectContentOf, projectOutputFormat, type ChapterWithBlocks, type StudioJobMessage } from "../../../core/studio/project-content.server";
export { blockConversionKey, blockNeedsConversion, projectOutputFormat, type ChapterWithBlocks, type StudioJobMessage };

export type StudioRefusal = { httpStatus: 400 | 401 | 402 | 403 | 404 | 409 | 422; status: string; message: string };
export type StudioResult<T> = { ok: true; value: T } | { ok: false; refusal: StudioRefusal };

const refuse = (httpStatus: StudioRefusal["httpStatus"], status: string, message: string): { ok: false; refusal: StudioRefusal } => ({ ok: false, refusal: { httpStatus, status, message } });
const db = (env: Env) => database(env.DB);
const wsOf = (actor: Actor) => actor.membership.workspace.id;

/** The Studio API on a plan without allowed_to_use_projects_api (the pages stay open on every plan). */
export function projectsApiRefusal(actor: Actor): StudioRefusal | null {
  if (actor.via === "session" || allowedToUseProjectsApi(actor.membership.workspace.tier)) return null;
  return { httpStatus: 403, status: "projects_api_not_allowed", message: PROJECTS_API_REFUSAL };
}

export type ProjectFields = {
  name: string;
  defaultTitleVoiceId?: string | null;
  defaultParagraphVoiceId?: string | null;
  defaultModelId?: string | null;
  qualityPreset?: QualityPreset | null;
  title?: string | null;
  author?: string | null;
  description?: string | null;
  genres?: string[] | null;
  targetAudience?: string | null;
  language?: string | null;
  contentType?: string | null;
  originalPublicationDate?: string | null;
  matureContent?: boolean | null;
  isbnNumber?: string | null;
  acxVolumeNormalization?: boolean | null;
  volumeNormalization?: boolean | null;
  fiction?: string | null;
  /** Dictionaries applied from the start (each resolved to a version before the project exists). */
  pronunciationDictionaryLocators?: Locator[] | null;
};

/** Content as chapters of blocks; a parsed document's blocks take the project's default voices. */
export type NewContent = { kind: "blank" } | { kind: "json"; chapters: ContentChapter[] } | { kind: "document"; chapters: ParsedChapter[]; sourceType: string };

/** A voice usable in Studio: the workspace's (premade or own), not blocked, not live moderated (spec §8). */
async function checkVoice(env: Env, actor: Actor, voiceId: string): Promise<StudioRefusal | null> {
  const voice = await findUsableVoice(env, actor, voiceId);
  if (!voice) return { httpStatus: 400, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` };
  if (!voiceUsable(voice.safetyControl)) return { httpStatus: 400, status: "voice_blocked", message: VOICE_BLOCKED_API_MESSAGE };
  if (voice.liveModerationEnabled) return { httpStatus: 400, status: "live_moderation_voice", message: LIVE_MODERATION_REFUSAL };
  return null;
}

export async function checkVoices(env: Env, actor: Actor, voiceIds: Iterable<string>): Promise<StudioRefusal | null> {
  for (const id of new Set(voiceIds)) {
    const refusal = await checkVoice(env, actor, id);
    if (refusal) return refusal;
  }
  return null;
}

function blockRows(workspaceId: string, chapterId: string, blocks: { subType: BlockSubType; nodes: TtsNode[] }[]): StudioBlockInsert[] {
  return blocks.map((b) => ({ id: newStudioId(), chapterId, workspaceId, subType: b.subType, nodes: JSON.stringify(b.nodes) }));
}

function contentBlocks(content: NewContent, voices: { title: string; paragraph: string }): { name: string; blocks: { subType: BlockSubType; nodes: TtsNode[] }[] }[] {
  if (content.kind === "blank") return [{ name: "Chapter 1", blocks: [] }];
  if (content.kind === "json") return content.chapters.map((c) => ({ name: c.name, blocks: c.blocks.map((b) => ({ subType: b.sub_type, nodes: b.nodes })) }));
  return content.chapters.map((c) => ({ name: c.name, blocks: c.blocks.map((b) => ({ subType: b.subType, nodes: [{ type: "tts_node", voice_id: defaultVoiceFor(b.subType, voices), text: b.text }] })) }));
}

const TOO_MANY_DICTIONARIES = `A project applies at most ${MAX_PROJECT_DICTIONARIES} pronunciation dictionaries.`;

/**
 * Creates a project (blank, from content JSON or from a parsed document) within the plan's projects limit; a member
 * needs the Studio permission (decision 0034).
 */
export async function createProject(env: Env, actor: Actor, fields: ProjectFields, content: NewContent): Promise<StudioResult<StudioProjectRow>> {
  const denied = await permissionRefusal(db(env), actor, "projects");
  if (denied) return { ok: false, refusal: denied };
  const workspace = actor.membership.workspace;
  const limit = projectLimit(workspace.tier);
  if ((await repo.countProjects(db(env), workspace.id)) >= limit) return refuse(403, "project_limit_reached", projectLimitRefusal(limit));
  const models = await servedModels(env);
  const model = resolveModel(fields.defaultModelId ?? null, models);
  if (!model) return refuse(400, "model_not_found", `A model with id ${fields.defaultModelId} was not found.`);
  // Without default voices the project takes the workspace's first usable voice (a premade one).
  const firstVoice = fields.defaultTitleVoiceId && fields.defaultParagraphVoiceId ? null : (await usableVoices(env, actor)).find((v) => voiceUsable(v.safetyControl) && !v.liveModerationEnabled);
  const voices = { title: fields.defaultTitleVoiceId ?? firstVoice?.voiceId ?? "", paragraph: fields.defaultParagraphVoiceId ?? firstVoice?.voiceId ?? "" };
  const chapters = contentBlocks(content, voices);
  const refusal = await checkVoices(env, actor, [voices.title, voices.paragraph, ...chapters.flatMap((c) => c.blocks.flatMap((b) => b.nodes.map((n) => n.voice_id)))]);
  if (refusal) return { ok: false, refusal };
  const locators = fields.pronunciationDictionaryLocators ?? [];
  if (locators.length > MAX_PROJECT_DICTIONARIES) return refuse(400, "too_many_pronunciation_dictionaries", TOO_MANY_DICTIONARIES);
  const dictionaries = await rulesForLocators(db(env), workspace.id, locators);
  if (!dictionaries.ok) return { ok: false, refusal: dictionaries.refusal };
  const projectId = newStudioId();
  const nowMs = Date.now();
  const chapterRows = chapters.map((c) => ({ id: newStudioId(), projectId, workspaceId: workspace.id, name: c.name, blocks: blockRows(workspace.id, "", c.blocks) }));
  for (const c of chapterRows) for (const b of c.blocks) b.chapterId = c.id;
  const project = {
    ...projectPatch(fields),
    id: projectId,
    workspaceId: workspace.id,
    createdByUserId: actor.user.id,
    name: fields.name,
    createDateUnix: nowSeconds(),
    defaultTitleVoiceId: voices.title,
    defaultParagraphVoiceId: voices.paragraph,
    defaultModelId: model.model_id,
    qualityPreset: fields.qualityPreset ?? DEFAULT_QUALITY_PRESET,
    chaptersOrder: JSON.stringify(chapterRows.map((c) => c.id)),
    lastChaptersOrderChangeUnixMs: nowMs,
    sourceType: content.kind === "document" ? content.sourceType : content.kind === "json" ? "content" : "blank",
    pronunciationDictionaries: JSON.stringify(dictionaries.versions),
    pronunciationRules: JSON.stringify(dictionaries.rules),
  };
  await repo.insertProject(
    db(env),
    project,
    chapterRows.map(({ blocks, ...c }) => ({ ...c, blockIdsOrder: JSON.stringify(blocks.map((b) => b.id)), lastBlockIdsOrderChangeUnixMs: nowMs })),
    chapterRows.flatMap((c) => c.blocks),
  );
  await shareNewResource(db(env), actor, "project", projectId);
  return { ok: true, value: (await repo.findProject(db(env), workspace.id, projectId))! };
}

/** The book metadata fields given (undefined ones are left as they are). */
function projectPatch(fields: Partial<ProjectFields>) {
  const patch: Partial<StudioProjectRow> = {};
  if (fields.title !== undefined) patch.title = fields.title;
  if (fields.author !== undefined) patch.author = fields.author;
  if (fields.description != null) patch.description = fields.description;
  if (fields.genres != null) patch.genres = JSON.stringify(fields.genres);
  if (fields.targetAudience != null) patch.targetAudience = fields.targetAudience;
  if (fields.language !== undefined) patch.language = fields.language;
  if (fields.contentType !== undefined) patch.contentType = fields.contentType;
  if (fields.originalPublicationDate !== undefined) patch.originalPublicationDate = fields.originalPublicationDate;
  if (fields.matureContent != null) patch.matureContent = fields.matureContent;
  if (fields.isbnNumber !== undefined) patch.isbnNumber = fields.isbnNumber;
  if (fields.acxVolumeNormalization != null) patch.acxVolumeNormalization = fields.acxVolumeNormalization;
  if (fields.volumeNormalization != null) patch.volumeNormalization = fields.volumeNormalization;
  if (fields.fiction !== undefined) patch.fiction = fields.fiction;
  return patch;
}

/** The workspace's projects the actor may see: those they made or that are shared with them (all, for admins). */
export async function listProjects(env: Env, actor: Actor): Promise<StudioProjectRow[]> {
  return repo.listProjects(db(env), wsOf(actor), readerOf(actor));
}

/** A project the actor may see (at least the viewer role); undefined for one not shared with them as for an unknown one. */
export async function findProject(env: Env, actor: Actor, projectId: string): Promise<StudioProjectRow | undefined> {
  return repo.findProject(db(env), wsOf(actor), projectId, readerOf(actor));
}

/**
 * A project by its workspace alone, for work that is not a member's request (a published Audio Native player
 * served to its listed sites): the owner chose to publish it, so no member's access narrows it.
 */
export async function findPublishedProject(env: Env, workspaceId: string, projectId: string): Promise<StudioProjectRow | undefined> {
  return repo.findProject(db(env), workspaceId, projectId);
}

/** The actor's refusal to act on a project with the `need`ed role (editor changes, admin deletes and shares); null when they may. */
export async function projectRefusal(env: Env, actor: Actor, project: Pick<StudioProjectRow, "id" | "createdByUserId">, need: ResourceRole): Promise<StudioRefusal | null> {
  const refusal = await resourceRefusal(db(env), actor, { type: "project", id: project.id, creatorUserId: project.createdByUserId }, need);
  return refusal && { httpStatus: refusal.httpStatus, status: refusal.status, message: refusal.message };
}

/** Updates the name, default voices and book metadata (checking new voices). */
export async function updateProject(env: Env, actor: Actor, project: StudioProjectRow, fields: Partial<ProjectFields> & { continuePlaying?: boolean | null }): Promise<StudioResult<StudioProjectRow>> {
  const voiceIds = [fields.defaultTitleVoiceId, fields.defaultParagraphVoiceId].filter((v): v is string => Boolean(v));
  const refusal = await checkVoices(env, actor, voiceIds);
  if (refusal) return { ok: false, refusal };
  const patch: Partial<StudioProjectRow> = { ...projectPatch(fields) };
  if (fields.name) patch.name = fields.name;
  if (fields.defaultTitleVoiceId) patch.defaultTitleVoiceId = fields.defaultTitleVoiceId;
  if (fields.defaultParagraphVoiceId) patch.defaultParagraphVoiceId = fields.defaultParagraphVoiceId;
  if (fields.qualityPreset) patch.qualityPreset = fields.qualityPreset;
  if (fields.continuePlaying != null) patch.continuePlaying = fields.continuePlaying;
  if (Object.keys(patch).length) await repo.updateProject(db(env), project.workspaceId, project.id, patch);
  return { ok: true, value: (await repo.findProject(db(env), project.workspaceId, project.id))! };
}

/** Deletes a project, its chapters, blocks and snapshots, and their audio and cover in R2. */
export async function deleteProject(env: Env, actor: Actor, project: StudioProjectRow): Promise<void> {
  const keys = await repo.projectMediaKeys(db(env), wsOf(actor), project.id);
  await repo.deleteProject(db(env), wsOf(actor), project.id);
  await forgetResource(db(env), actor, "project", project.id);
  const all = [...keys, ...(project.coverImageKey ? [project.coverImageKey] : [])];
  for (let i = 0; i < all.length; i += 1000) await env.MEDIA.delete(all.slice(i, i + 1000));
}

/** Replaces the project's content (the SDK's content.update): its chapters become the given ones. */
export async function replaceProjectContent(env: Env, actor: Actor, project: StudioProjectRow, content: NewContent): Promise<StudioResult<StudioProjectRow>> {
  const voices = { title: project.defaultTitleVoiceId, paragraph: project.defaultParagraphVoiceId };
  const chapters = contentBlocks(content, voices);
  const refusal = await checkVoices(env, actor, chapters.flatMap((c) => c.blocks.flatMap((b) => b.nodes.map((n) => n.voice_id))));
  if (refusal) return { ok: false, refusal };
  const old = await repo.projectChapters(db(env), project.workspaceId, project.id);
  const keys = await repo.projectMediaKeys(db(env), project.workspaceId, project.id);
  const nowMs = Date.now();
  for (const c of old) await repo.deleteChapter(db(env), project.workspaceId, project.id, c.id, nowMs);
  for (const c of chapters) {
    const id = newStudioId();
    const blocks = blockRows(project.workspaceId, id, c.blocks);
    await repo.insertChapter(db(env), { id, projectId: project.id, workspaceId: project.workspaceId, name: c.name, blockIdsOrder: JSON.stringify(blocks.map((b) => b.id)), lastBlockIdsOrderChangeUnixMs: nowMs }, blocks, nowMs);
  }
  // The old chapters' block audio goes; snapshots stay (they are the project's history).
  const snapshotKeys = new Set((await repo.listSnapshots(db(env), project.workspaceId, project.id, null)).map((s) => s.audioKey));
  const stale = keys.filter((k) => k.includes("/blocks/") && !snapshotKeys.has(k));
  if (stale.length) await env.MEDIA.delete(stale);
  return { ok: true, value: (await repo.findProject(db(env), project.workspaceId, project.id))! };
}

/** Sets the cover; its type is read from the bytes (a file that only claims to be an image is refused). */
/**
 * The project's pronunciation dictionaries (in the order they apply): each locator resolved to a version of a
 * dictionary of this workspace (the latest when none is named), its rules copied onto the project. Paragraphs
 * whose spoken text the change alters reconvert on the next conversion (blockConversionKey).
 */
export async function setProjectDictionaries(env: Env, project: StudioProjectRow, locators: Locator[]): Promise<StudioResult<{ pronunciation_dictionary_id: string; version_id: string }[]>> {
  if (locators.length > MAX_PROJECT_DICTIONARIES) return refuse(400, "too_many_pronunciation_dictionaries", TOO_MANY_DICTIONARIES);
  const resolved = await rulesForLocators(db(env), project.workspaceId, locators);
  if (!resolved.ok) return { ok: false, refusal: resolved.refusal };
  await repo.updateProject(db(env), project.workspaceId, project.id, { pronunciationDictionaries: JSON.stringify(resolved.versions), pronunciationRules: JSON.stringify(resolved.rules) });
  return { ok: true, value: resolved.versions };
}

/**
 * Moves a chapter one place in chapters_order (last_chapters_order_change_unix_ms records when). The move is made
 * on the order as stored when it is written: a move that lost a race with another reorder reads again and retries.
 */
export async function moveChapter(env: Env, project: StudioProjectRow, chapterId: string, step: -1 | 1): Promise<StudioResult<string[]>> {
  return rewriteChaptersOrder(env, project, (current) => {
    const order = moveInOrder(current, chapterId, step);
    return order ? { ok: true, value: order } : refuse(404, "not_found", CHAPTER_ORDER_TEXTS.unknown);
  });
}

/** A chapter moved to a position (0-based, in the new order): the editor's drag and drop. */
export async function placeChapter(env: Env, project: StudioProjectRow, chapterId: string, index: number): Promise<StudioResult<string[]>> {
  return rewriteChaptersOrder(env, project, (current) => {
    const placed = placeInOrder(current, chapterId, index);
    return placed.ok ? { ok: true, value: placed.order } : refuse(placed.httpStatus, placed.status, placed.message);
  });
}

/**
 * One write of chapters_order, computed from the order stored now and written only while it is still that one (and
 * still names every chapter once, checked by the same statement); a few tries, then 409 for the caller to retry.
 */
async function rewriteChaptersOrder(env: Env, project: StudioProjectRow, next: (current: string[]) => StudioResult<string[]>): Promise<StudioResult<string[]>> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const fresh = await repo.findProject(db(env), project.workspaceId, project.id);
    if (!fresh) return refuse(404, "not_found", "Project not found");
    const order = next(parseList<string>(fresh.chaptersOrder));
    if (!order.ok) return order;
    if (await repo.setChaptersOrder(db(env), project.workspaceId, project.id, order.value, Date.now(), fresh.chaptersOrder)) return order;
  }
  return refuse(409, "chapters_changed", CHAPTER_ORDER_TEXTS.changed);
}

export async function setCover(env: Env, project: StudioProjectRow, image: { bytes: Uint8Array }): Promise<StudioResult<null>> {
  const type = coverImageType(image.bytes);
  if (!type) return refuse(400, "invalid_cover_image", `The cover must be a ${COVER_TYPES.map((t) => t.replace("image/", "").toUpperCase()).join(", ")} image.`);
  if (image.bytes.byteLength === 0 || image.bytes.byteLength > COVER_MAX_BYTES) return refuse(400, "invalid_cover_image", `The cover must be an image of at most ${COVER_MAX_BYTES / 1024 / 1024} MB.`);
  const key = `${projectMediaPrefix(project.workspaceId, project.id)}cover`;
  await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: type } });
  await repo.updateProject(db(env), project.workspaceId, project.id, { coverImageKey: key, coverImageType: type });
  return { ok: true, value: null };
}

// Chapters.

/** The project's chapters in chapters_order, each with its blocks in block_ids_order. */
export async function projectContent(env: Env, project: StudioProjectRow): Promise<ChapterWithBlocks[]> {
  return projectContentOf(db(env), project);
}

export async function findChapter(env: Env, project: StudioProjectRow, chapterId: string): Promise<ChapterWithBlocks | undefined> {
  const chapter = await repo.findChapter(db(env), project.workspaceId, project.id, chapterId);
  if (!chapter) return undefined;
  const blocks = await repo.chapterBlocks(db(env), project.workspaceId, [chapter.id]);
  return { chapter, blocks: inOrder(blocks, parseList<string>(chapter.blockIdsOrder)) };
}

export async function addChapter(env: Env, project: StudioProjectRow, name: string, parsed: ParsedChapter | null): Promise<ChapterWithBlocks> {
  const id = newStudioId();
  const voices = { title: project.defaultTitleVoiceId, paragraph: project.defaultParagraphVoiceId };
  const blocks = blockRows(project.workspaceId, id, parsed ? contentBlocks({ kind: "document", chapters: [parsed], sourceType: "" }, voices)[0]!.blocks : []);
  const nowMs = Date.now();
  await repo.insertChapter(db(env), { id, projectId: project.id, workspaceId: project.workspaceId, name, blockIdsOrder: JSON.stringify(blocks.map((b) => b.id)), lastBlockIdsOrderChangeUnixMs: nowMs }, blocks, nowMs);
  return (await findChapter(env, project, id))!;
}

/**
 * Replaces a chapter's content: blocks given with a known block_id keep their id (and their audio, while their
 * text and voices are unchanged); others are new; blocks not given are removed.
 */
export async function updateChapterContent(env: Env, actor: Actor, project: StudioProjectRow, current: ChapterWithBlocks, update: { name?: string | null; blocks?: ContentBlock[] | null }): Promise<StudioResult<ChapterWithBlocks>> {
  if (update.blocks) {
    const refusal = await checkVoices(env, actor, update.blocks.flatMap((b) => b.nodes.map((n) => n.voice_id)));
    if (refusal) return { ok: false, refusal };
    const known = new Set(current.blocks.map((b) => b.id));
    const keep: { id: string; subType: string; nodes: string }[] = [];
    const insert: StudioBlockInsert[] = [];
    const order: string[] = [];
    for (const block of update.blocks) {
      const nodes = JSON.stringify(block.nodes.map((n) => ({ type: "tts_node", voice_id: n.voice_id, text: n.text })));
      if (block.block_id && known.has(block.block_id) && !order.includes(block.block_id)) {
        keep.push({ id: block.block_id, subType: block.sub_type, nodes });
        order.push(block.block_id);
      } else {
        const id = newStudioId();
        insert.push({ id, chapterId: current.chapter.id, workspaceId: project.workspaceId, subType: block.sub_type, nodes });
        order.push(id);
      }
    }
    const remove = current.blocks.filter((b) => !order.includes(b.id));
    await repo.replaceChapterContent(db(env), project.workspaceId, current.chapter.id, { keep, insert, remove: remove.map((b) => b.id), order: JSON.stringify(order), atMs: Date.now(), name: update.name ?? undefined });
    const stale = remove.flatMap((b) => (b.audioKey ? [b.audioKey] : []));
    if (stale.length) await env.MEDIA.delete(stale);
  } else if (update.name) {
    await repo.updateChapter(db(env), project.workspaceId, current.chapter.id, { name: update.name });
  }
  return { ok: true, value: (await findChapter(env, project, current.chapter.id))! };
}

/** One block's text and voice changed (the editor's paragraph form). */
export async function updateBlock(env: Env, actor: Actor, project: StudioProjectRow, current: ChapterWithBlocks, blockId: string, change: { text: string; voiceId: string }): Promise<StudioResult<ChapterWithBlocks>> {
  const blocks: ContentBlock[] = current.blocks.map((b) =>
    b.id === blockId ? { block_id: b.id, sub_type: b.subType as BlockSubType, nodes: [{ type: "tts_node", voice_id: change.voiceId, text: change.text }] } : { block_id: b.id, sub_type: b.subType as BlockSubType, nodes: parseList<TtsNode>(b.nodes) },
  );
  if (!current.blocks.some((b) => b.id === blockId)) return refuse(404, "not_found", "Block not found");
  return updateChapterContent(env, actor, project, current, { blocks });
}

export async function deleteChapter(env: Env, project: StudioProjectRow, current: ChapterWithBlocks): Promise<void> {
  await repo.deleteChapter(db(env), project.workspaceId, project.id, current.chapter.id, Date.now());
  const stale = current.blocks.flatMap((b) => (b.audioKey ? [b.audioKey] : []));
  if (stale.length) await env.MEDIA.delete(stale);
}

// Conversion.

/**
 * Queues the conversion of chapters (one queue message each, so chapters convert in parallel), or of some blocks of
 * one chapter. Refuses an empty chapter, a restricted workspace and a quota that cannot pay the blocks that need
 * converting; nothing is charged until a block's audio exists (the consumer charges each block once).
 */
export async function queueConversion(env: Env, actor: Actor, project: StudioProjectRow, chapterIds: string[] | null, blockIds: string[] | null = null): Promise<StudioResult<{ chapters: number; characters: number }>> {
  const workspace = actor.membership.workspace;
  if (isRestricted(workspace.status as SubscriptionStatus)) return refuse(402, "payment_required", STATUS_NOTICES[workspace.status] ?? "This workspace cannot generate until its payment is settled.");
  const content = await projectContent(env, project);
  const chosen = chapterIds ? content.filter((c) => chapterIds.includes(c.chapter.id)) : content;
  const withText = chosen.filter((c) => c.blocks.some(blockHasText));
  if (withText.length === 0 || (chapterIds && withText.length < chosen.length)) return refuse(400, "empty_chapter", EMPTY_CHAPTER_REFUSAL);
  const characters = withText.reduce((n, c) => n + c.blocks.filter((b) => (!blockIds || blockIds.includes(b.id)) && blockNeedsConversion(project, b)).reduce((m, b) => m + blockCharacters(parseList<TtsNode>(b.nodes)), 0), 0);
  const quota = await currentQuota(db(env), workspace, workspace.tier);
  if (quota.used + characters > quota.usable) {
    return refuse(401, "quota_exceeded", `This request exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, workspace.characterLimit - quota.used)} credits remaining, while ${characters} credits are required for this request.`);
  }
  const ids = withText.map((c) => c.chapter.id);
  if (!(await repo.claimChaptersForConversion(db(env), project.workspaceId, ids))) return refuse(409, "conversion_running", PROJECT_CONVERT_TEXTS.running);
  const now = nowSeconds();
  const converting = [...new Set([...parseList<string>(project.conversionChapterIds), ...ids])];
  await repo.updateProject(db(env), project.workspaceId, project.id, { state: "in_queue", addedToQueueAtUnix: now, conversionChapterIds: JSON.stringify(converting) });
  await env.STUDIO_JOBS.sendBatch(ids.map((chapterId) => ({ body: { version: 1, workspaceId: project.workspaceId, userId: actor.user.id, projectId: project.id, chapterId, blockIds } satisfies StudioJobMessage })));
  return { ok: true, value: { chapters: ids.length, characters } };
}

/**
 * What converting each chapter now would do (by chapter id): the paragraphs needing conversion, and whether its
 * latest audio was made with the other loudness setting (converting re-makes it without charge).
 */
export async function chapterWork(env: Env, project: StudioProjectRow, content: ChapterWithBlocks[]): Promise<Map<string, ChapterWork>> {
  const snapshots = content.flatMap(({ chapter }) => (chapter.latestSnapshotId ? [chapter.latestSnapshotId] : []));
  const loudness = await repo.snapshotsLoudness(db(env), project.workspaceId, project.id, snapshots);
  const acx = normalisesLoudness(project);
  return new Map(
    content.map(({ chapter, blocks }) => {
      const made = chapter.latestSnapshotId ? loudness.get(chapter.latestSnapshotId) : undefined;
      return [chapter.id, { state: chapter.state, toConvert: blocks.filter((b) => blockNeedsConversion(project, b)).length, remake: made !== undefined && made !== acx, hasText: blocks.some(blockHasText) }];
    }),
  );
}

// Snapshots.

export async function listSnapshots(env: Env, project: StudioProjectRow, chapterId: string | null): Promise<StudioSnapshotRow[]> {
  return repo.listSnapshots(db(env), project.workspaceId, project.id, chapterId);
}

export async function findSnapshot(env: Env, project: StudioProjectRow, snapshotId: string): Promise<StudioSnapshotRow | undefined> {
  return repo.findSnapshot(db(env), project.workspaceId, project.id, snapshotId);
}

/** The chapter snapshots a project snapshot was made of: each chapter's latest at the time, in chapters_order. */
export async function chapterSnapshotsOf(env: Env, project: StudioProjectRow, snapshot: StudioSnapshotRow): Promise<{ chapterName: string; snapshot: StudioSnapshotRow }[]> {
  const content = await projectContent(env, project);
  const out: { chapterName: string; snapshot: StudioSnapshotRow }[] = [];
  for (const { chapter } of content) {
    const latest = (await repo.listSnapshots(db(env), project.workspaceId, project.id, chapter.id)).find((s) => s.createdAtUnix <= snapshot.createdAtUnix);
    if (latest) out.push({ chapterName: chapter.name, snapshot: latest });
  }
  return out;
}

/**
 * A project snapshot as an audiobook: one MP3 whose ID3 tag marks each chapter (decision 0049), with the book's
 * title, author and cover. Refused when the snapshot has no chapter audio or more chapters than a tag's table holds.
 */
export async function audiobookOf(env: Env, project: StudioProjectRow, snapshot: StudioSnapshotRow): Promise<StudioResult<Uint8Array>> {
  const chapters = await chapterSnapshotsOf(env, project, snapshot);
  if (chapters.length > AUDIOBOOK_MAX_CHAPTERS) return refuse(400, "too_many_chapters", `An audiobook file holds at most ${AUDIOBOOK_MAX_CHAPTERS} chapters; download the ZIP of chapters instead.`);
  const audio: { title: string; mp3: Uint8Array }[] = [];
  for (const { chapterName, snapshot: s } of chapters) {
    const object = await env.MEDIA.get(s.audioKey);
    if (object) audio.push({ title: chapterName, mp3: new Uint8Array(await object.arrayBuffer()) });
  }
  if (audio.length === 0) return refuse(404, "not_found", "This snapshot has no chapter audio.");
  const cover = project.coverImageKey ? await env.MEDIA.get(project.coverImageKey) : null;
  const meta = { title: project.title || project.name, author: project.author, cover: cover && project.coverImageType ? { mimeType: project.coverImageType, bytes: new Uint8Array(await cover.arrayBuffer()) } : null };
  return { ok: true, value: audiobookMp3(meta, audio) };
}

/** Audio of a chapter's converted blocks from one block on (to its end when continue_playing, else that block). */
export function blocksToPlay(blocks: StudioBlockRow[], fromBlockId: string | null, continuePlaying: boolean): StudioBlockRow[] {
  const start = fromBlockId ? blocks.findIndex((b) => b.id === fromBlockId) : 0;
  if (start < 0) return [];
  return (continuePlaying ? blocks.slice(start) : blocks.slice(start, start + 1)).filter((b) => b.audioKey);
}

// The API's shapes (the official SDK's ProjectResponse, ChapterResponse, ... with the spec's fields).

export async function queuePositionsOf(env: Env, actor: Actor): Promise<Map<string, number>> {
  return queuePositions(await repo.listProjects(db(env), wsOf(actor)));
}

export function projectJson(project: StudioProjectRow, queuePosition: number | null = null) {
  return {
    project_id: project.id,
    name: project.name,
    create_date_unix: project.createDateUnix,
    created_by_user_id: project.createdByUserId,
    default_title_voice_id: project.defaultTitleVoiceId,
    default_paragraph_voice_id: project.defaultParagraphVoiceId,
    default_title_voice_ref_id: project.defaultTitleVoiceId,
    default_paragraph_voice_ref_id: project.defaultParagraphVoiceId,
    default_model_id: project.defaultModelId,
    last_conversion_date_unix: project.lastConversionDateUnix,
    can_be_downloaded: project.canBeDownloaded,
    chapters_order: parseList<string>(project.chaptersOrder),
    last_chapters_order_change_unix_ms: project.lastChaptersOrderChangeUnixMs,
    state: project.state,
    project_conversion_chapter_ids_converting: parseList<string>(project.conversionChapterIds),
    generation_meta: null,
    latest_snapshot_id: project.latestSnapshotId,
    project_settings: { continue_playing: project.continuePlaying },
    audio_native: project.audioNative ? { enabled: true } : null,
    title: project.title,
    author: project.author,
    isbn_number: project.isbnNumber,
    description: project.description,
    genres: parseList<string>(project.genres),
    cover_image_url: project.coverImageKey ? `/v1/studio/projects/${project.id}/cover` : "",
    target_audience: project.targetAudience,
    language: project.language,
    content_type: project.contentType,
    original_publication_date: project.originalPublicationDate,
    mature_content: project.matureContent,
    acx_volume_normalization: project.acxVolumeNormalization,
    volume_normalization: project.volumeNormalization,
    pronunciation_dictionaries: parseList<{ pronunciation_dictionary_id: string; version_id: string }>(project.pronunciationDictionaries),
    quality_preset: project.qualityPreset,
    added_to_queue_at_unix: project.addedToQueueAtUnix,
    queue_position: queuePosition,
    access_level: "admin",
    quality_check_on: false,
    quality_check_on_when_bulk_convert: false,
    source_type: project.sourceType,
    fiction: project.fiction,
    chapters_enabled: true,
  };
}

export function chapterJson({ chapter, blocks }: ChapterWithBlocks, project: StudioProjectRow) {
  const nodes = blocks.map((b) => parseList<TtsNode>(b.nodes));
  const characters = (pick: (b: StudioBlockRow) => boolean) => blocks.reduce((n, b, i) => n + (pick(b) ? blockCharacters(nodes[i]!) : 0), 0);
  const unconverted = (b: StudioBlockRow) => blockNeedsConversion(project, b);
  return {
    chapter_id: chapter.id,
    name: chapter.name,
    last_conversion_date_unix: chapter.lastConversionDateUnix,
    conversion_progress: chapter.conversionProgress,
    can_be_downloaded: chapter.canBeDownloaded,
    block_ids_order: parseList<string>(chapter.blockIdsOrder),
    last_block_ids_order_change_unix_ms: chapter.lastBlockIdsOrderChangeUnixMs,
    state: chapter.state,
    last_conversion_error: chapter.lastConversionError,
    latest_snapshot_id: chapter.latestSnapshotId,
    has_video: false,
    voice_ids: [...new Set(nodes.flat().map((n) => n.voice_id))],
    statistics: {
      characters_unconverted: characters(unconverted),
      characters_converted: characters((b) => Boolean(b.audioKey) && !unconverted(b)),
      paragraphs_converted: blocks.filter((b) => b.audioKey && !unconverted(b)).length,
      paragraphs_unconverted: blocks.filter(unconverted).length,
      credits_needed_to_convert: characters(unconverted),
    },
  };
}

export function chapterWithContentJson(value: ChapterWithBlocks, project: StudioProjectRow) {
  return {
    ...chapterJson(value, project),
    content: {
      blocks: value.blocks.map((b) => ({
        block_id: b.id,
        sub_type: b.subType,
        nodes: parseList<TtsNode>(b.nodes).map((n) => ({ type: "tts_node", voice_id: n.voice_id, project_voice_ref_id: n.voice_id, text: n.text })),
        converted: Boolean(b.audioKey) && !blockNeedsConversion(project, b),
        last_error: b.lastError,
      })),
    },
  };
}

export function snapshotJson(s: StudioSnapshotRow) {
  const base = { project_id: s.projectId, created_at_unix: s.createdAtUnix, name: s.name, audio_duration_secs: s.durationMs / 1000 };
  return s.chapterId ? { chapter_snapshot_id: s.id, chapter_id: s.chapterId, ...base } : { project_snapshot_id: s.id, ...base, audio_upload: null, zip_upload: null };
}

export function snapshotExtendedJson(s: StudioSnapshotRow) {
  return { ...snapshotJson(s), character_alignments: JSON.parse(s.alignments) as unknown[] };
}

