// Tools of their own (decision 0065): a webhook, client or system tool the workspace keeps once and agents reference
// by id (conversation_config.agent.prompt.tool_ids, as the SDK does), beside the inline prompt.tools. Pure.
import { agentTools, TOOL_NAME, toolsProblem, type AgentTool } from "./llm";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const TOOL_CONFIG_TYPES = ["webhook", "client", "system"] as const;
export type ToolConfigType = (typeof TOOL_CONFIG_TYPES)[number];

export const WORKSPACE_TOOL_LIMITS = { pageSize: 100, mocks: 20 } as const;

export const WORKSPACE_TOOL_TEXTS = {
  notFound: "Tool not found.",
  toolsNotFound: (ids: string[]) => `Tools not found in this workspace: ${ids.join(", ")}.`,
  inUse: (agents: string[]) => `The tool is used by ${agents.join(", ")}: remove it from them first, or delete with force.`,
  badName: "A tool's name is 1 to 64 letters, digits, underscores or hyphens.",
  badType: "tool_config.type must be webhook, client or system (MCP tools are not supported yet).",
  webhookNeedsUrl: "A webhook tool needs api_schema.url.",
} as const;

/** Why this tool_config cannot be kept, or null: its type, its name and (a webhook) its URL (decision 0053's check). */
export function toolConfigProblem(config: Json, development: boolean): { status: "invalid_tool" | "invalid_tool_url"; message: string } | null {
  if (!TOOL_CONFIG_TYPES.includes(config.type as ToolConfigType)) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.badType };
  if (typeof config.name !== "string" || !TOOL_NAME.test(config.name)) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.badName };
  if (config.type === "webhook" && !(isObject(config.api_schema) && typeof config.api_schema.url === "string")) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.webhookNeedsUrl };
  const urlProblem = toolsProblem({ tools: [config] }, development);
  return urlProblem ? { status: "invalid_tool_url", message: urlProblem } : null;
}

/** The workspace tools an agent's prompt references (prompt.tool_ids). */
export function toolIdsOfPrompt(prompt: unknown): string[] {
  const ids = isObject(prompt) && Array.isArray(prompt.tool_ids) ? prompt.tool_ids : [];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
}

/** A workspace tool as a conversation runs it: the inline tool it would be, with its id (its calls are recorded). */
export function workspaceTool(id: string, config: Json): AgentTool | null {
  const tool = agentTools({ tools: [config] })[0];
  return tool ? { ...tool, id } : null;
}

/** The tools page (/app/conversational-ai/tools). */
/** Headers a webhook tool sends: at most this many, each value one line of at most TOOL_HEADER_VALUE_MAX_CHARS. */
export const TOOL_HEADERS_MAX = 20;
export const TOOL_HEADER_VALUE_MAX_CHARS = 2000;

export const TOOLS_PAGE_TEXTS = {
  intro:
    "Tools your agents can call, kept once for the workspace. An agent uses a tool once it is added to the agent's tools. Without a language model, the retrieval responder chooses a tool by the words of its name and description and fills its parameters from what the user says: name and describe them in plain words.",
  webhookExplained: "The agent calls this address with the arguments it chooses; the answer goes back to the agent.",
  nameHint: "Letters, digits, underscores or hyphens: the model calls the tool by this name.",
  nameMissing: "Enter a name.",
  urlInvalid: "Enter an http or https address.",
  created: (name: string) => `Added the tool “${name}”.`,
  updated: (name: string) => `Saved the tool “${name}”.`,
  deleted: "Deleted the tool.",
  deleteAnyway: "Remove it from those agents and delete",
  onlyWebhooks: "Only webhook tools are edited here; change other tools through the API.",
  empty: "No tools yet",
  emptyHint: "Add a webhook tool above.",
  noMatch: "No tool has that name",
  noCalls: "No calls yet: calls appear here once a conversation uses the tool.",
  notAForm: "Send the page's form.",
  headersExplained: "Sent with every call. A header's value is typed here, or a secret of the workspace put in only when the tool is called.",
  headerNameInvalid: (name: string) => `“${name}” is not a header name: letters, digits and - _ . only.`,
  headerDuplicate: (name: string) => `The header “${name}” is listed twice.`,
  headerValueMissing: (name: string) => `Give the header “${name}” a value or choose a secret.`,
  headerValueInvalid: (name: string) => `The value of “${name}” must be one line of at most ${TOOL_HEADER_VALUE_MAX_CHARS} characters.`,
  headersTooMany: `At most ${TOOL_HEADERS_MAX} headers.`,
  schemaNotJson: (label: string) => `The ${label} must be JSON.`,
  schemaNotObject: (label: string) => `The ${label} must be a JSON schema object with "properties" (each parameter's type and description).`,
  schemaTooLong: (label: string) => `The ${label} may be at most ${TOOL_SCHEMA_MAX_CHARS} characters.`,
  schemasExplained: "The parameters the agent fills in, as JSON schema objects: query parameters go in the address, body parameters in a JSON body (POST, PUT, PATCH). Leave one empty for none.",
} as const;

