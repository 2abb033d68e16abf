import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { videoJobs } from "../schema";
import type { VideoTheme } from "../../core/sharing/video";

export type VideoJobRow = typeof videoJobs.$inferSelect;

export async function findVideoJob(db: Database, workspaceId: string, historyItemId: string, theme: VideoTheme) {
  return db.query.videoJobs.findFirst({
    where: and(eq(videoJobs.workspaceId, workspaceId), eq(videoJobs.historyItemId, historyItemId), eq(videoJobs.theme, theme)),
  });
}

export async function findVideoJobById(db: Database, id: string) {
  return db.query.videoJobs.findFirst({ where: eq(videoJobs.id, id) });
}

/**
 * A queued job for the item and theme: inserts one, or puts a failed one back in the queue. Returns the job
 * and whether a message must be sent (false when a render is already queued, running or done).
 */
export async function queueVideoJob(db: Database, job: { id: string; workspaceId: string; historyItemId: string; theme: VideoTheme }): Promise<{ job: VideoJobRow; enqueue: boolean }> {
  const inserted = await db.insert(videoJobs).values(job).onConflictDoNothing().returning();
  if (inserted[0]) return { job: inserted[0], enqueue: true };
  const existing = (await findVideoJob(db, job.workspaceId, job.historyItemId, job.theme))!;
  if (existing.status !== "failed") return { job: existing, enqueue: false };
  const [requeued] = await db
    .update(videoJobs)
    .set({ status: "queued", progress: 0, attempts: 0, error: null, updatedAt: sql`(unixepoch())` })
    .where(and(eq(videoJobs.id, existing.id), eq(videoJobs.status, "failed")))
    .returning();
  return requeued ? { job: requeued, enqueue: true } : { job: (await findVideoJobById(db, existing.id))!, enqueue: false };
}

/** Forgets a queued job whose message could not be sent, so the next request tries again. */
export async function deleteVideoJob(db: Database, id: string): Promise<void> {
  await db.delete(videoJobs).where(eq(videoJobs.id, id));
}
