import { Hono } from "hono";
import type { ApiEnv } from "~/api";
import { API_KEY_HEADER } from "~/accounts/rules/api-keys";
import { apiKeyActor, getViewer, secondFactorRefusal } from "~/accounts/accounts.server";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { database } from "../../db/client";
import { keyMayCall } from "../../core/workspace/key-scopes";
import { agentsRefusal, chosenRoute, conversationCreditRefusal, findAgent, findWidgetAgent, findWorkspaceAgent, signatureHolder, type AgentRow } from "~/agents/agents.server";
import { serveConversation } from "~/agents/generation.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { BRANCH_TEXTS } from "~/agents/rules/branches";
import { CLOSE_POLICY, closeReason } from "~/agents/rules/protocol";
import { ENV_VAR_TEXTS, environmentOf } from "~/agents/rules/environment-variables";

const doc = apiDocs("Conversational AI");

/**
 * GET /v1/convai/conversation?agent_id=...: the conversation WebSocket (decision 0037). It authenticates for itself:
 * a signed URL's conversation_signature, the xi-api-key header, (the app's own pages) the session cookie from the
 * same origin, or (the widget on another site) that site's Origin in the agent's allowlist. Refusals after the upgrade close the socket with the policy code and the reason.
 * A conversation may choose its branch or version (decision 0085): a signed URL made with branch_id or version_id
 * names them in its signature; an API key or the session takes them in the query. The widget follows the traffic split.
 * Its environment (decision 0098) is the signed URL's, or with an API key or the session the query's environment;
 * production otherwise (the widget's visitors cannot choose one).
 */
export const conversationSocketApi = new Hono<ApiEnv>();

type Caller = { agent: AgentRow; userId: string | null; branchId: string | null; versionId: string | null; environment: string | null } | { error: string };

async function caller(c: { req: { header(name: string): string | undefined; query(name: string): string | undefined; raw: Request; url: string } }, env: Env, agentId: string): Promise<Caller> {
  const db = database(env.DB);
  const signature = c.req.query("conversation_signature") ?? c.req.query("token");
  const branchId = c.req.query("branch_id") || null;
  const versionId = c.req.query("version_id") || null;
  const environment = c.req.query("environment") || null;
  if (environment !== null && environmentOf(environment) === null) return { error: ENV_VAR_TEXTS.environmentInvalid(environment) };
  if (signature) {
    const holder = await signatureHolder(env, signature);
    if (!holder || holder.agentId !== agentId) return { error: AGENT_TEXTS.signedUrlInvalid };
    // The signature's branch and version are the ones it was made for: a query naming others is not that link.
    if ((branchId && branchId !== holder.branchId) || (versionId && versionId !== holder.versionId) || (environment && environment !== environmentOf(holder.environment))) return { error: AGENT_TEXTS.signedUrlInvalid };
    const agent = await findWorkspaceAgent(env, holder.workspaceId, agentId);
    return agent ? { agent, userId: holder.userId, branchId: holder.branchId, versionId: holder.versionId, environment: holder.environment } : { error: AGENT_TEXTS.agentNotFound };
  }
  const key = c.req.header(API_KEY_HEADER);
  let actor = key ? await apiKeyActor(db, key) : null;
  if (key && !actor) return { error: "Invalid API key" };
  if (actor && !keyMayCall(actor.key?.scopes ?? null, "GET", new URL(c.req.url).pathname).ok) return { error: "This API key may not open conversations." };
  if (!actor) {
    // The session cookie counts only from the app's own origin (a page elsewhere cannot use a signed-in browser).
    const origin = c.req.header("origin");
    const sameOrigin = origin !== undefined && origin === new URL(c.req.url).origin;
    // A page elsewhere talks through the widget: only from the agent's allowed sites (decision 0050).
    if (origin && !sameOrigin) {
      const widget = await findWidgetAgent(env, agentId, origin);
      if (!widget) return { error: AGENT_TEXTS.agentNotFound };
      if (branchId || versionId) return { error: BRANCH_TEXTS.branchNeedsKey };
      if (environment) return { error: ENV_VAR_TEXTS.environmentNeedsKey };
      return "refused" in widget ? { error: widget.refused } : { agent: widget.agent, userId: null, branchId: null, versionId: null, environment: null };
    }
    const viewer = sameOrigin ? await getViewer(c.req.raw, db) : null;
    if (!viewer) return { error: AGENT_TEXTS.socketNeedsKey };
    actor = { user: viewer.user, membership: viewer.membership, via: "session", apiKeyId: null };
  }
  const held = secondFactorRefusal(actor);
  if (held) return { error: held.message };
  const denied = await agentsRefusal(env, actor);
  if (denied) return { error: denied.message };
  const agent = await findAgent(env, actor, agentId);
  return agent ? { agent, userId: actor.user.id, branchId, versionId, environment } : { error: AGENT_TEXTS.agentNotFound };
}

conversationSocketApi.get(
  "/conversation",
  doc("Talk with an agent (WebSocket: the SDK's conversation protocol)", {
    success: { status: 101, contentTypes: ["application/json"], description: "A WebSocket: user audio (16 kHz PCM) or text in; transcripts, agent responses and audio out" },
    responses: { 426: "upgrade_required: the request is not a WebSocket upgrade" },
  }),
  async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, 426, "upgrade_required", "This endpoint is a WebSocket: open it with an upgrade request.");
    const agentId = c.req.query("agent_id") ?? "";
    let found: Caller = agentId ? await caller(c, c.env, agentId) : { error: AGENT_TEXTS.agentNotFound };
    // The chosen version, or branch's tip (checked again: the branch may have been archived since the URL was made).
    const chosen = "agent" in found ? await chosenRoute(c.env, found.agent, found) : null;
    if (chosen && !chosen.ok) found = { error: chosen.refusal.message };
    // A workspace whose credits do not cover the first minute is refused before anything starts (decision 0053).
    const broke = "agent" in found ? await conversationCreditRefusal(c.env, found.agent.workspaceId) : null;
    if (broke) found = { error: broke.message };
    const { 0: client, 1: server } = new WebSocketPair();
    server.accept();
    if ("error" in found) {
      server.send(JSON.stringify({ type: "error", error: found.error }));
      // A close reason holds at most 123 bytes; the error message before it carries the whole text.
      server.close(CLOSE_POLICY, closeReason(found.error));
    } else {
      serveConversation(c.env, server, { agent: found.agent, userId: found.userId, requestId: c.get("requestId"), waitUntil: (promise) => c.executionCtx.waitUntil(promise), branch: chosen?.ok ? chosen.routed : undefined, environment: found.environment ?? undefined });
    }
    return new Response(null, { status: 101, webSocket: client });
  },
);
