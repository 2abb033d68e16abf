import { sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** The default of every created_at-like column: the insert time in unix seconds. */
export const now = sql`(unixepoch())`;

/** `column IN ('a', 'b', ...)`, for a CHECK that keeps a text column to a fixed list. */
export function oneOf(column: AnySQLiteColumn, values: readonly string[]) {
  return sql`${column} IN (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;
}
