// Phone numbers, outbound calls and batch calling (decision 0060): the only way to the phone tables, scoped to the
// viewer's workspace. Calls go through Twilio's REST API (twilio.server.ts); the call's audio arrives on the media
// stream (phone-bridge.server.ts) and becomes a conversation like any other.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/phone";
import type { BatchCallRow, BatchRecipientRow, PhoneCallRow, PhoneNumberRow } from "../../../db/repositories/phone";
import { findAgent as findAgentRow, findConversations } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { newId, randomHex, sha256Hex } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import {
  batchCounts,
  batchExportCsv,
  batchStatusOf,
  isFinishedBatch,
  isFinalCallStatus,
  normalisePhoneNumber,
  PHONE_LIMITS,
  PHONE_TEXTS,
  recipientStatusOfCall,
  sameSignature,
  streamTwiml,
  twilioSignature,
  type RecipientInput,
} from "~/agents/rules/phone";
import { createCall, lookUpIncomingNumber, type TwilioContext } from "./twilio.server";
import { conversationCreditRefusal } from "./conversations.server";
import type { AgentRefusal, AgentRow } from "./agents.server";

export type { BatchCallRow, BatchRecipientRow, PhoneCallRow, PhoneNumberRow };
type Viewer = Pick<Actor, "membership" | "user">;
type Refused = { ok: false; refusal: AgentRefusal };
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const refused = (httpStatus: AgentRefusal["httpStatus"], status: string, message: string): Refused => ({ ok: false, refusal: { httpStatus, status, message } });

/** The media stream's and the status callback's paths (Twilio is given them under the platform's public origin). */
export const PHONE_PATHS = { mediaStream: "/v1/convai/twilio/media-stream", statusCallback: "/v1/convai/twilio/status-callback" } as const;

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * Imports a Twilio number: the account must answer for the SID and token and hold the number (IncomingPhoneNumbers),
 * so a typo is caught now rather than at the first call. An agent, when named, must be the workspace's.
 */
export async function importPhoneNumber(
  env: Env,
  context: TwilioContext,
  viewer: Pick<Actor, "membership">,
  input: { provider: string; phoneNumber: string; label: string; sid: string; token: string; agentId?: string | null },
): Promise<{ ok: true; number: PhoneNumberRow } | Refused> {
  if (input.provider !== "twilio") return refused(400, "provider_not_supported", PHONE_TEXTS.providerNotSupported(input.provider));
  const number = normalisePhoneNumber(input.phoneNumber);
  if (!number) return refused(400, "invalid_phone_number", PHONE_TEXTS.invalidNumber(input.phoneNumber));
  const db = database(env.DB);
  if (input.agentId && !(await findAgentRow(db, workspaceOf(viewer), input.agentId))) return refused(404, "agent_not_found", "Agent not found.");
  if (await table.findPhoneNumberByNumber(db, workspaceOf(viewer), number)) return refused(409, "phone_number_exists", PHONE_TEXTS.duplicateNumber(number));
  const found = await lookUpIncomingNumber(env, context, { sid: input.sid, token: input.token }, number);
  if (!found.ok) {
    if (found.reason === "credentials") return refused(400, "invalid_twilio_credentials", PHONE_TEXTS.twilioCredentials);
    if (found.reason === "not_on_account") return refused(400, "phone_number_not_found_on_account", PHONE_TEXTS.notOnAccount(number));
    return refused(502, "twilio_unreachable", PHONE_TEXTS.twilioUnreachable);
  }
  const row: PhoneNumberRow = { id: newId("phnum"), workspaceId: workspaceOf(viewer), provider: "twilio", phoneNumber: number, label: input.label.trim() || number, accountSid: input.sid, authToken: input.token, providerSid: found.sid, agentId: input.agentId ?? null, createdAt: Date.now() };
  await table.insertPhoneNumber(db, row);
  return { ok: true, number: row };
}

