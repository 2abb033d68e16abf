import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Database } from "../client";
import { pendingSignUps } from "../schema";

export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;

/** Stores a sign-up that waits for its e-mailed link; expired ones are dropped in the same batch. */
export async function storePendingSignUp(db: Database, row: Omit<PendingSignUpRow, "createdAt" | "usedAt">, now: number): Promise<void> {
  await db.batch([db.delete(pendingSignUps).where(lte(pendingSignUps.expiresAt, now)), db.insert(pendingSignUps).values(row)]);
}

/** A pending sign-up that exists, is unused and unexpired. */
export async function findLivePendingSignUp(db: Database, codeHash: string, now: number): Promise<PendingSignUpRow | undefined> {
  return db.query.pendingSignUps.findFirst({
    where: and(eq(pendingSignUps.codeHash, codeHash), isNull(pendingSignUps.usedAt), gt(pendingSignUps.expiresAt, now)),
  });
}

/** Marks it used; false when another request used it first (so a link creates an account once, even in a race). */
export async function consumePendingSignUp(db: Database, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .update(pendingSignUps)
    .set({ usedAt: now })
    .where(and(eq(pendingSignUps.codeHash, codeHash), isNull(pendingSignUps.usedAt), gt(pendingSignUps.expiresAt, now)))
    .returning({ codeHash: pendingSignUps.codeHash });
  return result.length === 1;
}
