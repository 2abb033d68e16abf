// The classifier's SQL: clips' landmarks written once at generation, read by hash.
import { inArray } from "drizzle-orm";
import type { Database } from "../client";
import { clipLandmarks, generatedClips } from "../schema";

export type GeneratedClipInsert = typeof generatedClips.$inferInsert;

/** D1 binds at most 100 parameters a statement: 3 a landmark row. */
const ROWS_PER_INSERT = 33;
const HASHES_PER_SELECT = 90;

export async function insertClip(db: Database, clip: GeneratedClipInsert, landmarks: readonly { hash: number; t: number }[]): Promise<void> {
  const rows = landmarks.map((l) => ({ hash: l.hash, clipId: clip.id, t: l.t }));
  const statements = [db.insert(generatedClips).values(clip).onConflictDoNothing()];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(db.insert(clipLandmarks).values(rows.slice(i, i + ROWS_PER_INSERT)) as never);
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** Every stored landmark with one of these hashes. */
export async function landmarksWithHashes(db: Database, hashes: readonly number[]): Promise<{ hash: number; clipId: string; t: number }[]> {
  const unique = [...new Set(hashes)];
  const reads = [];
  for (let i = 0; i < unique.length; i += HASHES_PER_SELECT) reads.push(db.select().from(clipLandmarks).where(inArray(clipLandmarks.hash, unique.slice(i, i + HASHES_PER_SELECT))));
  if (reads.length === 0) return [];
  const results = await db.batch(reads as [(typeof reads)[number], ...(typeof reads)[number][]]);
  return results.flat();
}
