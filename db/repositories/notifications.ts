import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { notifications } from "../schema";

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(db: Database, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(notifications).values(rows);
}

/** A member's newest notifications in one workspace, and how many are unread. */
export async function listNotifications(db: Database, workspaceId: string, userId: string, limit: number): Promise<{ items: NotificationRow[]; unread: number }> {
  const mine = and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId));
  const [items, [unread]] = await db.batch([
    db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    db.select({ n: count() }).from(notifications).where(and(mine, eq(notifications.hasBeenRead, false))),
  ]);
  return { items, unread: unread?.n ?? 0 };
}

export async function markAllRead(db: Database, workspaceId: string, userId: string): Promise<void> {
  await db.update(notifications).set({ hasBeenRead: true }).where(and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId)));
}
