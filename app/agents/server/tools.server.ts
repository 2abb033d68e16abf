// Workspace tools (decision 0065): kept once, referenced by agents through prompt.tool_ids, loaded when a
// conversation starts; the calls conversations make to them are recorded. Scoped to the viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-tools";
import { agentsMentioning, findAgent as findAgentRow, updateAgent as updateAgentRow, type AgentRow } from "../../../db/repositories/agents";
import { branchConfigs, type BranchConfig } from "../../../db/repositories/agent-branches";
import type { AgentToolCallRow, AgentToolRow } from "../../../db/repositories/agent-tools";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import type { Json } from "~/agents/rules/agents";
import type { AgentTool } from "~/agents/rules/llm";
import { secretIdsOfPrompt, SECRET_TEXTS } from "~/agents/rules/secrets";
import { toolConfigProblem, toolIdsOfPrompt, workspaceTool, WORKSPACE_TOOL_TEXTS } from "~/agents/rules/tools";
import { dependentsOf, inUseNames, type DependentAgent, type DependentBranch } from "~/agents/rules/branches";
import { accessInfo, type AgentRefusal } from "./agents.server";
import { missingSecrets } from "./secrets.server";

export type { AgentToolRow, AgentToolCallRow };
type Env = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
type Result = { ok: true; tool: AgentToolRow } | { ok: false; refusal: AgentRefusal };
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const promptOf = (agent: Pick<AgentRow, "conversationConfig">) => (JSON.parse(agent.conversationConfig) as { agent?: { prompt?: unknown } }).agent?.prompt;

export type ToolInput = { toolConfig: Json; responseMocks?: Json[] | null };

/** Why a tool cannot be kept as sent, or null: its config (decision 0053's URL check) and the secrets its headers name. */
async function refusalOf(env: Env, workspaceId: string, config: Json): Promise<AgentRefusal | null> {
  const problem = toolConfigProblem(config, env.ENVIRONMENT !== "production");
  if (problem) return { httpStatus: 422, ...problem };
  const unknown = await missingSecrets(env, workspaceId, secretIdsOfPrompt({ tools: [config] }));
  return unknown.length ? { httpStatus: 400, status: "secret_not_found", message: SECRET_TEXTS.secretsNotFound(unknown) } : null;
}

export async function createTool(env: Env, viewer: Viewer, input: ToolInput): Promise<Result> {
  const refusal = await refusalOf(env, workspaceOf(viewer), input.toolConfig);
  if (refusal) return { ok: false, refusal };
  const now = Date.now();
  const tool: AgentToolRow = {
    id: newId("tool"),
    workspaceId: workspaceOf(viewer),
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    name: String(input.toolConfig.name),
    type: String(input.toolConfig.type),
    toolConfig: JSON.stringify(input.toolConfig),
    responseMocks: JSON.stringify(input.responseMocks ?? []),
    createdAt: now,
    updatedAt: now,
  };
  await table.insertTool(database(env.DB), tool);
  return { ok: true, tool };
}

