import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { soundGenerations, usageEvents, workspaces } from "../schema";
import { QuotaExhausted } from "./history";

export type SoundGenerationRow = typeof soundGenerations.$inferSelect;

/**
 * Records a delivered sound generation, its usage event and its credit charge in one batch (all or none), after
 * its audio is stored. As for speech (recordGeneration), the charge sets NULL when it would pass the quota, which
 * the NOT NULL column refuses: the batch rolls back and QuotaExhausted is thrown.
 */
export async function recordSoundGeneration(db: Database, row: SoundGenerationRow, charge: { beyondLimit: number | null; apiKeyId: string | null; usageLabel: string }): Promise<void> {
  const { beyondLimit, apiKeyId, usageLabel } = charge;
  const charged = sql`${workspaces.characterCount} + ${row.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(soundGenerations).values(row),
      // Usage statistics count sound effects under their own source; they have no voice, so the voice breakdown shows `usageLabel`.
      db.insert(usageEvents).values({ id: row.id, workspaceId: row.workspaceId, userId: row.userId, occurredAt: row.dateUnix, characters: row.credits, voiceId: "", voiceName: usageLabel, modelId: row.modelId, source: row.source, apiKeyId }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

/** A workspace's sound generations, newest first; `search` matches the description. */
export async function listSoundGenerations(db: Database, workspaceId: string, query: { pageSize: number; search?: string }): Promise<SoundGenerationRow[]> {
  const conditions = [eq(soundGenerations.workspaceId, workspaceId)];
  if (query.search) {
    const pattern = `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${soundGenerations.text} LIKE ${pattern} ESCAPE '\\'`);
  }
  return db
    .select()
    .from(soundGenerations)
    .where(and(...conditions))
    .orderBy(desc(soundGenerations.dateUnix), desc(soundGenerations.id))
    .limit(query.pageSize);
}

export async function findSoundGeneration(db: Database, workspaceId: string, id: string): Promise<SoundGenerationRow | undefined> {
  return db.select().from(soundGenerations).where(and(eq(soundGenerations.workspaceId, workspaceId), eq(soundGenerations.id, id))).get();
}
