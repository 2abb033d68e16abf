import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { audioIsolations, usageEvents, workspaces } from "../schema";
import { releaseSlotStatement } from "./generation-slots";
import { QuotaExhausted } from "./history";

export type IsolationRow = typeof audioIsolations.$inferSelect;

/**
 * Records a delivered isolation, its usage event and its charge in one batch, as speech does
 * (recordGeneration, decision 0022): the charge sets NULL when it would pass the quota as it is then, the batch
 * rolls back and QuotaExhausted is thrown. The concurrency slot ends in the same batch.
 */
export async function recordIsolation(db: Database, row: IsolationRow, charge: { beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${row.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(audioIsolations).values(row),
      db.insert(usageEvents).values({
        id: row.id,
        workspaceId: row.workspaceId,
        userId: row.userId,
        occurredAt: row.createdAt,
        characters: row.credits,
        voiceId: "",
        voiceName: "",
        modelId: "rnnoise",
        source: "VoiceIsolator",
        apiKeyId,
      }),
      releaseSlotStatement(db, row.workspaceId, row.requestId),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

/** Newest first, one workspace only; `page` counts from 1. */
export async function listIsolations(db: Database, workspaceId: string, query: { page: number; pageSize: number; search?: string }) {
  const conditions = [eq(audioIsolations.workspaceId, workspaceId)];
  if (query.search) {
    const pattern = `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${audioIsolations.title} LIKE ${pattern} ESCAPE '\\'`);
  }
  const rows = await db
    .select()
    .from(audioIsolations)
    .where(and(...conditions))
    .orderBy(desc(audioIsolations.createdAt), desc(audioIsolations.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.slice(0, query.pageSize), hasMore: rows.length > query.pageSize };
}

export async function findIsolation(db: Database, workspaceId: string, id: string): Promise<IsolationRow | undefined> {
  return db.query.audioIsolations.findFirst({ where: and(eq(audioIsolations.id, id), eq(audioIsolations.workspaceId, workspaceId)) });
}

export async function deleteIsolation(db: Database, workspaceId: string, id: string): Promise<IsolationRow | undefined> {
  const deleted = await db
    .delete(audioIsolations)
    .where(and(eq(audioIsolations.id, id), eq(audioIsolations.workspaceId, workspaceId)))
    .returning();
  return deleted[0];
}
