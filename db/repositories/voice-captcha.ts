import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { voiceCaptchaChallenges, voiceCaptchaPasses } from "../schema";

export type NewChallenge = { id: string; workspaceId: string; voiceId: string; userId: string; answer: string; expiresAt: number };

/** Stores a challenge in place of the user's earlier one for the voice, and forgets the workspace's expired ones. */
export async function createChallenge(db: Database, challenge: NewChallenge, nowSeconds: number): Promise<void> {
  await db.batch([
    db.delete(voiceCaptchaChallenges).where(and(eq(voiceCaptchaChallenges.workspaceId, challenge.workspaceId), lte(voiceCaptchaChallenges.expiresAt, nowSeconds))),
    db
      .delete(voiceCaptchaChallenges)
      .where(and(eq(voiceCaptchaChallenges.workspaceId, challenge.workspaceId), eq(voiceCaptchaChallenges.voiceId, challenge.voiceId), eq(voiceCaptchaChallenges.userId, challenge.userId))),
    db.insert(voiceCaptchaChallenges).values({ ...challenge, attempts: 0 }),
  ]);
}

type ChallengeKey = { id: string; workspaceId: string; voiceId: string; nowSeconds: number };

/** A live challenge of the workspace for the voice (its characters and attempts so far), or undefined. */
export async function findLiveChallenge(db: Database, key: ChallengeKey) {
  return db.query.voiceCaptchaChallenges.findFirst({
    where: and(
      eq(voiceCaptchaChallenges.id, key.id),
      eq(voiceCaptchaChallenges.workspaceId, key.workspaceId),
      eq(voiceCaptchaChallenges.voiceId, key.voiceId),
      gt(voiceCaptchaChallenges.expiresAt, key.nowSeconds),
    ),
  });
}

/**
 * Counts one attempt at a live challenge that has attempts left, in one statement (concurrent guesses cannot
 * exceed `maxAttempts`), and returns its characters and the attempts made; undefined when none is left.
 */
export async function spendAttempt(db: Database, key: ChallengeKey, maxAttempts: number): Promise<{ answer: string; attempts: number } | undefined> {
  const [row] = await db
    .update(voiceCaptchaChallenges)
    .set({ attempts: sql`${voiceCaptchaChallenges.attempts} + 1` })
    .where(
      and(
        eq(voiceCaptchaChallenges.id, key.id),
        eq(voiceCaptchaChallenges.workspaceId, key.workspaceId),
        eq(voiceCaptchaChallenges.voiceId, key.voiceId),
        gt(voiceCaptchaChallenges.expiresAt, key.nowSeconds),
        sql`${voiceCaptchaChallenges.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ answer: voiceCaptchaChallenges.answer, attempts: voiceCaptchaChallenges.attempts });
  return row;
}

/** A solved challenge: consumed, and the workspace's pass for the voice (re)starts, in one batch. */
export async function recordPass(db: Database, pass: { challengeId: string; workspaceId: string; voiceId: string; solvedBy: string; validUntil: number }): Promise<void> {
  await db.batch([
    db.delete(voiceCaptchaChallenges).where(eq(voiceCaptchaChallenges.id, pass.challengeId)),
    db
      .insert(voiceCaptchaPasses)
      .values({ workspaceId: pass.workspaceId, voiceId: pass.voiceId, solvedBy: pass.solvedBy, validUntil: pass.validUntil })
      .onConflictDoUpdate({ target: [voiceCaptchaPasses.workspaceId, voiceCaptchaPasses.voiceId], set: { solvedBy: pass.solvedBy, validUntil: pass.validUntil } }),
  ]);
}

/** Until when the workspace may use the voice (a solved CAPTCHA), or null when it holds no live pass. */
export async function passValidUntil(db: Database, workspaceId: string, voiceId: string, nowSeconds: number): Promise<number | null> {
  const row = await db.query.voiceCaptchaPasses.findFirst({
    where: and(eq(voiceCaptchaPasses.workspaceId, workspaceId), eq(voiceCaptchaPasses.voiceId, voiceId), gt(voiceCaptchaPasses.validUntil, nowSeconds)),
  });
  return row?.validUntil ?? null;
}
