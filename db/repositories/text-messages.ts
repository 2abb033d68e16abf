import { desc, sql } from "drizzle-orm";
import type { Database } from "../client";
import { devTextMessages } from "../schema";

export type TextMessageRow = typeof devTextMessages.$inferSelect;

export async function storeTextMessage(db: Database, message: Omit<TextMessageRow, "createdAt">): Promise<void> {
  await db.insert(devTextMessages).values(message);
}

export async function listTextMessages(db: Database, limit = 50): Promise<TextMessageRow[]> {
  return db.select().from(devTextMessages).orderBy(desc(devTextMessages.createdAt), desc(sql`rowid`)).limit(limit);
}
