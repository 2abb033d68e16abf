// A workspace's environment variables (decision 0098): a label, a type and a value per environment (production
// always; staging and others when given). Webhook tools name them in their URL and headers as
// {{system_env__<label>}} and in a header as {"env_var_label": ...}; a conversation resolves them for its
// environment, falling back to production's value. Pure.

import type { WebhookTool } from "./llm";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const ENV_VAR_TYPES = ["string", "secret", "auth_connection"] as const;
export type EnvVarType = (typeof ENV_VAR_TYPES)[number];

/** The environment every variable has a value for, and the one a conversation uses unless it names another. */
export const DEFAULT_ENVIRONMENT = "production";

export const ENV_VAR_LIMITS = { label: 100, value: 10_000, environments: 20, pageSize: 100 } as const;

/** A label can be written inside {{system_env__<label>}}: letters, digits, _ . - (as dynamic variables' names). */
export const ENV_VAR_LABEL = /^[A-Za-z0-9_.-]{1,100}$/;
/** An environment's name: production, staging, dev-eu... */
export const ENVIRONMENT_NAME = /^[A-Za-z0-9_-]{1,50}$/;
/** A reference in a URL or header text: {{system_env__<label>}} (spaces inside the braces allowed). */
const TEMPLATE = /\{\{\s*system_env__([A-Za-z0-9_.-]{1,100})\s*\}\}/g;

export const ENV_VAR_TEXTS = {
  notFound: "Environment variable not found.",
  labelInvalid: `A label has 1 to ${ENV_VAR_LIMITS.label} letters, digits, underscores, dots or dashes, so that {{system_env__<label>}} can name it.`,
  labelTaken: (label: string) => `The workspace already has an environment variable labelled “${label}”.`,
  productionMissing: "Give the production environment a value: every environment variable has one.",
  productionRemoved: "The production value cannot be removed, only replaced.",
  environmentInvalid: (name: string) => `“${name}” is not an environment name: 1 to 50 letters, digits, underscores or dashes.`,
  tooManyEnvironments: `An environment variable has at most ${ENV_VAR_LIMITS.environments} environments.`,
  valueInvalid: (type: EnvVarType, environment: string) =>
    type === "string"
      ? `The ${environment} value must be text of at most ${ENV_VAR_LIMITS.value} characters.`
      : type === "secret"
        ? `The ${environment} value must name a workspace secret: {"secret_id": "..."}.`
        : `The ${environment} value must name a workspace auth connection: {"auth_connection_id": "..."}.`,
  secretsNotFound: (ids: string[]) => `Secrets not found in this workspace: ${ids.join(", ")}.`,
  authConnectionsNotFound: (ids: string[]) => `Auth connections not found in this workspace: ${ids.join(", ")}.`,
  missingAtCall: (tool: string, label: string) => `The ${tool} tool names the environment variable “${label}”, which does not exist.`,
  valueGone: (tool: string, label: string) => `The ${tool} tool's environment variable “${label}” names a secret that no longer exists.`,
  wrongTypeAtCall: (tool: string, label: string, type: EnvVarType) => `The ${tool} tool uses the environment variable “${label}” where its type (${type}) does not fit.`,
  environmentNeedsKey: "Only a conversation opened with an API key or a signed URL can name its environment.",
  urlTemplateFirst: (name: string) => `The ${name} tool's URL must begin with https:// before any {{system_env__…}} reference.`,
} as const;

/** Stored values: environment → text (string), secret id (secret) or auth connection id (auth_connection). */
export type EnvVarValues = Record<string, string>;

/** The id a request's value names for a reference type, or the text of a string one; null when it does not fit. */
function readValue(type: EnvVarType, value: unknown): string | null {
  if (type === "string") return typeof value === "string" && value.length <= ENV_VAR_LIMITS.value ? value : null;
  const key = type === "secret" ? "secret_id" : "auth_connection_id";
  const id = isObject(value) ? value[key] : undefined;
  return typeof id === "string" && id.length > 0 && id.length <= 100 ? id : null;
}

function checkEnvironments(names: string[]): string | null {
  const bad = names.find((name) => !ENVIRONMENT_NAME.test(name));
  if (bad !== undefined) return ENV_VAR_TEXTS.environmentInvalid(bad);
  return names.length > ENV_VAR_LIMITS.environments ? ENV_VAR_TEXTS.tooManyEnvironments : null;
}

