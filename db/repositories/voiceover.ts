import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../client";
import { usageEvents, voiceoverProjects, voiceoverRenders, workspaces } from "../schema";
import { QuotaExhausted } from "./history";

export type VoiceoverProjectRow = typeof voiceoverProjects.$inferSelect;
export type VoiceoverRenderRow = typeof voiceoverRenders.$inferSelect;

/** The usage events' source (and model) of voiceover renders: the charge and, when a render fails, its refund. */
export const VOICEOVER_SOURCE = "Voiceover";
const VOICEOVER_MODEL = "voiceover";

/** Another render of the project is queued or running (the partial unique index refused the insert). */
export class RenderInProgress extends Error {}

export async function insertProject(db: Database, row: VoiceoverProjectRow): Promise<void> {
  await db.insert(voiceoverProjects).values(row);
}

export async function findProject(db: Database, workspaceId: string, id: string): Promise<VoiceoverProjectRow | undefined> {
  return db.query.voiceoverProjects.findFirst({ where: and(eq(voiceoverProjects.id, id), eq(voiceoverProjects.workspaceId, workspaceId)) });
}

/** The workspace's projects, newest first. */
export async function listProjects(db: Database, workspaceId: string, limit: number): Promise<VoiceoverProjectRow[]> {
  return db.select().from(voiceoverProjects).where(eq(voiceoverProjects.workspaceId, workspaceId)).orderBy(desc(voiceoverProjects.createdAt), desc(voiceoverProjects.id)).limit(limit);
}

