// A workspace's MCP servers (decisions 0081, 0084): configurations kept as the SDK sends them, with their tool
// approvals and per-tool overrides; sessions opened with them to list their tools and, in conversations of the
// agents that name them (prompt.mcp_server_ids), to call them.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/mcp-servers";
import type { McpServerRow } from "../../../db/repositories/mcp-servers";
import { agentsMentioning } from "../../../db/repositories/agents";
import { branchConfigs } from "../../../db/repositories/agent-branches";
import type { Actor } from "~/accounts/accounts.server";
import { newId, sha256Hex } from "~/accounts/accounts.server";
import type { Json } from "~/agents/rules/agents";
import { dependentsOf, type DependentAgent } from "~/agents/rules/branches";
import { MCP_TEXTS, MCP_TIMEOUTS, mcpApprovalState, mcpConfig, mcpConfigProblem, mcpSecretIds, mcpServerIdsOfPrompt, secretIdOf, mcpToolTimeoutSeconds, mcpToolUse, mcpUrlProblem, modelToolName } from "~/agents/rules/mcp";
import { TOOL_TEXTS, type McpTool as AgentMcpTool } from "~/agents/rules/llm";
import { authConnectionIdOf } from "~/workspace/rules/auth-connections";
import { toolAuthHeaders } from "~/workspace/auth-connections.server";
import { McpError, openMcpSession, type McpSession, type McpTool } from "../../../core/agents/mcp-client";
import { SECRET_TEXTS } from "~/agents/rules/secrets";
import { accessInfo, type AgentRefusal } from "./agents.server";
import { dependentAgentJson } from "./knowledge.server";
import { missingSecrets, secretValues } from "./secrets.server";

export type { McpServerRow };
type Env = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
type Result = { ok: true; server: McpServerRow } | { ok: false; refusal: AgentRefusal };

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const configOf = (row: McpServerRow) => JSON.parse(row.config) as Json;
const notFound = (): Result => ({ ok: false, refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.notFound } });

