import { database, type Database } from "../../db/client";
import * as hooks from "../../db/repositories/webhooks";
import {
  signWebhook,
  SIGNATURE_HEADER,
  TEST_EVENT,
  WEBHOOK_AUTO_DISABLE_AFTER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
  webhookBody,
  webhookRetryDelaySeconds,
  webhookUrlProblem,
  isWorkspaceEventMessage,
  WORKSPACE_EVENT_ATTEMPTS,
  type WebhookEvent,
} from "../../core/webhooks/webhooks";
import { can, isDevelopment, isServiceAccount, newId, randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { tokenUrlProblem, WEBHOOK_TEXTS, webhookCredentials, type WebhookOAuth2, type WebhookOAuth2Settings } from "~/workspace/rules/webhooks";
import { readTokenAnswer, tokenRequest } from "~/workspace/rules/auth-connections";
import { devIdentityProvider, isLocalDevTokenUrl } from "~/workspace/dev-identity-provider.server";
import { notifyWorkspace } from "~/workspace/notifications.server";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";
import { recordAudit } from "~/workspace/audit-log.server";
import { nowSeconds } from "../../core/clock";

type Result<T = object> = ({ ok: true } & T) | WorkspaceRefusal | { ok: false; httpStatus: 400 | 422; status: string; message: string };
const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });

export type WebhookEnv = Pick<Env, "DB" | "ENVIRONMENT" | "WEBHOOK_DELIVERIES" | "WORKSPACE_EVENTS">;
export type Webhook = Omit<hooks.WebhookRow, "secret" | "events" | "authSettings"> & { events: WebhookEvent[]; oauth2: WebhookOAuth2Settings | null };
/** The queue message: the delivery's id (everything else is read from D1 when it is sent). */
export type WebhookMessage = { deliveryId: string };

const parseEvents = (json: string) => JSON.parse(json) as WebhookEvent[];
const parseOAuth2 = (json: string | null) => (json ? (JSON.parse(json) as WebhookOAuth2Settings) : null);
const publicRow = ({ secret: _secret, events, authSettings, ...rest }: hooks.WebhookRow): Webhook => ({ ...rest, events: parseEvents(events), oauth2: parseOAuth2(authSettings) });

/** Webhooks are workspace settings: admins, and members whose group grants workspace_settings (decision 0034). */
async function managerRefusal(db: Database, actor: Actor): Promise<WorkspaceRefusal | null> {
  return (await can(db, actor, "workspace_settings")) ? null : refuse(403, "forbidden", WEBHOOK_TEXTS.forbidden);
}

export async function webhooksOf(db: Database, actor: Actor): Promise<Result<{ webhooks: Webhook[] }>> {
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  return { ok: true, webhooks: (await hooks.listWebhooks(db, actor.membership.workspace.id)).map(publicRow) };
}

/**
 * A new webhook. HMAC: its signing secret is returned once, here, and never shown again. OAuth2 (decision 0076):
 * the client secret it was given is stored for its token requests and never returned; there is no signing secret.
 */
export async function createWebhook(
  env: WebhookEnv,
  actor: Actor,
  input: { name: string; url: string; events: WebhookEvent[]; oauth2?: WebhookOAuth2 },
): Promise<Result<{ id: string; secret: string | null }>> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const production = env.ENVIRONMENT === "production";
  const problem = webhookUrlProblem(input.url, production);
  if (problem) return { ok: false, httpStatus: 400, status: "invalid_webhook_url", message: problem };
  if (input.oauth2 && tokenUrlProblem(input.oauth2.token_url, production)) return { ok: false, httpStatus: 422, status: "invalid_token_url", message: WEBHOOK_TEXTS.tokenUrl };
  const id = newId("whk");
  const events = JSON.stringify([...new Set(input.events)]);
  const base = { id, workspaceId: actor.membership.workspace.id, name: input.name, url: input.url, events };
  // Only the URL's host: its path or query may carry a token.
  const audited = { name: input.name, host: new URL(input.url).host, events: input.events, auth_type: input.oauth2 ? "oauth2" : "hmac" };
  if (input.oauth2) {
    const { client_secret: clientSecret, scope, audience, ...required } = input.oauth2;
    const settings: WebhookOAuth2Settings = { ...required, ...(scope ? { scope } : {}), ...(audience ? { audience } : {}) };
    await hooks.insertWebhook(db, { ...base, authType: "oauth2", secret: clientSecret, authSettings: JSON.stringify(settings) });
    await recordAudit(db, actor, "webhook_created", id, audited);
    return { ok: true, id, secret: null };
  }
  const secret = `wsec_${randomHex(32)}`;
  await hooks.insertWebhook(db, { ...base, secret });
  await recordAudit(db, actor, "webhook_created", id, audited);
  return { ok: true, id, secret };
}

