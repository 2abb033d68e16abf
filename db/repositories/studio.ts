// Studio's SQL: projects, chapters, blocks and snapshots, every query scoped to one workspace.
import { and, count, desc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Database } from "../client";
import { studioBlocks, studioChapters, studioProjects, studioSnapshots, usageEvents, workspaces } from "../schema";
import { QuotaExhausted } from "./history";
import { readableBy } from "./resource-grants";
import { royaltyAccrualStatement } from "./voice-royalties";

export type StudioProjectRow = typeof studioProjects.$inferSelect;
export type StudioProjectInsert = typeof studioProjects.$inferInsert;
export type StudioChapterRow = typeof studioChapters.$inferSelect;
export type StudioChapterInsert = typeof studioChapters.$inferInsert;
export type StudioBlockRow = typeof studioBlocks.$inferSelect;
export type StudioBlockInsert = typeof studioBlocks.$inferInsert;
export type StudioSnapshotRow = typeof studioSnapshots.$inferSelect;

export async function countProjects(db: Database, workspaceId: string): Promise<number> {
  const row = await db.select({ n: count() }).from(studioProjects).where(eq(studioProjects.workspaceId, workspaceId)).get();
  return row?.n ?? 0;
}

/** A project with its chapters and blocks, all or none. */
export async function insertProject(db: Database, project: StudioProjectInsert, chapters: StudioChapterInsert[], blocks: StudioBlockInsert[]): Promise<void> {
  const statements = [db.insert(studioProjects).values(project), ...chapters.map((c) => db.insert(studioChapters).values(c)), ...chunk(blocks, 8).map((b) => db.insert(studioBlocks).values(b))];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** D1 binds at most 100 parameters per statement: rows go in small groups. */
function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The member whose access narrows the workspace's projects (decision 0039); null or absent: all of them. */
const readable = (workspaceId: string, readerId: string | null | undefined) =>
  readerId ? readableBy(workspaceId, "project", readerId, studioProjects.id, studioProjects.createdByUserId) : undefined;

export async function listProjects(db: Database, workspaceId: string, readerId: string | null = null): Promise<StudioProjectRow[]> {
  return db
    .select()
    .from(studioProjects)
    .where(and(eq(studioProjects.workspaceId, workspaceId), readable(workspaceId, readerId)))
    .orderBy(desc(studioProjects.createDateUnix), desc(studioProjects.id));
}

export async function findProject(db: Database, workspaceId: string, projectId: string, readerId: string | null = null): Promise<StudioProjectRow | undefined> {
  return db.select().from(studioProjects).where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, projectId), readable(workspaceId, readerId))).get();
}

export async function updateProject(db: Database, workspaceId: string, projectId: string, patch: Partial<StudioProjectInsert>): Promise<void> {
  await db.update(studioProjects).set(patch).where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, projectId)));
}

export async function deleteProject(db: Database, workspaceId: string, projectId: string): Promise<void> {
  await db.delete(studioProjects).where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, projectId)));
}

export async function projectChapters(db: Database, workspaceId: string, projectId: string): Promise<StudioChapterRow[]> {
  return db.select().from(studioChapters).where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.projectId, projectId)));
}

export async function findChapter(db: Database, workspaceId: string, projectId: string, chapterId: string): Promise<StudioChapterRow | undefined> {
  return db
    .select()
    .from(studioChapters)
    .where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.projectId, projectId), eq(studioChapters.id, chapterId)))
    .get();
}

/**
 * A chapter, its blocks, and its id appended to chapters_order in one batch; the order is appended in SQL (not
 * rewritten from a copy read earlier), so a reorder or another add at the same time is never undone.
 */
export async function insertChapter(db: Database, chapter: StudioChapterInsert, blocks: StudioBlockInsert[], atMs: number): Promise<void> {
  const statements = [
    db.insert(studioChapters).values(chapter),
    ...chunk(blocks, 8).map((b) => db.insert(studioBlocks).values(b)),
    db
      .update(studioProjects)
      .set({ chaptersOrder: sql`json_insert(coalesce(${studioProjects.chaptersOrder}, '[]'), '$[#]', ${chapter.id})`, lastChaptersOrderChangeUnixMs: atMs })
      .where(eq(studioProjects.id, chapter.projectId)),
  ];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/**
 * A new chapters_order, written only when it names each of the project's chapters exactly once (checked in the
 * same statement, so a chapter added or deleted meanwhile makes it refuse; the caller has refused duplicates) and, when `expected` is given, only
 * while the stored order is still that one (a relative move read it first). True when written.
 */
export async function setChaptersOrder(db: Database, workspaceId: string, projectId: string, order: string[], atMs: number, expected: string | null = null): Promise<boolean> {
  const chapterCount = db.select({ n: count() }).from(studioChapters).where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.projectId, projectId)));
  // The ids as one bound JSON value: D1 binds at most 100 parameters, and a project may hold more chapters.
  const named = db
    .select({ n: count() })
    .from(studioChapters)
    .where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.projectId, projectId), sql`${studioChapters.id} IN (SELECT value FROM json_each(${JSON.stringify(order)}))`));
  const written = await db
    .update(studioProjects)
    .set({ chaptersOrder: JSON.stringify(order), lastChaptersOrderChangeUnixMs: atMs })
    .where(
      and(
        eq(studioProjects.workspaceId, workspaceId),
        eq(studioProjects.id, projectId),
        sql`(${chapterCount}) = ${order.length}`,
        sql`(${named}) = ${order.length}`,
        expected === null ? undefined : eq(studioProjects.chaptersOrder, expected),
      ),
    )
    .returning({ id: studioProjects.id });
  return written.length > 0;
}

