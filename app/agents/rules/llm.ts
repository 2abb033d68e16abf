// An agent's turn with a language model (decision 0050): its tools as the agent's configuration names them (the
// SDK's prompt.tools: webhook and client tools), the webhook request a tool call becomes, the sentences of a streamed
// answer that are ready to be spoken, and what a conversation costs. Pure.
import type { ChatMessage, ChatPassage, ChatRequest, ChatTool } from "../../../core/engines/chat";
import { isInternalHost } from "../../../core/webhooks/webhooks";
import { headerValue, type HeaderValue } from "./secrets";
import { ENV_VAR_TEXTS, urlForCheck } from "./environment-variables";
import { authConnectionIdOf } from "~/workspace/rules/auth-connections";
import { splitSentences } from "../../../core/speech/speech-text";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const TOOL_LIMITS = {
  /** The SDK's default response_timeout_secs. */
  defaultTimeoutSeconds: 20,
  maxTimeoutSeconds: 120,
  /** Model calls in one agent turn (each may call tools): a model that keeps calling tools is stopped. */
  maxRounds: 4,
  /** Characters of a tool's answer given to the model. */
  maxResultCharacters: 4000,
} as const;

/** A tool's name as the model calls it. */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const WEBHOOK_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export type WebhookTool = {
  kind: "webhook";
  name: string;
  description: string;
  url: string;
  method: (typeof WEBHOOK_METHODS)[number];
  /** Text, or a workspace secret put in only when the tool is called. */
  headers: Record<string, HeaderValue>;
  /** The workspace auth connection whose credentials the call carries (decision 0066), or null. */
  authConnectionId: string | null;
  /** An auth_connection environment variable naming the connection per environment ({env_var_label}, decision 0098), or null. */
  authConnectionEnvLabel: string | null;
  pathParams: string[];
  queryParams: string[];
  timeoutSeconds: number;
  parameters: Json;
};
export type ClientTool = { kind: "client"; name: string; description: string; expectsResponse: boolean; timeoutSeconds: number; parameters: Json };
/** A tool of one of the agent's MCP servers (decision 0084): called over the server's session, after the user's approval when it asks. */
export type McpTool = {
  kind: "mcp";
  /** The name the model calls it by (the tool's own unless taken). */
  name: string;
  description: string;
  parameters: Json;
  serverId: string;
  serverName: string;
  /** The tool's name on its server. */
  toolName: string;
  approval: "call" | "ask";
  approvalPolicy: string;
  timeoutSeconds: number;
};
/** A system tool the conversation itself answers: start_procedure and end_procedure (decision 0090). */
export type SystemTool = { kind: "system"; name: string; description: string; parameters: Json };
/** A tool the model is offered; a workspace tool (decision 0065) carries its id, and its calls are recorded. */
export type AgentTool = (WebhookTool | ClientTool | McpTool | SystemTool) & { id?: string };

export const TOOL_TEXTS = {
  /** A tool call as a line of a transcript, for every kind of tool: used, or why it gave no answer. */
  callLine: (tool: string, ok: boolean, error?: string) => (ok ? `Used ${tool}` : `${tool} gave no answer${error ? `: ${error}` : ""}`),
  timedOut: (name: string, seconds: number) => `The ${name} tool did not answer within ${seconds} seconds.`,
  failed: (name: string, status: number | string) => `The ${name} tool failed (${status}).`,
  unknownTool: (name: string) => `There is no tool named ${name}.`,
  badArguments: (name: string) => `The arguments for ${name} were not a JSON object.`,
  noResponseExpected: "Done.",
  tooManyRounds: "Sorry, I could not finish that.",
  urlInvalid: (name: string) => `The ${name} tool's URL is not a full URL, such as https://api.example.com/orders.`,
  urlNotHttps: (name: string) => `The ${name} tool's URL must start with https://.`,
  urlCredentials: (name: string) => `The ${name} tool's URL cannot carry a user name or password: put credentials in a header.`,
  urlNotPublic: (name: string) => `The ${name} tool's URL must point to a public host, not this machine, a private network or a reserved name.`,
  redirected: (name: string) => `The ${name} tool answered with a redirect, which is not followed.`,
} as const;

