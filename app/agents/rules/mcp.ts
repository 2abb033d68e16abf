// MCP servers (decisions 0081, 0084): the configuration the SDK sends, checked and completed with the API's
// defaults; which of a server's tools a conversation may call, and whether it asks the user first.
import { isInternalHost } from "../../../core/webhooks/webhooks";
import type { Json } from "./agents";

export const MCP_TEXTS = {
  notFound: "MCP server not found.",
  nameRequired: "config.name must be a non-empty string.",
  urlRequired: "config.url must be an http(s) URL or a workspace secret ({secret_id}).",
  urlNotHttps: "The MCP server's URL must start with https://.",
  urlNotPublic: "The MCP server's URL must point to a public host, not a private or local address.",
  unreachable: (name: string, why: string) => `Could not use the MCP server ${name}: ${why}`,
  serversNotFound: (ids: string[]) => `MCP server not found: ${ids.join(", ")}.`,
  /** What the agent says when the user does not approve a tool call. */
  declined: (tool: string) => `The user did not approve the ${tool} tool, so it was not run.`,
  approvalTimedOut: (tool: string, seconds: number) => `No approval for the ${tool} tool came within ${seconds} seconds, so it was not run.`,
  badTransport: "config.transport must be SSE or STREAMABLE_HTTP.",
  badPolicy: "approval_policy must be auto_approve_all, require_approval_all or require_approval_per_tool.",
  toolNotApproved: (name: string) => `No approval is kept for the tool ${name}.`,
  toolConfigNotFound: (name: string) => `No configuration override is kept for the tool ${name}.`,
  toolConfigExists: (name: string) => `The tool ${name} already has a configuration override: update it instead.`,
} as const;

export const MCP_PAGE_TEXTS = {
  approvalTitle: (tool: string) => `The agent asks to use the tool ${tool}`,
  sectionIntro: "Model Context Protocol servers whose tools your agents may use. An agent uses a server once it is chosen on the agent's Tools tab.",
  added: (name: string) => `Added the MCP server “${name}”.`,
  deleted: "Deleted the MCP server.",
  saved: "Saved the approval policy.",
  approved: (tool: string) => `Approved ${tool} as it is now.`,
  withdrawn: (tool: string) => `Withdrew the approval of ${tool}.`,
  empty: "No MCP servers yet",
  emptyHint: "Add one above: its address, and a secret of the workspace if it wants a token.",
  urlHint: "In development an http address or this machine is allowed; in production only https on a public host.",
  noToken: "No token",
  policies: { auto_approve_all: "Call every tool without asking", require_approval_all: "Ask the user before every call", require_approval_per_tool: "Only approved tools, each called or asked as approved" } as Record<string, string>,
  states: { up_to_date: "Approved", needs_review: "Changed since approved", not_approved: "Not approved" } as Record<string, string>,
  toolPolicies: { auto_approved: "called without asking", requires_approval: "asks the user first" } as Record<string, string>,
  notReached: "The server could not be reached:",
  tabIntro: "The workspace's tools and MCP servers this agent may call during a conversation.",
  toolsSaved: "Saved the agent's tools.",
  noWorkspaceTools: "The workspace has no tools yet: add them on the Tools page.",
  noServers: "The workspace has no MCP servers yet: add them on the Tools page.",
  mcpOff: "This workspace's agents do not use MCP servers now: Agent settings turns them on.",
} as const;

export const MCP_APPROVAL_POLICIES = ["auto_approve_all", "require_approval_all", "require_approval_per_tool"] as const;
export const MCP_TRANSPORTS = ["SSE", "STREAMABLE_HTTP"] as const;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The secret a configuration value names ({secret_id}), or null for a plain value. */
export const secretIdOf = (v: unknown): string | null => (isObject(v) && typeof v.secret_id === "string" ? v.secret_id : null);

/** The secret ids a configuration names: its URL, its token and its headers may each be a {secret_id}. */
export function mcpSecretIds(config: Json): string[] {
  const ids = [config.url, config.secret_token, ...Object.values(isObject(config.request_headers) ? config.request_headers : {})]
    .map(secretIdOf)
    .filter((v): v is string => Boolean(v));
  return [...new Set(ids)];
}

/**
 * Why the server may not be reached at this URL, or null: in production https on a public host only; in
 * development http and this machine too (a self-hosted MCP server beside a laptop install).
 */
export function mcpUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return MCP_TEXTS.urlRequired;
  }
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return url.protocol === "http:" ? MCP_TEXTS.urlNotHttps : MCP_TEXTS.urlRequired;
  if (url.username || url.password) return MCP_TEXTS.urlRequired;
  if (production && isInternalHost(url.hostname)) return MCP_TEXTS.urlNotPublic;
  return null;
}

/** Why a configuration cannot be kept, or null. */
export function mcpConfigProblem(config: Json, production = false): string | null {
  if (typeof config.name !== "string" || !config.name.trim()) return MCP_TEXTS.nameRequired;
  const url = config.url;
  if (typeof url === "string") {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return MCP_TEXTS.urlRequired;
    const problem = mcpUrlProblem(url, production);
    if (problem) return problem;
  } else if (!(isObject(url) && typeof url.secret_id === "string")) return MCP_TEXTS.urlRequired;
  if (config.transport !== undefined && !MCP_TRANSPORTS.includes(config.transport as (typeof MCP_TRANSPORTS)[number])) return MCP_TEXTS.badTransport;
  if (config.approval_policy !== undefined && !MCP_APPROVAL_POLICIES.includes(config.approval_policy as (typeof MCP_APPROVAL_POLICIES)[number])) return MCP_TEXTS.badPolicy;
  return null;
}

