import { database } from "../../../db/client";
import { listTextMessages, storeTextMessage, type TextMessageRow } from "../../../db/repositories/text-messages";
import type { Database } from "../../../db/client";
import { log } from "~/common/log.server";
import { isDevelopment } from "./mail.server";
import { randomHex } from "./tokens.server";

/**
 * One text-message interface, always in the protocol of Twilio's Messages API: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form fields To, From, Body, HTTP Basic with the account SID
 * and auth token. SMS_TRANSPORT says who answers (decision 0044):
 * - "dev-phone" (development): the local stand-in below, in-process; it keeps the message in D1 (/dev/mailbox).
 * - "twilio": Twilio itself (TWILIO_API_URL, default https://api.twilio.com), with TWILIO_ACCOUNT_SID,
 *   TWILIO_FROM and the TWILIO_AUTH_TOKEN secret.
 */
export async function sendTextMessage(env: Env, message: { to: string; body: string }): Promise<void> {
  const transport = env.SMS_TRANSPORT ?? (isDevelopment(env) ? "dev-phone" : "twilio");
  if (transport === "dev-phone" && !isDevelopment(env)) throw new Error("The dev phone exists only in development");
  const sid = env.TWILIO_ACCOUNT_SID;
  const from = env.TWILIO_FROM;
  const token = env.TWILIO_AUTH_TOKEN ?? (transport === "dev-phone" ? DEV_AUTH_TOKEN : undefined);
  if (!sid || !from || !token) throw new Error("TWILIO_ACCOUNT_SID, TWILIO_FROM and TWILIO_AUTH_TOKEN must be set to send text messages");
  const base = transport === "dev-phone" ? DEV_TWILIO_URL : (env.TWILIO_API_URL || "https://api.twilio.com");
  const request = new Request(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${sid}:${token}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
  });
  const response = transport === "dev-phone" ? await devTwilio(env, request) : await fetch(request);
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: number };
    // The number is personal data: it stays out of the log.
    log("error", "text message not sent", { status: response.status, twilio_code: error.code ?? null });
    throw new Error(`Text message delivery failed with ${response.status}`);
  }
}

/** The stand-in's credentials: not a secret (it answers only in development, in-process). */
export const DEV_AUTH_TOKEN = "dev-phone";
const DEV_TWILIO_URL = "https://dev-phone.invalid";

const twilioError = (status: number, code: number, message: string) =>
  Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

/**
 * The development stand-in for Twilio's Messages API: the same path, authentication, fields and answers
 * (201 with the message resource; Twilio's error codes 20003, 21211, 21602, 21603), so the client above runs
 * exactly as against Twilio. Accepted messages are kept in D1 for /dev/mailbox.
 */
export async function devTwilio(env: Env, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/);
  if (request.method !== "POST" || !path) return twilioError(404, 20404, "The requested resource was not found");
  const [user, password] = atob((request.headers.get("authorization") ?? "").replace(/^Basic /, "") || "Og==").split(":");
  if (user !== path[1] || password !== (env.TWILIO_AUTH_TOKEN ?? DEV_AUTH_TOKEN)) return twilioError(401, 20003, "Authenticate");
  const form = new URLSearchParams(await request.text());
  const [to, from, body] = ["To", "From", "Body"].map((field) => form.get(field) ?? "");
  if (!/^\+[1-9]\d{7,14}$/.test(to!)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
  if (!body) return twilioError(400, 21602, "Message body is required.");
  const sid = `SM${randomHex(16)}`;
  await storeTextMessage(database(env.DB), { sid, to: to!, from: from!, body: body! });
  console.log(`[dev-phone] to ${to}: ${body}`);
  return Response.json(
    { sid, account_sid: path[1], to, from, body, status: "queued", direction: "outbound-api", num_segments: "1", api_version: "2010-04-01", date_created: new Date().toUTCString(), uri: `/2010-04-01/Accounts/${path[1]}/Messages/${sid}.json` },
    { status: 201 },
  );
}

/** The dev stand-in's messages (development only), newest first. */
export async function devTextMessages(db: Database): Promise<TextMessageRow[]> {
  return listTextMessages(db);
}
