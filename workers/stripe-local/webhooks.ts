/**
 * Webhook signing and delivery, exactly Stripe's scheme: `stripe-signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the whole endpoint secret>`, so the SDK's constructEventAsync accepts it.
 */
import type { StripeLocalEnv } from "./env";
import type { StripeEvent } from "./objects";
import type { Store } from "./store";
import { nowSeconds } from "../../core/clock";

export const WEBHOOK_URL = "https://billing.local/billing/stripe-webhook";

export async function signatureHeader(payload: string, secret: string, timestamp: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}

/**
 * Sends one event to the billing worker and records the outcome with the event. A failed delivery never
 * fails the change that caused it (Stripe retries later; here the dashboard has a Resend button).
 */
export async function deliver(env: StripeLocalEnv, store: Store, event: StripeEvent): Promise<number | null> {
  const payload = JSON.stringify(event, null, 2);
  const now = nowSeconds();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await env.WEBHOOK.fetch(WEBHOOK_URL, {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": await signatureHeader(payload, env.STRIPE_WEBHOOK_SECRET, now) },
    });
    status = response.status;
    // Drain the body so the connection is released.
    await response.arrayBuffer();
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  store.recordDelivery(event.id, status, error, now);
  const stored = store.get<StripeEvent>(event.id, "event");
  if (stored && status !== null && status >= 200 && status < 300) store.put({ ...stored, pending_webhooks: 0 });
  return status;
}

/** Deliveries happen one after another, in the order the events were recorded. */
export async function deliverAll(env: StripeLocalEnv, store: Store, events: StripeEvent[]): Promise<void> {
  for (const event of events) await deliver(env, store, event);
}
