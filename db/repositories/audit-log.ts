import { and, desc, eq, gte, inArray, lt, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { workspaceAuditLog } from "../schema";

export type AuditRow = typeof workspaceAuditLog.$inferSelect;

export async function insertAuditEntry(db: Database, row: AuditRow): Promise<void> {
  await db.insert(workspaceAuditLog).values(row);
}

export type AuditQuery = { fromMs?: number; toMs?: number; actorUserId?: string; events?: string[]; before?: { ms: number; id: string }; limit: number };

/** One workspace's entries, newest first (ties by id), from just after `before`; at most `limit`. */
export async function auditEntriesPage(db: Database, workspaceId: string, query: AuditQuery): Promise<AuditRow[]> {
  const t = workspaceAuditLog;
  const conditions: (SQL | undefined)[] = [eq(t.workspaceId, workspaceId)];
  if (query.fromMs !== undefined) conditions.push(gte(t.occurredAtMs, query.fromMs));
  if (query.toMs !== undefined) conditions.push(lte(t.occurredAtMs, query.toMs));
  if (query.actorUserId !== undefined) conditions.push(eq(t.actorUserId, query.actorUserId));
  if (query.events !== undefined) conditions.push(inArray(t.event, query.events));
  if (query.before) conditions.push(or(lt(t.occurredAtMs, query.before.ms), and(eq(t.occurredAtMs, query.before.ms), lt(t.id, query.before.id))));
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.occurredAtMs), desc(t.id))
    .limit(query.limit);
}
