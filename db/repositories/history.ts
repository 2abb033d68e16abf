import { and, desc, eq, like, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { historyItems, usageEvents, workspaces } from "../schema";
import { releaseSlotStatement } from "./generation-slots";
import { royaltyAccrualStatement } from "./voice-royalties";

export type HistoryRow = typeof historyItems.$inferSelect;

/** The charge was refused: the workspace's quota no longer has room for the generation (nothing was written). */
export class QuotaExhausted extends Error {
  constructor() {
    super("The workspace's quota has no room for this generation any more.");
  }
}

/**
 * Records a delivered generation, its usage event and its character charge in one batch: all happen or
 * none. Called only after the audio is stored. The charge is conditional on the remaining quota in its own
 * statement: when `character_count + characters` would pass the workspace's character_limit (as it is then)
 * plus `beyondLimit` (null: no limit) it sets NULL, which the column's NOT NULL refuses, so the batch rolls
 * back and QuotaExhausted is thrown. Concurrent generations can therefore never be charged past the quota,
 * whatever was checked before. The generation's concurrency slot (and the characters it reserved) ends in
 * the same batch, and so does the royalty a library voice's owner earns from it (decision 0056).
 */
export async function recordGeneration(db: Database, row: HistoryRow, charge: { characters: number; beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const { characters, beyondLimit } = charge;
  const charged = sql`${workspaces.characterCount} + ${characters}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(historyItems).values(row),
      db.insert(usageEvents).values({
        id: row.id,
        workspaceId: row.workspaceId,
        userId: row.userId,
        occurredAt: row.dateUnix,
        characters,
        voiceId: row.voiceId,
        voiceName: row.voiceName,
        modelId: row.modelId,
        source: row.source,
        apiKeyId,
      }),
      royaltyAccrualStatement(db, { eventId: row.id, voiceId: row.voiceId, workspaceId: row.workspaceId, characters, occurredAt: row.dateUnix }),
      releaseSlotStatement(db, row.workspaceId, row.requestId),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

/** `userId` narrows the workspace's history to what one member generated. */
export type HistoryQuery = { pageSize: number; startAfter?: string; voiceId?: string; search?: string; source?: string; userId?: string };

/** Newest first, always within one workspace; `startAfter` continues after a given item. */
export async function listHistory(db: Database, workspaceId: string, query: HistoryQuery) {
  const conditions = [eq(historyItems.workspaceId, workspaceId)];
  if (query.voiceId) conditions.push(eq(historyItems.voiceId, query.voiceId));
  if (query.userId) conditions.push(eq(historyItems.userId, query.userId));
  if (query.source) conditions.push(eq(historyItems.source, query.source));
  if (query.search) {
    const pattern = `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${historyItems.text} LIKE ${pattern} ESCAPE '\\'`, like(historyItems.voiceName, pattern))!);
  }
  if (query.startAfter) {
    const anchor = await findHistoryItem(db, workspaceId, query.startAfter);
    if (anchor) {
      conditions.push(
        or(lt(historyItems.dateUnix, anchor.dateUnix), and(eq(historyItems.dateUnix, anchor.dateUnix), lt(historyItems.id, anchor.id)))!,
      );
    }
  }
  const rows = await db
    .select()
    .from(historyItems)
    .where(and(...conditions))
    .orderBy(desc(historyItems.dateUnix), desc(historyItems.id))
    .limit(query.pageSize + 1);
  return { items: rows.slice(0, query.pageSize), hasMore: rows.length > query.pageSize };
}

export async function findHistoryItem(db: Database, workspaceId: string, id: string): Promise<HistoryRow | undefined> {
  return db.query.historyItems.findFirst({ where: and(eq(historyItems.id, id), eq(historyItems.workspaceId, workspaceId)) });
}

export async function deleteHistoryItem(db: Database, workspaceId: string, id: string): Promise<HistoryRow | undefined> {
  const deleted = await db
    .delete(historyItems)
    .where(and(eq(historyItems.id, id), eq(historyItems.workspaceId, workspaceId)))
    .returning();
  return deleted[0];
}

export async function saveFeedback(db: Database, workspaceId: string, id: string, feedback: string): Promise<void> {
  await db.update(historyItems).set({ feedback }).where(and(eq(historyItems.id, id), eq(historyItems.workspaceId, workspaceId)));
}
