// Workspace secrets for agents' webhook tools (decision 0053): a tool's request header names a secret
// ({"secret_id": "..."}, the SDK's ConvAiSecretLocator) and the value is put in only when the tool is called. Pure.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const SECRET_LIMITS = { name: 100, value: 10_000, pageSize: 100 } as const;

export const SECRET_TEXTS = {
  notFound: "Secret not found.",
  secretsNotFound: (ids: string[]) => `Secrets not found in this workspace: ${ids.join(", ")}.`,
  inUse: (agents: string[]) => `The secret is used by ${agents.join(", ")}: remove it from their tools first.`,
  missingAtCall: (tool: string, header: string) => `The ${tool} tool's ${header} header names a secret that no longer exists.`,
} as const;

export const SECRETS_PAGE_TEXTS = {
  intro: "Values your webhook tools send in their request headers, such as an API key. A tool names the secret; its value is put in only when the tool is called.",
  valueOnce: "The value is stored as you type it and never shown again, here or through the API.",
  replaceExplained: "Enter the new value: tools send it from their next call. The old value is not shown.",
  nameMissing: "Enter a name.",
  nameTooLong: `A name has at most ${SECRET_LIMITS.name} characters.`,
  valueMissing: "Enter the value.",
  valueTooLong: `A value has at most ${SECRET_LIMITS.value} characters.`,
  created: (name: string) => `Stored the secret “${name}”. Its value will not be shown again.`,
  replaced: (name: string) => `Replaced the value of “${name}”.`,
  deleted: "Deleted the secret.",
  unused: "Nothing",
  empty: "No secrets yet",
  emptyHint: "Add one above, then name it in a webhook tool's header through the API ({\"secret_id\": …}).",
  noMatch: "No secret has that name",
  notAForm: "Send the page's form.",
} as const;

/** A header value as stored: text, a reference to a workspace secret, or to an environment variable (decision 0098). */
export type HeaderValue = string | { secretId: string } | { envVarLabel: string };

/** A request header's value as the SDK sends it (a string, {secret_id} or {env_var_label}); other shapes (dynamic variables) are not read. */
export function headerValue(value: unknown): HeaderValue | null {
  if (typeof value === "string") return value;
  if (isObject(value) && typeof value.secret_id === "string" && value.secret_id) return { secretId: value.secret_id };
  if (isObject(value) && typeof value.env_var_label === "string" && value.env_var_label) return { envVarLabel: value.env_var_label };
  return null;
}

/** The secret ids an agent's prompt (conversation_config.agent.prompt) refers to from its webhook tools' headers. */
export function secretIdsOfPrompt(prompt: unknown): string[] {
  const tools = isObject(prompt) && Array.isArray(prompt.tools) ? prompt.tools : [];
  const ids = new Set<string>();
  for (const tool of tools) {
    if (!isObject(tool) || tool.type !== "webhook" || !isObject(tool.api_schema) || !isObject(tool.api_schema.request_headers)) continue;
    for (const value of Object.values(tool.api_schema.request_headers)) {
      const header = headerValue(value);
      if (header && typeof header !== "string" && "secretId" in header) ids.add(header.secretId);
    }
  }
  return [...ids];
}

/**
 * The headers a call sends: each secret reference replaced by its value; the first header whose secret is gone, else
 * (environment variables are put in before, withEnvironmentVariables: one left here has no value).
 */
export function resolveHeaders(headers: Record<string, HeaderValue>, values: ReadonlyMap<string, string>): { ok: true; headers: Record<string, string> } | { ok: false; header: string } {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string") out[name] = value;
    else {
      const secret = "secretId" in value ? values.get(value.secretId) : undefined;
      if (secret === undefined) return { ok: false, header: name };
      out[name] = secret;
    }
  }
  return { ok: true, headers: out };
}