/** A new variable's label and values as stored, or why not: the label's form, production present, each value of the type. */
export function newEnvVar(type: EnvVarType, label: string, values: Json): { ok: true; values: EnvVarValues } | { ok: false; message: string } {
  if (!ENV_VAR_LABEL.test(label)) return { ok: false, message: ENV_VAR_TEXTS.labelInvalid };
  if (!(DEFAULT_ENVIRONMENT in values)) return { ok: false, message: ENV_VAR_TEXTS.productionMissing };
  const names = checkEnvironments(Object.keys(values));
  if (names) return { ok: false, message: names };
  const stored: EnvVarValues = {};
  for (const [environment, value] of Object.entries(values)) {
    const read = readValue(type, value);
    if (read === null) return { ok: false, message: ENV_VAR_TEXTS.valueInvalid(type, environment) };
    stored[environment] = read;
  }
  return { ok: true, values: stored };
}

/** The values after an update: each given environment replaced, null (or undefined) removes one; production stays. */
export function updatedValues(type: EnvVarType, current: EnvVarValues, changes: Json): { ok: true; values: EnvVarValues } | { ok: false; message: string } {
  const next: EnvVarValues = { ...current };
  for (const [environment, value] of Object.entries(changes)) {
    if (!ENVIRONMENT_NAME.test(environment)) return { ok: false, message: ENV_VAR_TEXTS.environmentInvalid(environment) };
    if (value === null || value === undefined) {
      if (environment === DEFAULT_ENVIRONMENT) return { ok: false, message: ENV_VAR_TEXTS.productionRemoved };
      delete next[environment];
      continue;
    }
    const read = readValue(type, value);
    if (read === null) return { ok: false, message: ENV_VAR_TEXTS.valueInvalid(type, environment) };
    next[environment] = read;
  }
  const names = checkEnvironments(Object.keys(next));
  return names ? { ok: false, message: names } : { ok: true, values: next };
}

/** The ids a variable's values name, for the type that names them (none for string). */
export function referencedIds(type: EnvVarType, values: EnvVarValues): { secretIds: string[]; authConnectionIds: string[] } {
  const ids = [...new Set(Object.values(values))];
  return { secretIds: type === "secret" ? ids : [], authConnectionIds: type === "auth_connection" ? ids : [] };
}

/** The values as the API answers them (the SDK's shapes per type), only the filtered environment when one is asked. */
export function valuesJson(type: EnvVarType, values: EnvVarValues, environment?: string): Json {
  const entries = Object.entries(values).filter(([name]) => environment === undefined || name === environment);
  return Object.fromEntries(entries.map(([name, value]) => [name, type === "string" ? value : type === "secret" ? { secret_id: value } : { auth_connection_id: value }]));
}

/** The value for an environment: its own, else production's (every variable has one). */
export function valueFor(values: EnvVarValues, environment: string): string | undefined {
  return values[environment] ?? values[DEFAULT_ENVIRONMENT];
}

/** The labels a text names as {{system_env__<label>}}. */
export function templateLabels(text: string): string[] {
  return [...new Set([...text.matchAll(TEMPLATE)].map((m) => m[1]))];
}

/** A text with each {{system_env__<label>}} replaced by its value; the first label without one, else. */
export function fillTemplates(text: string, values: ReadonlyMap<string, string>): { ok: true; text: string } | { ok: false; label: string } {
  let missing: string | null = null;
  const filled = text.replace(TEMPLATE, (whole, label: string) => {
    const value = values.get(label);
    if (value === undefined) missing ??= label;
    return value ?? whole;
  });
  return missing === null ? { ok: true, text: filled } : { ok: false, label: missing };
}

/**
 * A tool URL with references as the save-time check reads it: each reference replaced by a stand-in, and a host
 * naming one replaced by a public stand-in (that host is checked at each call, once known). The URL must begin with
 * its scheme before any reference (the product's rule: the scheme is never a variable's).
 */