/** Name, events, and enabled: enabling again also lifts an automatic disable and forgets the failure streak. */
export async function editWebhook(db: Database, actor: Actor, id: string, patch: { name?: string; isDisabled?: boolean; events?: WebhookEvent[] }): Promise<Result> {
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const updated = await hooks.updateWebhook(db, actor.membership.workspace.id, id, {
    name: patch.name,
    events: patch.events === undefined ? undefined : JSON.stringify([...new Set(patch.events)]),
    isDisabled: patch.isDisabled,
    ...(patch.isDisabled === false ? { isAutoDisabled: false, consecutiveFailures: 0 } : {}),
  });
  if (!updated) return refuse(404, "webhook_not_found", WEBHOOK_TEXTS.notFound);
  await recordAudit(db, actor, "webhook_changed", id, { name: patch.name, events: patch.events, disabled: patch.isDisabled });
  return { ok: true };
}

export async function removeWebhook(db: Database, actor: Actor, id: string): Promise<Result> {
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  if (!(await hooks.deleteWebhook(db, actor.membership.workspace.id, id))) return refuse(404, "webhook_not_found", WEBHOOK_TEXTS.notFound);
  tokens.delete(id);
  await recordAudit(db, actor, "webhook_deleted", id);
  return { ok: true };
}

export async function webhookDeliveries(db: Database, actor: Actor, id: string): Promise<Result<{ deliveries: hooks.DeliveryRow[] }>> {
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  if (!(await hooks.findWebhook(db, actor.membership.workspace.id, id))) return refuse(404, "webhook_not_found", WEBHOOK_TEXTS.notFound);
  return { ok: true, deliveries: await hooks.recentDeliveries(db, actor.membership.workspace.id, id, 50) };
}

async function enqueue(env: WebhookEnv, webhookId: string, type: string, data: Record<string, unknown>): Promise<string> {
  return enqueuePayload(env, webhookId, type, webhookBody(type, nowSeconds(), data));
}

async function enqueuePayload(env: WebhookEnv, webhookId: string, type: string, payload: string): Promise<string> {
  const id = newId("dlv");
  await hooks.insertDelivery(database(env.DB), { id, webhookId, eventType: type, payload });
  await env.WEBHOOK_DELIVERIES.send({ deliveryId: id } satisfies WebhookMessage);
  return id;
}

/** Replay: the same event body again, as a new delivery (signed afresh when it is sent). */
export async function replayDelivery(env: WebhookEnv, actor: Actor, webhookId: string, deliveryId: string): Promise<Result<{ deliveryId: string }>> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const found = await hooks.findDelivery(db, deliveryId);
  if (!found || found.webhook.id !== webhookId || found.webhook.workspaceId !== actor.membership.workspace.id) return refuse(404, "delivery_not_found", WEBHOOK_TEXTS.deliveryNotFound);
  return { ok: true, deliveryId: await enqueuePayload(env, webhookId, found.delivery.eventType, found.delivery.payload) };
}

/** "Send test": a test event to one webhook, through the queue like every delivery (even when it is disabled). */
export async function sendTestEvent(env: WebhookEnv, actor: Actor, id: string): Promise<Result<{ deliveryId: string }>> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const webhook = await hooks.findWebhook(db, actor.membership.workspace.id, id);
  if (!webhook) return refuse(404, "webhook_not_found", WEBHOOK_TEXTS.notFound);
  const deliveryId = await enqueue(env, webhook.id, TEST_EVENT, { webhook_id: webhook.id, message: WEBHOOK_TEXTS.testMessage, sent_by: isServiceAccount(actor) ? "service_account" : actor.user.email });
  return { ok: true, deliveryId };
}

/**
 * THE emitter for workspace events: the product areas call it when something a webhook may care about happens
 * (a transcription, a dub, a conversion finishing). Each enabled webhook of the workspace subscribed to the
 * event gets a delivery through the queue, and the members it concerns a live notification (decision 0042).
 * Returns the deliveries' ids.
 */
