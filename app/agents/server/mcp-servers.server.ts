// A workspace's MCP servers (decision 0081): configurations kept as the SDK sends them, with their tool approvals
// and per-tool overrides. Conversations do not connect to them yet; agents name them in prompt.mcp_server_ids.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/mcp-servers";
import type { McpServerRow } from "../../../db/repositories/mcp-servers";
import { agentsMentioning } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { newId, sha256Hex } from "~/accounts/accounts.server";
import type { Json } from "~/agents/rules/agents";
import { MCP_TEXTS, mcpConfig, mcpConfigProblem, mcpSecretIds } from "~/agents/rules/mcp";
import { SECRET_TEXTS } from "~/agents/rules/secrets";
import { accessInfo, type AgentRefusal } from "./agents.server";
import { dependentAgentJson } from "./knowledge.server";
import { missingSecrets } from "./secrets.server";

export type { McpServerRow };
type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;
type Result = { ok: true; server: McpServerRow } | { ok: false; refusal: AgentRefusal };

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const configOf = (row: McpServerRow) => JSON.parse(row.config) as Json;
const notFound = (): Result => ({ ok: false, refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.notFound } });

/** Checks a configuration: its shape, and that the secrets it names are the workspace's. */
async function refusalOf(env: Env, viewer: Viewer, config: Json): Promise<AgentRefusal | null> {
  const problem = mcpConfigProblem(config);
  if (problem) return { httpStatus: 422, status: "invalid_mcp_server", message: problem };
  const unknown = await missingSecrets(env, workspaceOf(viewer), mcpSecretIds(config));
  return unknown.length ? { httpStatus: 400, status: "secret_not_found", message: SECRET_TEXTS.secretsNotFound(unknown) } : null;
}

export async function createMcpServer(env: Env, viewer: Viewer, input: Json): Promise<Result> {
  const config = mcpConfig(input);
  const refusal = await refusalOf(env, viewer, config);
  if (refusal) return { ok: false, refusal };
  const server: McpServerRow = { id: newId("mcp"), workspaceId: workspaceOf(viewer), createdBy: viewer.user.id, creatorEmail: viewer.user.email, config: JSON.stringify(config), createdAt: Date.now() };
  await table.insertMcpServer(database(env.DB), server);
  return { ok: true, server };
}

export async function findMcpServer(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<McpServerRow | null> {
  return (await table.findMcpServer(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export async function listMcpServers(env: Env, viewer: Pick<Actor, "membership">): Promise<McpServerRow[]> {
  return table.listMcpServers(database(env.DB), workspaceOf(viewer));
}

export async function deleteMcpServer(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  return table.deleteMcpServer(database(env.DB), workspaceOf(viewer), id);
}

/** Changes a server's configuration with `change` (given a copy), checked again before it is kept. */
export async function changeMcpServer(env: Env, viewer: Viewer, id: string, change: (config: Json) => Promise<{ config: Json } | { refusal: AgentRefusal }>): Promise<Result> {
  const server = await findMcpServer(env, viewer, id);
  if (!server) return notFound();
  const next = await change(configOf(server));
  if ("refusal" in next) return { ok: false, refusal: next.refusal };
  const config = next.config;
  const refusal = await refusalOf(env, viewer, config);
  if (refusal) return { ok: false, refusal };
  await table.updateMcpServer(database(env.DB), workspaceOf(viewer), id, JSON.stringify(config));
  return { ok: true, server: { ...server, config: JSON.stringify(config) } };
}

/** A tool's approval hash: the SHA-256 of its name, description and input schema (a changed tool needs approving again). */
export const mcpToolHash = (name: string, description: string, inputSchema: Json | null | undefined) => sha256Hex(JSON.stringify([name, description, inputSchema ?? {}]));

/** A server as the SDK's McpServerResponseModel: with the agents whose configuration names it. */
export async function mcpServerJson(env: Env, viewer: Viewer, server: McpServerRow) {
  const agents = (await agentsMentioning(database(env.DB), server.workspaceId, server.id)).filter((a) => {
    const ids = ((JSON.parse(a.conversationConfig) as { agent?: { prompt?: { mcp_server_ids?: unknown } } }).agent?.prompt?.mcp_server_ids ?? []) as unknown[];
    return Array.isArray(ids) && ids.includes(server.id);
  });
  return {
    id: server.id,
    config: configOf(server),
    access_info: accessInfo({ createdBy: server.createdBy, creatorEmail: server.creatorEmail }, viewer),
    dependent_agents: agents.map((a) => dependentAgentJson({ id: a.id, name: a.name, createdAt: a.createdAt })),
    metadata: { created_at: Math.floor(server.createdAt / 1000), owner_user_id: server.createdBy },
  };
}
