import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { actionCodes } from "../schema";

export type ActionCodeRow = typeof actionCodes.$inferSelect;

export async function storeActionCode(db: Database, row: Omit<ActionCodeRow, "createdAt" | "usedAt">): Promise<void> {
  await db.insert(actionCodes).values(row);
}

/** A code that exists, is unused and unexpired; it stays unused until `consumeActionCode`. */
export async function findLiveActionCode(db: Database, codeHash: string, mode: string, nowSeconds: number) {
  return db.query.actionCodes.findFirst({
    where: and(eq(actionCodes.codeHash, codeHash), eq(actionCodes.mode, mode), isNull(actionCodes.usedAt), gt(actionCodes.expiresAt, nowSeconds)),
  });
}

/** Marks a code used; returns false when another request used it first (so it works once, even in a race). */
export async function consumeActionCode(db: Database, codeHash: string, nowSeconds: number): Promise<boolean> {
  const result = await db
    .update(actionCodes)
    .set({ usedAt: nowSeconds })
    .where(and(eq(actionCodes.codeHash, codeHash), isNull(actionCodes.usedAt), gt(actionCodes.expiresAt, nowSeconds)))
    .returning({ codeHash: actionCodes.codeHash });
  return result.length === 1;
}
