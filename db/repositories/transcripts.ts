import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { transcripts, usageEvents, workspaces } from "../schema";
import { releaseSlotStatement } from "./generation-slots";
import { QuotaExhausted } from "./history";

export type TranscriptRow = typeof transcripts.$inferSelect;

/**
 * Records a transcript, its usage event and its charge in one batch, as the voice isolator does
 * (recordIsolation): a charge past the quota rolls the batch back and throws QuotaExhausted.
 */
export async function recordTranscript(db: Database, row: TranscriptRow, charge: { beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${row.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, row.workspaceId)),
      db.insert(transcripts).values(row),
      db.insert(usageEvents).values({
        id: row.id,
        workspaceId: row.workspaceId,
        userId: row.userId,
        occurredAt: row.createdAt,
        characters: row.credits,
        voiceId: "",
        voiceName: "",
        modelId: row.modelId,
        source: "SpeechToText",
        apiKeyId,
      }),
      releaseSlotStatement(db, row.workspaceId, row.requestId),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}

export async function findTranscript(db: Database, workspaceId: string, id: string): Promise<TranscriptRow | undefined> {
  return db.query.transcripts.findFirst({ where: and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)) });
}

export async function deleteTranscript(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(transcripts)
    .where(and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)))
    .returning({ id: transcripts.id });
  return deleted.length > 0;
}
