import { SELF } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { deliveriesFor, failWebhooksFor, sdk, stripe, subscribedCustomer, WEBHOOK_SECRET, webhooksFor } from "./helpers";

describe("the API speaks Stripe's protocol", () => {
  it("rejects a wrong or missing key with 401 (StripeAuthenticationError)", async () => {
    const error = await sdk("sk_test_wrong_key_123456").customers.create({ email: "x@example.com" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
    const bare = await SELF.fetch("https://api.stripe.com/v1/customers");
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  it("answers a missing object with resource_missing and 404", async () => {
    const error = await stripe.customers.retrieve("cus_missing").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "resource_missing", message: "No such customer: 'cus_missing'", statusCode: 404 });
  });

  it("replays a request with the same Idempotency-Key and refuses the key for other parameters", async () => {
    const first = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "create-idem-1" });
    const again = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "create-idem-1" });
    expect(again.id).toBe(first.id);
    // lastResponse is the raw fetch Response here.
    expect((again.lastResponse as unknown as Response).headers.get("idempotent-replayed")).toBe("true");
    expect(first.lastResponse.requestId).toMatch(/^req_/);
    expect((await stripe.customers.list({ email: "idem@example.com" })).data).toHaveLength(1);
    const other = await stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "create-idem-1" }).catch((caught: unknown) => caught);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // Without a key of its own the SDK still sends one per call, so two calls make two customers.
    const a = await stripe.customers.create({ email: "twice@example.com" });
    const b = await stripe.customers.create({ email: "twice@example.com" });
    expect(a.id).not.toBe(b.id);
  });

  it("parses bracket notation: metadata, invoice_settings and expand[]", async () => {
    const customer = await stripe.customers.create({ email: "meta@example.com", name: "Meta", metadata: { workspace_id: "w9", plan: "free" } });
    expect(customer.metadata).toEqual({ workspace_id: "w9", plan: "free" });
    const updated = await stripe.customers.update(customer.id, { metadata: { plan: "", seats: "3" } });
    expect(updated.metadata).toEqual({ workspace_id: "w9", seats: "3" });
    const wrongMethod = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: "pm_nope" } }).catch((caught: unknown) => caught);
    expect(wrongMethod).toMatchObject({ code: "resource_missing", param: "invoice_settings[default_payment_method]" });
  });

  it("lists prices by lookup key with their products expanded", async () => {
    const prices = await stripe.prices.list({ lookup_keys: ["creator_monthly_period_usd", "creator_annual_period_eur"], active: true, expand: ["data.product"] });
    expect(prices.object).toBe("list");
    expect(prices.data.map((price) => price.lookup_key).sort()).toEqual(["creator_annual_period_eur", "creator_monthly_period_usd"]);
    const monthly = prices.data.find((price) => price.lookup_key === "creator_monthly_period_usd")!;
    expect(monthly).toMatchObject({ unit_amount: 2200, currency: "usd", type: "recurring", livemode: false });
    expect(monthly.id).toMatch(/^price_/);
    expect(monthly.recurring?.interval).toBe("month");
    const product = monthly.product as Stripe.Product;
    expect(product.id).toMatch(/^prod_/);
    expect(product).toMatchObject({ name: "Parlance Creator", metadata: { tier: "creator" } });
    const annual = prices.data.find((price) => price.lookup_key === "creator_annual_period_eur")!;
    expect(annual).toMatchObject({ unit_amount: 21000, currency: "eur", recurring: { interval: "year" } });
    // Business has no EUR price.
    expect((await stripe.prices.list({ lookup_keys: ["scale_2024_08_10_monthly_period_eur"] })).data).toEqual([]);
    expect((await stripe.prices.retrieve(monthly.id)).id).toBe(monthly.id);
    expect((await stripe.products.retrieve(product.id)).name).toBe("Parlance Creator");
  });

  it("finds promotion codes by code, and reads coupons", async () => {
    const codes = await stripe.promotionCodes.list({ code: "WELCOME22", active: true, expand: ["data.promotion.coupon"] });
    expect(codes.data).toHaveLength(1);
    const code = codes.data[0];
    expect(code.id).toMatch(/^promo_/);
    expect(code.code).toBe("WELCOME22");
    expect(code.promotion.coupon).toMatchObject({ id: "welcome-creator", amount_off: 2200, currency: "usd", duration: "repeating", duration_in_months: 1 });
    expect((await stripe.promotionCodes.list({ code: "special-offer-70" })).data[0].promotion.coupon).toBe("special-offer-70");
    expect((await stripe.promotionCodes.list({ code: "NOPE" })).data).toEqual([]);
    expect(await stripe.coupons.retrieve("creator-first-month")).toMatchObject({ percent_off: 50, duration: "once", valid: true });
    expect(await stripe.coupons.retrieve("expired-10")).toMatchObject({ percent_off: 10, valid: false });
    expect((await stripe.coupons.retrieve("expired-10")).redeem_by).toBeLessThan(Date.now() / 1000);
  });

  it("signs webhooks with Stripe's scheme: a changed payload or another secret does not verify", async () => {
    const customer = await stripe.customers.create({ email: "signed@example.com" });
    const [delivery] = await deliveriesFor(customer.id);
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const crypto = Stripe.createSubtleCryptoProvider();
    const event = await stripe.webhooks.constructEventAsync(delivery.payload, delivery.signature!, WEBHOOK_SECRET, undefined, crypto);
    expect(event).toMatchObject({ type: "customer.created", object: "event", pending_webhooks: 1 });
    const tampered = delivery.payload.replace("signed@example.com", "other@example.com");
    await expect(stripe.webhooks.constructEventAsync(tampered, delivery.signature!, WEBHOOK_SECRET, undefined, crypto)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(stripe.webhooks.constructEventAsync(delivery.payload, delivery.signature!, "whsec_other", undefined, crypto)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // Delivered: the stored event no longer waits for an endpoint.
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
  });

  it("a failing webhook endpoint does not fail the change; the delivery status is kept", async () => {
    const customer = await stripe.customers.create({ email: "hook-fails@example.com" });
    await failWebhooksFor(customer.id);
    const updated = await stripe.customers.update(customer.id, { name: "Still works" });
    expect(updated.name).toBe("Still works");
    const events = await webhooksFor(customer.id);
    expect(events.map((event) => event.type)).toEqual(["customer.created", "customer.updated"]);
    const dashboard = await (await SELF.fetch("https://stripe.local/__stripe/")).text();
    expect(dashboard).toContain(events[1].id);
    expect(dashboard).toContain("HTTP 500");
  });

  it("lists events newest first", async () => {
    const { customer } = await subscribedCustomer();
    const events = await stripe.events.list({ limit: 3 });
    expect(events.data.map((event) => event.type)).toEqual(["invoice.paid", "customer.subscription.created", "checkout.session.completed"]);
    expect((events.data[0].data.object as Stripe.Invoice).customer).toBe(customer.id);
    expect(events.data[0].request).toEqual({ id: null, idempotency_key: null });
  });

  it("creates a portal session on the return_url's origin, whose page can cancel the plan", async () => {
    const { customer, subscription } = await subscribedCustomer();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://localhost:5173/app/billing" });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`http://localhost:5173/__stripe/portal/${portal.id}`);
    const page = await (await SELF.fetch(portal.url)).text();
    expect(page).toContain("Parlance Creator");
    expect(page).toContain("Renews on");
    expect(page).toContain("VISA •••• 4242");
    expect(page).toContain('href="http://localhost:5173/app/billing">Return to Parlance</a>');
    expect(page).toContain(">Cancel plan</button>");

    const cancel = await SELF.fetch(`http://localhost:5173/__stripe/portal/${portal.id}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: subscription.id }),
    });
    expect(cancel.status).toBe(303);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.cancel_at_period_end).toBe(true);
    expect(after.cancel_at).toBe(after.items.data[0].current_period_end);
    const events = await webhooksFor(customer.id);
    const updated = events.at(-1) as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.type).toBe("customer.subscription.updated");
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(await (await SELF.fetch(portal.url)).text()).toContain("Cancels on");
  });
});
