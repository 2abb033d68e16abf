import { and, count, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { generatedVoices, voices } from "../schema";
import type { Voice } from "../../core/voices/voices";

export type GeneratedVoiceRow = typeof generatedVoices.$inferSelect;
export type NewGeneratedVoice = typeof generatedVoices.$inferInsert;

/** Stores a design's previews and forgets the workspace's expired ones; returns the R2 keys of those forgotten. */
export async function saveGeneratedVoices(db: Database, rows: NewGeneratedVoice[], nowSeconds: number): Promise<string[]> {
  const workspaceId = rows[0]!.workspaceId;
  const expired = and(eq(generatedVoices.workspaceId, workspaceId), lte(generatedVoices.expiresAt, nowSeconds));
  const gone = await db.select({ key: generatedVoices.audioKey }).from(generatedVoices).where(expired);
  await db.batch([db.delete(generatedVoices).where(expired), db.insert(generatedVoices).values(rows)]);
  return gone.map((row) => row.key);
}

/** A live preview of the workspace; undefined for an unknown, expired or another workspace's id alike. */
export async function findLiveGeneratedVoice(db: Database, workspaceId: string, generatedVoiceId: string, nowSeconds: number) {
  return db.query.generatedVoices.findFirst({
    where: and(eq(generatedVoices.generatedVoiceId, generatedVoiceId), eq(generatedVoices.workspaceId, workspaceId), gt(generatedVoices.expiresAt, nowSeconds)),
  });
}

/** How many voices the workspace has of its own (premade ones are no one's): what the custom voice limit counts. */
export async function countOwnVoices(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(voices).where(and(isNotNull(voices.workspaceId), eq(voices.workspaceId, workspaceId)));
  return row?.n ?? 0;
}

/**
 * Adds a voice to its workspace only while the workspace has fewer than `limit` voices of its own, in one
 * statement (two saves at once cannot pass the limit together), then uses up the preview it was made from.
 * False when the limit was reached.
 */
export async function insertVoiceWithinLimit(db: Database, voice: Voice, limit: number, generatedVoiceId: string): Promise<boolean> {
  const workspaceId = voice.workspaceId!;
  const json = (value: unknown) => JSON.stringify(value);
  const inserted = await db.run(sql`INSERT INTO ${voices} (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters, preview_key, verified_languages, high_quality_base_model_ids, created_at, created_by_user_id)
    SELECT ${voice.voiceId}, ${workspaceId}, ${voice.category}, ${voice.name}, ${voice.description}, ${json(voice.labels)}, ${voice.language}, ${voice.engine},
      ${json(voice.engineParameters)}, ${voice.previewKey}, ${json(voice.verifiedLanguages)}, ${json(voice.highQualityBaseModelIds)}, ${voice.createdAt}, ${voice.createdByUserId}
    WHERE (SELECT count(*) FROM ${voices} WHERE workspace_id = ${workspaceId}) < ${limit}`);
  if (!inserted.meta.changes) return false;
  await db.delete(generatedVoices).where(and(eq(generatedVoices.generatedVoiceId, generatedVoiceId), eq(generatedVoices.workspaceId, workspaceId)));
  return true;
}
