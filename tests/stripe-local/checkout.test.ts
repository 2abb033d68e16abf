import { SELF } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, DECLINED_CARD, payOnPage, priceFor, stripe, subscribedCustomer, webhooksFor, webhookTypesFor } from "./helpers";

describe("checkout through the official SDK and the hosted page", () => {
  it("creates a session whose url is on the success_url's origin", async () => {
    const customer = await stripe.customers.create({ email: "buyer@example.com", name: "Buyer", metadata: { workspace_id: "w1" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.livemode).toBe(false);
    const price = await priceFor("creator_monthly_period_usd");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost:8787/app/billing/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/app/billing",
      client_reference_id: "w1",
      metadata: { workspace_id: "w1" },
    });
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toBe(`http://localhost:8787/__stripe/checkout/${session.id}`);
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid", amount_subtotal: 2200, amount_total: 2200, currency: "usd", client_reference_id: "w1" });

    const page = await SELF.fetch(session.url!);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain("Parlance Creator");
    expect(text).toContain("$22.00 per month");
    expect(text).toContain('value="buyer@example.com"');
    for (const label of ["Card number", "Expiration", "CVC", "Cardholder name"]) expect(text).toContain(`>${label}</label>`);
    expect(text).toContain(">Subscribe</button>");
    expect(text).toContain('href="http://localhost:8787/app/billing">Cancel</a>');
  });

  it("pays with 4242: active subscription, paid invoice, signed events in order, then back to success_url", async () => {
    const customer = await stripe.customers.create({ email: "payer@example.com" });
    const price = await priceFor("pro_annual_period_usd");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: `${APP_ORIGIN}/done?session_id={CHECKOUT_SESSION_ID}`,
      subscription_data: { metadata: { workspace_id: "w42", tier: "pro" } },
    });
    const response = await payOnPage(session.url!, "4242424242424242");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${APP_ORIGIN}/done?session_id=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", url: null, customer: customer.id });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, { expand: ["latest_invoice"] });
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.status).toBe("active");
    expect(subscription.metadata).toEqual({ workspace_id: "w42", tier: "pro" });
    const item = subscription.items.data[0];
    expect(item.id).toMatch(/^si_/);
    expect(item.price.id).toBe(price.id);
    // One year from now, on the same day.
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(end.getUTCDate()).toBe(start.getUTCDate());
    expect(typeof subscription.default_payment_method).toBe("string");

    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 99000, amount_due: 99000, billing_reason: "subscription_create", customer: customer.id });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.lines.data[0].period).toEqual({ start: item.current_period_start, end: item.current_period_end });

    const events = await webhooksFor(customer.id);
    expect(events.map((event) => event.type)).toEqual(["customer.created", "checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    for (const event of events) {
      expect(event.id).toMatch(/^evt_/);
      expect(event.api_version).toBe(Stripe.API_VERSION);
      expect(event.livemode).toBe(false);
    }
    const created = events[2] as Stripe.CustomerSubscriptionCreatedEvent;
    expect(created.data.object.id).toBe(subscription.id);
    const retrieved = await stripe.events.retrieve(events[1].id);
    expect(retrieved.type).toBe("checkout.session.completed");
  });

  it("a declined card shows the form again and changes nothing", async () => {
    const customer = await stripe.customers.create({ email: "declined@example.com" });
    const price = await priceFor("starter_monthly_period_usd");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id }],
      success_url: `${APP_ORIGIN}/done`,
    });
    const declined = await payOnPage(session.url!, DECLINED_CARD);
    expect(declined.status).toBe(402);
    const text = await declined.text();
    expect(text).toContain("Your card was declined.");
    expect(text).toContain(">Card number</label>");

    const invalid = await payOnPage(session.url!, "1234 5678 9012 3456");
    expect(await invalid.text()).toContain("Your card number is invalid.");

    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
    expect(await webhookTypesFor(customer.id)).toEqual(["customer.created"]);
  });

  it("applies a coupon: discounted total, discount on the subscription and the invoice", async () => {
    const { customer, session, subscription } = await subscribedCustomer("creator_monthly_period_usd", [{ coupon: "special-offer-30" }]);
    expect(session.amount_total).toBe(1540);
    expect(session.discounts).toEqual([{ coupon: "special-offer-30", promotion_code: null }]);
    expect(subscription.discounts).toHaveLength(1);
    const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ["discounts"] });
    const discount = expanded.discounts[0] as Stripe.Discount;
    expect(discount.id).toMatch(/^di_/);
    expect((discount.source.coupon as Stripe.Coupon).percent_off).toBe(30);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data[0]).toMatchObject({ subtotal: 2200, total: 1540, amount_paid: 1540 });
    expect(invoices.data[0].total_discount_amounts).toEqual([{ amount: 660, discount: discount.id }]);
  });

  it("a promotion code in discounts is redeemed through its coupon", async () => {
    const codes = await stripe.promotionCodes.list({ code: "WELCOME22", active: true });
    const { session, subscription } = await subscribedCustomer("creator_monthly_period_usd", [{ promotion_code: codes.data[0].id }]);
    expect(session.amount_total).toBe(0);
    expect(session.discounts).toEqual([{ coupon: "welcome-creator", promotion_code: codes.data[0].id }]);
    expect(subscription.status).toBe("active");
  });

  it("an expired coupon or promotion code is refused with coupon_expired, an unknown one with resource_missing", async () => {
    const price = await priceFor("creator_monthly_period_usd");
    const base = { mode: "subscription" as const, line_items: [{ price: price.id }], success_url: `${APP_ORIGIN}/done` };
    const expired = await stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: "expired-10" }] }).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(expired).toMatchObject({ code: "coupon_expired", message: "This coupon has expired.", statusCode: 400 });

    const code = (await stripe.promotionCodes.list({ code: "EXPIRED10" })).data[0];
    expect(code.active).toBe(true);
    const expiredCode = await stripe.checkout.sessions.create({ ...base, discounts: [{ promotion_code: code.id }] }).catch((error: unknown) => error);
    expect(expiredCode).toMatchObject({ type: "StripeInvalidRequestError", code: "coupon_expired" });

    const unknown = await stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: "nope" }] }).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ type: "StripeInvalidRequestError", code: "resource_missing", message: "No such coupon: 'nope'", param: "discounts[0][coupon]" });
  });

  it("a promotion code typed on the page is applied when the session allows codes", async () => {
    const customer = await stripe.customers.create({ email: "typed@example.com" });
    const price = await priceFor("creator_monthly_period_usd");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: price.id }],
      success_url: `${APP_ORIGIN}/done`,
      allow_promotion_codes: true,
    });
    const page = await (await SELF.fetch(session.url!)).text();
    expect(page).toContain(">Promotion code</label>");
    const bad = await payOnPage(session.url!, "4242424242424242", { promotion_code: "EXPIRED10" });
    expect(await bad.text()).toContain("This code has expired.");
    const good = await payOnPage(session.url!, "4242424242424242", { promotion_code: "special-offer-50" });
    expect(good.status).toBe(303);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data[0].amount_paid).toBe(1100);
  });

  it("setup mode saves the card as the customer's default", async () => {
    const customer = await stripe.customers.create({ email: "setup@example.com" });
    const session = await stripe.checkout.sessions.create({ mode: "setup", customer: customer.id, currency: "usd", success_url: `${APP_ORIGIN}/card-saved` });
    expect(await (await SELF.fetch(session.url!)).text()).toContain(">Save card</button>");
    const response = await payOnPage(session.url!);
    expect(response.status).toBe(303);
    const updated = await stripe.customers.retrieve(customer.id);
    const method = (updated as Stripe.Customer).invoice_settings.default_payment_method as string;
    expect(method).toMatch(/^pm_/);
    expect((await stripe.paymentMethods.retrieve(method)).card?.last4).toBe("4242");
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] });
    expect((completed.setup_intent as Stripe.SetupIntent).payment_method).toBe(method);
    expect(await webhookTypesFor(customer.id)).toEqual(["customer.created", "checkout.session.completed"]);
  });
});
