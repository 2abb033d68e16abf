import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { sessions, users } from "../schema";

export async function createSession(
  db: Database,
  input: { tokenHash: string; userId: string; expiresAt: number; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(input);
}

/** The live session's user for a token hash: unknown, expired and revoked sessions yield nothing. */
export async function findSessionUser(db: Database, tokenHash: string, nowSeconds: number) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowSeconds)))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Database, tokenHash: string, nowSeconds: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: nowSeconds }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeSession(db: Database, tokenHash: string, nowSeconds: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: nowSeconds }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessionsOfUser(db: Database, userId: string, nowSeconds: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: nowSeconds })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