export async function listPhoneNumbers(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, agentId?: string): Promise<PhoneNumberRow[]> {
  return table.listPhoneNumbers(database(env.DB), workspaceOf(viewer), agentId);
}

export async function findPhoneNumber(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string): Promise<PhoneNumberRow | null> {
  return (await table.findPhoneNumber(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

/** Assigns an agent (null: none) or relabels; the agent must be the workspace's. */
export async function updatePhoneNumber(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string, input: { agentId?: string | null; label?: string | null }): Promise<{ ok: true; number: PhoneNumberRow } | Refused> {
  const db = database(env.DB);
  const found = await table.findPhoneNumber(db, workspaceOf(viewer), id);
  if (!found) return refused(404, "not_found", PHONE_TEXTS.numberNotFound);
  if (input.agentId && !(await findAgentRow(db, workspaceOf(viewer), input.agentId))) return refused(404, "agent_not_found", "Agent not found.");
  const set = { ...(input.agentId !== undefined ? { agentId: input.agentId } : {}), ...(input.label ? { label: input.label.trim() } : {}) };
  if (Object.keys(set).length) await table.updatePhoneNumber(db, found.workspaceId, id, set);
  return { ok: true, number: { ...found, ...set } };
}

export async function deletePhoneNumber(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  return table.deletePhoneNumber(database(env.DB), workspaceOf(viewer), id);
}

/** The agents' names of these numbers, for their JSON (one look-up per distinct agent: a workspace has few numbers). */
export async function agentNames(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, ids: (string | null)[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids.filter((i): i is string => Boolean(i)))) {
    const agent = await findAgentRow(database(env.DB), workspaceOf(viewer), id);
    if (agent) names.set(id, agent.name);
  }
  return names;
}

/** A number as the API gives it (GET /v1/convai/phone-numbers/{id}); the SID and token are never returned. */
export function phoneNumberJson(row: PhoneNumberRow, agentNames: Map<string, string>) {
  const name = row.agentId ? agentNames.get(row.agentId) : undefined;
  return {
    phone_number: row.phoneNumber,
    label: row.label,
    supports_inbound: false,
    supports_outbound: true,
    phone_number_id: row.id,
    assigned_agent: row.agentId && name !== undefined ? { agent_id: row.agentId, agent_name: name } : null,
    provider: row.provider,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Outbound calls

export type CallPlacement = { ok: true; call: PhoneCallRow } | { ok: false; twilio: string; call: PhoneCallRow } | Refused;

/**
 * Places one outbound call for an agent from a workspace's number: the workspace must be able to pay for the first
 * minute (as any conversation); Twilio is asked to connect the call to the media stream, with a one-time token that
 * admits that stream; the conversation's id is chosen now, so the caller can follow it.
 */
export async function placeCall(
  env: Env,
  context: TwilioContext,
  workspace: { workspaceId: string; userId: string | null },
  input: { agentId: string; phoneNumberId: string; toNumber: string; initiation: Record<string, unknown> | null; origin: string; batch?: { batchId: string; recipientId: string } },
): Promise<CallPlacement> {
  const db = database(env.DB);
  const to = normalisePhoneNumber(input.toNumber);
  if (!to) return refused(400, "invalid_phone_number", PHONE_TEXTS.invalidNumber(input.toNumber));
  const agent = await findAgentRow(db, workspace.workspaceId, input.agentId);
  if (!agent) return refused(404, "agent_not_found", "Agent not found.");
  const number = await table.findPhoneNumber(db, workspace.workspaceId, input.phoneNumberId);
  if (!number) return refused(404, "phone_number_not_found", PHONE_TEXTS.numberNotFound);
  const broke = await conversationCreditRefusal(env, workspace.workspaceId);
  if (broke) return { ok: false, refusal: broke };
  const token = randomHex(24);
  const now = Date.now();
  const call: PhoneCallRow = {
    id: newId("call"),
    workspaceId: workspace.workspaceId,
    agentId: agent.id,
    phoneNumberId: number.id,
    userId: workspace.userId,
    direction: "outbound",
    fromNumber: number.phoneNumber,
    toNumber: to,
    conversationId: newId("conv"),
    callSid: null,
    streamSid: null,
    streamTokenHash: await sha256Hex(token),
    status: "queued",
    initiation: input.initiation ? JSON.stringify(input.initiation) : null,
    batchId: input.batch?.batchId ?? null,
    recipientId: input.batch?.recipientId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await table.insertPhoneCall(db, call);
  const streamUrl = `${input.origin.replace(/^http/, "ws")}${PHONE_PATHS.mediaStream}`;
  const placed = await createCall(env, context, { sid: number.accountSid, token: number.authToken }, {
    to,
    from: number.phoneNumber,
    twiml: streamTwiml(streamUrl, { call_id: call.id, token }),
    statusCallback: `${input.origin}${PHONE_PATHS.statusCallback}?call_id=${call.id}`,
  });
  if (!placed.ok) {
    await table.updatePhoneCall(db, call.id, { status: "failed", streamTokenHash: null, updatedAt: Date.now() });
    return { ok: false, twilio: PHONE_TEXTS.callRefused(placed.error.message), call: { ...call, status: "failed" } };
  }
  // The stand-in may already have moved the call on (its callbacks run beside this request): only the SID is set.
  await table.updatePhoneCall(db, call.id, { callSid: placed.sid });
  return { ok: true, call: { ...call, callSid: placed.sid } };
}

/**
 * A status callback from Twilio (form fields, signed with the number's auth token over the full URL and the fields):
 * the call's status, its batch recipient's, and the batch moved on when a call ends. False when the call is unknown
 * or the signature does not match.
 */
export async function callStatusChanged(env: Env, callId: string, url: string, params: Record<string, string>, signature: string): Promise<"ok" | "not_found" | "forbidden"> {
  const db = database(env.DB);
  const call = await table.findPhoneCall(db, callId);
  if (!call) return "not_found";
  const number = await table.findPhoneNumber(db, call.workspaceId, call.phoneNumberId);
  if (!number || !sameSignature(await twilioSignature(number.authToken, url, params), signature)) return "forbidden";
  const status = params.CallStatus ?? "";
  // Callbacks may arrive out of order: an ended call stays ended.
  if (!isFinalCallStatus(call.status)) await table.updatePhoneCall(db, call.id, { status, callSid: call.callSid ?? params.CallSid ?? null, updatedAt: Date.now() });
  if (call.recipientId && !isFinalCallStatus(call.status)) {
    await table.updateRecipient(db, call.recipientId, { status: recipientStatusOfCall(status), updatedAt: Date.now(), ...(isFinalCallStatus(status) && status !== "completed" ? { error: `The call ended: ${status}.` } : {}) });
    if (isFinalCallStatus(status) && call.batchId) await env.PHONE_CALLS.send({ batchId: call.batchId });
  }
  return "ok";
}

/** Admits a media stream once: the call it names, its agent and who placed it; null when the token does not match. */
export async function admitMediaStream(env: Env, callId: string, token: string, streamSid: string): Promise<{ call: PhoneCallRow; agent: AgentRow } | null> {
  const db = database(env.DB);
  if (!(await table.takeStreamToken(db, callId, await sha256Hex(token), streamSid))) return null;
  const call = await table.findPhoneCall(db, callId);
  const agent = call ? await findAgentRow(db, call.workspaceId, call.agentId) : undefined;
  return call && agent ? { call, agent } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Batch calling: a queue of calls (PHONE_CALLS); each message advances one batch.

export type BatchMessage = { batchId: string };

export async function createBatch(
  env: Env,
  viewer: Viewer,
  input: { name: string; agentId: string; phoneNumberId: string; scheduledTimeUnix: number | null; recipients: RecipientInput[]; concurrency: number | null; origin: string },
): Promise<{ ok: true; batch: BatchCallRow; recipients: BatchRecipientRow[] } | Refused> {
  const db = database(env.DB);
  if (!input.recipients.length) return refused(400, "no_recipients", PHONE_TEXTS.noRecipients);
  if (input.recipients.length > PHONE_LIMITS.recipients) return refused(400, "too_many_recipients", PHONE_TEXTS.tooManyRecipients);
  const agent = await findAgentRow(db, workspaceOf(viewer), input.agentId);
  if (!agent) return refused(404, "agent_not_found", "Agent not found.");
  if (!(await table.findPhoneNumber(db, workspaceOf(viewer), input.phoneNumberId))) return refused(404, "phone_number_not_found", PHONE_TEXTS.numberNotFound);
  const now = Date.now();
  const scheduledAt = Math.max(now, (input.scheduledTimeUnix ?? 0) * 1000);
  const batch: BatchCallRow = {
    id: newId("btcal"),
    workspaceId: workspaceOf(viewer),
    userId: viewer.user.id,
    name: input.name.trim(),
    agentId: agent.id,
    agentName: agent.name,
    phoneNumberId: input.phoneNumberId,
    origin: input.origin,
    status: scheduledAt > now ? "pending" : "in_progress",
    scheduledAt,
    concurrency: Math.min(PHONE_LIMITS.maxConcurrency, Math.max(1, input.concurrency ?? PHONE_LIMITS.concurrency)),
    retryCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  const recipients: BatchRecipientRow[] = input.recipients.map((r, position) => ({ id: newId("rcpt"), batchId: batch.id, position, phoneNumber: r.phoneNumber, status: "pending", conversationId: null, initiation: r.initiation ? JSON.stringify(r.initiation) : null, error: null, createdAt: now, updatedAt: now }));
  await table.insertBatch(db, batch, recipients);
  await enqueueBatch(env, batch);
  return { ok: true, batch, recipients };
}

/** Queues the batch's next step: now, or at its scheduled time (a message waits at most 12 hours; it is re-queued). */
async function enqueueBatch(env: Env, batch: Pick<BatchCallRow, "id" | "scheduledAt">): Promise<void> {
  const delaySeconds = Math.min(PHONE_LIMITS.maxDelaySeconds, Math.max(0, Math.ceil((batch.scheduledAt - Date.now()) / 1000)));
  await env.PHONE_CALLS.send({ batchId: batch.id } satisfies BatchMessage, delaySeconds ? { delaySeconds } : undefined);
}

export async function listBatches(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, query: { limit: number; agentId?: string; cursor?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listBatches(database(env.DB), workspaceOf(viewer), { limit: query.limit + 1, agentId: query.agentId, before });
  const page = rows.slice(0, query.limit);
  const recipients = await table.recipientsOf(database(env.DB), page.map((b) => b.id));
  return { batches: page.map((b) => ({ batch: b, recipients: recipients.filter((r) => r.batchId === b.id) })), nextCursor: rows.length > query.limit ? String(page.at(-1)!.createdAt) : null };
}

export async function findBatch(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string): Promise<{ batch: BatchCallRow; recipients: BatchRecipientRow[] } | null> {
  const batch = await table.findBatch(database(env.DB), workspaceOf(viewer), id);
  return batch ? { batch, recipients: await table.recipientsOf(database(env.DB), [batch.id]) } : null;
}

/**
 * A finished batch's recipients and outcomes as CSV (the first `limit` recipients when given): each recipient's call
 * status and, when the call was answered, its conversation's length and analysis.
 */
export async function exportBatch(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string, limit?: number): Promise<{ ok: true; name: string; csv: string } | Refused> {
  const found = await findBatch(env, viewer, id);
  if (!found) return refused(404, "not_found", PHONE_TEXTS.batchNotFound);
  if (!isFinishedBatch(batchStatusOf(found.batch.status, found.recipients.map((r) => r.status), found.batch.scheduledAt, Date.now()))) return refused(409, "batch_not_finished", PHONE_TEXTS.batchNotFinished);
  const recipients = found.recipients.slice(0, limit ?? found.recipients.length);
  const ids = recipients.flatMap((r) => (r.conversationId ? [r.conversationId] : []));
  const conversations = new Map((await findConversations(database(env.DB), workspaceOf(viewer), ids)).map((c) => [c.id, c]));
  const csv = batchExportCsv(
    recipients.map((r) => {
      const conversation = r.conversationId ? conversations.get(r.conversationId) : undefined;
      const analysis = conversation?.analysis ? (JSON.parse(conversation.analysis) as { callSuccessful?: string; summary?: string }) : null;
      return {
        recipientId: r.id,
        phoneNumber: r.phoneNumber,
        status: r.status,
        error: r.error,
        conversationId: r.conversationId,
        durationSecs: conversation ? conversation.durationSecs : null,
        callSuccessful: analysis?.callSuccessful ?? null,
        summary: analysis?.summary ?? null,
        initiation: r.initiation ? (JSON.parse(r.initiation) as Record<string, unknown>) : null,
      };
    }),
  );
  return { ok: true, name: found.batch.name, csv };
}

/** Cancels what has not been dialled yet; calls already under way finish. */
export async function cancelBatch(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<{ ok: true; batch: BatchCallRow; recipients: BatchRecipientRow[] } | Refused> {
  const found = await findBatch(env, viewer, id);
  if (!found) return refused(404, "not_found", PHONE_TEXTS.batchNotFound);
  const now = Date.now();
  const status = batchStatusOf(found.batch.status, found.recipients.map((r) => r.status), found.batch.scheduledAt, now);
  if (status !== "pending" && status !== "in_progress") return refused(400, "batch_finished", PHONE_TEXTS.batchFinished);
  await table.moveRecipients(database(env.DB), id, ["pending"], "cancelled", now);
  await table.updateBatch(database(env.DB), id, { status: "cancelled", updatedAt: now });
  return (await findBatch(env, viewer, id).then((b) => (b ? { ok: true as const, ...b } : null))) ?? refused(404, "not_found", PHONE_TEXTS.batchNotFound);
}

/** Calls the recipients whose calls failed again (once the batch has finished). */
export async function retryBatch(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<{ ok: true; batch: BatchCallRow; recipients: BatchRecipientRow[] } | Refused> {
  const found = await findBatch(env, viewer, id);
  if (!found) return refused(404, "not_found", PHONE_TEXTS.batchNotFound);
  const now = Date.now();
  const status = batchStatusOf(found.batch.status, found.recipients.map((r) => r.status), found.batch.scheduledAt, now);
  if (status === "pending" || status === "in_progress") return refused(400, "batch_running", PHONE_TEXTS.batchRunning);
  const moved = await table.moveRecipients(database(env.DB), id, ["failed"], "pending", now);
  if (!moved) return refused(400, "nothing_to_retry", PHONE_TEXTS.nothingToRetry);
  await table.updateBatch(database(env.DB), id, { status: "in_progress", retryCount: found.batch.retryCount + 1, updatedAt: now });
  await enqueueBatch(env, { id, scheduledAt: now });
  return (await findBatch(env, viewer, id).then((b) => (b ? { ok: true as const, ...b } : null))) ?? refused(404, "not_found", PHONE_TEXTS.batchNotFound);
}

export async function deleteBatch(env: { DB: D1Database }, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  return table.deleteBatch(database(env.DB), workspaceOf(viewer), id);
}

/**
 * The queue's step for one batch: before its time it waits again; otherwise it dials pending recipients until the
 * batch's concurrency is reached (each call's end queues the next step), and records the batch's status.
 */
export async function advanceBatch(env: Env, context: TwilioContext, batchId: string): Promise<void> {
  const db = database(env.DB);
  const batch = await table.findBatchAnywhere(db, batchId);
  if (!batch || batch.status === "cancelled") return;
  if (batch.scheduledAt > Date.now()) return enqueueBatch(env, batch);
  const recipients = await table.recipientsOf(db, [batch.id]);
  let open = recipients.filter((r) => r.status === "initiated" || r.status === "in_progress").length;
  while (open < batch.concurrency) {
    const next = await table.claimNextRecipient(db, batch.id, Date.now());
    if (!next) break;
    open++;
    const placed = await placeCall(env, context, { workspaceId: batch.workspaceId, userId: batch.userId }, {
      agentId: batch.agentId,
      phoneNumberId: batch.phoneNumberId,
      toNumber: next.phoneNumber,
      initiation: next.initiation ? (JSON.parse(next.initiation) as Record<string, unknown>) : null,
      origin: batch.origin,
      batch: { batchId: batch.id, recipientId: next.id },
    });
    if (placed.ok) {
      await table.updateRecipient(db, next.id, { conversationId: placed.call.conversationId, updatedAt: Date.now() });
    } else {
      const error = "refusal" in placed ? placed.refusal.message : placed.twilio;
      log("warn", "batch call not placed", { batch_id: batch.id, recipient_id: next.id, reason: "refusal" in placed ? placed.refusal.status : "twilio" });
      await table.updateRecipient(db, next.id, { status: "failed", error, updatedAt: Date.now() });
      open--;
    }
  }
  const statuses = (await table.recipientsOf(db, [batch.id])).map((r) => r.status);
  const status = batchStatusOf(batch.status, statuses, batch.scheduledAt, Date.now());
  if (status !== batch.status) await table.updateBatch(db, batch.id, { status, updatedAt: Date.now() });
}

/** The queue consumer (wrangler.toml: phone-calls): each message advances its batch; a failure is retried. */
export async function consumePhoneCalls(batch: MessageBatch<BatchMessage>, env: Env, context: TwilioContext): Promise<void> {
  for (const message of batch.messages) {
    try {
      await advanceBatch(env, context, message.body.batchId);
      message.ack();
    } catch (error) {
      log("error", "batch step failed", { batch_id: message.body.batchId, error: String(error) });
      message.retry();
    }
  }
}

/** A batch as the API gives it (BatchCallResponse); with its recipients for GET one. */
export function batchJson(batch: BatchCallRow, recipients: BatchRecipientRow[], withRecipients: boolean) {
  const statuses = recipients.map((r) => r.status);
  const counts = batchCounts(statuses);
  return {
    id: batch.id,
    phone_number_id: batch.phoneNumberId,
    phone_provider: "twilio",
    name: batch.name,
    agent_id: batch.agentId,
    agent_name: batch.agentName,
    created_at_unix: Math.floor(batch.createdAt / 1000),
    scheduled_time_unix: Math.floor(batch.scheduledAt / 1000),
    total_calls_dispatched: counts.dispatched,
    total_calls_scheduled: counts.scheduled,
    total_calls_finished: counts.finished,
    last_updated_at_unix: Math.floor(Math.max(batch.updatedAt, ...recipients.map((r) => r.updatedAt)) / 1000),
    status: batchStatusOf(batch.status, statuses, batch.scheduledAt, Date.now()),
    retry_count: batch.retryCount,
    telephony_call_config: {},
    target_concurrency_limit: batch.concurrency,
    ...(withRecipients
      ? {
          recipients: recipients.map((r) => ({
            id: r.id,
            phone_number: r.phoneNumber,
            status: r.status,
            created_at_unix: Math.floor(r.createdAt / 1000),
            updated_at_unix: Math.floor(r.updatedAt / 1000),
            conversation_id: r.conversationId,
            ...(r.initiation ? { conversation_initiation_client_data: JSON.parse(r.initiation) as Record<string, unknown> } : {}),
          })),
        }
      : {}),
  };
}
