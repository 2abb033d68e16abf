// Phone numbers, outbound calls and batch calling (decision 0060) against the development Twilio stand-in: the API
// as the SDK calls it, the stand-in's protocol, and a whole call (Twilio Media Streams into the agent engine).
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, installSpeechToTextModel, ORIGIN, signUp } from "./helpers";
import { json, savedConversation } from "./agent-call";
import { devTwilioVoice, DEV_PHONE } from "../../../app/agents/server/dev-twilio-voice.server";
import { twilioSignature } from "../../../app/agents/rules/phone";

const SID = env.TWILIO_ACCOUNT_SID;
const TOKEN = "dev-phone";
const SHOP = "Opening hours: the shop opens at nine in the morning and closes at six in the evening.";

let key: string;
let otherKey: string;
beforeAll(async () => {
  key = await createKey(await signUp("phone@example.com"));
  otherKey = await createKey(await signUp("phone-other@example.com"));
  await installSpeechToTextModel();
});

async function newAgent(k = key, firstMessage = "Hello, this is the shop. How can I help?"): Promise<string> {
  const doc = await json<{ id: string }>(await api("/v1/convai/knowledge-base/text", { method: "POST", key: k, json: { text: SHOP, name: "Shop" } }));
  const response = await api("/v1/convai/agents/create", { method: "POST", key: k, json: { name: "Phone agent", conversation_config: { agent: { first_message: firstMessage, prompt: { knowledge_base: [{ type: "text", id: doc.id, name: "Shop" }] } } } } });
  expect(response.status).toBe(200);
  return (await json<{ agent_id: string }>(response)).agent_id;
}

async function importNumber(k = key, number = "+15005550006", extra: Record<string, unknown> = {}): Promise<Response> {
  return api("/v1/convai/phone-numbers", { method: "POST", key: k, json: { provider: "twilio", phone_number: number, label: "Support line", sid: SID, token: TOKEN, ...extra } });
}

const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("phone numbers (/v1/convai/phone-numbers)", () => {
  it("imports a Twilio number checked on the account, lists, gets, assigns an agent and deletes; another workspace sees nothing", async () => {
    const agentId = await newAgent();
    const created = await importNumber(key, "+1 500 555 0010");
    expect(created.status).toBe(200);
    const { phone_number_id } = await json<{ phone_number_id: string }>(created);
    const got = await json(await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key }));
    expect(got).toEqual({ phone_number: "+15005550010", label: "Support line", supports_inbound: false, supports_outbound: true, phone_number_id, assigned_agent: null, provider: "twilio" });
    // The auth token and SID are never returned.
    expect(JSON.stringify(got)).not.toContain(TOKEN);

    const assigned = await json<{ assigned_agent: unknown }>(await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key, json: { agent_id: agentId } }));
    expect(assigned.assigned_agent).toEqual({ agent_id: agentId, agent_name: "Phone agent" });
    const list = await json<{ phone_number_id: string }[]>(await api(`/v1/convai/phone-numbers?agent_id=${agentId}`, { key }));
    expect(list.map((n) => n.phone_number_id)).toEqual([phone_number_id]);

    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key: otherKey })).status).toBe(404);
    expect(await json(await api("/v1/convai/phone-numbers", { key: otherKey }))).toEqual([]);
    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key: otherKey, json: { agent_id: null } })).status).toBe(404);
    // Another workspace's agent cannot be assigned.
    const theirs = await newAgent(otherKey);
    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key, json: { agent_id: theirs } })).status).toBe(404);
    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key })).status).toBe(404);
  });

  it("refuses bad input: wrong credentials, a number not on the account, not a number, another provider, a duplicate", async () => {
    const wrongToken = await api("/v1/convai/phone-numbers", { method: "POST", key, json: { provider: "twilio", phone_number: "+15005550011", label: "x", sid: SID, token: "wrong" } });
    expect([wrongToken.status, (await detail(wrongToken)).status]).toEqual([400, "invalid_twilio_credentials"]);
    const notOurs = await importNumber(key, "+14155550100");
    expect([notOurs.status, (await detail(notOurs)).status]).toEqual([400, "phone_number_not_found_on_account"]);
    const notANumber = await importNumber(key, "call me");
    expect([notANumber.status, (await detail(notANumber)).status]).toEqual([400, "invalid_phone_number"]);
    const sip = await importNumber(key, "+15005550011", { provider: "sip_trunk" });
    expect([sip.status, (await detail(sip)).status]).toEqual([400, "provider_not_supported"]);
    expect((await api("/v1/convai/phone-numbers", { method: "POST", key, json: { phone_number: "+15005550011" } })).status).toBe(422);
    expect((await importNumber(key, "+15005550011")).status).toBe(200);
    const again = await importNumber(key, "+15005550011");
    expect([again.status, (await detail(again)).status]).toEqual([409, "phone_number_exists"]);
  });
});