/** A parameters schema typed on the page: at most this many characters. */
export const TOOL_SCHEMA_MAX_CHARS = 20_000;

/**
 * A parameters schema from the page's text box: empty is none; otherwise a JSON object with an object of
 * `properties` (and `type` "object" when given), as the tool's model reads it.
 */
export function parseParamsSchema(raw: string, label: string): { ok: true; schema: Record<string, unknown> | null } | { ok: false; message: string } {
  const text = raw.trim();
  if (!text) return { ok: true, schema: null };
  if (text.length > TOOL_SCHEMA_MAX_CHARS) return { ok: false, message: TOOLS_PAGE_TEXTS.schemaTooLong(label) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: TOOLS_PAGE_TEXTS.schemaNotJson(label) };
  }
  const object = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!object(value) || !object(value.properties) || (value.type !== undefined && value.type !== "object")) return { ok: false, message: TOOLS_PAGE_TEXTS.schemaNotObject(label) };
  return { ok: true, schema: value };
}

/** Empty rows the edit form adds under a tool's headers, for new ones (the form works without scripts). */
export const TOOL_HEADER_BLANK_ROWS = 2;

/** The value-source choice of a typed header (a select's options cannot be empty). */
export const TYPED_HEADER_SOURCE = "typed";

/** One header as the form shows it: a name, and a typed value or the id of a secret (`secretId` "" for typed). */
export type ToolHeaderRow = { name: string; secretId: string; value: string };
export type ToolHeaders = Record<string, string | { secret_id: string }>;

/** A tool's stored request_headers as form rows: typed values and secrets by id (anything else is left out). */
export function headerRowsOf(headers: unknown): ToolHeaderRow[] {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return [];
  return Object.entries(headers as Record<string, unknown>).flatMap(([name, value]): ToolHeaderRow[] => {
    if (typeof value === "string") return [{ name, secretId: "", value }];
    if (value && typeof value === "object" && typeof (value as { secret_id?: unknown }).secret_id === "string") return [{ name, secretId: (value as { secret_id: string }).secret_id, value: "" }];
    return [];
  });
}

/** The form's header rows (name_i, secret_i, value_i) read from a posted form, in order. */
export function headerRowsFromForm(form: FormData): ToolHeaderRow[] {
  const rows: ToolHeaderRow[] = [];
  for (let i = 0; form.has(`header_name_${i}`); i++) {
    const source = String(form.get(`header_secret_${i}`) ?? "");
    rows.push({ name: String(form.get(`header_name_${i}`) ?? ""), secretId: source === TYPED_HEADER_SOURCE ? "" : source, value: String(form.get(`header_value_${i}`) ?? "") });
  }
  return rows;
}

/** request_headers from the rows: rows without a name are skipped; names checked and unique (any case). */
export function headersFromRows(rows: readonly ToolHeaderRow[]): { ok: true; headers: ToolHeaders } | { ok: false; message: string } {
  const headers: ToolHeaders = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) continue;
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) return { ok: false, message: TOOLS_PAGE_TEXTS.headerNameInvalid(name.slice(0, 100)) };
    if (seen.has(name.toLowerCase())) return { ok: false, message: TOOLS_PAGE_TEXTS.headerDuplicate(name) };
    seen.add(name.toLowerCase());
    if (row.secretId) {
      headers[name] = { secret_id: row.secretId.slice(0, 100) };
      continue;
    }
    const value = row.value.trim();
    if (!value) return { ok: false, message: TOOLS_PAGE_TEXTS.headerValueMissing(name) };
    if (/[\r\n]/.test(value) || value.length > TOOL_HEADER_VALUE_MAX_CHARS) return { ok: false, message: TOOLS_PAGE_TEXTS.headerValueInvalid(name) };
    headers[name] = value;
  }
  if (Object.keys(headers).length > TOOL_HEADERS_MAX) return { ok: false, message: TOOLS_PAGE_TEXTS.headersTooMany };
  return { ok: true, headers };
}
