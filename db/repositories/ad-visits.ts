import type { Database } from "../client";
import { adVisits } from "../schema";

export async function recordAdVisit(db: Database, row: typeof adVisits.$inferInsert): Promise<void> {
  await db.insert(adVisits).values(row);
}
