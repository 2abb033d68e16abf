// The development stand-in for Twilio's voice API (decision 0060), in-process like the SMS one (decision 0044): the
// same paths, authentication, fields, answers and error codes as Twilio for what the platform uses, so the client in
// twilio.server.ts runs exactly as against Twilio. It also plays the callee: when a call is answered it opens the
// WebSocket that the TwiML's <Connect><Stream url> names, speaks Twilio Media Streams' messages (connected, start,
// media of 8 kHz mu-law, mark, stop) with the platform's endpoint, says one line in the platform's own synthesised
// speech, keeps what the agent said (R2, dev_phone_calls) and reports the call's statuses to its StatusCallback,
// signed as Twilio signs them. It refuses to run outside development.
import { database } from "../../../db/client";
import { findDevPhoneCall, insertDevPhoneCall, updateDevPhoneCall, listDevPhoneCalls, type DevPhoneCallRow } from "../../../db/repositories/phone";
import { decodeMuLaw } from "../../../core/audio/audio-levels";
import { wavFile } from "../../../core/audio/wav";
import { DEV_AUTH_TOKEN, isDevelopment, randomHex } from "~/accounts/accounts.server";
import { findQueuedWorkVoice } from "~/voices/voices.server";
import { speechEngine } from "~/speech/speech.server";
import { engineParameters, engineVoiceFor } from "../../../core/voices/voice-rules";
import { DEFAULT_VOICE_SETTINGS } from "../../../core/voices/voice-settings";
import { encodeMuLaw, int16FromBytes, resample } from "../../../core/audio/pcm";
import { log } from "~/common/log.server";
import { MEDIA_FRAME_BYTES, readStreamTwiml, twilioSignature } from "~/agents/rules/phone";
import { toBase64 } from "../../../core/base64";

/** The stand-in's account owns Twilio's test range +1 500 555 00xx (its magic test numbers live there). */
export const DEV_PHONE = {
  numbers: /^\+150055500\d\d$/,
  /** A callee who is always busy: the call ends with status busy (a failed recipient in a batch). */
  busyNumber: "+15005550004",
  /** Twilio's magic "invalid" destination: Calls.json refuses it with 21211. */
  invalidNumber: "+15005550001",
  /** What every other callee says, in the platform's own voice (Roger), once the agent has greeted them. */
  calleeLine: "Hello. What time does the shop open in the morning?",
  calleeVoice: "pv02roger00000000000",
} as const;

type StandInContext = { waitUntil(promise: Promise<unknown>): void; dial?: (request: Request) => Promise<Response> };

const twilioError = (status: number, code: number, message: string) =>
  Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