/**
 * Reserved names (RFC 2606, RFC 6761) that no public service answers: refused in production. In development they
 * are allowed on purpose, because the development and test stacks' stand-ins answer there (tools.test).
 */
const RESERVED_SUFFIXES = [".test", ".example", ".invalid"];

/**
 * Why a webhook tool may not call this URL, or null (decision 0053). Checked when the agent is saved and again
 * before each call, on the URL's text alone (no DNS lookup): https only (http too in development), no credentials
 * in it, never this machine, a private or link-local network (isInternalHost, the workspace webhooks' check).
 */
export function toolUrlProblem(name: string, raw: string, development: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return TOOL_TEXTS.urlInvalid(name);
  }
  if (url.protocol !== "https:" && !(development && url.protocol === "http:")) return TOOL_TEXTS.urlNotHttps(name);
  if (url.username || url.password) return TOOL_TEXTS.urlCredentials(name);
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isInternalHost(host) || (!development && RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix)))) return TOOL_TEXTS.urlNotPublic(name);
  return null;
}

/** The first problem with the webhook tools of an agent's prompt as sent (conversation_config.agent.prompt.tools), or null. */
export function toolsProblem(prompt: unknown, development: boolean): string | null {
  const tools = isObject(prompt) && Array.isArray(prompt.tools) ? prompt.tools : [];
  for (const tool of tools) {
    if (!isObject(tool) || tool.type !== "webhook") continue;
    const api = isObject(tool.api_schema) ? tool.api_schema : {};
    // A URL naming environment variables is checked with a stand-in for each; one in the host is checked at each call (decision 0098).
    const name = str(tool.name, "webhook");
    const checked = urlForCheck(str(api.url));
    if (!checked.schemeFirst) return ENV_VAR_TEXTS.urlTemplateFirst(name);
    const problem = toolUrlProblem(name, checked.url, development);
    if (problem) return problem;
  }
  return null;
}

const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

function timeoutOf(value: unknown): number {
  return typeof value === "number" && value > 0 ? Math.min(value, TOOL_LIMITS.maxTimeoutSeconds) : TOOL_LIMITS.defaultTimeoutSeconds;
}

const propertiesOf = (schema: unknown): Json => (isObject(schema) && isObject(schema.properties) ? schema.properties : {});
const requiredOf = (schema: unknown): string[] => (isObject(schema) && Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);

