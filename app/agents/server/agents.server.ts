// Agents: the only way to the `agents` table, scoped to the viewer's workspace (another workspace's agents are never found).
import { database } from "../../../db/client";
import { widgetAllowed } from "~/agents/rules/widget";
import { agentMediaKey } from "~/agents/rules/agent-media";
import * as table from "../../../db/repositories/agents";
import type { AgentRow } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { findUsableVoice } from "~/voices/voices.server";
import { agentSettings, AGENT_DEFAULTS, AGENT_TEXTS, mergeJson, newConversationConfig, type Json } from "~/agents/rules/agents";
import { toolsProblem } from "~/agents/rules/llm";
import { secretIdsOfPrompt, SECRET_TEXTS } from "~/agents/rules/secrets";
import { missingSecrets } from "./secrets.server";
import { missingTools } from "./tools.server";
import { missingMcpServers } from "./mcp-servers.server";
import { newVersion, VERSION_TEXTS } from "./versions.server";
import { commitOnBranch, type BranchCommit } from "./branches.server";
import { insertAgentWithMain } from "../../../db/repositories/agent-branches";
import { toolIdsOfPrompt, WORKSPACE_TOOL_TEXTS } from "~/agents/rules/tools";
import { MCP_TEXTS, mcpServerIdsOfPrompt } from "~/agents/rules/mcp";

export type { AgentRow };
export type AgentRefusal = { httpStatus: 400 | 401 | 402 | 403 | 404 | 409 | 422 | 502; status: string; message: string };
type AgentsEnv = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const parse = (text: string): Json => JSON.parse(text) as Json;

export type AgentInput = { name?: string | null; conversationConfig?: Json; platformSettings?: Json; tags?: string[]; versionDescription?: string | null; branchId?: string };

