// Phone numbers, outbound calls over Twilio and batch calling as the SDK calls them (decision 0060), and the two
// routes Twilio itself calls: the status callback (signed) and the media stream (admitted by a one-time token).
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "~/api";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import {
  agentNames,
  batchJson,
  callStatusChanged,
  cancelBatch,
  createBatch,
  deleteBatch,
  deletePhoneNumber,
  exportBatch,
  findBatch,
  findPhoneNumber,
  importPhoneNumber,
  listBatches,
  listPhoneNumbers,
  phoneNumberJson,
  placeCall,
  retryBatch,
  updatePhoneNumber,
  type AgentRefusal,
} from "~/agents/agents.server";
import { serveMediaStream } from "~/agents/phone-bridge.server";
import { normalisePhoneNumber, PHONE_LIMITS, PHONE_TEXTS, phoneNumberPage } from "~/agents/rules/phone";

const doc = apiDocs("Conversational AI");
const refused = (c: Parameters<typeof apiError>[0], refusal: AgentRefusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);
/** What Twilio's client needs: time beyond the request, and (for the development stand-in) this worker to call. */
const twilioContext = (c: Context<AuthedEnv>) => ({
  waitUntil: (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise),
  dial: async (request: Request) => (await import("../worker")).app.fetch(request, c.env, c.executionCtx),
});
const initiation = z.record(z.string(), z.unknown()).nullish();

// ---------------------------------------------------------------------------------------------------------------
/** /v1/convai/phone-numbers: the workspace's imported numbers. */
export const phoneNumbersApi = new Hono<AuthedEnv>();
phoneNumbersApi.use("*", requireAgentsCaller);
const numberParam = z.object({ phone_number_id: z.string().min(1).max(100) });

