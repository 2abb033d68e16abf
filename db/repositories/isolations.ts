import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { audioIsolations } from "../schema";
import { recordMeteredUpload } from "./metered-upload";

export type IsolationRow = typeof audioIsolations.$inferSelect;

/** Records a delivered isolation with its usage event and charge in one batch (recordMeteredUpload; QuotaExhausted past the quota). */
export function recordIsolation(db: Database, row: IsolationRow, charge: { beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const metered = { id: row.id, workspaceId: row.workspaceId, userId: row.userId, requestId: row.requestId, occurredAt: row.createdAt, credits: row.credits, modelId: "rnnoise", source: "VoiceIsolator" };
  return recordMeteredUpload(db, db.insert(audioIsolations).values(row), { ...metered, beyondLimit: charge.beyondLimit }, apiKeyId);
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
