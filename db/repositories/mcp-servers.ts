// A workspace's MCP servers (decision 0081): the configuration JSON, scoped to the workspace.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { mcpServers } from "../schema";

export type McpServerRow = typeof mcpServers.$inferSelect;

export async function insertMcpServer(db: Database, row: McpServerRow): Promise<void> {
  await db.insert(mcpServers).values(row);
}

export async function findMcpServer(db: Database, workspaceId: string, id: string): Promise<McpServerRow | undefined> {
  return db.select().from(mcpServers).where(and(eq(mcpServers.workspaceId, workspaceId), eq(mcpServers.id, id))).get();
}

export async function listMcpServers(db: Database, workspaceId: string): Promise<McpServerRow[]> {
  return db.select().from(mcpServers).where(eq(mcpServers.workspaceId, workspaceId)).orderBy(desc(mcpServers.createdAt), desc(mcpServers.id));
}

export async function updateMcpServer(db: Database, workspaceId: string, id: string, config: string): Promise<void> {
  await db.update(mcpServers).set({ config }).where(and(eq(mcpServers.workspaceId, workspaceId), eq(mcpServers.id, id)));
}

export async function deleteMcpServer(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(mcpServers).where(and(eq(mcpServers.workspaceId, workspaceId), eq(mcpServers.id, id))).returning({ id: mcpServers.id });
  return deleted.length > 0;
}