export async function updateChapter(db: Database, workspaceId: string, chapterId: string, patch: Partial<StudioChapterInsert>): Promise<void> {
  await db.update(studioChapters).set(patch).where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.id, chapterId)));
}

/**
 * Marks chapters converting, all or none, in one statement: none of them may be converting already (two convert
 * calls at once must not both queue a chapter, or its paragraphs would be made and charged twice). True when claimed.
 */
export async function claimChaptersForConversion(db: Database, workspaceId: string, chapterIds: string[]): Promise<boolean> {
  const busy = db
    .select({ id: studioChapters.id })
    .from(studioChapters)
    .where(and(eq(studioChapters.workspaceId, workspaceId), inArray(studioChapters.id, chapterIds), inArray(studioChapters.state, ["in_queue", "converting"])));
  const claimed = await db
    .update(studioChapters)
    .set({ state: "converting", conversionProgress: 0, lastConversionError: null })
    .where(and(eq(studioChapters.workspaceId, workspaceId), inArray(studioChapters.id, chapterIds), notExists(busy)))
    .returning({ id: studioChapters.id });
  return claimed.length > 0;
}

/** A chapter deleted and taken out of chapters_order in SQL, in one batch (a concurrent reorder is kept). */
export async function deleteChapter(db: Database, workspaceId: string, projectId: string, chapterId: string, atMs: number): Promise<void> {
  await db.batch([
    db.delete(studioChapters).where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.id, chapterId))),
    db
      .update(studioProjects)
      .set({
        chaptersOrder: sql`(SELECT json_group_array(value) FROM json_each(coalesce(${studioProjects.chaptersOrder}, '[]')) WHERE value != ${chapterId})`,
        lastChaptersOrderChangeUnixMs: atMs,
      })
      .where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, projectId))),
  ]);
}

export async function chapterBlocks(db: Database, workspaceId: string, chapterIds: string[]): Promise<StudioBlockRow[]> {
  if (chapterIds.length === 0) return [];
  return db.select().from(studioBlocks).where(and(eq(studioBlocks.workspaceId, workspaceId), inArray(studioBlocks.chapterId, chapterIds)));
}

/**
 * A chapter's content replaced: blocks kept by id keep their audio (the conversion compares their key), blocks
 * not named any more are deleted, new ones inserted; the order and its change time in the same batch.
 */
export async function replaceChapterContent(
  db: Database,
  workspaceId: string,
  chapterId: string,
  content: { keep: { id: string; subType: string; nodes: string }[]; insert: StudioBlockInsert[]; remove: string[]; order: string; atMs: number; name?: string },
): Promise<void> {
  const statements = [
    ...content.keep.map((b) => db.update(studioBlocks).set({ subType: b.subType, nodes: b.nodes }).where(and(eq(studioBlocks.workspaceId, workspaceId), eq(studioBlocks.id, b.id)))),
    ...chunk(content.insert, 8).map((b) => db.insert(studioBlocks).values(b)),
    ...(content.remove.length ? [db.delete(studioBlocks).where(and(eq(studioBlocks.workspaceId, workspaceId), inArray(studioBlocks.id, content.remove)))] : []),
    db
      .update(studioChapters)
      .set({ blockIdsOrder: content.order, lastBlockIdsOrderChangeUnixMs: content.atMs, ...(content.name ? { name: content.name } : {}) })
      .where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.id, chapterId))),
  ];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

export async function updateBlock(db: Database, workspaceId: string, blockId: string, patch: Partial<StudioBlockInsert>): Promise<void> {
  await db.update(studioBlocks).set(patch).where(and(eq(studioBlocks.workspaceId, workspaceId), eq(studioBlocks.id, blockId)));
}

/**
 * A converted block's audio and its charge in one batch: the characters are added to the workspace's count only
 * while they fit its quota (else the NOT NULL column refuses, the batch rolls back and QuotaExhausted is thrown),
 * with a usage event under the Studio source.
 */
