import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { createWebhook, editWebhook, removeWebhook, replayDelivery, sendTestEvent, webhookDeliveries, webhooksOf, type Webhook } from "~/workspace/webhooks.server";
import { webhookEvents, webhookName, webhookOAuth2, webhookUrl } from "~/workspace/rules/webhooks";

/** /v1/workspace/webhooks: workspace webhooks, HMAC-signed or with OAuth2 bearer tokens (decision 0076), as the official SDK's webhooks calls them. */
export const webhooksApi = new Hono<AuthedEnv>();
webhooksApi.use("*", requireCaller);
const doc = apiDocs("Webhooks");
const REFUSALS = { 403: "forbidden (admins, or the workspace_settings permission)", 404: "webhook_not_found" };

const webhookJson = (w: Webhook, withUsage: boolean) => ({
  name: w.name,
  webhook_id: w.id,
  webhook_url: w.url,
  is_disabled: w.isDisabled,
  is_auto_disabled: w.isAutoDisabled,
  created_at_unix: w.createdAt,
  auth_type: w.authType,
  most_recent_failure_error_code: w.mostRecentFailureErrorCode,
  most_recent_failure_timestamp: w.mostRecentFailureAt,
  // In words: a refused token request has no status code from the webhook to report (decision 0076).
  most_recent_failure_reason: w.mostRecentFailureReason,
  // OAuth2: the client-credentials settings, never the client secret.
  ...(w.oauth2 ? { oauth2: w.oauth2 } : {}),
  ...(withUsage ? { events: w.events, usage: [] } : {}),
});
type Outcome = { ok: true } | { ok: false; httpStatus: 400 | 403 | 404 | 409 | 422; status: string; message: string };
const refusal = (c: Context<AuthedEnv>, r: Exclude<Outcome, { ok: true }>) => apiError(c, r.httpStatus, r.status, r.message);
const idParam = z.object({ webhook_id: z.string().min(1).max(64) });

webhooksApi.get(
  "/",
  doc("The workspace's webhooks", { success: { description: "JSON: webhooks (events with include_usages=true)" }, responses: REFUSALS }),
  valid("query", z.object({ include_usages: z.enum(["true", "false"]).optional() })),
  async (c) => {
    const listed = await webhooksOf(database(c.env.DB), c.get("caller"));
    if (!listed.ok) return refusal(c, listed);
    return c.json({ webhooks: listed.webhooks.map((w) => webhookJson(w, c.req.valid("query").include_usages === "true")) });
  },
);

webhooksApi.post(
  "/",
  doc("Create a webhook. HMAC: the signing secret is in the answer, once. OAuth2: token_url, client_id, client_secret (never returned), scope and audience", {
    success: { description: "JSON: webhook_id, webhook_secret (HMAC only)" },
    responses: { ...REFUSALS, 400: "invalid_webhook_url (https only and public hosts in production)", 422: "a missing or bad field; invalid_token_url (https only and public hosts in production)" },
  }),
  valid(
    "json",
    z.object({
      settings: z.discriminatedUnion("auth_type", [
        z.object({ auth_type: z.literal("hmac"), name: webhookName, webhook_url: webhookUrl, events: webhookEvents.optional() }),
        webhookOAuth2.extend({ auth_type: z.literal("oauth2"), name: webhookName, webhook_url: webhookUrl, events: webhookEvents.optional() }),
      ]),
    }),
  ),
  async (c) => {
    const { settings } = c.req.valid("json");
    const oauth2 = settings.auth_type === "oauth2" ? { token_url: settings.token_url, client_id: settings.client_id, client_secret: settings.client_secret, scope: settings.scope, audience: settings.audience } : undefined;
    const created = await createWebhook(c.env, c.get("caller"), { name: settings.name, url: settings.webhook_url, events: settings.events ?? [], oauth2 });
    if (!created.ok) return refusal(c, created);
    return c.json(created.secret ? { webhook_id: created.id, webhook_secret: created.secret } : { webhook_id: created.id });
  },
);

webhooksApi.patch(
  "/:webhook_id",
  doc("Rename, enable or disable a webhook, or set its events", { success: { description: "JSON: status" }, responses: REFUSALS }),
  valid("param", idParam),
  valid("json", z.object({ is_disabled: z.boolean(), name: webhookName, events: webhookEvents.nullish(), retry_enabled: z.boolean().nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const updated = await editWebhook(database(c.env.DB), c.get("caller"), c.req.valid("param").webhook_id, { name: body.name, isDisabled: body.is_disabled, events: body.events ?? undefined });
    return updated.ok ? c.json({ status: "ok" }) : refusal(c, updated);
  },
);

webhooksApi.delete("/:webhook_id", doc("Delete a webhook", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", idParam), async (c) => {
  const deleted = await removeWebhook(database(c.env.DB), c.get("caller"), c.req.valid("param").webhook_id);
  return deleted.ok ? c.json({ status: "ok" }) : refusal(c, deleted);
});

webhooksApi.post("/:webhook_id/test", doc("Send a test event through the delivery queue", { success: { status: 202, description: "JSON: delivery_id" }, responses: REFUSALS }), valid("param", idParam), async (c) => {
  const sent = await sendTestEvent(c.env, c.get("caller"), c.req.valid("param").webhook_id);
  return sent.ok ? c.json({ delivery_id: sent.deliveryId }, 202) : refusal(c, sent);
});

webhooksApi.post(
  "/:webhook_id/deliveries/:delivery_id/replay",
  doc("Send a logged delivery's event again, as a new delivery", { success: { status: 202, description: "JSON: delivery_id" }, responses: { ...REFUSALS, 404: "webhook_not_found, delivery_not_found" } }),
  valid("param", idParam.extend({ delivery_id: z.string().min(1).max(64) })),
  async (c) => {
    const { webhook_id: webhookId, delivery_id: deliveryId } = c.req.valid("param");
    const sent = await replayDelivery(c.env, c.get("caller"), webhookId, deliveryId);
    return sent.ok ? c.json({ delivery_id: sent.deliveryId }, 202) : refusal(c, sent);
  },
);

webhooksApi.get("/:webhook_id/deliveries", doc("The webhook's delivery log, newest first (50)", { success: { description: "JSON: deliveries" }, responses: REFUSALS }), valid("param", idParam), async (c) => {
  const listed = await webhookDeliveries(database(c.env.DB), c.get("caller"), c.req.valid("param").webhook_id);
  if (!listed.ok) return refusal(c, listed);
  return c.json({
    deliveries: listed.deliveries.map((d) => ({
      delivery_id: d.id,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      created_at_unix: d.createdAt,
      last_attempt_at_unix: d.lastAttemptAt,
    })),
  });
});