/** Checks a configuration: its shape, and that the secrets it names are the workspace's. */
async function refusalOf(env: Env, viewer: Viewer, config: Json): Promise<AgentRefusal | null> {
  const problem = mcpConfigProblem(config, env.ENVIRONMENT === "production");
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

const promptOf = (config: { conversationConfig: string }) => (JSON.parse(config.conversationConfig) as { agent?: { prompt?: unknown } }).agent?.prompt;

/**
 * The agents whose configuration names this server on main, on an unarchived branch's tip or in an unarchived
 * branch's draft, newest first: the same uses the documents', tools' and secrets' delete refusals read (decision 0085).
 */
export async function mcpServerUsers(env: Env, workspaceId: string, id: string): Promise<DependentAgent[]> {
  const db = database(env.DB);
  const [onMain, onBranches] = await Promise.all([agentsMentioning(db, workspaceId, id), branchConfigs(db, workspaceId, id)]);
  const names = (config: { conversationConfig: string }) => mcpServerIdsOfPrompt(promptOf(config)).includes(id);
  return dependentsOf(onMain.filter(names), onBranches.filter(names)).agents;
}

/** A server as the SDK's McpServerResponseModel: with the agents whose configuration names it. */
export async function mcpServerJson(env: Env, viewer: Viewer, server: McpServerRow) {
  const agents = await mcpServerUsers(env, server.workspaceId, server.id);
  return {
    id: server.id,
    config: configOf(server),
    access_info: accessInfo({ createdBy: server.createdBy, creatorEmail: server.creatorEmail }, viewer),
    dependent_agents: agents.map((a) => dependentAgentJson(a)),
    metadata: { created_at: Math.floor(server.createdAt / 1000), owner_user_id: server.createdBy },
  };
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export type McpConnectResult = { ok: true; session: McpSession; config: Json } | { ok: false; message: string };

/**
 * Opens a session with a server: its URL, token and headers (secrets read now, for this session only) and its
 * auth connection's credentials; the URL checked again (a secret URL is seen only now). Headers that name a
 * dynamic or environment variable are not sent (neither exists here).
 */
export async function connectMcpServer(env: Env, workspaceId: string, server: McpServerRow): Promise<McpConnectResult> {
  const config = configOf(server);
  const name = typeof config.name === "string" ? config.name : server.id;
  const secretIds = mcpSecretIds(config);
  const values = await secretValues(env, workspaceId, secretIds);
  const read = (v: unknown): string | null => (typeof v === "string" ? v : values.get(secretIdOf(v) ?? "") ?? null);
  const url = read(config.url);
  if (!url) return { ok: false, message: MCP_TEXTS.unreachable(name, SECRET_TEXTS.secretsNotFound(secretIds)) };
  const production = env.ENVIRONMENT === "production";
  const problem = mcpUrlProblem(url, production);
  if (problem) return { ok: false, message: MCP_TEXTS.unreachable(name, problem) };
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(isObject(config.request_headers) ? config.request_headers : {})) {
    const text = typeof value === "string" ? value : secretIdOf(value) ? read(value) : undefined;
    if (text === null) return { ok: false, message: MCP_TEXTS.unreachable(name, SECRET_TEXTS.missingAtCall(name, header)) };
    if (text !== undefined) headers[header] = text;
  }
  if (config.secret_token !== undefined && config.secret_token !== null) {
    const token = read(config.secret_token);
    if (token === null) return { ok: false, message: MCP_TEXTS.unreachable(name, SECRET_TEXTS.missingAtCall(name, "Authorization")) };
    // The token is the Authorization header: a bare token is a bearer token.
    headers.authorization = /\s/.test(token.trim()) ? token.trim() : `Bearer ${token.trim()}`;
  }
  const authConnectionId = authConnectionIdOf(config);
  if (authConnectionId) {
    const auth = await toolAuthHeaders(env, workspaceId, authConnectionId, name);
    if (!auth.ok) return { ok: false, message: MCP_TEXTS.unreachable(name, auth.text) };
    Object.assign(headers, auth.headers);
  }
  try {
    const session = await openMcpSession({
      url,
      transport: config.transport === "STREAMABLE_HTTP" ? "STREAMABLE_HTTP" : "SSE",
      headers,
      timeoutMs: MCP_TIMEOUTS.connectSeconds * 1000,
      urlProblem: (next) => mcpUrlProblem(next, production),
    });
    return { ok: true, session, config };
  } catch (error) {
    return { ok: false, message: MCP_TEXTS.unreachable(name, error instanceof McpError ? error.message : String(error)) };
  }
}

const toolHashOf = (tool: McpTool) => mcpToolHash(tool.name, tool.description ?? "", tool.inputSchema);

/** GET .../mcp-servers/{id}/tools as the SDK reads it (ListMcpToolsResponseModel): the tools the server lists now. */
export async function listMcpServerTools(env: Env, server: McpServerRow) {
  const connected = await connectMcpServer(env, server.workspaceId, server);
  if (!connected.ok) return { success: false, tools: [], tool_approval_statuses: [], error_message: connected.message };
  try {
    const tools = await connected.session.listTools();
    const perTool = connected.config.approval_policy === "require_approval_per_tool";
    const statuses = perTool
      ? await Promise.all(
          tools.map(async (tool) => {
            const { state, policy } = mcpApprovalState(connected.config, tool.name, await toolHashOf(tool));
            return { tool_id: `mcp:${server.id}:${tool.name}`, state, ...(policy ? { approval_policy: policy } : {}) };
          }),
        )
      : [];
    return { success: true, tools, tool_approval_statuses: statuses };
  } catch (error) {
    return { success: false, tools: [], tool_approval_statuses: [], error_message: error instanceof Error ? error.message : String(error) };
  } finally {
    await connected.session.close();
  }
}

export async function missingMcpServers(env: Env, workspaceId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = new Set((await table.listMcpServers(database(env.DB), workspaceId)).map((s) => s.id));
  return ids.filter((id) => !found.has(id));
}

/** The MCP side of one conversation: each named server's session and the tools the model is offered. */
export type ConversationMcp = {
  tools: AgentMcpTool[];
  sessions: Map<string, McpSession>;
  /** Each server, connected or not (the conversation's mcp_connection_status). */
  servers: { id: string; name: string; connected: boolean; toolCount: number; error?: string }[];
};

/**
 * Opens the agent's MCP servers for a conversation, all at once: each lists its tools, which are offered as its
 * approval policy allows (a tool left out by per-tool approval is not offered). A server that cannot be reached
 * is reported and left out; the conversation goes on without it.
 */
export async function openConversationMcp(env: Env, workspaceId: string, ids: string[], takenNames: Iterable<string>): Promise<ConversationMcp> {
  const rows = ids.length ? (await table.listMcpServers(database(env.DB), workspaceId)).filter((s) => ids.includes(s.id)) : [];
  const opened = await Promise.all(
    rows.map(async (row) => {
      const connected = await connectMcpServer(env, workspaceId, row);
      if (!connected.ok) return { row, error: connected.message };
      try {
        return { row, session: connected.session, config: connected.config, tools: await connected.session.listTools() };
      } catch (error) {
        await connected.session.close();
        return { row, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const taken = new Set(takenNames);
  const result: ConversationMcp = { tools: [], sessions: new Map(), servers: [] };
  for (const server of opened) {
    const kept = configOf(server.row);
    const name = typeof kept.name === "string" ? kept.name : server.row.id;
    if (!("session" in server) || !server.session) {
      result.servers.push({ id: server.row.id, name, connected: false, toolCount: 0, error: server.error });
      continue;
    }
    result.sessions.set(server.row.id, server.session);
    let offered = 0;
    for (const tool of server.tools) {
      const use = mcpToolUse(server.config, tool.name, await toolHashOf(tool));
      if (use === "disabled") continue;
      const modelName = modelToolName(tool.name, name, taken);
      taken.add(modelName);
      offered++;
      result.tools.push({
        kind: "mcp",
        name: modelName,
        description: tool.description ?? tool.title ?? tool.name,
        parameters: tool.inputSchema,
        serverId: server.row.id,
        serverName: name,
        toolName: tool.name,
        approval: use,
        approvalPolicy: String(server.config.approval_policy ?? "require_approval_all"),
        timeoutSeconds: mcpToolTimeoutSeconds(server.config, tool.name),
      });
    }
    result.servers.push({ id: server.row.id, name, connected: true, toolCount: offered });
  }
  return result;
}

/**
 * Calls an MCP tool over its server's open session: its answer, or why it gave none (an error result, a timeout,
 * a server gone). `error` is the server's own words, for the client's mcp_tool_call event.
 */
export async function callMcpTool(sessions: ReadonlyMap<string, McpSession> | undefined, tool: AgentMcpTool, args: Record<string, unknown>): Promise<{ ok: boolean; text: string; error?: string }> {
  const session = sessions?.get(tool.serverId);
  try {
    if (!session) throw new McpError(MCP_TEXTS.notFound);
    const result = await session.callTool(tool.toolName, args, tool.timeoutSeconds * 1000);
    if (result.isError) return { ok: false, text: TOOL_TEXTS.failed(tool.name, result.text), error: result.text };
    return { ok: true, text: result.text || TOOL_TEXTS.noResponseExpected };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, text: TOOL_TEXTS.failed(tool.name, message), error: message };
  }
}

export async function closeConversationMcp(mcp: ConversationMcp | null | undefined): Promise<void> {
  for (const session of mcp?.sessions.values() ?? []) await session.close();
}
