// Agent versions (decision 0065): the agent as each create and update saved it.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { agentVersions } from "../schema";

export type AgentVersionRow = typeof agentVersions.$inferSelect;

export async function findVersion(db: Database, workspaceId: string, agentId: string, id: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.id, id)))
    .get();
}

/** The newest version on main (commits go through agent-branches.ts). */
export async function latestVersion(db: Database, workspaceId: string, agentId: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.branchId, "main")))
    .orderBy(desc(agentVersions.seq))
    .limit(1)
    .get();
}
