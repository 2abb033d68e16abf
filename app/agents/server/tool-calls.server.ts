// Calling an agent's webhook tool (decisions 0050, 0053): from a live conversation and from a simulated one alike.
import { resolveHeaders, SECRET_TEXTS } from "~/agents/rules/secrets";
import { TOOL_TEXTS, toolUrlProblem, webhookRequest, type WebhookTool } from "~/agents/rules/llm";
import { DEFAULT_ENVIRONMENT, toolEnvLabels, withEnvironmentVariables } from "~/agents/rules/environment-variables";
import { secretValues } from "./secrets.server";
import { environmentValues } from "./environment-variables.server";
import { toolAuthHeaders } from "~/workspace/auth-connections.server";

type Env = { DB: D1Database; ENVIRONMENT?: string };
export type ToolOutcome = { ok: boolean; text: string };

/**
 * Makes a webhook tool's HTTP call: its environment variables are put in for the conversation's environment
 * (decision 0098) and its secrets read now, for this call only (one deleted since the agent was saved fails the
 * tool); the URL is checked again (the agent may predate the check, the arguments and variables change the URL);
 * redirects are not followed; the tool's own timeout.
 */
export async function callWebhookTool(env: Env, workspaceId: string, stored: WebhookTool, args: Record<string, unknown>, environment: string = DEFAULT_ENVIRONMENT): Promise<ToolOutcome> {
  const labels = toolEnvLabels(stored);
  const resolved = labels.length ? withEnvironmentVariables(stored, await environmentValues(env, workspaceId, labels, environment)) : { ok: true as const, tool: stored };
  if (!resolved.ok) return { ok: false, text: resolved.text };
  const tool = resolved.tool;
  const ids = Object.values(tool.headers).flatMap((h) => (typeof h !== "string" && "secretId" in h ? [h.secretId] : []));
  const headers = resolveHeaders(tool.headers, ids.length ? await secretValues(env, workspaceId, ids) : new Map());
  if (!headers.ok) return { ok: false, text: SECRET_TEXTS.missingAtCall(tool.name, headers.header) };
  // An auth connection's credentials (a client-credentials token fetched or reused now) go over the tool's own headers (decision 0066).
  const auth = tool.authConnectionId ? await toolAuthHeaders(env, workspaceId, tool.authConnectionId, tool.name) : { ok: true as const, headers: {} };
  if (!auth.ok) return { ok: false, text: auth.text };
  // A variable's value may make the URL unreadable (a space in its host): the tool fails, the turn goes on.
  let request: ReturnType<typeof webhookRequest>;
  try {
    request = webhookRequest({ ...tool, headers: { ...headers.headers, ...auth.headers } }, args);
  } catch {
    return { ok: false, text: TOOL_TEXTS.urlInvalid(tool.name) };
  }
  const { url, init } = request;
  const problem = toolUrlProblem(tool.name, url, env.ENVIRONMENT !== "production");
  if (problem) return { ok: false, text: problem };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), tool.timeoutSeconds * 1000);
  try {
    const response = await fetch(url, { ...init, signal: abort.signal });
    if (response.status >= 300 && response.status < 400) return { ok: false, text: TOOL_TEXTS.redirected(tool.name) };
    const text = await response.text();
    return response.ok ? { ok: true, text: text || TOOL_TEXTS.noResponseExpected } : { ok: false, text: TOOL_TEXTS.failed(tool.name, response.status) };
  } catch (error) {
    return { ok: false, text: abort.signal.aborted ? TOOL_TEXTS.timedOut(tool.name, tool.timeoutSeconds) : TOOL_TEXTS.failed(tool.name, String(error)) };
  } finally {
    clearTimeout(timer);
  }
}
