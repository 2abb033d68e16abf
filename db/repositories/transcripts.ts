import { and, desc, eq, gt, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { singleUseTokens, transcriptRevisions, transcripts } from "../schema";
import { recordMeteredUpload } from "./metered-upload";

export type TranscriptRow = typeof transcripts.$inferSelect;
/** A transcript as delivered: its words not yet edited. */
export type NewTranscriptRow = Omit<TranscriptRow, "revision">;

/** Records a transcript with its usage event and charge in one batch (recordMeteredUpload; QuotaExhausted past the quota). */
export function recordTranscript(db: Database, row: NewTranscriptRow, charge: { beyondLimit: number | null }, apiKeyId: string | null): Promise<void> {
  const metered = { id: row.id, workspaceId: row.workspaceId, userId: row.userId, requestId: row.requestId, occurredAt: row.createdAt, credits: row.credits, modelId: row.modelId, source: "SpeechToText" };
  return recordMeteredUpload(db, db.insert(transcripts).values(row), { ...metered, beyondLimit: charge.beyondLimit }, apiKeyId);
}

export async function findTranscript(db: Database, workspaceId: string, id: string): Promise<TranscriptRow | undefined> {
  return db.query.transcripts.findFirst({ where: and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)) });
}

/** A transcript as the list shows it: everything but the stored answer, and the start of its text. */
export type TranscriptSummary = Omit<TranscriptRow, "result" | "requestId" | "userId" | "revision"> & { preview: string };

/**
 * One workspace's transcripts, newest first; `page` counts from 1; `preview` is the text's first `previewChars`;
 * `search` (when not empty) keeps those whose name or text contains it, without regard to case.
 */
export async function listTranscripts(db: Database, workspaceId: string, query: { page: number; pageSize: number; previewChars: number; search?: string }): Promise<{ items: TranscriptSummary[]; hasMore: boolean }> {
  const needle = query.search ? query.search.toLowerCase() : null;
  const rows = await db
    .select({
      id: transcripts.id,
      workspaceId: transcripts.workspaceId,
      createdAt: transcripts.createdAt,
      durationSeconds: transcripts.durationSeconds,
      credits: transcripts.credits,
      modelId: transcripts.modelId,
      languageCode: transcripts.languageCode,
      fileName: transcripts.fileName,
      speakerCount: transcripts.speakerCount,
      audioKey: transcripts.audioKey,
      audioContentType: transcripts.audioContentType,
      audioBytes: transcripts.audioBytes,
      // The stored answer is read only as far as its text's start: a long transcript's words stay in the database.
      preview: sql<string>`coalesce(substr(json_extract(${transcripts.result}, '$.text'), 1, ${query.previewChars}), '')`,
    })
    .from(transcripts)
    .where(
      and(
        eq(transcripts.workspaceId, workspaceId),
        needle
          ? or(
              sql`instr(lower(coalesce(${transcripts.fileName}, '')), ${needle}) > 0`,
              sql`instr(lower(coalesce(json_extract(${transcripts.result}, '$.text'), '')), ${needle}) > 0`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.slice(0, query.pageSize), hasMore: rows.length > query.pageSize };
}

/** Renames one of the workspace's transcripts (the list's title); false when it has no such transcript. */
export async function renameTranscript(db: Database, workspaceId: string, id: string, name: string): Promise<boolean> {
  const renamed = await db
    .update(transcripts)
    .set({ fileName: name })
    .where(and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)))
    .returning({ id: transcripts.id });
  return renamed.length > 0;
}

/**
 * Replaces a transcript's stored answer only if it is still at `row.revision`: two edits at once never lose one
 * another's change (the second is told to repeat). The answer it replaces is kept as that revision (for undo), and
 * only the newest `keep` revisions stay. False when the row changed meanwhile.
 */
export async function replaceTranscriptResult(db: Database, row: TranscriptRow, next: string, keep: number, now: number): Promise<boolean> {
  const [replaced] = await db.batch([
    db
      .update(transcripts)
      .set({ result: next, revision: row.revision + 1 })
      .where(and(eq(transcripts.id, row.id), eq(transcripts.workspaceId, row.workspaceId), eq(transcripts.revision, row.revision)))
      .returning({ id: transcripts.id }),
    // Anyone who read this revision read this answer: a second writer's row is the same row, not added.
    db.insert(transcriptRevisions).values({ transcriptId: row.id, revision: row.revision, result: row.result, createdAt: now }).onConflictDoNothing(),
    db.delete(transcriptRevisions).where(and(eq(transcriptRevisions.transcriptId, row.id), lte(transcriptRevisions.revision, row.revision - keep))),
  ]);
  return replaced.length > 0;
}

/** The newest kept revision of a transcript before `row`'s, if any (what an undo goes back to). */
export async function latestTranscriptRevision(db: Database, row: TranscriptRow): Promise<{ revision: number; result: string } | undefined> {
  return db.query.transcriptRevisions.findFirst({
    columns: { revision: true, result: true },
    where: and(eq(transcriptRevisions.transcriptId, row.id), lt(transcriptRevisions.revision, row.revision)),
    orderBy: desc(transcriptRevisions.revision),
  });
}

/** How many earlier revisions of a transcript are kept (how many edits can be undone). */
export async function countTranscriptRevisions(db: Database, row: TranscriptRow): Promise<number> {
  const [counted] = await db.select({ n: sql<number>`count(*)` }).from(transcriptRevisions).where(and(eq(transcriptRevisions.transcriptId, row.id), lt(transcriptRevisions.revision, row.revision)));
  return counted?.n ?? 0;
}

/**
 * Puts back the answer of an earlier revision, only if the transcript is still at `row.revision`, and uses that
 * revision up (undoing again goes one further back). The transcript moves to a new revision, so an edit read before
 * the undo is told to repeat. False when the row changed meanwhile.
 */
export async function restoreTranscriptRevision(db: Database, row: TranscriptRow, earlier: { revision: number; result: string }): Promise<boolean> {
  const [restored] = await db.batch([
    db
      .update(transcripts)
      .set({ result: earlier.result, revision: row.revision + 1 })
      .where(and(eq(transcripts.id, row.id), eq(transcripts.workspaceId, row.workspaceId), eq(transcripts.revision, row.revision)))
      .returning({ id: transcripts.id }),
    // Used up only by the undo that was made (the transcript is now at the revision this undo wrote).
    db
      .delete(transcriptRevisions)
      .where(and(eq(transcriptRevisions.transcriptId, row.id), eq(transcriptRevisions.revision, earlier.revision), sql`(SELECT ${transcripts.revision} FROM ${transcripts} WHERE ${transcripts.id} = ${row.id}) = ${row.revision + 1}`)),
  ]);
  return restored.length > 0;
}

/** Deletes one of the workspace's transcripts; the deleted row (its recording's key with it), or undefined. */
export async function deleteTranscript(db: Database, workspaceId: string, id: string): Promise<TranscriptRow | undefined> {
  const deleted = await db
    .delete(transcripts)
    .where(and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)))
    .returning();
  return deleted[0];
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