/** The configuration as kept: the API's defaults under what was sent. */
export function mcpConfig(config: Json): Json {
  const defaults = { approval_policy: "require_approval_all", tool_approval_hashes: [], transport: "SSE", request_headers: {}, tool_config_overrides: [] };
  return { ...defaults, ...config, ...(typeof config.name === "string" ? { name: config.name.trim() } : {}) };
}

/** A tool's approval state against the kept approvals (the SDK's McpToolApprovalState). */
export type McpApprovalState = "up_to_date" | "needs_review" | "not_approved";
/** What a conversation does with a tool: call it, ask the user first, or leave it out. */
export type McpToolUse = "call" | "ask" | "disabled";

/** The tool approvals a configuration keeps (tool_approval_hashes). */
export const mcpApprovalsOf = (config: Json): Json[] => (Array.isArray(config.tool_approval_hashes) ? config.tool_approval_hashes.filter(isObject) : []);
const approvalsOf = mcpApprovalsOf;

/** The configuration with this tool's approval kept (one per tool name: a new one replaces the old). */
export function withToolApproval(config: Json, approval: { tool_name: string; tool_hash: string; approval_policy: string }): Json {
  return { ...config, tool_approval_hashes: [...approvalsOf(config).filter((a) => a.tool_name !== approval.tool_name), approval] };
}

/** The configuration without this tool's approval; a tool with none kept is refused (404), whoever asks. */
export function withoutToolApproval(config: Json, toolName: string): { config: Json } | { refusal: { httpStatus: 404; status: "not_found"; message: string } } {
  const kept = approvalsOf(config);
  if (!kept.some((a) => a.tool_name === toolName)) return { refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.toolNotApproved(toolName) } };
  return { config: { ...config, tool_approval_hashes: kept.filter((a) => a.tool_name !== toolName) } };
}

export function mcpApprovalState(config: Json, toolName: string, toolHash: string): { state: McpApprovalState; policy: string | null } {
  const approval = approvalsOf(config).find((a) => a.tool_name === toolName);
  if (!approval) return { state: "not_approved", policy: null };
  const policy = typeof approval.approval_policy === "string" ? approval.approval_policy : "requires_approval";
  return { state: approval.tool_hash === toolHash ? "up_to_date" : "needs_review", policy };
}

/**
 * The server's approval policy applied to one tool: every tool called (auto_approve_all) or asked about
 * (require_approval_all); per tool, only tools approved as they are now (the same name, description and input
 * schema) are offered, called or asked about as their approval says; an unapproved or changed tool is left out.
 */
export function mcpToolUse(config: Json, toolName: string, toolHash: string): McpToolUse {
  const policy = config.approval_policy ?? "require_approval_all";
  if (policy === "auto_approve_all") return "call";
  if (policy !== "require_approval_per_tool") return "ask";
  const { state, policy: toolPolicy } = mcpApprovalState(config, toolName, toolHash);
  if (state !== "up_to_date") return "disabled";
  return toolPolicy === "auto_approved" ? "call" : "ask";
}

export const MCP_TIMEOUTS = { defaultSeconds: 30, minSeconds: 5, maxSeconds: 300, connectSeconds: 10, approvalSeconds: 30 } as const;

/** A tool call's time limit: the tool's override, else the server's response_timeout_secs, else 30 s (5-300). */
export function mcpToolTimeoutSeconds(config: Json, toolName: string): number {
  const overrides = Array.isArray(config.tool_config_overrides) ? config.tool_config_overrides.filter(isObject) : [];
  const own = overrides.find((o) => o.tool_name === toolName)?.response_timeout_secs;
  const value = typeof own === "number" ? own : config.response_timeout_secs;
  return typeof value === "number" && Number.isFinite(value) ? Math.min(MCP_TIMEOUTS.maxSeconds, Math.max(MCP_TIMEOUTS.minSeconds, value)) : MCP_TIMEOUTS.defaultSeconds;
}

/** The MCP server ids an agent's prompt names (conversation_config.agent.prompt.mcp_server_ids). */
export function mcpServerIdsOfPrompt(prompt: unknown): string[] {
  const ids = isObject(prompt) && Array.isArray(prompt.mcp_server_ids) ? prompt.mcp_server_ids : [];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
}

/**
 * The name the model calls a server's tool by: its own when that is a valid function name not yet taken, else
 * the server's name and the tool's, made valid and unique (two servers may both offer "search").
 */
export function modelToolName(toolName: string, serverName: string, taken: ReadonlySet<string>): string {
  const valid = (name: string) => name.replace(/[^a-zA-Z0-9_-]+/g, "_").slice(0, 64) || "tool";
  if (/^[a-zA-Z0-9_-]{1,64}$/.test(toolName) && !taken.has(toolName)) return toolName;
  const base = valid(`${serverName}_${toolName}`);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
  return name;
}