phoneNumbersApi.post(
  "/",
  doc("Import a phone number from Twilio (checked on the account now)", {
    success: { description: "JSON: phone_number_id" },
    responses: { 400: "provider_not_supported, invalid_phone_number, invalid_twilio_credentials, phone_number_not_found_on_account", 404: "agent_not_found", 409: "phone_number_exists", 502: "twilio_unreachable" },
  }),
  valid(
    "json",
    z.object({
      provider: z.string().max(40).default("twilio"),
      phone_number: z.string().min(1).max(40),
      label: z.string().max(PHONE_LIMITS.label),
      sid: z.string().min(1).max(100),
      token: z.string().min(1).max(200),
      agent_id: z.string().max(100).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const imported = await importPhoneNumber(c.env, twilioContext(c), c.get("caller"), { provider: body.provider, phoneNumber: body.phone_number, label: body.label, sid: body.sid, token: body.token, agentId: body.agent_id });
    if (!imported.ok) return refused(c, imported.refusal);
    return c.json({ phone_number_id: imported.number.id });
  },
);

phoneNumbersApi.get("/", doc("List the workspace's phone numbers", { success: { description: "JSON: a list of phone numbers" } }), valid("query", z.object({ agent_id: z.string().max(100).optional(), provider: z.string().optional(), branch_id: z.string().optional() })), async (c) => {
  const query = c.req.valid("query");
  const numbers = query.provider && query.provider !== "twilio" ? [] : await listPhoneNumbers(c.env, c.get("caller"), query.agent_id);
  const names = await agentNames(c.env, c.get("caller"), numbers.map((n) => n.agentId));
  return c.json(numbers.map((n) => phoneNumberJson(n, names)));
});

phoneNumbersApi.get("/:phone_number_id", doc("Get a phone number", { success: { description: "JSON: the phone number" }, responses: { 404: "not_found" } }), valid("param", numberParam), async (c) => {
  const number = await findPhoneNumber(c.env, c.get("caller"), c.req.valid("param").phone_number_id);
  if (!number) return apiError(c, 404, "not_found", PHONE_TEXTS.numberNotFound);
  return c.json(phoneNumberJson(number, await agentNames(c.env, c.get("caller"), [number.agentId])));
});

phoneNumbersApi.patch(
  "/:phone_number_id",
  doc("Assign an agent to a phone number (agent_id null: none) or relabel it", { success: { description: "JSON: the phone number" }, responses: { 404: "not_found, agent_not_found" } }),
  valid("param", numberParam),
  valid("json", z.object({ agent_id: z.string().max(100).nullish(), label: z.string().max(PHONE_LIMITS.label).nullish() }).passthrough()),
  async (c) => {
    const body = c.req.valid("json");
    const updated = await updatePhoneNumber(c.env, c.get("caller"), c.req.valid("param").phone_number_id, { agentId: body.agent_id, label: body.label });
    if (!updated.ok) return refused(c, updated.refusal);
    return c.json(phoneNumberJson(updated.number, await agentNames(c.env, c.get("caller"), [updated.number.agentId])));
  },
);

phoneNumbersApi.delete("/:phone_number_id", doc("Delete a phone number (Twilio's number itself is untouched)", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", numberParam), async (c) => {
  if (!(await deletePhoneNumber(c.env, c.get("caller"), c.req.valid("param").phone_number_id))) return apiError(c, 404, "not_found", PHONE_TEXTS.numberNotFound);
  return c.json({});
});

/** /v1/convai/v2/phone-numbers: the same numbers, a page at a time with filters and an order. */
export const phoneNumbersV2Api = new Hono<AuthedEnv>();
phoneNumbersV2Api.use("*", requireAgentsCaller);

phoneNumbersV2Api.get(
  "/",
  doc("List the workspace's phone numbers a page at a time: search (an id, or part of a label or number), filters and an order", { success: { description: "JSON: phone_numbers, next_cursor, has_more" } }),
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(100).default(30),
      search: z.string().max(200).optional(),
      label: z.string().max(PHONE_LIMITS.label).optional(),
      phone_number: z.string().max(40).optional(),
      provider: z.string().max(40).optional(),
      supports_outbound: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
      agent_id: z.string().max(100).optional(),
      branch_id: z.string().max(100).optional(),
      sort_by: z.enum(["label", "phone_number"]).default("label"),
      sort_direction: z.enum(["asc", "desc"]).default("asc"),
      cursor: z.string().regex(/^\d{1,6}$/, "A cursor this list answered").optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const found = phoneNumberPage(await listPhoneNumbers(c.env, c.get("caller")), {
      search: q.search,
      label: q.label,
      phoneNumber: q.phone_number,
      provider: q.provider,
      supportsOutbound: q.supports_outbound,
      agentId: q.agent_id,
      branchId: q.branch_id,
      sortBy: q.sort_by,
      direction: q.sort_direction,
      pageSize: q.page_size,
      cursor: q.cursor,
    });
    const names = await agentNames(c.env, c.get("caller"), found.page.map((n) => n.agentId));
    return c.json({ phone_numbers: found.page.map((n) => phoneNumberJson(n, names)), has_more: found.nextCursor !== null, ...(found.nextCursor ? { next_cursor: found.nextCursor } : {}) });
  },
);

// ---------------------------------------------------------------------------------------------------------------
/** /v1/convai/twilio: what Twilio calls (no API key: a signature or the stream's one-time token). Mounted first. */
export const twilioWebhooksApi = new Hono<ApiEnv>();

twilioWebhooksApi.post(
  "/status-callback",
  doc("Twilio's call status callback (form fields, X-Twilio-Signature)", { success: { description: "Empty TwiML" }, responses: { 403: "signature_invalid", 404: "not_found" } }),
  async (c) => {
    const form = await c.req.formData().catch(() => null);
    const params = Object.fromEntries([...(form?.entries() ?? [])].filter((e): e is [string, string] => typeof e[1] === "string"));
    const outcome = await callStatusChanged(c.env, c.req.query("call_id") ?? "", c.req.url, params, c.req.header("x-twilio-signature") ?? "");
    if (outcome === "not_found") return apiError(c, 404, "not_found", "Call not found.");
    if (outcome === "forbidden") return apiError(c, 403, "signature_invalid", PHONE_TEXTS.signatureInvalid);
    return c.body('<?xml version="1.0" encoding="UTF-8"?><Response/>', 200, { "content-type": "text/xml" });
  },
);

twilioWebhooksApi.get(
  "/media-stream",
  doc("Twilio Media Streams for an agent's call (WebSocket: connected, start with the call's parameters, media of 8 kHz mu-law, mark, stop)", {
    success: { status: 101, contentTypes: ["application/json"], description: "A WebSocket speaking Twilio's media-stream messages both ways" },
    responses: { 426: "upgrade_required: the request is not a WebSocket upgrade" },
  }),
  (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, 426, "upgrade_required", "This endpoint is a WebSocket: open it with an upgrade request.");
    const { 0: client, 1: server } = new WebSocketPair();
    server.accept();
    serveMediaStream(c.env, server, { requestId: c.get("requestId"), waitUntil: (promise) => c.executionCtx.waitUntil(promise) });
    return new Response(null, { status: 101, webSocket: client });
  },
);