export async function emitWorkspaceEvent(env: WebhookEnv, workspaceId: string, type: WebhookEvent, data: Record<string, unknown>, onlyWebhookId?: string | null): Promise<string[]> {
  // A notification that cannot be stored or pushed never holds back the webhooks.
  await notifyWorkspace(env, workspaceId, type, data).catch((error) => log("error", "notification not sent", { workspace_id: workspaceId, type, error: String(error) }));
  const webhooks = await hooks.listWebhooks(database(env.DB), workspaceId);
  const targets = webhooks.filter((w) => !w.isDisabled && !w.isAutoDisabled && parseEvents(w.events).includes(type) && (!onlyWebhookId || w.id === onlyWebhookId));
  return Promise.all(targets.map((w) => enqueue(env, w.id, type, data)));
}

/** Whether the workspace has this webhook (a request naming one to notify is checked before any work). */
export async function workspaceHasWebhook(env: Pick<Env, "DB">, workspaceId: string, id: string): Promise<boolean> {
  return (await hooks.findWebhook(database(env.DB), workspaceId, id)) !== undefined;
}

/** OAuth2 webhooks' access tokens, per isolate, until a minute before they expire (readTokenAnswer). */
const tokens = new Map<string, { token: string; expiresAt: number }>();

type TokenOutcome = { ok: true; token: string } | { ok: false; statusCode: number | null; why: string; final: boolean };

/**
 * A bearer token for an OAuth2 webhook's delivery by the client-credentials grant, reused until shortly before it
 * expires. A token server that refuses (4xx) fails the delivery for good: the same client asking again gets the
 * same answer. One that cannot be reached or errs (5xx) is retried with the delivery. The reason never carries the
 * client secret: only the status and the server's `error` code.
 */
