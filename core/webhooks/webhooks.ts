import { z } from "zod";

/** The signature header, in the commercial service's format: `t=<unix seconds>,v0=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "ElevenLabs-Signature";

/**
 * The workspace events a webhook can receive (decision 0034): the official SDK's WorkspaceWebhookEventType
 * values, and the product areas' completions the issue names (sent once those areas exist).
 */
export const WEBHOOK_EVENTS = ["speech_to_text", "dubbing", "studio_conversion", "voice_library_removal_notice", "post_call_transcription"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEvent = z.enum(WEBHOOK_EVENTS);
/** What "send test" sends: every webhook receives it, whatever its events. */
export const TEST_EVENT = "test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  speech_to_text: "Transcription finished",
  dubbing: "Dub finished or failed",
  studio_conversion: "Studio conversion finished",
  voice_library_removal_notice: "Voice library removal notice",
  post_call_transcription: "Agent conversation ended",
};

/** Deliveries are tried this many times in all, then marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
/** A webhook whose deliveries failed this many times in a row (after their retries) is disabled automatically. */
export const WEBHOOK_AUTO_DISABLE_AFTER = 10;
/** How long one delivery may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Seconds before retry n (1-based): 30 s doubling, at most an hour. */
export function webhookRetryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
}

/** The signature header's value for a raw body: HMAC-SHA256 of `<timestamp>.<body>` with the webhook's secret. */
export async function signWebhook(secret: string, body: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v0=${await hmacHex(secret, `${timestampSeconds}.${body}`)}`;
}

/** The recipient's check (docs: README "Webhooks"): the signature matches and is at most `toleranceSeconds` old. */
export async function verifyWebhook(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 30 * 60): Promise<boolean> {
  const parts = header.split(",");
  const t = parts.find((p) => p.startsWith("t="))?.slice(2);
  const v0 = parts.find((p) => p.startsWith("v0="))?.slice(3);
  if (!t || !v0 || !/^\d+$/.test(t)) return false;
  if (nowSeconds - Number(t) > toleranceSeconds) return false;
  const expected = await hmacHex(secret, `${t}.${body}`);
  // Constant time over equal lengths.
  if (expected.length !== v0.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ v0.charCodeAt(i);
  return diff === 0;
}

/** The `type` a delivery's body carries for an event, where the commercial service names it apart from the subscription. */
const BODY_TYPES: Partial<Record<string, string>> = { speech_to_text: "speech_to_text_transcription" };

/** The body of a delivery, in the commercial service's shape. */
export function webhookBody(event: string, eventTimestamp: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type: BODY_TYPES[event] ?? event, event_timestamp: eventTimestamp, data });
}

/** Whether a host name is this machine or a private network: never a webhook target in production. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".") && !host.includes(":")) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  if (host.includes(":")) return host === "::" || host === "::1" || host.startsWith("fc") || host.startsWith("fd") || host.startsWith("fe80") || host.startsWith("::ffff:");
  return false;
}

/** Why a webhook URL is refused, or null. In production only public https URLs; in development http and local hosts too. */
export function webhookUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, such as https://example.com/webhooks.";
  }
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return "The webhook URL must start with https://.";
  if (url.username || url.password) return "The webhook URL cannot carry a user name or password.";
  if (production && isInternalHost(url.hostname)) return "The webhook URL must point to a public host, not a private or local address.";
  return null;
}

/**
 * A workspace event raised by a queue consumer that runs in a worker of its own (queues/studio, queues/dubbing:
 * decision 0058). The app owns the emitter (its notifications and webhook deliveries), so the consumer sends the
 * event on the webhook-deliveries queue, whose consumer in the app emits it.
 */
export type WorkspaceEventMessage = { workspaceEvent: { workspaceId: string; type: WebhookEvent; data: Record<string, unknown> } };

/** Attempts at emitting a relayed event (its queue retries), then it is dropped with a log line. */
export const WORKSPACE_EVENT_ATTEMPTS = 5;

export function isWorkspaceEventMessage(body: unknown): body is WorkspaceEventMessage {
  const event = (body as Partial<WorkspaceEventMessage> | null)?.workspaceEvent;
  return typeof event?.workspaceId === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(event.type) && typeof event.data === "object" && event.data !== null;
}

/** Sends a workspace event to the app's emitter through the webhook-deliveries queue. */
export async function relayWorkspaceEvent(queue: Queue, workspaceId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await queue.send({ workspaceEvent: { workspaceId, type, data } } satisfies WorkspaceEventMessage);
}