/** POST /v1/convai/twilio/outbound-call. */
export const twilioApi = new Hono<AuthedEnv>();
twilioApi.use("*", requireAgentsCaller);

twilioApi.post(
  "/outbound-call",
  doc("Call a number with an agent over Twilio", {
    success: { description: "JSON: success, message, conversation_id, callSid (success false with Twilio's reason when Twilio refused the call)" },
    responses: { 400: "invalid_phone_number", 401: "quota_exceeded", 402: "payment_required", 404: "agent_not_found, phone_number_not_found" },
  }),
  valid("json", z.object({ agent_id: z.string().min(1).max(100), agent_phone_number_id: z.string().min(1).max(100), to_number: z.string().min(1).max(40), conversation_initiation_client_data: initiation }).passthrough()),
  async (c) => {
    const body = c.req.valid("json");
    const caller = c.get("caller");
    const placed = await placeCall(c.env, twilioContext(c), { workspaceId: caller.membership.workspace.id, userId: caller.user.id }, {
      agentId: body.agent_id,
      phoneNumberId: body.agent_phone_number_id,
      toNumber: body.to_number,
      initiation: body.conversation_initiation_client_data ?? null,
      origin: new URL(c.req.url).origin,
    });
    if (!placed.ok && "refusal" in placed) return refused(c, placed.refusal);
    if (!placed.ok) return c.json({ success: false, message: placed.twilio, conversation_id: null, callSid: null });
    return c.json({ success: true, message: PHONE_TEXTS.callPlaced, conversation_id: placed.call.conversationId, callSid: placed.call.callSid });
  },
);

// ---------------------------------------------------------------------------------------------------------------
/** /v1/convai/batch-calling: batches of outbound calls, run from a queue. */
export const batchCallsApi = new Hono<AuthedEnv>();
batchCallsApi.use("*", requireAgentsCaller);
const batchParam = z.object({ batch_id: z.string().min(1).max(100) });

batchCallsApi.post(
  "/submit",
  doc("Submit a batch of calls (recipients called a few at a time from its scheduled time)", {
    success: { description: "JSON: the batch" },
    responses: { 400: "no_recipients, too_many_recipients, invalid_phone_number", 404: "agent_not_found, phone_number_not_found" },
  }),
  valid(
    "json",
    z.object({
      call_name: z.string().min(1).max(PHONE_LIMITS.callName),
      agent_id: z.string().min(1).max(100),
      agent_phone_number_id: z.string().min(1).max(100),
      scheduled_time_unix: z.number().int().nullish(),
      recipients: z.array(z.object({ id: z.string().nullish(), phone_number: z.string().max(40).nullish(), conversation_initiation_client_data: initiation }).passthrough()).max(PHONE_LIMITS.recipients),
      target_concurrency_limit: z.number().int().min(1).max(PHONE_LIMITS.maxConcurrency).nullish(),
    }).passthrough(),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const recipients = [];
    for (const [index, r] of body.recipients.entries()) {
      const number = normalisePhoneNumber(r.phone_number ?? "");
      if (!number) return apiError(c, 400, "invalid_phone_number", PHONE_TEXTS.recipientNumber(index, r.phone_number ?? ""));
      recipients.push({ phoneNumber: number, initiation: r.conversation_initiation_client_data ?? null });
    }
    const created = await createBatch(c.env, c.get("caller"), { name: body.call_name, agentId: body.agent_id, phoneNumberId: body.agent_phone_number_id, scheduledTimeUnix: body.scheduled_time_unix ?? null, recipients, concurrency: body.target_concurrency_limit ?? null, origin: new URL(c.req.url).origin });
    if (!created.ok) return refused(c, created.refusal);
    return c.json(batchJson(created.batch, created.recipients, false));
  },
);

