// Workspace tools (decision 0065) and the calls conversations made to them.
import { and, avg, count, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { agentToolCalls, agentTools } from "../schema";
import { likePattern } from "./agents";

export type AgentToolRow = typeof agentTools.$inferSelect;
export type AgentToolCallRow = typeof agentToolCalls.$inferSelect;

export async function insertTool(db: Database, row: AgentToolRow): Promise<void> {
  await db.insert(agentTools).values(row);
}

export async function findTool(db: Database, workspaceId: string, id: string): Promise<AgentToolRow | undefined> {
  return db.select().from(agentTools).where(and(eq(agentTools.workspaceId, workspaceId), eq(agentTools.id, id))).get();
}

export async function findTools(db: Database, workspaceId: string, ids: string[]): Promise<AgentToolRow[]> {
  if (!ids.length) return [];
  return db.select().from(agentTools).where(and(eq(agentTools.workspaceId, workspaceId), inArray(agentTools.id, ids)));
}

/** A workspace's tools, newest first; the cursor is the created_at of the last one seen. */
export async function listTools(db: Database, workspaceId: string, query: { pageSize: number; search?: string; types?: string[]; ids?: string[]; createdBy?: string; before?: number }): Promise<AgentToolRow[]> {
  const conditions = [eq(agentTools.workspaceId, workspaceId)];
  if (query.search) conditions.push(sql`${agentTools.name} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.types?.length) conditions.push(inArray(agentTools.type, query.types));
  if (query.ids) conditions.push(query.ids.length ? inArray(agentTools.id, query.ids) : sql`0`);
  if (query.createdBy) conditions.push(eq(agentTools.createdBy, query.createdBy));
  if (query.before !== undefined) conditions.push(lt(agentTools.createdAt, query.before));
  return db.select().from(agentTools).where(and(...conditions)).orderBy(desc(agentTools.createdAt), desc(agentTools.id)).limit(query.pageSize);
}

export async function updateTool(db: Database, workspaceId: string, id: string, set: Pick<AgentToolRow, "name" | "type" | "toolConfig" | "responseMocks" | "updatedAt">): Promise<void> {
  await db.update(agentTools).set(set).where(and(eq(agentTools.workspaceId, workspaceId), eq(agentTools.id, id)));
}

export async function deleteTool(db: Database, workspaceId: string, id: string): Promise<void> {
  await db.delete(agentTools).where(and(eq(agentTools.workspaceId, workspaceId), eq(agentTools.id, id)));
}

export async function insertToolCall(db: Database, row: AgentToolCallRow): Promise<void> {
  await db.insert(agentToolCalls).values(row);
}

/** A tool's recorded calls, newest first; the cursor is the called_at of the last one seen. */
export async function listToolCalls(
  db: Database,
  workspaceId: string,
  toolId: string,
  query: { pageSize: number; before?: number; isError?: boolean; agentId?: string; from?: number; to?: number },
): Promise<AgentToolCallRow[]> {
  const conditions = [eq(agentToolCalls.workspaceId, workspaceId), eq(agentToolCalls.toolId, toolId)];
  if (query.before !== undefined) conditions.push(lt(agentToolCalls.calledAt, query.before));
  if (query.isError !== undefined) conditions.push(eq(agentToolCalls.isError, query.isError));
  if (query.agentId) conditions.push(eq(agentToolCalls.agentId, query.agentId));
  if (query.from !== undefined) conditions.push(gte(agentToolCalls.calledAt, query.from));
  if (query.to !== undefined) conditions.push(lte(agentToolCalls.calledAt, query.to));
  return db.select().from(agentToolCalls).where(and(...conditions)).orderBy(desc(agentToolCalls.calledAt), desc(agentToolCalls.id)).limit(query.pageSize);
}

/** Per tool: how many calls were recorded and their average latency. */
export async function toolCallStats(db: Database, workspaceId: string, toolIds: string[]): Promise<Map<string, { calls: number; avgLatencyMs: number }>> {
  if (!toolIds.length) return new Map();
  const rows = await db
    .select({ toolId: agentToolCalls.toolId, calls: count(), latency: avg(agentToolCalls.latencyMs) })
    .from(agentToolCalls)
    .where(and(eq(agentToolCalls.workspaceId, workspaceId), inArray(agentToolCalls.toolId, toolIds)))
    .groupBy(agentToolCalls.toolId);
  return new Map(rows.map((r) => [r.toolId, { calls: r.calls, avgLatencyMs: Number(r.latency ?? 0) }]));
}