export function urlForCheck(raw: string): { url: string; schemeFirst: boolean } {
  const first = raw.search(/\{\{\s*system_env__/);
  if (first < 0) return { url: raw, schemeFirst: true };
  const authority = /^https?:\/\/([^/?#]*)/i.exec(raw)?.[1] ?? "";
  const url = authority.includes("{{") ? raw.replace(/^(https?:\/\/)[^/?#]*/i, "$1example.com") : raw;
  return { url: url.replace(TEMPLATE, "x"), schemeFirst: /^https?:\/\//i.test(raw.slice(0, first)) };
}

/** A variable as a call reads it: its type and the value for the conversation's environment (a secret's own value; undefined when its secret is gone). */
export type ResolvedEnvVar = { type: EnvVarType; value: string | undefined };

/** The labels a webhook tool names: in its URL, its headers' text, its headers' {env_var_label} and its auth connection. */
export function toolEnvLabels(tool: Pick<WebhookTool, "url" | "headers" | "authConnectionEnvLabel">): string[] {
  const labels = [...templateLabels(tool.url)];
  for (const value of Object.values(tool.headers)) {
    if (typeof value === "string") labels.push(...templateLabels(value));
    else if ("envVarLabel" in value) labels.push(value.envVarLabel);
  }
  if (tool.authConnectionEnvLabel) labels.push(tool.authConnectionEnvLabel);
  return [...new Set(labels)];
}

/**
 * The tool as one call makes it: environment variables put in its URL and headers (string and secret ones, as text)
 * and its auth connection named (an auth_connection one); the first that does not exist or fit fails the call.
 */
export function withEnvironmentVariables(tool: WebhookTool, vars: ReadonlyMap<string, ResolvedEnvVar>): { ok: true; tool: WebhookTool } | { ok: false; text: string } {
  const problem = (label: string, want: "text" | "auth_connection"): string | null => {
    const found = vars.get(label);
    if (!found) return ENV_VAR_TEXTS.missingAtCall(tool.name, label);
    if ((want === "auth_connection") !== (found.type === "auth_connection")) return ENV_VAR_TEXTS.wrongTypeAtCall(tool.name, label, found.type);
    return found.value === undefined ? ENV_VAR_TEXTS.valueGone(tool.name, label) : null;
  };
  const texts = new Map([...vars].flatMap(([label, v]) => (v.type !== "auth_connection" && v.value !== undefined ? [[label, v.value] as const] : [])));
  const fill = (text: string): { ok: true; text: string } | { ok: false; text: string } => {
    for (const label of templateLabels(text)) {
      const why = problem(label, "text");
      if (why) return { ok: false, text: why };
    }
    const filled = fillTemplates(text, texts);
    return filled.ok ? filled : { ok: false, text: ENV_VAR_TEXTS.missingAtCall(tool.name, filled.label) };
  };
  const url = fill(tool.url);
  if (!url.ok) return url;
  const headers: WebhookTool["headers"] = {};
  for (const [name, value] of Object.entries(tool.headers)) {
    if (typeof value === "string") {
      const text = fill(value);
      if (!text.ok) return text;
      headers[name] = text.text;
    } else if ("envVarLabel" in value) {
      const why = problem(value.envVarLabel, "text");
      if (why) return { ok: false, text: why };
      headers[name] = texts.get(value.envVarLabel)!;
    } else headers[name] = value;
  }
  let authConnectionId = tool.authConnectionId;
  if (tool.authConnectionEnvLabel) {
    const why = problem(tool.authConnectionEnvLabel, "auth_connection");
    if (why) return { ok: false, text: why };
    authConnectionId = vars.get(tool.authConnectionEnvLabel)!.value!;
  }
  return { ok: true, tool: { ...tool, url: url.text, headers, authConnectionId, authConnectionEnvLabel: null } };
}

/** The label a header value names as {"env_var_label": ...} (the SDK's ConvAiEnvVarLocator), or null. */
export function envVarLabelOf(value: unknown): string | null {
  return isObject(value) && typeof value.env_var_label === "string" && value.env_var_label ? value.env_var_label : null;
}

/** The environment a request names, production when none; null when the name is not one. */
export function environmentOf(name: string | null | undefined): string | null {
  if (name === null || name === undefined || name === "") return DEFAULT_ENVIRONMENT;
  return ENVIRONMENT_NAME.test(name) ? name : null;
}

/** A list cursor: the last item's creation time and id. */
export function envVarCursor(row: { createdAt: number; id: string }): string {
  return `${row.createdAt}_${row.id}`;
}

export function readEnvVarCursor(cursor: string | undefined): { createdAt: number; id: string } | null {
  const match = cursor ? /^(\d{1,15})_(.{1,100})$/.exec(cursor) : null;
  return match ? { createdAt: Number(match[1]), id: match[2] } : null;
}