/** Answers one request of Twilio's REST API (voice) as Twilio would. */
export async function devTwilioVoice(env: Env, request: Request, context: StandInContext): Promise<Response> {
  if (!isDevelopment(env)) throw new Error("The dev phone exists only in development");
  const url = new URL(request.url);
  const path = url.pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/(IncomingPhoneNumbers\.json|Calls\.json|Calls\/(CA[0-9a-f]{32})\.json)$/);
  if (!path) return twilioError(404, 20404, "The requested resource was not found");
  const account = path[1]!;
  const [user, password] = atob((request.headers.get("authorization") ?? "").replace(/^Basic /, "") || "Og==").split(":");
  if (user !== account || account !== env.TWILIO_ACCOUNT_SID || password !== (env.TWILIO_AUTH_TOKEN ?? DEV_AUTH_TOKEN)) return twilioError(401, 20003, "Authenticate");

  if (path[2] === "IncomingPhoneNumbers.json" && request.method === "GET") {
    const wanted = url.searchParams.get("PhoneNumber");
    const owned = wanted && DEV_PHONE.numbers.test(wanted) ? [wanted] : [];
    return Response.json({
      incoming_phone_numbers: owned.map((number) => ({
        sid: `PN${number.slice(1).padStart(32, "0")}`,
        account_sid: account,
        phone_number: number,
        friendly_name: number,
        capabilities: { voice: true, sms: true, mms: false, fax: false },
        status: "in-use",
        api_version: "2010-04-01",
      })),
      page: 0,
      page_size: 50,
      start: 0,
      end: owned.length ? 0 : -1,
      uri: `${url.pathname}${url.search}`,
    });
  }

  if (path[3]) {
    if (request.method !== "GET") return twilioError(405, 20004, "Method not allowed");
    const call = await findDevPhoneCall(database(env.DB), path[3]);
    return call && call.accountSid === account ? Response.json(callResource(call)) : twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${account}/Calls/${path[3]}.json was not found`);
  }

  if (request.method !== "POST") return twilioError(405, 20004, "Method not allowed");
  const form = new URLSearchParams(await request.text());
  const to = form.get("To") ?? "";
  const from = form.get("From") ?? "";
  const twiml = form.get("Twiml");
  const statusCallback = form.get("StatusCallback");
  if (!/^\+[1-9]\d{7,14}$/.test(to) || to === DEV_PHONE.invalidNumber) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!DEV_PHONE.numbers.test(from)) return twilioError(400, 21210, `The source phone number provided, ${from}, is not yet verified for your account.`);
  if (!twiml && !form.get("Url")) return twilioError(400, 21205, "Url parameter is required.");
  if (twiml && twiml.length > 4000) return twilioError(400, 21236, "Twiml parameter exceeds the 4000 character limit.");
  const stream = twiml ? readStreamTwiml(twiml) : null;
  const call: DevPhoneCallRow = { sid: `CA${randomHex(16)}`, accountSid: account, toNumber: to, fromNumber: from, status: "queued", durationSecs: null, calleeSaid: "", agentAudioKey: null, agentAudioMs: null, createdAt: Date.now() };
  await insertDevPhoneCall(database(env.DB), call);
  console.log(`[dev-phone] call ${call.sid} to ${to}`);
  context.waitUntil(
    runCall(env, context, call, { stream, statusCallback, events: new Set(form.getAll("StatusCallbackEvent").flatMap((e) => e.split(/\s+/))), token: password! }).catch((error) =>
      log("error", "dev phone call failed", { call_sid: call.sid, error: String(error) }),
    ),
  );
  return Response.json(callResource(call), { status: 201 });
}

function callResource(call: DevPhoneCallRow) {
  return {
    sid: call.sid,
    account_sid: call.accountSid,
    to: call.toNumber,
    from: call.fromNumber,
    status: call.status,
    direction: "outbound-api",
    duration: call.durationSecs === null ? null : String(call.durationSecs),
    api_version: "2010-04-01",
    date_created: new Date(call.createdAt).toUTCString(),
    uri: `/2010-04-01/Accounts/${call.accountSid}/Calls/${call.sid}.json`,
  };
}

/** The stand-in's calls (development only), newest first. */
export async function devPhoneCalls(env: Env): Promise<DevPhoneCallRow[]> {
  return listDevPhoneCalls(database(env.DB));
}

/**
 * Reaches the platform as Twilio would over the internet, but in-process: the stand-in can only call this app, so
 * the request goes straight to the app worker (the same handlers Twilio's requests reach in production).
 */
async function dial(_env: Env, context: StandInContext, request: Request): Promise<Response> {
  if (!context.dial) throw new Error("The dev phone was not given the app worker to call");
  return context.dial(request);
}

type CallPlan = { stream: ReturnType<typeof readStreamTwiml>; statusCallback: string | null; events: Set<string>; token: string };

async function runCall(env: Env, context: StandInContext, call: DevPhoneCallRow, plan: CallPlan): Promise<void> {
  const db = database(env.DB);
  let sequence = 0;
  const report = async (status: string, extra: Record<string, string> = {}) => {
    call.status = status;
    await updateDevPhoneCall(db, call.sid, { status });
    const event = status === "in-progress" ? "answered" : status;
    const final = ["completed", "busy", "no-answer", "failed", "canceled"].includes(status);
    if (!plan.statusCallback || (!final && !plan.events.has(event))) return;
    const params: Record<string, string> = {
      AccountSid: call.accountSid,
      CallSid: call.sid,
      CallStatus: status,
      From: call.fromNumber,
      To: call.toNumber,
      Direction: "outbound-api",
      ApiVersion: "2010-04-01",
      CallbackSource: "call-progress-events",
      SequenceNumber: String(sequence++),
      Timestamp: new Date().toUTCString(),
      ...extra,
    };
    const response = await dial(env, context, new Request(plan.statusCallback, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": await twilioSignature(plan.token, plan.statusCallback, params) }, body: new URLSearchParams(params) }));
    if (!response.ok) log("warn", "dev phone status callback refused", { call_sid: call.sid, status: response.status });
  };

  await report("initiated");
  await report("ringing");
  if (call.toNumber === DEV_PHONE.busyNumber) return report("busy");
  const answeredAt = Date.now();
  await report("in-progress");
  const heard = plan.stream ? await streamCall(env, context, call, plan.stream, plan.token) : { agentAudio: [] as Uint8Array[], calleeSaid: "" };
  const agentBytes = heard.agentAudio.reduce((n, part) => n + part.byteLength, 0);
  let agentAudioKey: string | null = null;
  if (agentBytes) {
    const all = new Uint8Array(agentBytes);
    let at = 0;
    for (const part of heard.agentAudio) {
      all.set(part, at);
      at += part.byteLength;
    }
    agentAudioKey = `dev-phone/calls/${call.sid}.wav`;
    await env.MEDIA.put(agentAudioKey, wavFile(decodeMuLaw(all), 8000), { httpMetadata: { contentType: "audio/wav" } });
  }
  const durationSecs = Math.max(1, Math.round((Date.now() - answeredAt) / 1000));
  await updateDevPhoneCall(db, call.sid, { durationSecs, calleeSaid: heard.calleeSaid, agentAudioKey, agentAudioMs: Math.round(agentBytes / 8) });
  await report("completed", { CallDuration: String(durationSecs), Duration: String(Math.ceil(durationSecs / 60)) });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The call's audio over Twilio Media Streams: the agent greets, the callee says its line, the agent answers, the
 * callee hangs up. Agent audio "plays" in real time (as on a phone line): marks are echoed when the audio before them
 * has played, and a clear drops what has not.
 */
async function streamCall(env: Env, context: StandInContext, call: DevPhoneCallRow, stream: NonNullable<CallPlan["stream"]>, token: string): Promise<{ agentAudio: Uint8Array[]; calleeSaid: string }> {
  const agentAudio: Uint8Array[] = [];
  const url = stream.url.replace(/^ws(s?):/, "http$1:");
  const response = await dial(env, context, new Request(url, { headers: { upgrade: "websocket", "x-twilio-signature": await twilioSignature(token, stream.url, {}) } }));
  const socket = response.webSocket;
  if (response.status !== 101 || !socket) {
    log("warn", "dev phone stream refused", { call_sid: call.sid, status: response.status });
    return { agentAudio, calleeSaid: "" };
  }
  const streamSid = `MZ${randomHex(16)}`;
  let playEnd = 0;
  let lastMedia = 0;
  let closed = false;
  let sequence = 0;
  const send = (message: object) => {
    if (!closed) socket.send(JSON.stringify(message));
  };
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string) as { event?: string; media?: { payload?: string }; mark?: { name?: string } };
    const now = Date.now();
    if (message.event === "media" && message.media?.payload) {
      const bytes = Uint8Array.from(atob(message.media.payload), (c) => c.charCodeAt(0));
      agentAudio.push(bytes);
      lastMedia = now;
      playEnd = Math.max(playEnd, now) + bytes.byteLength / 8;
    } else if (message.event === "mark") {
      const name = message.mark?.name ?? "";
      setTimeout(() => send({ event: "mark", sequenceNumber: String(++sequence), streamSid, mark: { name } }), Math.max(0, playEnd - now));
    } else if (message.event === "clear") {
      playEnd = now;
    }
  });
  socket.addEventListener("close", () => (closed = true));
  socket.accept();
  send({ event: "connected", protocol: "Call", version: "1.0.0" });
  send({
    event: "start",
    sequenceNumber: String(++sequence),
    streamSid,
    start: { streamSid, accountSid: call.accountSid, callSid: call.sid, tracks: ["inbound"], customParameters: stream.parameters, mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 } },
  });
  let chunk = 0;
  const sendAudio = (mulaw: Uint8Array) => {
    for (let at = 0; at < mulaw.byteLength; at += MEDIA_FRAME_BYTES) {
      send({ event: "media", sequenceNumber: String(++sequence), streamSid, media: { track: "inbound", chunk: String(++chunk), timestamp: String(chunk * 20), payload: toBase64(mulaw.subarray(at, at + MEDIA_FRAME_BYTES)) } });
    }
  };
  /** Waits until the agent has spoken and fallen quiet (its audio played out), at most `limit` ms. */
  const agentFinished = async (since: number, limit: number) => {
    const until = Date.now() + limit;
    while (!closed && Date.now() < until) {
      if (lastMedia > since && Date.now() - lastMedia > 1200 && Date.now() > playEnd + 300) return;
      await wait(100);
    }
  };

  await agentFinished(0, 20_000);
  let calleeSaid = "";
  if (!closed) {
    // The callee speaks in the platform's own voice (synthesised now: the stand-in ships no recording), then silence.
    const voice = await findQueuedWorkVoice(env, "", DEV_PHONE.calleeVoice);
    const spoken = voice ? await speechEngine(env).synthesize({ text: DEV_PHONE.calleeLine, engineVoice: engineVoiceFor(voice, "en"), ...engineParameters(DEFAULT_VOICE_SETTINGS, voice.engineParameters) }) : null;
    const speech = spoken ? encodeMuLaw(resample(int16FromBytes(spoken.pcm), spoken.sampleRate, 8000)) : new Uint8Array();
    calleeSaid = speech.byteLength ? DEV_PHONE.calleeLine : "";
    const saidAt = Date.now();
    sendAudio(speech);
    // A second and a half of line silence (mu-law 0xFF) ends the callee's turn.
    sendAudio(new Uint8Array(12_000).fill(0xff));
    await agentFinished(saidAt, 30_000);
  }
  send({ event: "stop", sequenceNumber: String(++sequence), streamSid, stop: { accountSid: call.accountSid, callSid: call.sid } });
  if (!closed) socket.close(1000, "Call ended");
  closed = true;
  return { agentAudio, calleeSaid };
}
