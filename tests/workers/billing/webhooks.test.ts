import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../../db/client";
import { linkCustomer } from "../../../db/repositories/billing";
import { users, workspaceMembers, workspaces } from "../../../db/schema";
import { BILLING_WEBHOOK_PATH } from "../../../core/edge/edge-routes";
import { LOCAL_STRIPE_WEBHOOK_SECRET, stripeClient } from "../../../core/billing/stripe.server";

/** Bindings of this test project: the billing worker's, plus the recorder of the stand-in's deliveries. */
const testEnv = env as unknown as { DB: D1Database; STRIPE_LOCAL: Fetcher; WEBHOOK_LOG: Fetcher };
type Delivery = { payload: string; signature: string };

const stripe = stripeClient({ STRIPE_LOCAL: testEnv.STRIPE_LOCAL })!;
const db = database(testEnv.DB);
const WEBHOOK_URL = `https://parlance.test${BILLING_WEBHOOK_PATH}`;

/** What the stand-in has delivered since the last call (it posts to the recorder, not to this worker). */
async function deliveries(): Promise<Delivery[]> {
  return (await (await testEnv.WEBHOOK_LOG.fetch("https://recorder.test/__log")).json()) as Delivery[];
}

function deliver(delivery: Delivery) {
  return SELF.fetch(WEBHOOK_URL, { method: "POST", body: delivery.payload, headers: { "content-type": "application/json", "stripe-signature": delivery.signature } });
}

async function workspace(id: string) {
  return (await db.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.id, id) }))!;
}

let counter = 0;
/** A workspace with its Stripe customer, as the app creates them before checkout. */
async function workspaceWithCustomer(): Promise<{ workspaceId: string; customerId: string }> {
  counter += 1;
  const workspaceId = `ws_billing_${counter}_${crypto.randomUUID().slice(0, 8)}`;
  const userId = `usr_${workspaceId}`;
  const email = `${workspaceId}@example.com`;
  await db.insert(users).values({ id: userId, email, passwordHash: "x", publicUserId: `pub_${workspaceId}` } as typeof users.$inferInsert);
  await db.insert(workspaces).values({ id: workspaceId, name: "Billing test", ownerId: userId });
  await db.insert(workspaceMembers).values({ workspaceId, userId, role: "admin" });
  const customer = await stripe.customers.create({ email, metadata: { workspace_id: workspaceId } });
  await linkCustomer(db, workspaceId, customer.id);
  return { workspaceId, customerId: customer.id };
}