describe("the Twilio stand-in speaks Twilio's protocol", () => {
  const auth = (token = TOKEN) => ({ authorization: `Basic ${btoa(`${SID}:${token}`)}` });
  const context = { waitUntil: () => {} };
  const call = (fields: Record<string, string>, token = TOKEN) => devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/Calls.json`, { method: "POST", headers: auth(token), body: new URLSearchParams(fields) }), context);
  const code = async (response: Response) => [response.status, ((await response.json()) as { code: number }).code];

  it("answers IncomingPhoneNumbers and refuses as Twilio does: 20003, 21211, 21210, 21205, 20404", async () => {
    const numbers = await devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json?PhoneNumber=%2B15005550006`, { headers: auth() }), context);
    expect(((await numbers.json()) as { incoming_phone_numbers: { phone_number: string; sid: string }[] }).incoming_phone_numbers).toEqual([expect.objectContaining({ phone_number: "+15005550006", sid: expect.stringMatching(/^PN/) })]);
    expect(await code(await call({ To: "+14155550100", From: "+15005550006", Twiml: "<Response/>" }, "wrong"))).toEqual([401, 20003]);
    expect(await code(await call({ To: DEV_PHONE.invalidNumber, From: "+15005550006", Twiml: "<Response/>" }))).toEqual([400, 21211]);
    expect(await code(await call({ To: "+14155550100", From: "+14155550199", Twiml: "<Response/>" }))).toEqual([400, 21210]);
    expect(await code(await call({ To: "+14155550100", From: "+15005550006" }))).toEqual([400, 21205]);
    expect((await devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/Calls/CA${"0".repeat(32)}.json`, { headers: auth() }), context)).status).toBe(404);
    // Never outside development.
    await expect(devTwilioVoice({ ...env, ENVIRONMENT: "production" } as Env, new Request("https://dev-phone.invalid/"), context)).rejects.toThrow(/only in development/);
  });

  it("refuses a status callback without Twilio's signature and a media stream without the call's token", async () => {
    const unknown = await SELF.fetch(`${ORIGIN}/v1/convai/twilio/status-callback?call_id=nope`, { method: "POST", body: new URLSearchParams({ CallStatus: "completed" }) });
    expect(unknown.status).toBe(404);
    const response = await SELF.fetch(`${ORIGIN}/v1/convai/twilio/media-stream`, { headers: { upgrade: "websocket" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
    socket.accept();
    socket.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
    socket.send(JSON.stringify({ event: "start", streamSid: "MZ1", start: { streamSid: "MZ1", callSid: "CA1", customParameters: { call_id: "call_x", token: "guess" } } }));
    expect(await closed).toEqual({ code: 1008, reason: "This media stream is not one this platform started, or it has already been used." });
    expect((await SELF.fetch(`${ORIGIN}/v1/convai/twilio/media-stream`)).status).toBe(426);
  });
});

describe("outbound calls (/v1/convai/twilio/outbound-call)", () => {
  it("calls a number: the callee hears the agent over a media stream, is answered, and the call is saved as a conversation", async () => {
    const agentId = await newAgent();
    const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550020"));
    const response = await api("/v1/convai/twilio/outbound-call", { method: "POST", key, json: { agent_id: agentId, agent_phone_number_id: phone_number_id, to_number: "+14155550123" } });
    expect(response.status).toBe(200);
    const placed = await json<{ success: boolean; message: string; conversation_id: string; callSid: string }>(response);
    expect(placed).toMatchObject({ success: true, message: "Success", conversation_id: expect.stringMatching(/^conv_/), callSid: expect.stringMatching(/^CA[0-9a-f]{32}$/) });

    const conversation = await savedConversation(placed.conversation_id, key);
    const transcript = conversation.transcript as { role: string; message: string; source_medium?: string }[];
    expect(transcript[0]).toMatchObject({ role: "agent", message: "Hello, this is the shop. How can I help?" });
    // The callee's line (the platform's own speech, 8 kHz mu-law) was heard by the recogniser and answered.
    const user = transcript.find((t) => t.role === "user");
    expect(user).toMatchObject({ source_medium: "audio" });
    expect(user!.message.length).toBeGreaterThan(0);
    expect(transcript.at(-1)!.role).toBe("agent");
    expect(conversation).toMatchObject({ has_user_audio: true, has_response_audio: true, metadata: { phone_call: { type: "twilio", direction: "outbound", phone_number_id, agent_number: "+15005550020", external_number: "+14155550123", call_sid: placed.callSid } } });

    // The stand-in kept what the agent said, and the status callbacks (signed) moved the call to completed.
    const devCall = await until(() => env.DB.prepare("SELECT * FROM dev_phone_calls WHERE sid = ?").bind(placed.callSid).first<{ status: string; agent_audio_ms: number; agent_audio_key: string }>(), (c) => c?.status === "completed", "the call to complete");
    expect(devCall!.agent_audio_ms).toBeGreaterThan(1500);
    expect((await env.MEDIA.head(devCall!.agent_audio_key))?.size).toBeGreaterThan(8000);
    const call = await until(() => env.DB.prepare("SELECT status FROM phone_calls WHERE conversation_id = ?").bind(placed.conversation_id).first<{ status: string }>(), (c) => c?.status === "completed", "the call's status");
    expect(call!.status).toBe("completed");
    // A callback whose signature does not match is refused.
    const { id } = (await env.DB.prepare("SELECT id FROM phone_calls WHERE conversation_id = ?").bind(placed.conversation_id).first<{ id: string }>())!;
    const url = `${ORIGIN}/v1/convai/twilio/status-callback?call_id=${id}`;
    const forged = await SELF.fetch(url, { method: "POST", headers: { "x-twilio-signature": await twilioSignature("not-the-token", url, { CallStatus: "failed" }) }, body: new URLSearchParams({ CallStatus: "failed" }) });
    expect(forged.status).toBe(403);
  }, 90_000);

  it("refuses bad input and other workspaces' agents and numbers; reports Twilio's refusal", async () => {
    const agentId = await newAgent();
    const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550021"));
    const post = (body: Record<string, unknown>, k = key) => api("/v1/convai/twilio/outbound-call", { method: "POST", key: k, json: { agent_id: agentId, agent_phone_number_id: phone_number_id, to_number: "+14155550123", ...body } });
    expect((await post({ to_number: undefined })).status).toBe(422);
    const bad = await post({ to_number: "12" });
    expect([bad.status, (await detail(bad)).status]).toEqual([400, "invalid_phone_number"]);
    const other = await post({}, otherKey);
    expect([other.status, (await detail(other)).status]).toEqual([404, "agent_not_found"]);
    const noNumber = await post({ agent_phone_number_id: "phnum_missing" });
    expect([noNumber.status, (await detail(noNumber)).status]).toEqual([404, "phone_number_not_found"]);
    const refused = await json<{ success: boolean; message: string; conversation_id: null }>(await post({ to_number: DEV_PHONE.invalidNumber }));
    expect(refused).toEqual({ success: false, message: `Twilio refused the call: The 'To' number ${DEV_PHONE.invalidNumber} is not a valid phone number.`, conversation_id: null, callSid: null });
    expect((await api("/v1/convai/twilio/outbound-call", { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("batch calling (/v1/convai/batch-calling)", () => {
  type Batch = { id: string; status: string; total_calls_scheduled: number; total_calls_finished: number; retry_count: number; recipients: { phone_number: string; status: string; conversation_id: string | null }[] };

  it("calls each recipient from the queue, reports per-recipient statuses, retries the failed ones and cancels", async () => {
    const agentId = await newAgent(key, "Hi, a short call from the shop.");
    const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550030"));
    const submitted = await api("/v1/convai/batch-calling/submit", { method: "POST", key, json: { call_name: "Reminders", agent_id: agentId, agent_phone_number_id: phone_number_id, recipients: [{ phone_number: "+14155550150" }, { phone_number: DEV_PHONE.busyNumber }] } });
    expect(submitted.status).toBe(200);
    const batch = await json<Batch>(submitted);
    expect(batch).toMatchObject({ name: "Reminders", agent_id: agentId, agent_name: "Phone agent", total_calls_scheduled: 2, phone_provider: "twilio" });

    const done = await until(async () => json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}`, { key })), (b) => b.status === "completed", "the batch to finish", 900);
    expect(done.total_calls_finished).toBe(2);
    expect(done.recipients.map((r) => [r.phone_number, r.status])).toEqual([["+14155550150", "completed"], [DEV_PHONE.busyNumber, "failed"]]);
    const conversation = await savedConversation(done.recipients[0]!.conversation_id!, key);
    expect((conversation.metadata as { batch_call: unknown }).batch_call).toEqual({ batch_call_id: batch.id, batch_call_recipient_id: expect.any(String) });

    const listed = await json<{ batch_calls: { id: string }[] }>(await api("/v1/convai/batch-calling/workspace", { key }));
    expect(listed.batch_calls.map((b) => b.id)).toContain(batch.id);
    expect((await json<{ batch_calls: unknown[] }>(await api("/v1/convai/batch-calling/workspace", { key: otherKey }))).batch_calls).toEqual([]);
    expect((await api(`/v1/convai/batch-calling/${batch.id}`, { key: otherKey })).status).toBe(404);

    const retried = await json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}/retry`, { method: "POST", key }));
    expect(retried).toMatchObject({ status: "in_progress", retry_count: 1 });
    const again = await until(async () => json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}`, { key })), (b) => b.status === "completed", "the retry to finish", 300);
    expect(again.recipients.map((r) => r.status)).toEqual(["completed", "failed"]);

    // A batch scheduled for tomorrow waits; cancelling it cancels everyone.
    const later = await json<Batch>(await api("/v1/convai/batch-calling/submit", { method: "POST", key, json: { call_name: "Tomorrow", agent_id: agentId, agent_phone_number_id: phone_number_id, scheduled_time_unix: Math.floor(Date.now() / 1000) + 86_400, recipients: [{ phone_number: "+14155550151" }] } }));
    expect(later.status).toBe("pending");
    const cancelled = await json<Batch>(await api(`/v1/convai/batch-calling/${later.id}/cancel`, { method: "POST", key }));
    expect(cancelled.status).toBe("cancelled");
    expect((await json<Batch>(await api(`/v1/convai/batch-calling/${later.id}`, { key }))).recipients.map((r) => r.status)).toEqual(["cancelled"]);
    expect((await api(`/v1/convai/batch-calling/${later.id}/cancel`, { method: "POST", key })).status).toBe(400);
    expect((await api(`/v1/convai/batch-calling/${later.id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
    expect((await api(`/v1/convai/batch-calling/${later.id}`, { method: "DELETE", key })).status).toBe(204);
  }, 180_000);

  it("refuses bad input: no recipients, a bad number, another workspace's agent or number", async () => {
    const agentId = await newAgent();
    const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550031"));
    const submit = (body: Record<string, unknown>, k = key) => api("/v1/convai/batch-calling/submit", { method: "POST", key: k, json: { call_name: "x", agent_id: agentId, agent_phone_number_id: phone_number_id, recipients: [{ phone_number: "+14155550152" }], scheduled_time_unix: Math.floor(Date.now() / 1000) + 86_400, ...body } });
    const none = await submit({ recipients: [] });
    expect([none.status, (await detail(none)).status]).toEqual([400, "no_recipients"]);
    const bad = await submit({ recipients: [{ phone_number: "+14155550152" }, { phone_number: "nope" }] });
    expect([bad.status, (await detail(bad)).message]).toEqual([400, "Recipient 2: nope is not a phone number in international form."]);
    expect((await submit({}, otherKey)).status).toBe(404);
    expect((await submit({ call_name: "" })).status).toBe(422);
  });
});
