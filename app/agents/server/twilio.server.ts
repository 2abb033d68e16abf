// Twilio's REST API for voice, as agents' phone numbers use it (decision 0060): look a number up on its account and
// place a call. Always Twilio's protocol (form-encoded, HTTP Basic with the number's account SID and auth token);
// PHONE_TRANSPORT says who answers:
// - "dev-phone" (development): the in-process stand-in (dev-twilio-voice.server.ts), which also answers the call.
// - "twilio": Twilio itself (TWILIO_API_URL, default https://api.twilio.com).
// The auth token is never logged.
import { log } from "~/common/log.server";
import { isDevelopment } from "~/accounts/accounts.server";
import { devTwilioVoice } from "./dev-twilio-voice.server";

export type TwilioAccount = { sid: string; token: string };
/** What the stand-in needs to play Twilio's part: time beyond the request, and how it reaches the platform. */
export type TwilioContext = {
  waitUntil(promise: Promise<unknown>): void;
  /** This app worker, in-process (the app worker gives it): the stand-in's callbacks and media stream reach it so. */
  dial?: (request: Request) => Promise<Response>;
};
export type TwilioError = { status: number; code: number | null; message: string };

const DEV_TWILIO_URL = "https://dev-phone.invalid";

export function phoneTransport(env: Env): "dev-phone" | "twilio" {
  const transport = env.PHONE_TRANSPORT || (isDevelopment(env) ? "dev-phone" : "twilio");
  if (transport === "dev-phone" && !isDevelopment(env)) throw new Error("The dev phone exists only in development");
  return transport === "dev-phone" ? "dev-phone" : "twilio";
}

async function twilio(env: Env, context: TwilioContext, account: TwilioAccount, method: "GET" | "POST", path: string, form?: [string, string][]): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; error: TwilioError }> {
  const transport = phoneTransport(env);
  const base = transport === "dev-phone" ? DEV_TWILIO_URL : env.TWILIO_API_URL || "https://api.twilio.com";
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}${path}`;
  const request = new Request(url, {
    method,
    headers: { authorization: `Basic ${btoa(`${account.sid}:${account.token}`)}`, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  let response: Response;
  try {
    response = transport === "dev-phone" ? await devTwilioVoice(env, request, context) : await fetch(request, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    log("error", "twilio unreachable", { path: path.replace(/\?.*/, ""), error: String(error) });
    return { ok: false, error: { status: 502, code: null, message: "Twilio could not be reached." } };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, body };
  // The account SID appears in the path; nothing else of the request is logged.
  log("warn", "twilio refused", { status: response.status, twilio_code: typeof body.code === "number" ? body.code : null });
  return { ok: false, error: { status: response.status, code: typeof body.code === "number" ? body.code : null, message: typeof body.message === "string" ? body.message : `HTTP ${response.status}` } };
}

/** The number on the account (IncomingPhoneNumbers), or why not: refused credentials, or not the account's number. */
export async function lookUpIncomingNumber(env: Env, context: TwilioContext, account: TwilioAccount, phoneNumber: string): Promise<{ ok: true; sid: string } | { ok: false; reason: "credentials" | "not_on_account" | "unreachable"; error?: TwilioError }> {
  const found = await twilio(env, context, account, "GET", `/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber)}`);
  if (!found.ok) return { ok: false, reason: found.error.status === 401 || found.error.status === 404 ? "credentials" : "unreachable", error: found.error };
  const numbers = Array.isArray(found.body.incoming_phone_numbers) ? (found.body.incoming_phone_numbers as { sid?: string; phone_number?: string }[]) : [];
  const match = numbers.find((n) => n.phone_number === phoneNumber);
  return match?.sid ? { ok: true, sid: match.sid } : { ok: false, reason: "not_on_account" };
}

/** Places a call (Calls.json) that runs the given TwiML, with status callbacks; Twilio's call SID, or its refusal. */
export async function createCall(env: Env, context: TwilioContext, account: TwilioAccount, call: { to: string; from: string; twiml: string; statusCallback: string }): Promise<{ ok: true; sid: string } | { ok: false; error: TwilioError }> {
  // StatusCallbackEvent is repeated, once per event, as Twilio's REST API takes a list.
  const created = await twilio(env, context, account, "POST", "/Calls.json", [
    ["To", call.to],
    ["From", call.from],
    ["Twiml", call.twiml],
    ["StatusCallback", call.statusCallback],
    ["StatusCallbackMethod", "POST"],
    ...["initiated", "ringing", "answered", "completed"].map((event): [string, string] => ["StatusCallbackEvent", event]),
  ]);
  if (!created.ok) return created;
  return typeof created.body.sid === "string" ? { ok: true, sid: created.body.sid } : { ok: false, error: { status: 502, code: null, message: "Twilio's answer had no call SID." } };
}
