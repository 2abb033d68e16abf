import { lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { rateCounters } from "../schema";

/** Counts one more use under each key in the window, atomically, and returns the new counts in key order. */
export async function countUse(db: Database, keys: [string, ...string[]], windowStart: number): Promise<number[]> {
  const [first, ...rest] = keys.map((key) =>
    db
      .insert(rateCounters)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
      .returning({ count: rateCounters.count }),
  );
  const results = await db.batch([first!, ...rest]);
  return results.map((rows) => rows[0]?.count ?? 0);
}

/** Old windows are of no use once over. */
export async function forgetWindowsBefore(db: Database, windowStart: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, windowStart));
}
