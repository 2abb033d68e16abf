import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { usageEvents, workspaces } from "../schema";
import { releaseSlotStatement } from "./generation-slots";
import { QuotaExhausted } from "./history";

/** What an audio tool charged by duration writes beside its own row: the charge, the usage event and the slot's end. */
export type MeteredCharge = { id: string; workspaceId: string; userId: string; requestId: string; occurredAt: number; credits: number; modelId: string; source: string; beyondLimit: number | null };

/**
 * Records an audio tool's result row (`insert`), its usage event and its charge in one batch, as speech does
 * (recordGeneration, decision 0022): the charge sets NULL when it would pass the quota as it is then, the batch
 * rolls back and QuotaExhausted is thrown. The concurrency slot ends in the same batch.
 */
export async function recordMeteredUpload(db: Database, insert: BatchItem<"sqlite">, charge: MeteredCharge, apiKeyId: string | null): Promise<void> {
  const charged = sql`${workspaces.characterCount} + ${charge.credits}`;
  const withinQuota = sql`CASE WHEN ${charged} <= ${workspaces.characterLimit} + ${charge.beyondLimit} THEN ${charged} END`;
  try {
    await db.batch([
      db
        .update(workspaces)
        .set({ characterCount: charge.beyondLimit === null ? charged : withinQuota })
        .where(eq(workspaces.id, charge.workspaceId)),
      insert,
      db.insert(usageEvents).values({
        id: charge.id,
        workspaceId: charge.workspaceId,
        userId: charge.userId,
        occurredAt: charge.occurredAt,
        characters: charge.credits,
        voiceId: "",
        voiceName: "",
        modelId: charge.modelId,
        source: charge.source,
        apiKeyId,
      }),
      releaseSlotStatement(db, charge.workspaceId, charge.requestId),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("NOT NULL constraint failed: workspaces.character_count")) throw new QuotaExhausted();
    throw error;
  }
}
