// Agent versions (decision 0065): the agent as each create and update saved it.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { agentVersions } from "../schema";

export type AgentVersionRow = typeof agentVersions.$inferSelect;

/** Commits a version numbered after the agent's last one. */
export async function insertVersion(db: Database, row: Omit<AgentVersionRow, "seq">): Promise<AgentVersionRow> {
  const [inserted] = await db
    .insert(agentVersions)
    .values({ ...row, seq: sql`coalesce((select max(${agentVersions.seq}) from ${agentVersions} where ${agentVersions.agentId} = ${row.agentId}), 0) + 1` })
    .returning();
  return inserted!;
}

export async function findVersion(db: Database, workspaceId: string, agentId: string, id: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.id, id)))
    .get();
}

export async function latestVersion(db: Database, workspaceId: string, agentId: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId)))
    .orderBy(desc(agentVersions.seq))
    .limit(1)
    .get();
}
