import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { authFailures } from "../schema";

export async function countFailures(db: Database, key: string, windowStart: number): Promise<number> {
  const row = await db.query.authFailures.findFirst({
    where: and(eq(authFailures.key, key), eq(authFailures.windowStart, windowStart)),
  });
  return row?.count ?? 0;
}

export async function recordFailures(db: Database, keys: [string, ...string[]], windowStart: number): Promise<void> {
  const [first, ...rest] = keys.map((key) =>
      db
        .insert(authFailures)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [authFailures.key, authFailures.windowStart], set: { count: sql`${authFailures.count} + 1` } }),
  );
  await db.batch([first!, ...rest]);
}
