import { sql } from "drizzle-orm";

/** The default of every created_at-like column: the insert time in unix seconds. */
export const now = sql`(unixepoch())`;
