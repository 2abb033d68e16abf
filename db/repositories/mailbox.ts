import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { devMailbox } from "../schema";

export type MailRow = typeof devMailbox.$inferSelect;

export async function storeMail(db: Database, mail: Omit<MailRow, "createdAt">): Promise<void> {
  await db.insert(devMailbox).values(mail);
}

export async function listMail(db: Database, limit = 50): Promise<MailRow[]> {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt), desc(sql`rowid`)).limit(limit);
}

export async function findMail(db: Database, id: string): Promise<MailRow | undefined> {
  return db.query.devMailbox.findFirst({ where: eq(devMailbox.id, id) });
}
