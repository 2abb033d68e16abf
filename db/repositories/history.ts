import { and, desc, eq, like, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { historyItems, usageEvents, workspaces } from "../schema";

export type HistoryRow = typeof historyItems.$inferSelect;

/**
 * Records a delivered generation, its usage event and its character charge in one batch: all happen or
 * none. Called only after the audio is stored.
 */
export async function recordGeneration(db: Database, row: HistoryRow, characters: number, apiKeyId: string | null): Promise<void> {
  await db.batch([
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
    db
      .update(workspaces)
      .set({ characterCount: sql`${workspaces.characterCount} + ${characters}` })
      .where(eq(workspaces.id, row.workspaceId)),
  ]);
}

export type HistoryQuery = { pageSize: number; startAfter?: string; voiceId?: string; search?: string; source?: string };

/** Newest first, always within one workspace; `startAfter` continues after a given item. */
export async function listHistory(db: Database, workspaceId: string, query: HistoryQuery) {
  const conditions = [eq(historyItems.workspaceId, workspaceId)];
  if (query.voiceId) conditions.push(eq(historyItems.voiceId, query.voiceId));
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