export async function findTool(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<AgentToolRow | null> {
  return (await table.findTool(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export async function listTools(env: Env, viewer: Viewer, query: { pageSize: number; search?: string; types?: string[]; usedByAgentId?: string; onlyOwn?: boolean; createdBy?: string; cursor?: string }) {
  const db = database(env.DB);
  let ids: string[] | undefined;
  if (query.usedByAgentId) {
    const agent = await findAgentRow(db, workspaceOf(viewer), query.usedByAgentId);
    ids = agent ? toolIdsOfPrompt(promptOf(agent)) : [];
  }
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listTools(db, workspaceOf(viewer), { pageSize: query.pageSize + 1, search: query.search, types: query.types, ids, createdBy: query.onlyOwn ? viewer.user.id : query.createdBy, before });
  const page = rows.slice(0, query.pageSize);
  return { tools: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

/** Replaces a tool's configuration (and its response mocks when sent); the agents using it get the new one at their next conversation. */
export async function updateTool(env: Env, viewer: Viewer, id: string, input: ToolInput): Promise<Result> {
  const found = await findTool(env, viewer, id);
  if (!found) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: WORKSPACE_TOOL_TEXTS.notFound } };
  const refusal = await refusalOf(env, found.workspaceId, input.toolConfig);
  if (refusal) return { ok: false, refusal };
  const next: AgentToolRow = {
    ...found,
    name: String(input.toolConfig.name),
    type: String(input.toolConfig.type),
    toolConfig: JSON.stringify(input.toolConfig),
    responseMocks: input.responseMocks ? JSON.stringify(input.responseMocks) : found.responseMocks,
    updatedAt: Date.now(),
  };
  const { name, type, toolConfig, responseMocks, updatedAt } = next;
  await table.updateTool(database(env.DB), found.workspaceId, id, { name, type, toolConfig, responseMocks, updatedAt });
  return { ok: true, tool: next };
}

/** The workspace's agents whose main configuration (prompt.tool_ids) names this tool. */
async function toolUsersOnMain(env: Env, workspaceId: string, id: string): Promise<AgentRow[]> {
  const mentioning = await agentsMentioning(database(env.DB), workspaceId, id);
  return mentioning.filter((agent) => toolIdsOfPrompt(promptOf(agent)).includes(id));
}

/** The tips of branches other than main, and the drafts, whose prompt.tool_ids name this tool (decision 0085). */
async function toolUsesOnBranches(env: Env, workspaceId: string, id: string): Promise<BranchConfig[]> {
  return (await branchConfigs(database(env.DB), workspaceId, id)).filter((use) => toolIdsOfPrompt(promptOf(use)).includes(id));
}

/** The agents using this tool on main, a branch or a draft, newest first, and those branches: the uses a delete is refused for. */
export async function toolDependents(env: Env, workspaceId: string, id: string): Promise<{ agents: DependentAgent[]; branches: DependentBranch[] }> {
  const [onMain, onBranches] = await Promise.all([toolUsersOnMain(env, workspaceId, id), toolUsesOnBranches(env, workspaceId, id)]);
  return dependentsOf(onMain, onBranches);
}

/** The agents using this tool on main, a branch or a draft, newest first. */
export const toolUsers = async (env: Env, workspaceId: string, id: string): Promise<DependentAgent[]> => (await toolDependents(env, workspaceId, id)).agents;

/**
 * Deletes a tool; one any branch of an agent uses (or a draft) is refused unless forced (then it is taken out of
 * main's tool_ids; other branches keep the id and go without the tool: decision 0085).
 */
export async function deleteTool(env: Env, viewer: Viewer, id: string, force: boolean): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  const found = await findTool(env, viewer, id);
  if (!found) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: WORKSPACE_TOOL_TEXTS.notFound } };
  const [users, onBranches] = await Promise.all([toolUsersOnMain(env, found.workspaceId, id), toolUsesOnBranches(env, found.workspaceId, id)]);
  if ((users.length || onBranches.length) && !force) return { ok: false, refusal: { httpStatus: 400, status: "tool_in_use", message: WORKSPACE_TOOL_TEXTS.inUse(inUseNames(users.map((a) => a.name), onBranches)) } };
  for (const agent of users) {
    const config = JSON.parse(agent.conversationConfig) as { agent?: { prompt?: { tool_ids?: unknown[] } } };
    const prompt = config.agent?.prompt;
    if (prompt?.tool_ids) prompt.tool_ids = prompt.tool_ids.filter((t) => t !== id);
    await updateAgentRow(db, found.workspaceId, agent.id, { conversationConfig: JSON.stringify(config), updatedAt: Date.now() });
  }
  await table.deleteTool(db, found.workspaceId, id);
  return { ok: true };
}

/** The ids among these that are not the workspace's tools (an agent may only reference its own workspace's). */
export async function missingTools(env: Env, workspaceId: string, ids: string[]): Promise<string[]> {
  const found = new Set((await table.findTools(database(env.DB), workspaceId, ids)).map((t) => t.id));
  return ids.filter((id) => !found.has(id));
}

/** The workspace tools with these ids as a conversation runs them (system tools are kept but not run: decision 0050). */
export async function workspaceToolsById(env: Env, workspaceId: string, ids: string[]): Promise<AgentTool[]> {
  const rows = await table.findTools(database(env.DB), workspaceId, ids);
  return rows.flatMap((row) => workspaceTool(row.id, JSON.parse(row.toolConfig) as Json) ?? []);
}

/** The response mocks of workspace tools by id (simulation tests answer mocked tools from them). */
export async function toolMocks(env: Env, workspaceId: string, ids: string[]): Promise<Map<string, Json[]>> {
  const rows = await table.findTools(database(env.DB), workspaceId, ids);
  return new Map(rows.map((row) => [row.id, JSON.parse(row.responseMocks) as Json[]]));
}

/** The workspace tools whose headers name this secret. */
export async function toolsUsingSecret(env: Env, workspaceId: string, secretId: string): Promise<AgentToolRow[]> {
  const rows = await table.listTools(database(env.DB), workspaceId, { pageSize: 10_000 });
  return rows.filter((row) => secretIdsOfPrompt({ tools: [JSON.parse(row.toolConfig)] }).includes(secretId));
}

/** Records a call a conversation made to a workspace tool. */
export async function recordToolCall(env: Env, call: Omit<AgentToolCallRow, "id">): Promise<void> {
  await table.insertToolCall(database(env.DB), { id: newId("toolcall"), ...call });
}

export async function listToolCalls(env: Env, viewer: Pick<Actor, "membership">, toolId: string, query: { pageSize: number; cursor?: string; isError?: boolean; agentId?: string; from?: number; to?: number }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listToolCalls(database(env.DB), workspaceOf(viewer), toolId, { pageSize: query.pageSize + 1, before, isError: query.isError, agentId: query.agentId, from: query.from, to: query.to });
  const page = rows.slice(0, query.pageSize);
  return { calls: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.calledAt) : null };
}

export async function toolStats(env: Env, viewer: Pick<Actor, "membership">, ids: string[]) {
  return table.toolCallStats(database(env.DB), workspaceOf(viewer), ids);
}

/** A tool as the API gives it (GET /v1/convai/tools/{tool_id}). */
export function toolJson(row: AgentToolRow, viewer: Viewer, stats: { calls: number; avgLatencyMs: number } | undefined) {
  return {
    id: row.id,
    tool_config: JSON.parse(row.toolConfig) as Json,
    access_info: accessInfo(row, viewer),
    usage_stats: { total_calls: stats?.calls ?? 0, avg_latency_secs: (stats?.avgLatencyMs ?? 0) / 1000 },
    response_mocks: JSON.parse(row.responseMocks) as Json[],
  };
}

/** A recorded call (GET /v1/convai/tools/{tool_id}/executions). */
export function toolCallJson(row: AgentToolCallRow) {
  return {
    id: row.id,
    tool_id: row.toolId,
    tool_request_id: row.requestId,
    conversation_id: row.conversationId,
    agent_id: row.agentId,
    timestamp: Math.floor(row.calledAt / 1000),
    latency_secs: row.latencyMs / 1000,
    is_error: row.isError,
    request_payload: row.requestPayload,
    response_payload: row.responsePayload,
    ...(row.isError ? { error_message: row.responsePayload } : {}),
  };
}
