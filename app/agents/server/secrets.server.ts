// Workspace secrets for agents' webhook tools (decision 0053): the only way to the `agent_secrets` table, scoped to
// the viewer's workspace. A value is written and, for a tool call, read; it is never returned to a caller.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agents";
import type { AgentRow, AgentSecretRow } from "../../../db/repositories/agents";
import { branchConfigs, type BranchConfig } from "../../../db/repositories/agent-branches";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { secretIdsOfPrompt, SECRET_TEXTS } from "~/agents/rules/secrets";
import { dependentsOf, inUseNames, type DependentAgent } from "~/agents/rules/branches";
import { authConnectionIdOf } from "~/workspace/rules/auth-connections";
import type { AgentRefusal } from "./agents.server";
import { toolsUsingSecret, type AgentToolRow } from "./tools.server";

type SecretsEnv = { DB: D1Database };
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const promptOf = (agent: Pick<AgentRow, "conversationConfig">) => ((JSON.parse(agent.conversationConfig) as { agent?: { prompt?: unknown } }).agent?.prompt);

export async function createSecret(env: SecretsEnv, viewer: Pick<Actor, "membership">, input: { name: string; value: string }): Promise<AgentSecretRow> {
  const now = Date.now();
  const row: AgentSecretRow = { id: newId("secret"), workspaceId: workspaceOf(viewer), name: input.name.trim(), value: input.value, createdAt: now, updatedAt: now };
  await table.insertSecret(database(env.DB), row);
  return row;
}

export async function findSecret(env: SecretsEnv, viewer: Pick<Actor, "membership">, id: string): Promise<AgentSecretRow | null> {
  return (await table.findSecret(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export async function listSecrets(env: SecretsEnv, viewer: Pick<Actor, "membership">, query: { pageSize: number; search?: string; cursor?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listSecrets(database(env.DB), workspaceOf(viewer), { pageSize: query.pageSize + 1, search: query.search, before });
  const page = rows.slice(0, query.pageSize);
  return { secrets: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

/** Replaces a secret's name and value (the SDK's update sends both). */
export async function updateSecret(env: SecretsEnv, viewer: Pick<Actor, "membership">, id: string, input: { name: string; value: string }): Promise<AgentSecretRow | null> {
  const found = await findSecret(env, viewer, id);
  if (!found) return null;
  const next = { ...found, name: input.name.trim(), value: input.value, updatedAt: Date.now() };
  await table.updateSecret(database(env.DB), found.workspaceId, id, { name: next.name, value: next.value, updatedAt: next.updatedAt });
  return next;
}

export type SecretUsers = { agents: DependentAgent[]; tools: AgentToolRow[] };

/** The agents whose main configuration's inline webhook tools use this secret. */
async function secretUsersOnMain(env: SecretsEnv, workspaceId: string, id: string): Promise<AgentRow[]> {
  const mentioning = await table.agentsMentioning(database(env.DB), workspaceId, id);
  return mentioning.filter((agent) => secretIdsOfPrompt(promptOf(agent)).includes(id));
}

/** The tips of branches other than main, and the drafts, whose inline webhook tools use this secret (decision 0085). */
async function secretUsesOnBranches(env: SecretsEnv, workspaceId: string, id: string): Promise<BranchConfig[]> {
  return (await branchConfigs(database(env.DB), workspaceId, id)).filter((use) => secretIdsOfPrompt(promptOf(use)).includes(id));
}

/**
 * What uses this secret: the agents whose inline webhook tools do on main, a branch or a draft (decision 0085), and
 * the workspace tools that do (decision 0065): the uses a delete is refused for.
 */
export async function secretUsers(env: SecretsEnv, workspaceId: string, id: string): Promise<SecretUsers> {
  const [onMain, onBranches, tools] = await Promise.all([secretUsersOnMain(env, workspaceId, id), secretUsesOnBranches(env, workspaceId, id), toolsUsingSecret(env, workspaceId, id)]);
  return { agents: dependentsOf(onMain, onBranches).agents, tools };
}

/** Deletes a secret nothing uses; one in use (on any branch of an agent, or a draft) is refused with the agents' and tools' names. */
export async function deleteSecret(env: SecretsEnv, viewer: Pick<Actor, "membership">, id: string): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const found = await findSecret(env, viewer, id);
  if (!found) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: SECRET_TEXTS.notFound } };
  const [onMain, onBranches, tools] = await Promise.all([secretUsersOnMain(env, found.workspaceId, id), secretUsesOnBranches(env, found.workspaceId, id), toolsUsingSecret(env, found.workspaceId, id)]);
  const names = [...inUseNames(onMain.map((a) => a.name), onBranches), ...tools.map((t) => `the ${t.name} tool`)];
  if (names.length) return { ok: false, refusal: { httpStatus: 400, status: "secret_in_use", message: SECRET_TEXTS.inUse(names) } };
  await table.deleteSecret(database(env.DB), found.workspaceId, id);
  return { ok: true };
}

/** The ids among these that are not the workspace's secrets (an agent may only name its own workspace's). */
export async function missingSecrets(env: SecretsEnv, workspaceId: string, ids: string[]): Promise<string[]> {
  const found = new Set((await table.findSecrets(database(env.DB), workspaceId, ids)).map((s) => s.id));
  return ids.filter((id) => !found.has(id));
}

/** The values of a workspace's secrets by id, for a tool call about to be made (never for a response). */
export async function secretValues(env: SecretsEnv, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  return new Map((await table.findSecrets(database(env.DB), workspaceId, ids)).map((s) => [s.id, s.value]));
}

/** A secret as the API gives it: its id, name and users; never its value. */
export function secretJson(row: AgentSecretRow, users: SecretUsers = { agents: [], tools: [] }) {
  return {
    type: "stored" as const,
    secret_id: row.id,
    name: row.name,
    used_by: {
      tools: users.tools.map((t) => ({ type: "available" as const, id: t.id, name: t.name, created_at_unix_secs: Math.floor(t.createdAt / 1000), access_level: "admin" as const })),
      agents: users.agents.map((a) => ({ type: "available" as const, id: a.id, name: a.name, created_at_unix_secs: Math.floor(a.createdAt / 1000), access_level: "admin" as const })),
      others: [],
    },
  };
}

/**
 * The workspace's agents whose webhook tools authenticate with each of these auth connections (decision 0066), by
 * connection id: one query for the whole list.
 */
export async function authConnectionUsers(env: SecretsEnv, workspaceId: string, ids: string[]): Promise<Map<string, AgentRow[]>> {
  const users = new Map(ids.map((id) => [id, [] as AgentRow[]]));
  if (!ids.length) return users;
  for (const agent of await table.agentsMentioning(database(env.DB), workspaceId, "auth_connection_id")) {
    const prompt = promptOf(agent) as { tools?: unknown } | undefined;
    const tools = prompt && Array.isArray(prompt.tools) ? prompt.tools : [];
    const named = new Set(tools.map((tool) => authConnectionIdOf((tool as { api_schema?: unknown } | null)?.api_schema)));
    for (const [id, list] of users) if (named.has(id)) list.push(agent);
  }
  return users;
}
