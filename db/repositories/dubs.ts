import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { dubs, usageEvents, workspaces } from "../schema";
import { QuotaExhausted } from "./history";

export type DubRow = typeof dubs.$inferSelect;

/** The usage events' source for dubs (the charge and, when a dub fails, its refund). */
export const DUBBING_SOURCE = "Dubbing";

/**
 * Accepts a dub: its row, its charge and usage event in one batch. The charge sets NULL when it would pass the
 * quota (as speech does, decision 0022), the batch rolls back and QuotaExhausted is thrown: nothing is written.
 */
export async function insertDub(db: Database, row: DubRow, charge: { beyondLimit: number | null; modelId: string }, apiKeyId: string | null): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${row.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(dubs).values(row),
      db.insert(usageEvents).values({ id: row.id, workspaceId: row.workspaceId, userId: row.userId, occurredAt: row.createdAt, characters: row.credits, voiceId: "", voiceName: "", modelId: charge.modelId, source: DUBBING_SOURCE, apiKeyId }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

/** Marks a dub failed and gives its charge back once (a negative usage event beside the charge's), in one batch. */
export async function failDub(db: Database, workspaceId: string, id: string, error: string, at: number): Promise<boolean> {
  const row = await findDub(db, workspaceId, id);
  if (!row || row.refunded) return false;
  await db.batch([
    db.update(dubs).set({ status: "failed", error, refunded: true, updatedAt: at, progressMessage: "Failed" }).where(and(eq(dubs.id, id), eq(dubs.refunded, false))),
    db
      .update(workspaces)
      .set({ characterCount: sql`MAX(0, ${workspaces.characterCount} - ${row.credits})` })
      .where(eq(workspaces.id, workspaceId)),
    db.insert(usageEvents).values({ id: `${id}-refund`, workspaceId, userId: row.userId, occurredAt: at, characters: -row.credits, voiceId: "", voiceName: "", modelId: "dubbing", source: DUBBING_SOURCE, apiKeyId: null }),
  ]);
  return true;
}

export async function findDub(db: Database, workspaceId: string, id: string): Promise<DubRow | undefined> {
  return db.query.dubs.findFirst({ where: and(eq(dubs.id, id), eq(dubs.workspaceId, workspaceId)) });
}

export async function updateDub(db: Database, workspaceId: string, id: string, patch: Partial<Omit<DubRow, "id" | "workspaceId">>): Promise<void> {
  await db.update(dubs).set(patch).where(and(eq(dubs.id, id), eq(dubs.workspaceId, workspaceId)));
}

/**
 * A page of the workspace's dubs, newest first (oldest first with `ascending`); `before` is the cursor (the last
 * row's created_at and id), the page continuing past it in the same order.
 */
export async function listDubs(db: Database, workspaceId: string, options: { statuses: string[] | null; before: { createdAt: number; id: string } | null; limit: number; ascending?: boolean }): Promise<DubRow[]> {
  const conditions = [eq(dubs.workspaceId, workspaceId)];
  if (options.statuses) conditions.push(inArray(dubs.status, options.statuses));
  if (options.before) {
    conditions.push(options.ascending ? sql`(${dubs.createdAt}, ${dubs.id}) > (${options.before.createdAt}, ${options.before.id})` : sql`(${dubs.createdAt}, ${dubs.id}) < (${options.before.createdAt}, ${options.before.id})`);
  }
  return db
    .select()
    .from(dubs)
    .where(and(...conditions))
    .orderBy(...(options.ascending ? [asc(dubs.createdAt), asc(dubs.id)] : [desc(dubs.createdAt), desc(dubs.id)]))
    .limit(options.limit);
}

export async function deleteDub(db: Database, workspaceId: string, id: string): Promise<DubRow | null> {
  const deleted = await db.delete(dubs).where(and(eq(dubs.id, id), eq(dubs.workspaceId, workspaceId))).returning();
  return deleted[0] ?? null;
}


/**
 * Writes a studio change when the dub is still at `version` (another edit in between loses nothing: the caller
 * answers 409). Returns whether it was written.
 */
export async function updateDubAtVersion(db: Database, workspaceId: string, id: string, version: number, patch: Partial<Omit<DubRow, "id" | "workspaceId">>): Promise<boolean> {
  const written = await db
    .update(dubs)
    .set({ ...patch, version: version + 1 })
    .where(and(eq(dubs.id, id), eq(dubs.workspaceId, workspaceId), eq(dubs.version, version)))
    .returning({ id: dubs.id });
  return written.length > 0;
}

/**
 * A studio re-dub: its charge, its usage event and the dub's new segments in one batch (decision 0048). The
 * charge sets NULL past the quota (QuotaExhausted, nothing written).
 */
export async function chargeRedub(db: Database, row: DubRow, charge: { credits: number; eventId: string; userId: string; beyondLimit: number | null; apiKeyId: string | null; at: number }, patch: Partial<Omit<DubRow, "id" | "workspaceId">>): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${charge.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  // The dub must still be at the version it was read at (the lines were spoken from it): otherwise the count
  // becomes NULL, the NOT NULL constraint fails and the whole batch (charge, event, dub) rolls back.
  const unchanged = sql`(SELECT ${dubs.version} FROM ${dubs} WHERE ${dubs.id} = ${row.id} AND ${dubs.workspaceId} = ${row.workspaceId}) = ${row.version}`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: sql`CASE WHEN ${unchanged} THEN ${charge.beyondLimit === null ? charged : withinQuota} END` })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(usageEvents).values({ id: charge.eventId, workspaceId: row.workspaceId, userId: charge.userId, occurredAt: charge.at, characters: charge.credits, voiceId: "", voiceName: "", modelId: "dubbing", source: DUBBING_SOURCE, apiKeyId: charge.apiKeyId }),
      db
        .update(dubs)
        .set({ ...patch, version: sql`${dubs.version} + 1` })
        .where(and(eq(dubs.id, row.id), eq(dubs.workspaceId, row.workspaceId))),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) {
      const now = await db.select({ version: dubs.version }).from(dubs).where(and(eq(dubs.id, row.id), eq(dubs.workspaceId, row.workspaceId))).get();
      throw now?.version === row.version ? new QuotaExhausted() : new DubChanged();
    }
    throw error;
  }
}

/** Thrown by chargeRedub when the dub was changed after it was read: nothing was charged or written. */
export class DubChanged extends Error {
  constructor() {
    super("The dub changed meanwhile");
  }
}