export async function countProjects(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(voiceoverProjects).where(eq(voiceoverProjects.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function updateProject(db: Database, workspaceId: string, id: string, patch: Partial<Omit<VoiceoverProjectRow, "id" | "workspaceId">>): Promise<void> {
  await db.update(voiceoverProjects).set(patch).where(and(eq(voiceoverProjects.id, id), eq(voiceoverProjects.workspaceId, workspaceId)));
}

/** Deletes a project and its renders; returns it, or null when the workspace has no such project. */
export async function deleteProject(db: Database, workspaceId: string, id: string): Promise<VoiceoverProjectRow | null> {
  const [deleted] = await db.delete(voiceoverProjects).where(and(eq(voiceoverProjects.id, id), eq(voiceoverProjects.workspaceId, workspaceId))).returning();
  return deleted ?? null;
}

/** Each project's newest render (projects without one are absent). */
export async function latestRenders(db: Database, workspaceId: string, projectIds: string[]): Promise<Map<string, VoiceoverRenderRow>> {
  const latest = new Map<string, VoiceoverRenderRow>();
  if (projectIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(voiceoverRenders)
    .where(and(eq(voiceoverRenders.workspaceId, workspaceId), inArray(voiceoverRenders.projectId, projectIds)))
    .orderBy(desc(voiceoverRenders.createdAt), desc(voiceoverRenders.id));
  for (const row of rows) if (!latest.has(row.projectId)) latest.set(row.projectId, row);
  return latest;
}

/** The project's newest finished render: the one the page plays and downloads. */
export async function latestDoneRender(db: Database, workspaceId: string, projectId: string): Promise<VoiceoverRenderRow | undefined> {
  return db.query.voiceoverRenders.findFirst({
    where: and(eq(voiceoverRenders.workspaceId, workspaceId), eq(voiceoverRenders.projectId, projectId), eq(voiceoverRenders.status, "done")),
    orderBy: [desc(voiceoverRenders.createdAt), desc(voiceoverRenders.id)],
  });
}

export async function findRender(db: Database, workspaceId: string, projectId: string, id: string): Promise<VoiceoverRenderRow | undefined> {
  return db.query.voiceoverRenders.findFirst({ where: and(eq(voiceoverRenders.id, id), eq(voiceoverRenders.workspaceId, workspaceId), eq(voiceoverRenders.projectId, projectId)) });
}

/** The consumer's read: the message carries only the id. */
export async function findRenderById(db: Database, id: string): Promise<VoiceoverRenderRow | undefined> {
  return db.query.voiceoverRenders.findFirst({ where: eq(voiceoverRenders.id, id) });
}

/**
 * Accepts a render: its row, its charge and usage event in one batch. The charge sets NULL past the quota (as
 * speech does, decision 0022): the batch rolls back and QuotaExhausted is thrown. Another render of the project
 * queued or running makes the insert fail on the partial unique index: RenderInProgress, nothing written.
 */
export async function acceptRender(db: Database, row: VoiceoverRenderRow, charge: { beyondLimit: number | null; apiKeyId: string | null }): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${row.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(voiceoverRenders).values(row),
      db.insert(usageEvents).values({ id: row.id, workspaceId: row.workspaceId, userId: row.userId, occurredAt: row.createdAt, characters: row.credits, voiceId: "", voiceName: "", modelId: VOICEOVER_MODEL, source: VOICEOVER_SOURCE, apiKeyId: charge.apiKeyId }),
    ]);
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    if (message.includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    if (message.includes("UNIQUE constraint failed: voiceover_renders.project_id")) throw new RenderInProgress();
    throw error;
  }
}

/** A delivery begins: the render is running and counts one more attempt (null when it is finished already). */
export async function startRenderAttempt(db: Database, id: string, at: number): Promise<VoiceoverRenderRow | null> {
  const [row] = await db
    .update(voiceoverRenders)
    .set({ status: "rendering", progress: 0, attempts: sql`${voiceoverRenders.attempts} + 1`, updatedAt: at })
    .where(and(eq(voiceoverRenders.id, id), inArray(voiceoverRenders.status, ["queued", "rendering"])))
    .returning();
  return row ?? null;
}

export async function reportRenderProgress(db: Database, id: string, progress: number, at: number): Promise<void> {
  await db.update(voiceoverRenders).set({ progress, updatedAt: at }).where(and(eq(voiceoverRenders.id, id), eq(voiceoverRenders.status, "rendering")));
}

/** The render is done: its file, and the project's paid clips now those it spoke, in one batch. */
export async function finishRender(db: Database, row: VoiceoverRenderRow, output: { key: string; bytes: number; spokenKeys: string[] }, at: number): Promise<void> {
  await db.batch([
    db.update(voiceoverRenders).set({ status: "done", progress: 100, error: null, outputKey: output.key, outputBytes: output.bytes, updatedAt: at }).where(eq(voiceoverRenders.id, row.id)),
    db.update(voiceoverProjects).set({ spokenKeys: JSON.stringify(output.spokenKeys), updatedAt: at }).where(and(eq(voiceoverProjects.id, row.projectId), eq(voiceoverProjects.workspaceId, row.workspaceId))),
  ]);
}

/**
 * A failed delivery: queued again with its error (another delivery follows), or, on the last, failed for good with
 * its charge given back once (a negative usage event beside the charge's), in one batch.
 */
export async function failRender(db: Database, id: string, error: string, final: boolean, at: number): Promise<void> {
  const row = await findRenderById(db, id);
  if (!row || row.status === "done" || row.status === "failed") return;
  if (!final) {
    await db.update(voiceoverRenders).set({ status: "queued", error, updatedAt: at }).where(and(eq(voiceoverRenders.id, id), ne(voiceoverRenders.status, "done")));
    return;
  }
  const refund = row.credits > 0 && !row.refunded;
  await db.batch([
    db.update(voiceoverRenders).set({ status: "failed", error, refunded: refund || row.refunded, updatedAt: at }).where(and(eq(voiceoverRenders.id, id), eq(voiceoverRenders.refunded, row.refunded))),
    ...(refund
      ? [
          db
            .update(workspaces)
            .set({ characterCount: sql`MAX(0, ${workspaces.characterCount} - ${row.credits})` })
            .where(eq(workspaces.id, row.workspaceId)),
          db.insert(usageEvents).values({ id: `${id}-refund`, workspaceId: row.workspaceId, userId: row.userId, occurredAt: at, characters: -row.credits, voiceId: "", voiceName: "", modelId: VOICEOVER_MODEL, source: VOICEOVER_SOURCE, apiKeyId: null }),
        ]
      : []),
  ]);
}
