// Agent versions (decision 0065): every create and update commits the agent as saved, numbered in order, so an
// earlier configuration can be read back (GET /v1/convai/agents/{agent_id}?version_id=...).
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-versions";
import type { AgentVersionRow } from "../../../db/repositories/agent-versions";
import type { AgentRow } from "../../../db/repositories/agents";
import type { NewVersion } from "../../../db/repositories/agent-branches";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { accessInfo } from "./agents.server";

export type { AgentVersionRow };
type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;

export const VERSION_TEXTS = { notFound: "Version not found.", created: "Created", updated: "Updated" } as const;

/** A version of the agent as given, to commit on a branch (decision 0081; main unless named). */
export function newVersion(viewer: Viewer, agent: AgentRow, description: string, branchId = "main", mergedFromVersionId: string | null = null): NewVersion {
  return {
    id: newId("agtvrsn"),
    agentId: agent.id,
    workspaceId: agent.workspaceId,
    description,
    committedBy: viewer.user.id,
    committerEmail: viewer.user.email,
    name: agent.name,
    conversationConfig: agent.conversationConfig,
    platformSettings: agent.platformSettings,
    tags: agent.tags,
    committedAt: Date.now(),
    branchId,
    mergedFromVersionId,
  };
}

export async function findVersion(env: Env, viewer: Pick<Actor, "membership">, agentId: string, id: string): Promise<AgentVersionRow | null> {
  return (await table.findVersion(database(env.DB), viewer.membership.workspace.id, agentId, id)) ?? null;
}

/** The newest version on main (what the agents row holds). */
export async function latestVersion(env: Env, viewer: Pick<Actor, "membership">, agentId: string): Promise<AgentVersionRow | null> {
  return (await table.latestVersion(database(env.DB), viewer.membership.workspace.id, agentId)) ?? null;
}

/** The agent row as a version saved it (its id and creation stay the agent's). */
export function agentAtVersion(agent: AgentRow, version: AgentVersionRow): AgentRow {
  return { ...agent, name: version.name, conversationConfig: version.conversationConfig, platformSettings: version.platformSettings, tags: version.tags, updatedAt: version.committedAt };
}

/** How a version came about, as the SDK's AgentVersionParents says it (decision 0081). */
export type VersionParents = { in_branch_parent_id?: string; out_of_branch_parent_id?: string; merged_from_branch_id?: string; merged_from_version_id?: string };

/** A version's metadata (GET /v1/convai/agents/{agent_id}/versions/{version_id}). */
export function versionJson(version: AgentVersionRow, viewer: Viewer, parents: VersionParents = {}) {
  return {
    id: version.id,
    agent_id: version.agentId,
    branch_id: version.branchId,
    version_description: version.description,
    seq_no_in_branch: version.seq,
    time_committed_secs: Math.floor(version.committedAt / 1000),
    parents: { ...parents, ...(version.mergedFromVersionId ? { merged_from_version_id: version.mergedFromVersionId } : {}) },
    access_info: accessInfo({ createdBy: version.committedBy, creatorEmail: version.committerEmail }, viewer),
  };
}
