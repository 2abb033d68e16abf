// The workspace's conversational AI settings and dashboard (decision 0065), as the API's JSON: the post-call
// webhook they name receives each ended conversation (post_call_transcription); the rest is kept as given.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/conversation-review";
import { findConversation as findConversationRow } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { mergeJson, type Json } from "~/agents/rules/agents";
import { postCallWebhookId, SETTINGS_DEFAULTS, SETTINGS_TEXTS } from "~/agents/rules/settings";
import { emitWorkspaceEvent, webhooksOf } from "~/workspace/webhooks.server";
import { log } from "~/common/log.server";
import { conversationJson } from "./conversations.server";

export type SettingsRefusal = { httpStatus: 400 | 403; status: string; message: string };

type Viewer = Pick<Actor, "membership">;
const workspaceOf = (viewer: Viewer) => viewer.membership.workspace.id;
const parse = (text: string | undefined): Json => (text ? (JSON.parse(text) as Json) : {});

async function stored(env: { DB: D1Database }, workspaceId: string) {
  const row = await table.findSettings(database(env.DB), workspaceId);
  return { settings: parse(row?.settings), dashboard: parse(row?.dashboard) };
}

/** The settings: what was saved over the defaults. */
export async function convaiSettings(env: { DB: D1Database }, viewer: Viewer): Promise<Json> {
  return mergeJson(SETTINGS_DEFAULTS, (await stored(env, workspaceOf(viewer))).settings);
}

/** Whether the workspace's agents may reach MCP servers (can_use_mcp_servers, on unless turned off: decision 0084). */
export async function mcpServersAllowed(env: { DB: D1Database }, workspaceId: string): Promise<boolean> {
  return mergeJson(SETTINGS_DEFAULTS, (await stored(env, workspaceId)).settings).can_use_mcp_servers !== false;
}

/** Merges a patch into the settings; a post-call webhook must be one of the workspace's, subscribed to the event. */
export async function updateConvaiSettings(env: { DB: D1Database }, viewer: Actor, patch: Json): Promise<{ ok: true; settings: Json } | { ok: false; refusal: SettingsRefusal }> {
  const workspaceId = workspaceOf(viewer);
  const current = await stored(env, workspaceId);
  const next = mergeJson(current.settings, patch);
  const webhookId = postCallWebhookId(next);
  if (webhookId && webhookId !== postCallWebhookId(current.settings)) {
    // Naming a webhook is managing webhooks: the workspace's own rule decides who may (decision 0034).
    const hooks = await webhooksOf(database(env.DB), viewer);
    if (!hooks.ok) return { ok: false, refusal: { httpStatus: hooks.httpStatus === 403 ? 403 : 400, status: hooks.status, message: hooks.message } };
    const webhook = hooks.webhooks.find((w) => w.id === webhookId);
    if (!webhook) return { ok: false, refusal: { httpStatus: 400, status: "webhook_not_found", message: SETTINGS_TEXTS.webhookNotFound(webhookId) } };
    if (!webhook.events.includes("post_call_transcription")) return { ok: false, refusal: { httpStatus: 400, status: "invalid_webhook", message: SETTINGS_TEXTS.webhookNotSubscribed(webhook.name) } };
  }
  await table.saveSettings(database(env.DB), { workspaceId, settings: JSON.stringify(next), dashboard: JSON.stringify(current.dashboard), updatedAt: Date.now() });
  return { ok: true, settings: mergeJson(SETTINGS_DEFAULTS, next) };
}

/**
 * What the settings page offers for the post-call webhook: the webhook the settings name, and the workspace's
 * webhooks that subscribe to post_call_transcription (the only ones the setting accepts). A member who may not
 * manage webhooks is told why instead (the same rule as naming one, decision 0034).
 */
export async function postCallWebhookChoices(env: { DB: D1Database }, viewer: Actor) {
  const current = postCallWebhookId((await stored(env, workspaceOf(viewer))).settings);
  const hooks = await webhooksOf(database(env.DB), viewer);
  if (!hooks.ok) return { current, webhooks: [], refusal: hooks.message };
  const subscribed = hooks.webhooks.filter((w) => w.events.includes("post_call_transcription"));
  return { current, webhooks: subscribed.map((w) => ({ id: w.id, name: w.name, url: w.url, disabled: w.isDisabled || w.isAutoDisabled })), refusal: null };
}

export async function dashboardSettings(env: { DB: D1Database }, viewer: Viewer): Promise<Json> {
  return { charts: [], ...(await stored(env, workspaceOf(viewer))).dashboard };
}

/** Replaces the dashboard's charts. */
export async function updateDashboardSettings(env: { DB: D1Database }, viewer: Viewer, dashboard: Json): Promise<Json> {
  const workspaceId = workspaceOf(viewer);
  const current = await stored(env, workspaceId);
  const next = { ...current.dashboard, ...dashboard };
  await table.saveSettings(database(env.DB), { workspaceId, settings: JSON.stringify(current.settings), dashboard: JSON.stringify(next), updatedAt: Date.now() });
  return { charts: [], ...next };
}

/**
 * Tells the workspace's webhooks that a conversation ended (post_call_transcription, with the conversation as
 * GET /v1/convai/conversations/{id} gives it): the one the settings name, or else every webhook subscribed to it.
 */
export async function emitPostCall(env: Env, workspaceId: string, conversationId: string): Promise<void> {
  const row = await findConversationRow(database(env.DB), workspaceId, conversationId);
  if (!row) return;
  const settings = (await stored(env, workspaceId)).settings;
  await emitWorkspaceEvent(env, workspaceId, "post_call_transcription", conversationJson(row), postCallWebhookId(settings)).catch((error) =>
    log("error", "post-call webhook event not queued", { conversation_id: row.id, error: String(error) }),
  );
}