batchCallsApi.get(
  "/workspace",
  doc("List the workspace's batches, newest first", { success: { description: "JSON: batch_calls, next_doc, has_more" } }),
  valid("query", z.object({ limit: z.coerce.number().int().min(1).max(100).default(100), last_doc: z.string().max(40).optional(), agent_id: z.string().max(100).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listBatches(c.env, c.get("caller"), { limit: q.limit, cursor: q.last_doc, agentId: q.agent_id });
    return c.json({ batch_calls: page.batches.map((b) => batchJson(b.batch, b.recipients, false)), next_doc: page.nextCursor, has_more: page.nextCursor !== null });
  },
);

batchCallsApi.get(
  "/:batch_id/export",
  doc("A finished batch's recipients and outcomes as CSV: call status, error, conversation, its length and analysis, and each dynamic variable as a column", {
    success: { contentTypes: ["text/csv"], description: "CSV, one line per recipient (a preview of the first `limit` with limit)" },
    responses: { 404: "not_found", 409: "batch_not_finished" },
  }),
  valid("param", batchParam),
  valid("query", z.object({ limit: z.coerce.number().int().min(1).max(PHONE_LIMITS.recipients).optional() })),
  async (c) => {
    const exported = await exportBatch(c.env, c.get("caller"), c.req.valid("param").batch_id, c.req.valid("query").limit);
    if (!exported.ok) return refused(c, exported.refusal);
    const filename = `${exported.name.replace(/[^\w.-]+/g, "_").slice(0, 80) || "batch"}.csv`;
    return c.body(exported.csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` });
  },
);

batchCallsApi.get("/:batch_id", doc("Get a batch with each recipient's status", { success: { description: "JSON: the batch and its recipients" }, responses: { 404: "not_found" } }), valid("param", batchParam), async (c) => {
  const found = await findBatch(c.env, c.get("caller"), c.req.valid("param").batch_id);
  if (!found) return apiError(c, 404, "not_found", PHONE_TEXTS.batchNotFound);
  return c.json(batchJson(found.batch, found.recipients, true));
});

batchCallsApi.delete("/:batch_id", doc("Delete a batch and its recipients (conversations stay)", { success: { status: 204, description: "Nothing" }, responses: { 404: "not_found" } }), valid("param", batchParam), async (c) => {
  if (!(await deleteBatch(c.env, c.get("caller"), c.req.valid("param").batch_id))) return apiError(c, 404, "not_found", PHONE_TEXTS.batchNotFound);
  return c.body(null, 204);
});

batchCallsApi.post("/:batch_id/cancel", doc("Cancel a batch: recipients not yet called are cancelled", { success: { description: "JSON: the batch" }, responses: { 400: "batch_finished", 404: "not_found" } }), valid("param", batchParam), async (c) => {
  const cancelled = await cancelBatch(c.env, c.get("caller"), c.req.valid("param").batch_id);
  if (!cancelled.ok) return refused(c, cancelled.refusal);
  return c.json(batchJson(cancelled.batch, cancelled.recipients, false));
});

batchCallsApi.post("/:batch_id/retry", doc("Call a finished batch's failed recipients again", { success: { description: "JSON: the batch" }, responses: { 400: "batch_running, nothing_to_retry", 404: "not_found" } }), valid("param", batchParam), async (c) => {
  const retried = await retryBatch(c.env, c.get("caller"), c.req.valid("param").batch_id);
  if (!retried.ok) return refused(c, retried.refusal);
  return c.json(batchJson(retried.batch, retried.recipients, false));
});
