// A workspace's environment variables for agents (decision 0098): rows scoped to the workspace, listed newest first.
import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { agentEnvironmentVariables as t } from "../schema";

export type AgentEnvironmentVariableRow = typeof t.$inferSelect;

/** Inserts a variable; false when the workspace already has its label (the unique index says so). */
export async function insertEnvironmentVariable(db: Database, row: AgentEnvironmentVariableRow): Promise<boolean> {
  const inserted = await db.insert(t).values(row).onConflictDoNothing({ target: [t.workspaceId, t.label] }).returning({ id: t.id });
  return inserted.length > 0;
}

export async function findEnvironmentVariable(db: Database, workspaceId: string, id: string): Promise<AgentEnvironmentVariableRow | undefined> {
  return db.select().from(t).where(and(eq(t.workspaceId, workspaceId), eq(t.id, id))).get();
}

export async function findEnvironmentVariablesByLabel(db: Database, workspaceId: string, labels: string[]): Promise<AgentEnvironmentVariableRow[]> {
  if (!labels.length) return [];
  return db.select().from(t).where(and(eq(t.workspaceId, workspaceId), inArray(t.label, labels)));
}

/** A page, newest first: exact label, type, having a value for an environment (its name is checked by the caller), after a cursor. */
export async function listEnvironmentVariables(
  db: Database,
  workspaceId: string,
  query: { limit: number; label?: string; type?: string; environment?: string; after?: { createdAt: number; id: string } },
): Promise<AgentEnvironmentVariableRow[]> {
  const conditions: SQL[] = [eq(t.workspaceId, workspaceId)];
  if (query.label !== undefined) conditions.push(eq(t.label, query.label));
  if (query.type !== undefined) conditions.push(eq(t.type, query.type));
  if (query.environment !== undefined) conditions.push(sql`json_type(${t.values}, ${`$."${query.environment}"`}) IS NOT NULL`);
  if (query.after) conditions.push(or(lt(t.createdAt, query.after.createdAt), and(eq(t.createdAt, query.after.createdAt), lt(t.id, query.after.id)))!);
  return db.select().from(t).where(and(...conditions)).orderBy(desc(t.createdAt), desc(t.id)).limit(query.limit);
}

export async function updateEnvironmentVariableValues(db: Database, workspaceId: string, id: string, values: string, updatedAt: number): Promise<void> {
  await db.update(t).set({ values, updatedAt }).where(and(eq(t.workspaceId, workspaceId), eq(t.id, id)));
}
