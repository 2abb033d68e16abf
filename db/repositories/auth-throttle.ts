import { inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { authThrottle } from "../schema";

export type CounterRow = { count: number; lastAt: number };

/** The counters of these keys that exist (a missing key has counted nothing). */
export async function readCounters(db: Database, keys: string[]): Promise<Map<string, CounterRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  return new Map(rows.map((row) => [row.key, { count: row.count, lastAt: row.lastAt }]));
}

/**
 * Counts one more event under each key at `now`, in one batch: counters whose last event is at or before
 * `forgetBefore` are dropped first (so such a key starts again at 1). Returns the new counts in key order.
 */
export async function countEvents(db: Database, keys: [string, ...string[]], now: number, forgetBefore: number): Promise<number[]> {
  const upserts = keys.map((key) =>
    db
      .insert(authThrottle)
      .values({ key, count: 1, lastAt: now })
      .onConflictDoUpdate({ target: authThrottle.key, set: { count: sql`${authThrottle.count} + 1`, lastAt: now } })
      .returning({ count: authThrottle.count }),
  );
  const [, ...results] = await db.batch([db.delete(authThrottle).where(lte(authThrottle.lastAt, forgetBefore)), ...upserts]);
  return results.map((rows) => rows[0]?.count ?? 0);
}