/** Pays a checkout session on the stand-in's checkout page, as a person would. */
async function payCheckout(sessionUrl: string, cardNumber: string): Promise<Response> {
  const path = new URL(sessionUrl).pathname;
  const body = new URLSearchParams({ email: "payer@example.com", card_number: cardNumber, card_expiry: "12 / 34", card_cvc: "123", cardholder_name: "Ada Lovelace" });
  return testEnv.STRIPE_LOCAL.fetch(`https://parlance.test${path}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
}

async function subscribe(customerId: string, lookupKey = "creator_monthly_period_usd"): Promise<{ deliveries: Delivery[]; subscriptionId: string }> {
  const price = (await stripe.prices.list({ lookup_keys: [lookupKey] })).data[0]!;
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customerId,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: "https://parlance.test/app/subscription?checkout=success",
    cancel_url: "https://parlance.test/app/subscription",
  });
  await deliveries(); // drop anything earlier
  const paid = await payCheckout(session.url!, "4242424242424242");
  expect(paid.status).toBe(303);
  const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  return { deliveries: await deliveries(), subscriptionId };
}

function typesOf(list: Delivery[]): string[] {
  return list.map((d) => (JSON.parse(d.payload) as { type: string }).type);
}

beforeAll(async () => {
  await deliveries();
});

describe("billing webhooks: signatures", () => {
  it("refuses a missing or forged signature with 400 and changes nothing", async () => {
    const { workspaceId, customerId } = await workspaceWithCustomer();
    const { deliveries: events } = await subscribe(customerId);
    const real = events[0]!;
    expect((await SELF.fetch(WEBHOOK_URL, { method: "POST", body: real.payload })).status).toBe(400);
    const forgedHeader = await stripe.webhooks.generateTestHeaderStringAsync({ payload: real.payload, secret: "whsec_not_the_secret" });
    expect((await deliver({ payload: real.payload, signature: forgedHeader })).status).toBe(400);
    const tampered = real.payload.replace(/"livemode":\s*false/, '"livemode": true');
    expect(tampered).not.toBe(real.payload);
    expect((await deliver({ payload: tampered, signature: real.signature })).status).toBe(400);
    expect((await workspace(workspaceId)).tier).toBe("free");
    expect(await db.query.billingEvents.findMany()).toHaveLength(0);
  });
});

describe("billing webhooks: applying events", () => {
  it("applies a checkout's events in any order, each exactly once", async () => {
    const { workspaceId, customerId } = await workspaceWithCustomer();
    await db.update(workspaces).set({ characterCount: 777 }).where((await import("drizzle-orm")).eq(workspaces.id, workspaceId));
    const { deliveries: events } = await subscribe(customerId);
    expect(typesOf(events)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);

    // Reversed: invoice.paid first. The worker re-reads the subscription, so order does not matter.
    for (const event of [...events].reverse()) expect((await deliver(event)).status).toBe(200);
    const after = await workspace(workspaceId);
    expect(after).toMatchObject({ tier: "creator", status: "active", billingPeriod: "monthly_period", characterLimit: 100_000, characterCount: 0 });

    // Replays are acknowledged and change nothing (the count is not reset again).
    await db.update(workspaces).set({ characterCount: 50 }).where((await import("drizzle-orm")).eq(workspaces.id, workspaceId));
    for (const event of events) {
      const replay = await deliver(event);
      expect(replay.status).toBe(200);
      await expect(replay.json()).resolves.toMatchObject({ duplicate: true });
    }
    expect((await workspace(workspaceId)).characterCount).toBe(50);
    const applied = await db.query.billingEvents.findMany({ where: (e, { eq }) => eq(e.workspaceId, workspaceId) });
    expect(applied).toHaveLength(3);
  });

  it("a failed renewal makes the workspace past_due; paying the open invoice resets the quota", async () => {
    const { workspaceId, customerId } = await workspaceWithCustomer();
    const { deliveries: first, subscriptionId } = await subscribe(customerId);
    for (const event of first) await deliver(event);

    await testEnv.STRIPE_LOCAL.fetch(`https://parlance.test/__stripe/subscriptions/${subscriptionId}/advance?fail=1`, { method: "POST", headers: { accept: "application/json" } });
    const failed = await deliveries();
    expect(typesOf(failed)).toContain("invoice.payment_failed");
    await db.update(workspaces).set({ characterCount: 99_000 }).where((await import("drizzle-orm")).eq(workspaces.id, workspaceId));
    for (const event of failed) await deliver(event);
    expect(await workspace(workspaceId)).toMatchObject({ status: "past_due", characterCount: 99_000 });
    expect((await db.query.workspaceBilling.findFirst({ where: (b, { eq }) => eq(b.workspaceId, workspaceId) }))!.hasOpenInvoices).toBe(true);

    const open = (await stripe.invoices.list({ subscription: subscriptionId, status: "open" })).data;
    expect(open).toHaveLength(1);
    await stripe.invoices.pay(open[0]!.id);
    const paid = await deliveries();
    expect(typesOf(paid)).toContain("invoice.paid");
    for (const event of paid) await deliver(event);
    expect(await workspace(workspaceId)).toMatchObject({ status: "active", characterCount: 0 });
    expect((await db.query.workspaceBilling.findFirst({ where: (b, { eq }) => eq(b.workspaceId, workspaceId) }))!.hasOpenInvoices).toBe(false);
    await expect((await (await SELF.fetch(WEBHOOK_URL, { method: "GET" })).status)).toBe(404);
  });

  it("derives open invoices from the provider, never from event order: a late payment_failed after invoice.paid changes nothing", async () => {
    const { workspaceId, customerId } = await workspaceWithCustomer();
    const { deliveries: first, subscriptionId } = await subscribe(customerId);
    for (const event of first) await deliver(event);
    await testEnv.STRIPE_LOCAL.fetch(`https://parlance.test/__stripe/subscriptions/${subscriptionId}/advance?fail=1`, { method: "POST", headers: { accept: "application/json" } });
    const failed = await deliveries();
    const open = (await stripe.invoices.list({ subscription: subscriptionId, status: "open" })).data;
    await stripe.invoices.pay(open[0]!.id);
    const paid = await deliveries();
    // The payment's events arrive first, the failure's (validly signed, never seen) after them.
    for (const event of [...paid, ...failed]) expect((await deliver(event)).status).toBe(200);
    expect(await workspace(workspaceId)).toMatchObject({ status: "active" });
    const billing = (await db.query.workspaceBilling.findFirst({ where: (b, { eq }) => eq(b.workspaceId, workspaceId) }))!;
    expect(billing.hasOpenInvoices).toBe(false);
  });

  it("cancellation at period end returns the workspace to free when the period ends", async () => {
    const { workspaceId, customerId } = await workspaceWithCustomer();
    const { deliveries: first, subscriptionId } = await subscribe(customerId, "pro_annual_period_eur");
    for (const event of first) await deliver(event);
    expect(await workspace(workspaceId)).toMatchObject({ tier: "pro", billingPeriod: "annual_period", currency: "eur" });

    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    for (const event of await deliveries()) await deliver(event);
    const billing = await db.query.workspaceBilling.findFirst({ where: (b, { eq }) => eq(b.workspaceId, workspaceId) });
    expect(billing?.cancelAtPeriodEnd).toBe(true);

    await testEnv.STRIPE_LOCAL.fetch(`https://parlance.test/__stripe/subscriptions/${subscriptionId}/advance`, { method: "POST", headers: { accept: "application/json" } });
    const ended = await deliveries();
    expect(typesOf(ended)).toContain("customer.subscription.deleted");
    for (const event of ended) await deliver(event);
    expect(await workspace(workspaceId)).toMatchObject({ tier: "free", status: "free", characterLimit: 10_000 });
  });

  it("ignores events about customers it does not know, and other event types", async () => {
    const stranger = await stripe.customers.create({ email: "stranger@example.com" });
    const { deliveries: events } = await subscribe(stranger.id);
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const payload = JSON.stringify({ id: "evt_other_type", object: "event", type: "customer.created", data: { object: { id: stranger.id, object: "customer" } }, api_version: Stripe.API_VERSION, created: 1, livemode: false, pending_webhooks: 1, request: null });
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: LOCAL_STRIPE_WEBHOOK_SECRET });
    const response = await deliver({ payload, signature });
    await expect(response.json()).resolves.toMatchObject({ ignored: true });
  });
});