async function webhookToken(env: Pick<Env, "DB" | "ENVIRONMENT">, webhook: hooks.WebhookRow): Promise<TokenOutcome> {
  const cached = tokens.get(webhook.id);
  if (cached && cached.expiresAt > nowSeconds()) return { ok: true, token: cached.token };
  const settings = parseOAuth2(webhook.authSettings);
  // Checked again when sending: a webhook stored in development may be read by a production deployment's copy.
  if (!settings || tokenUrlProblem(settings.token_url, env.ENVIRONMENT === "production")) return { ok: false, statusCode: null, why: WEBHOOK_TEXTS.tokenUrl, final: true };
  const { url, init } = tokenRequest(webhookCredentials(settings, webhook.secret));
  let answer: Response;
  try {
    // Development: the local identity provider's token endpoint is answered in-process (a worker cannot fetch itself).
    answer =
      isDevelopment(env) && isLocalDevTokenUrl(url)
        ? await devIdentityProvider(env, new Request(url, init))
        : await fetch(url, { ...init, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  } catch (error) {
    return { ok: false, statusCode: null, why: WEBHOOK_TEXTS.tokenUnreachable(error instanceof Error ? error.message : String(error)), final: false };
  }
  const json = (await answer.json().catch(() => null)) as { error?: unknown } | null;
  if (!answer.ok) {
    const code = typeof json?.error === "string" ? ` ${json.error.slice(0, 100)}` : "";
    const why = `the token server answered ${answer.status}${code}`;
    return answer.status < 500 ? { ok: false, statusCode: answer.status, why: WEBHOOK_TEXTS.tokenRefused(why), final: true } : { ok: false, statusCode: answer.status, why: WEBHOOK_TEXTS.tokenUnreachable(why), final: false };
  }
  const read = readTokenAnswer(json, nowSeconds());
  if (!read.ok) return { ok: false, statusCode: answer.status, why: WEBHOOK_TEXTS.tokenRefused(read.why), final: true };
  tokens.set(webhook.id, { token: read.token, expiresAt: read.expiresAt });
  return { ok: true, token: read.token };
}

export type DeliveryOutcome = { result: "delivered" } | { result: "retry"; delaySeconds: number } | { result: "failed" } | { result: "dropped" };

/**
 * Sends one delivery, signed with the webhook's secret at the moment of sending (`ElevenLabs-Signature:
 * t=...,v0=...`), or for an OAuth2 webhook with `Authorization: Bearer` and a token from its token server, and
 * records the attempt. A 2xx answer delivers it; anything else (or no answer within
 * WEBHOOK_TIMEOUT_MS) is retried with backoff up to WEBHOOK_MAX_ATTEMPTS, and a webhook whose deliveries fail
 * WEBHOOK_AUTO_DISABLE_AFTER times in a row is disabled. A disabled webhook's events wait for nobody: dropped.
 */
export async function deliverWebhook(env: Pick<Env, "DB" | "ENVIRONMENT">, deliveryId: string, fetcher: typeof fetch = fetch): Promise<DeliveryOutcome> {
  const db = database(env.DB);
  const found = await hooks.findDelivery(db, deliveryId);
  if (!found || found.delivery.status !== "pending") return { result: "dropped" };
  const { delivery, webhook } = found;
  const now = nowSeconds();
  const isTest = delivery.eventType === TEST_EVENT;
  if ((webhook.isDisabled || webhook.isAutoDisabled) && !isTest) {
    await hooks.recordAttempt(db, { deliveryId, webhookId: webhook.id, status: "failed", statusCode: null, error: WEBHOOK_TEXTS.disabled, now, finalFailure: false, autoDisableAfter: WEBHOOK_AUTO_DISABLE_AFTER });
    return { result: "dropped" };
  }
  let statusCode: number | null = null;
  let error: string | null = null;
  let authorization: Record<string, string>;
  if (webhook.authType === "oauth2") {
    const token = await webhookToken(env, webhook);
    if (!token.ok) {
      const attempt = delivery.attempts + 1;
      const final = token.final || attempt >= WEBHOOK_MAX_ATTEMPTS;
      await hooks.recordAttempt(db, { deliveryId, webhookId: webhook.id, status: final ? "failed" : "pending", statusCode: token.statusCode, error: token.why, now, finalFailure: final, autoDisableAfter: WEBHOOK_AUTO_DISABLE_AFTER });
      log("warn", "webhook token request failed", { delivery_id: deliveryId, webhook_id: webhook.id, attempt, status_code: token.statusCode, final });
      return final ? { result: "failed" } : { result: "retry", delaySeconds: webhookRetryDelaySeconds(attempt) };
    }
    authorization = { authorization: `Bearer ${token.token}` };
  } else authorization = { [SIGNATURE_HEADER]: await signWebhook(webhook.secret, delivery.payload, now) };
  try {
    const response = await fetcher(webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...authorization, "user-agent": "Parlance-Webhooks/1" },
      body: delivery.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    statusCode = response.status;
    await response.body?.cancel();
    if (response.ok) {
      await hooks.recordAttempt(db, { deliveryId, webhookId: webhook.id, status: "delivered", statusCode, error: null, now, finalFailure: false, autoDisableAfter: WEBHOOK_AUTO_DISABLE_AFTER });
      return { result: "delivered" };
    }
    error = `HTTP ${statusCode}`;
    // A receiver that no longer takes the token (revoked, rotated keys): the retry asks for a new one.
    if (statusCode === 401 && webhook.authType === "oauth2") tokens.delete(webhook.id);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const attempt = delivery.attempts + 1;
  const final = attempt >= WEBHOOK_MAX_ATTEMPTS;
  await hooks.recordAttempt(db, { deliveryId, webhookId: webhook.id, status: final ? "failed" : "pending", statusCode, error, now, finalFailure: final, autoDisableAfter: WEBHOOK_AUTO_DISABLE_AFTER });
  log("warn", "webhook delivery failed", { delivery_id: deliveryId, webhook_id: webhook.id, attempt, status_code: statusCode, final });
  return final ? { result: "failed" } : { result: "retry", delaySeconds: webhookRetryDelaySeconds(attempt) };
}

/**
 * The webhook-deliveries queue's consumer (the app worker's `queue` handler): each message a delivery to send, or a
 * workspace event that a queue consumer in a worker of its own relayed (queues/studio, queues/dubbing, decision
 * 0058), emitted here as if its area had emitted it: notifications and one delivery per subscribed webhook.
 */
export async function consumeWebhookBatch(batch: MessageBatch<unknown>, env: WebhookEnv): Promise<void> {
  for (const message of batch.messages) {
    if (isWorkspaceEventMessage(message.body)) {
      const { workspaceId, type, data } = message.body.workspaceEvent;
      try {
        await emitWorkspaceEvent(env, workspaceId, type, data);
        message.ack();
      } catch (error) {
        log("error", "relayed workspace event not emitted", { workspace_id: workspaceId, type, attempts: message.attempts, error: String(error) });
        if (message.attempts < WORKSPACE_EVENT_ATTEMPTS) message.retry({ delaySeconds: webhookRetryDelaySeconds(message.attempts) });
        else message.ack();
      }
      continue;
    }
    const body = message.body as Partial<WebhookMessage> | null;
    if (typeof body?.deliveryId !== "string") {
      message.ack();
      continue;
    }
    const outcome = await deliverWebhook(env, body.deliveryId);
    if (outcome.result === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
    else message.ack();
  }
}
