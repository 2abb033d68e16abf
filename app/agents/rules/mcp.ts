// MCP servers (decision 0081): the configuration the SDK sends, checked and completed with the API's defaults.
// Stored and listed only: conversations do not connect to MCP servers yet.
import type { Json } from "./agents";

export const MCP_TEXTS = {
  notFound: "MCP server not found.",
  nameRequired: "config.name must be a non-empty string.",
  urlRequired: "config.url must be an http(s) URL or a workspace secret ({secret_id}).",
  badTransport: "config.transport must be SSE or STREAMABLE_HTTP.",
  badPolicy: "approval_policy must be auto_approve_all, require_approval_all or require_approval_per_tool.",
  toolNotApproved: (name: string) => `No approval is kept for the tool ${name}.`,
  toolConfigNotFound: (name: string) => `No configuration override is kept for the tool ${name}.`,
  toolConfigExists: (name: string) => `The tool ${name} already has a configuration override: update it instead.`,
} as const;

export const MCP_APPROVAL_POLICIES = ["auto_approve_all", "require_approval_all", "require_approval_per_tool"] as const;
export const MCP_TRANSPORTS = ["SSE", "STREAMABLE_HTTP"] as const;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The secret ids a configuration names: its URL, its token and its headers may each be a {secret_id}. */
export function mcpSecretIds(config: Json): string[] {
  const ids = [config.url, config.secret_token, ...Object.values(isObject(config.request_headers) ? config.request_headers : {})]
    .map((v) => (isObject(v) && typeof v.secret_id === "string" ? v.secret_id : null))
    .filter((v): v is string => Boolean(v));
  return [...new Set(ids)];
}

/** Why a configuration cannot be kept, or null. */
export function mcpConfigProblem(config: Json): string | null {
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