export async function recordConvertedBlock(
  db: Database,
  block: { id: string; workspaceId: string; patch: Partial<StudioBlockInsert> },
  charge: { eventId: string; userId: string; characters: number; beyondLimit: number | null; voiceId: string; voiceName: string; modelId: string; source: string; occurredAt: number },
): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${charge.characters}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, block.workspaceId)),
      db.update(studioBlocks).set(block.patch).where(and(eq(studioBlocks.workspaceId, block.workspaceId), eq(studioBlocks.id, block.id))),
      db.insert(usageEvents).values({
        id: charge.eventId,
        workspaceId: block.workspaceId,
        userId: charge.userId,
        occurredAt: charge.occurredAt,
        characters: charge.characters,
        voiceId: charge.voiceId,
        voiceName: charge.voiceName,
        modelId: charge.modelId,
        source: charge.source,
        apiKeyId: null,
      }),
      royaltyAccrualStatement(db, { eventId: charge.eventId, voiceId: charge.voiceId, workspaceId: block.workspaceId, characters: charge.characters, occurredAt: charge.occurredAt }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

export async function insertSnapshot(db: Database, snapshot: StudioSnapshotRow, owner: { chapterId: string | null; projectId: string }): Promise<void> {
  await db.batch([
    db.insert(studioSnapshots).values(snapshot),
    owner.chapterId
      ? db.update(studioChapters).set({ latestSnapshotId: snapshot.id }).where(eq(studioChapters.id, owner.chapterId))
      : db.update(studioProjects).set({ latestSnapshotId: snapshot.id }).where(eq(studioProjects.id, owner.projectId)),
  ]);
}

/** Snapshots of a chapter, or of the project itself (chapterId null), newest first. */
export async function listSnapshots(db: Database, workspaceId: string, projectId: string, chapterId: string | null): Promise<StudioSnapshotRow[]> {
  return db
    .select()
    .from(studioSnapshots)
    .where(and(eq(studioSnapshots.workspaceId, workspaceId), eq(studioSnapshots.projectId, projectId), chapterId ? eq(studioSnapshots.chapterId, chapterId) : isNull(studioSnapshots.chapterId)))
    .orderBy(desc(studioSnapshots.createdAtUnix), desc(studioSnapshots.id));
}

export async function findSnapshot(db: Database, workspaceId: string, projectId: string, snapshotId: string): Promise<StudioSnapshotRow | undefined> {
  return db
    .select()
    .from(studioSnapshots)
    .where(and(eq(studioSnapshots.workspaceId, workspaceId), eq(studioSnapshots.projectId, projectId), eq(studioSnapshots.id, snapshotId)))
    .get();
}

/** Whether each of these snapshots of a project was made with ACX loudness, by id (one query for many chapters). */
export async function snapshotsLoudness(db: Database, workspaceId: string, projectId: string, ids: string[]): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: studioSnapshots.id, acxNormalized: studioSnapshots.acxNormalized })
    .from(studioSnapshots)
    .where(and(eq(studioSnapshots.workspaceId, workspaceId), eq(studioSnapshots.projectId, projectId), inArray(studioSnapshots.id, ids)));
  return new Map(rows.map((r) => [r.id, r.acxNormalized]));
}

/** Every R2 key a project holds (block audio, snapshots, cover), to delete with it. */
export async function projectMediaKeys(db: Database, workspaceId: string, projectId: string): Promise<string[]> {
  const chapters = await db.select({ id: studioChapters.id }).from(studioChapters).where(and(eq(studioChapters.workspaceId, workspaceId), eq(studioChapters.projectId, projectId)));
  const blocks = await chapterBlocks(db, workspaceId, chapters.map((c) => c.id));
  const snapshots = await db.select({ key: studioSnapshots.audioKey }).from(studioSnapshots).where(and(eq(studioSnapshots.workspaceId, workspaceId), eq(studioSnapshots.projectId, projectId)));
  return [...blocks.flatMap((b) => (b.audioKey ? [b.audioKey] : [])), ...snapshots.map((s) => s.key)];
}


/**
 * Takes a chapter off its project's converting list in one statement (chapters finish in parallel) and answers
 * the chapter ids still converting.
 */
export async function finishConvertingChapter(db: Database, workspaceId: string, projectId: string, chapterId: string): Promise<string[]> {
  const row = await db
    .update(studioProjects)
    .set({
      conversionChapterIds: sql`(SELECT json_group_array(value) FROM json_each(${studioProjects.conversionChapterIds}) WHERE value != ${chapterId})`,
    })
    .where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, projectId)))
    .returning({ ids: studioProjects.conversionChapterIds })
    .get();
  return row ? (JSON.parse(row.ids) as string[]) : [];
}
