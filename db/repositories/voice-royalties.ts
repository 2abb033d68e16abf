// Voice library royalties (decision 0056): accruals written with each generation, read back per earner to settle.
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { voiceRoyaltyAccruals, voices } from "../schema";

/**
 * The statement that accrues a royalty for one generation, for the generation's own batch (so a refused or rolled
 * back charge accrues nothing): it writes a row only when the voice used is a copy of a library voice that belongs to
 * another workspace and whose owner set a rate, with that rate as it is now. The earner is whoever made the original
 * (its admin), else the owning workspace's owner.
 */
export function royaltyAccrualStatement(db: Database, event: { eventId: string; voiceId: string; workspaceId: string; characters: number; occurredAt: number }) {
  // The selected columns follow the table's order (event, voice, earner, workspace, time, characters, rate).
  return db
    .insert(voiceRoyaltyAccruals)
    .select(
      sql`SELECT ${event.eventId}, original.voice_id, coalesce(original.created_by_user_id, owner.owner_id), ${event.workspaceId}, ${event.occurredAt}, ${event.characters}, original.royalty_rate
        FROM voices AS copy
        JOIN voices AS original ON original.voice_id = copy.original_voice_id
        JOIN workspaces AS owner ON owner.id = original.workspace_id
        WHERE copy.voice_id = ${event.voiceId} AND copy.workspace_id = ${event.workspaceId}
          AND original.workspace_id <> ${event.workspaceId} AND original.royalty_rate > 0 AND ${event.characters} > 0`,
    )
    .onConflictDoNothing();
}

export type RoyaltyDay = { voiceId: string; voiceName: string; day: string; characters: number; millicents: number };

/**
 * The person's accruals per library voice and UTC day before `beforeSeconds` (finished days only), in order of voice
 * and day; millicents are characters × rate summed (the rate of each generation's moment).
 */
export async function royaltyDaysBefore(db: Database, earnerUserId: string, beforeSeconds: number): Promise<RoyaltyDay[]> {
  const day = sql<string>`strftime('%Y-%m-%d', ${voiceRoyaltyAccruals.occurredAt}, 'unixepoch')`;
  return db
    .select({
      voiceId: voiceRoyaltyAccruals.voiceId,
      voiceName: sql<string>`coalesce(max(${voices.name}), 'A deleted voice')`,
      day,
      characters: sql<number>`sum(${voiceRoyaltyAccruals.characters})`.mapWith(Number),
      millicents: sql<number>`sum(${voiceRoyaltyAccruals.characters} * ${voiceRoyaltyAccruals.rate})`.mapWith(Number),
    })
    .from(voiceRoyaltyAccruals)
    .leftJoin(voices, eq(voices.voiceId, voiceRoyaltyAccruals.voiceId))
    .where(and(eq(voiceRoyaltyAccruals.earnerUserId, earnerUserId), lt(voiceRoyaltyAccruals.occurredAt, beforeSeconds)))
    .groupBy(voiceRoyaltyAccruals.voiceId, day)
    .orderBy(asc(voiceRoyaltyAccruals.voiceId), asc(day));
}
