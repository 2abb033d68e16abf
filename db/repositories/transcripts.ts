import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../client";
import { singleUseTokens, transcripts } from "../schema";
import { recordMeteredUpload } from "./metered-upload";

export type TranscriptRow = typeof transcripts.$inferSelect;

/** Records a transcript with its usage event and charge in one batch (recordMeteredUpload; QuotaExhausted past the quota). */
export function recordTranscript(db: Database, row: TranscriptRow, charge: { beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const metered = { id: row.id, workspaceId: row.workspaceId, userId: row.userId, requestId: row.requestId, occurredAt: row.createdAt, credits: row.credits, modelId: row.modelId, source: "SpeechToText" };
  return recordMeteredUpload(db, db.insert(transcripts).values(row), { ...metered, beyondLimit: charge.beyondLimit }, apiKeyId);
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

export async function insertSingleUseToken(db: Database, row: typeof singleUseTokens.$inferInsert): Promise<void> {
  // Expired tokens are swept on the way (they can never be redeemed).
  await db.batch([db.delete(singleUseTokens).where(lt(singleUseTokens.expiresAt, row.expiresAt - 24 * 3600)), db.insert(singleUseTokens).values(row)]);
}

/** Redeems a token once: deletes it and answers its issuing key's hash, or null when unknown, used, expired or of another type. */
export async function redeemSingleUseToken(db: Database, tokenHash: string, tokenType: string, now: number): Promise<string | null> {
  const rows = await db
    .delete(singleUseTokens)
    .where(and(eq(singleUseTokens.tokenHash, tokenHash), eq(singleUseTokens.tokenType, tokenType), gt(singleUseTokens.expiresAt, now)))
    .returning({ keyHash: singleUseTokens.keyHash });
  return rows[0]?.keyHash ?? null;
}
