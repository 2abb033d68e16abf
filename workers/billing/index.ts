import { Hono } from "hono";
import Stripe from "stripe";
import { database } from "../../db/client";
import { eventAlreadyApplied, recordEvent } from "../../db/repositories/billing";
import { BILLING_WEBHOOK_PATH } from "../../core/edge/edge-routes";
import { syncSubscription } from "../../core/billing/billing-sync.server";
import { stripeClient, webhookSecret, type StripeEnv } from "../../core/billing/stripe.server";
import { subscriptionIdOf } from "./events";

export type BillingEnv = StripeEnv & { DB: D1Database; ENVIRONMENT: string };

/**
 * Stripe webhooks. Each event is verified with the SDK (Stripe-Signature, HMAC-SHA256 over the raw body),
 * applied at most once (its id is stored in the same D1 batch as its effect), and applied by re-reading the
 * subscription from Stripe, so late, repeated or reordered events all converge on Stripe's current state.
 */
const billing = new Hono<{ Bindings: BillingEnv }>();

billing.post(BILLING_WEBHOOK_PATH, async (c) => {
  const secret = webhookSecret(c.env);
  const stripe = stripeClient(c.env);
  if (!secret || !stripe) return c.json({ error: "Billing is not configured." }, 503);
  const signature = c.req.header("stripe-signature");
  if (!signature) return c.json({ error: "Missing Stripe-Signature header." }, 400);
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return c.json({ error: "Invalid signature." }, 400);
  }
  const db = database(c.env.DB);
  if (await eventAlreadyApplied(db, event.id)) return c.json({ received: true, duplicate: true });
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) {
    await recordEvent(db, event, null);
    return c.json({ received: true, ignored: true });
  }
  try {
    await syncSubscription(stripe, db, subscriptionId, { event: { id: event.id, type: event.type } });
  } catch (error) {
    // A concurrent delivery of the same event won the insert of its id: it is applied, nothing to do.
    if (await eventAlreadyApplied(db, event.id)) return c.json({ received: true, duplicate: true });
    // Anything else is retried by Stripe: answer 500 so it comes back.
    console.error(JSON.stringify({ level: "error", msg: "webhook failed", event_id: event.id, type: event.type, error: String(error) }));
    return c.json({ error: "Could not apply the event." }, 500);
  }
  return c.json({ received: true });
});

billing.all("*", (c) => c.json({ error: "Not found" }, 404));

export default billing;