/** Checks what an agent refers to: its voice, knowledge documents, secrets and tools must be the workspace's to use. */
export async function refusalOf(env: AgentsEnv, viewer: Viewer, config: Json): Promise<AgentRefusal | null> {
  const agent = config.agent as Json | undefined;
  const toolProblem = toolsProblem(agent?.prompt, env.ENVIRONMENT !== "production");
  if (toolProblem) return { httpStatus: 422, status: "invalid_tool_url", message: toolProblem };
  const unknownSecrets = await missingSecrets(env, workspaceOf(viewer), secretIdsOfPrompt(agent?.prompt));
  if (unknownSecrets.length) return { httpStatus: 400, status: "secret_not_found", message: SECRET_TEXTS.secretsNotFound(unknownSecrets) };
  const unknownTools = await missingTools(env, workspaceOf(viewer), toolIdsOfPrompt(agent?.prompt));
  if (unknownTools.length) return { httpStatus: 400, status: "tool_not_found", message: WORKSPACE_TOOL_TEXTS.toolsNotFound(unknownTools) };
  const unknownServers = await missingMcpServers(env, workspaceOf(viewer), mcpServerIdsOfPrompt(agent?.prompt));
  if (unknownServers.length) return { httpStatus: 400, status: "mcp_server_not_found", message: MCP_TEXTS.serversNotFound(unknownServers) };
  const settings = agentSettings(config, {});
  if (!(await findUsableVoice(env, viewer, settings.voiceId))) return { httpStatus: 400, status: "voice_not_found", message: AGENT_TEXTS.voiceNotFound(settings.voiceId) };
  const ids = [...new Set(settings.knowledgeBase.map((k) => k.id))];
  const found = new Set((await table.findDocuments(database(env.DB), workspaceOf(viewer), ids)).map((d) => d.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) return { httpStatus: 400, status: "document_not_found", message: AGENT_TEXTS.documentsNotFound(missing) };
  return null;
}

export async function createAgent(env: AgentsEnv, viewer: Viewer, input: AgentInput): Promise<{ ok: true; agent: AgentRow } | { ok: false; refusal: AgentRefusal }> {
  const config = newConversationConfig(input.conversationConfig ?? {});
  const refusal = await refusalOf(env, viewer, config);
  if (refusal) return { ok: false, refusal };
  const now = Date.now();
  const agent: AgentRow = {
    id: newId("agent"),
    workspaceId: workspaceOf(viewer),
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    name: input.name?.trim() || AGENT_DEFAULTS.name,
    conversationConfig: JSON.stringify(config),
    platformSettings: JSON.stringify(input.platformSettings ?? {}),
    tags: JSON.stringify(input.tags ?? []),
    createdAt: now,
    updatedAt: now,
  };
  // The agent, its main branch and its first version, or nothing (decision 0081).
  await insertAgentWithMain(database(env.DB), agent, newVersion(viewer, agent, VERSION_TEXTS.created));
  return { ok: true, agent };
}

export async function findAgent(env: AgentsEnv, viewer: Pick<Actor, "membership">, id: string): Promise<AgentRow | null> {
  return (await table.findAgent(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

/**
 * An agent a page elsewhere may talk to through the widget (decision 0050): found by id alone only when its
 * allowlist names the page's origin; otherwise the reason it may not.
 */
export async function findWidgetAgent(env: AgentsEnv, id: string, origin: string | null): Promise<{ agent: AgentRow } | { refused: string } | null> {
  const agent = await table.findAgentAnywhere(database(env.DB), id);
  if (!agent) return null;
  const allowed = widgetAllowed(parse(agent.platformSettings), origin);
  return allowed.ok ? { agent } : { refused: allowed.reason };
}

/** An agent of a workspace known from a signed URL (no viewer: the signature names the workspace). */
export async function findWorkspaceAgent(env: AgentsEnv, workspaceId: string, id: string): Promise<AgentRow | null> {
  return (await table.findAgent(database(env.DB), workspaceId, id)) ?? null;
}

export async function listAgents(env: AgentsEnv, viewer: Pick<Actor, "membership">, query: { pageSize: number; search?: string; cursor?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listAgents(database(env.DB), workspaceOf(viewer), { pageSize: query.pageSize + 1, search: query.search, before });
  const page = rows.slice(0, query.pageSize);
  return { agents: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

/**
 * Applies a patch: the configuration and settings merge into what is stored (decision 0037), the rest replaces.
 * It commits on a branch (main unless named, decision 0081): over the branch's tip and its draft, which it saves.
 */
export async function updateAgent(env: AgentsEnv, viewer: Viewer, id: string, input: AgentInput): Promise<({ ok: true; agent: AgentRow } & BranchCommit) | { ok: false; refusal: AgentRefusal }> {
  const agent = await findAgent(env, viewer, id);
  if (!agent) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: AGENT_TEXTS.agentNotFound } };
  return commitOnBranch(env, viewer, agent, input.branchId ?? "main", (base) => {
    const config = input.conversationConfig ? mergeJson(parse(base.conversationConfig), input.conversationConfig) : parse(base.conversationConfig);
    return {
      row: {
        ...base,
        name: input.name?.trim() || base.name,
        conversationConfig: JSON.stringify(config),
        platformSettings: input.platformSettings ? JSON.stringify(mergeJson(parse(base.platformSettings), input.platformSettings)) : base.platformSettings,
        tags: input.tags ? JSON.stringify(input.tags) : base.tags,
        updatedAt: Date.now(),
      },
      description: input.versionDescription || VERSION_TEXTS.updated,
    };
  });
}

/** Deletes an agent and its uploaded media (its avatar and hold audio, decision 0096). */
export async function deleteAgent(env: AgentsEnv & Pick<Env, "MEDIA">, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  if (!(await table.deleteAgent(database(env.DB), workspaceOf(viewer), id))) return false;
  const media = await env.MEDIA.list({ prefix: agentMediaKey(id, "") });
  if (media.objects.length) await env.MEDIA.delete(media.objects.map((o) => o.key));
  return true;
}

/** The settings a conversation or a page needs, read from the stored JSON. */
export function settingsOfAgent(agent: AgentRow) {
  return agentSettings(parse(agent.conversationConfig), parse(agent.platformSettings));
}

const accessInfo = (row: { createdBy: string; creatorEmail: string }, viewer: Viewer) => ({
  is_creator: row.createdBy === viewer.user.id,
  creator_name: row.creatorEmail.split("@")[0]!,
  creator_email: row.creatorEmail,
  role: "admin" as const,
});

/** An agent as GET /v1/convai/agents/{agent_id} answers it. */
export function agentJson(agent: AgentRow, viewer: Viewer) {
  return {
    agent_id: agent.id,
    name: agent.name,
    conversation_config: parse(agent.conversationConfig),
    metadata: { created_at_unix_secs: Math.floor(agent.createdAt / 1000), updated_at_unix_secs: Math.floor(agent.updatedAt / 1000) },
    platform_settings: parse(agent.platformSettings),
    phone_numbers: [],
    tags: JSON.parse(agent.tags) as string[],
    access_info: accessInfo(agent, viewer),
  };
}

/** An agent in a list (GET /v1/convai/agents). */
export function agentSummaryJson(agent: AgentRow, viewer: Viewer) {
  return {
    agent_id: agent.id,
    name: agent.name,
    voice_id: settingsOfAgent(agent).voiceId,
    tags: JSON.parse(agent.tags) as string[],
    created_at_unix_secs: Math.floor(agent.createdAt / 1000),
    access_info: accessInfo(agent, viewer),
    archived: false,
  };
}

export { accessInfo };
