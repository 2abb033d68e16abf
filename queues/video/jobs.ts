import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { videoJobs } from "../../db/schema";

/** The consumer's writes to a job row (the app only inserts and re-queues). */
export async function startAttempt(db: Database, id: string) {
  const [job] = await db
    .update(videoJobs)
    .set({ status: "rendering", progress: 0, attempts: sql`${videoJobs.attempts} + 1`, updatedAt: sql`(unixepoch())` })
    .where(and(eq(videoJobs.id, id), ne(videoJobs.status, "done")))
    .returning();
  return job ?? null;
}

export async function reportProgress(db: Database, id: string, progress: number) {
  await db.update(videoJobs).set({ progress, updatedAt: sql`(unixepoch())` }).where(and(eq(videoJobs.id, id), eq(videoJobs.status, "rendering")));
}

export async function finishJob(db: Database, id: string, videoKey: string, videoBytes: number) {
  await db.update(videoJobs).set({ status: "done", progress: 100, error: null, videoKey, videoBytes, updatedAt: sql`(unixepoch())` }).where(eq(videoJobs.id, id));
}

/** A failed attempt: queued again (another delivery follows) or failed for good. */
export async function failAttempt(db: Database, id: string, error: string, final: boolean) {
  await db
    .update(videoJobs)
    .set({ status: final ? "failed" : "queued", error, updatedAt: sql`(unixepoch())` })
    .where(and(eq(videoJobs.id, id), ne(videoJobs.status, "done")));
}