/** The tools of an agent's prompt (conversation_config.agent.prompt.tools) this server runs; others (system tools) are left out. */
export function agentTools(prompt: unknown): AgentTool[] {
  const tools = isObject(prompt) && Array.isArray(prompt.tools) ? prompt.tools : [];
  return tools.filter(isObject).flatMap((tool): AgentTool[] => {
    const name = str(tool.name);
    if (!TOOL_NAME.test(name)) return [];
    const description = str(tool.description);
    if (tool.type === "client") {
      const parameters = isObject(tool.parameters) ? tool.parameters : { type: "object", properties: {} };
      return [{ kind: "client", name, description, expectsResponse: tool.expects_response === true, timeoutSeconds: timeoutOf(tool.response_timeout_secs), parameters }];
    }
    const api = tool.api_schema;
    if (tool.type !== "webhook" || !isObject(api) || typeof api.url !== "string" || !/^https?:\/\//.test(api.url)) return [];
    const method = str(api.method, "GET").toUpperCase() as WebhookTool["method"];
    if (!WEBHOOK_METHODS.includes(method)) return [];
    const path = propertiesOf({ properties: api.path_params_schema });
    const query = propertiesOf(api.query_params_schema);
    const body = propertiesOf(api.request_body_schema);
    const headers: Record<string, HeaderValue> = {};
    for (const [header, value] of Object.entries(isObject(api.request_headers) ? api.request_headers : {})) {
      const read = headerValue(value);
      if (read !== null) headers[header] = read;
    }
    const parameters = {
      type: "object",
      properties: { ...path, ...query, ...body },
      required: [...Object.keys(path), ...requiredOf(api.query_params_schema), ...requiredOf(api.request_body_schema)],
    };
    return [{ kind: "webhook", name, description, url: api.url, method, headers, authConnectionId: authConnectionIdOf(api), authConnectionEnvLabel: envLabelOfAuth(api), pathParams: Object.keys(path), queryParams: Object.keys(query), timeoutSeconds: timeoutOf(tool.response_timeout_secs), parameters }];
  });
}

function envLabelOfAuth(api: Json): string | null {
  const locator = api.auth_connection;
  return isObject(locator) && typeof locator.env_var_label === "string" && locator.env_var_label ? locator.env_var_label : null;
}

/** The tools as the model is offered them. */
export function chatTools(tools: AgentTool[]): ChatTool[] {
  return tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
}

/** One model call of an agent's turn: its instructions, the conversation so far, its knowledge and its tools. */
export function turnRequest(prompt: string, history: ChatMessage[], passages: ChatPassage[], tools: AgentTool[]): ChatRequest {
  return { messages: [...(prompt ? [{ role: "system" as const, content: prompt }] : []), ...history], passages, ...(tools.length ? { tools: chatTools(tools) } : {}) };
}

/** A model's tool arguments (a JSON object in a string), or null when they are not one. */
export function toolArguments(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text || "{}");
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The HTTP request a webhook tool call makes: path parameters in the URL, query parameters, the rest as a JSON body. */
export function webhookRequest(tool: Omit<WebhookTool, "headers"> & { headers: Record<string, string> }, args: Json): { url: string; init: { method: string; headers: Record<string, string>; body?: string; redirect: "manual" } } {
  const url = new URL(tool.url.replace(/\{(\w+)\}/g, (whole, name: string) => (name in args ? encodeURIComponent(String(args[name])) : whole)));
  const rest: Json = {};
  for (const [key, value] of Object.entries(args)) {
    if (tool.pathParams.includes(key)) continue;
    if (tool.queryParams.includes(key) || tool.method === "GET" || tool.method === "DELETE") url.searchParams.set(key, typeof value === "string" ? value : JSON.stringify(value));
    else rest[key] = value;
  }
  const headers = { ...tool.headers, accept: "application/json, text/plain;q=0.9" };
  // A redirect is not followed: it could lead anywhere, past the URL check (decision 0053).
  if (tool.method === "GET" || tool.method === "DELETE") return { url: url.toString(), init: { method: tool.method, headers, redirect: "manual" } };
  return { url: url.toString(), init: { method: tool.method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(rest), redirect: "manual" } };
}

/** A tool's answer as the model reads it: at most so many characters. */
export function toolResultText(text: string): string {
  return text.length > TOOL_LIMITS.maxResultCharacters ? `${text.slice(0, TOOL_LIMITS.maxResultCharacters)}…` : text;
}

/** The sentences of a streamed answer that are complete (a later piece has begun), and what is still coming. */
export function readySentences(buffer: string): { sentences: string[]; rest: string } {
  const pieces = splitSentences(buffer);
  if (pieces.length < 2) return { sentences: [], rest: buffer };
  return { sentences: pieces.slice(0, -1), rest: pieces.at(-1)! };
}

/** Credits a conversation minute costs (decision 0050), charged by the started second. */
export const CONVERSATION_CREDITS_PER_MINUTE = 600;
/** The usage-event source of conversations, and how usage statistics name it. */
export const CONVERSATION_SOURCE = "ConvAI";
export const CONVERSATION_USAGE_LABEL = "Conversational AI";

/** What a conversation that lasted so long costs: every started second at the minute's rate. */
export function conversationCredits(durationMs: number): number {
  const seconds = Math.ceil(Math.max(0, durationMs) / 1000);
  return Math.ceil((seconds * CONVERSATION_CREDITS_PER_MINUTE) / 60);
}

/** A conversation starts only when the workspace's remaining credits cover its first minute (decision 0053). */
export const CONVERSATION_MINIMUM_CREDITS = CONVERSATION_CREDITS_PER_MINUTE;

export const CREDIT_TEXTS = {
  /** Short enough to be a WebSocket close reason (at most 123 bytes). */
  notEnough: (remaining: number) => `Not enough credits for a conversation: a minute costs ${CONVERSATION_MINIMUM_CREDITS} credits and ${Math.max(0, remaining)} remain.`,
} as const;

/** Whether credits remain for a conversation's first minute. */
export function coversFirstMinute(used: number, usable: number): boolean {
  return used + CONVERSATION_MINIMUM_CREDITS <= usable;
}
