import { SELF } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { advance, priceFor, stripe, subscribedCustomer, webhooksFor, webhookTypesFor } from "./helpers";

/** The events about the customer since the given count of deliveries. */
async function typesAfter(customer: string, seen: number): Promise<string[]> {
  return (await webhookTypesFor(customer)).slice(seen);
}

describe("subscription changes", () => {
  it("upgrades at once with a paid proration invoice", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const seen = (await webhookTypesFor(customer.id)).length;
    const pro = await priceFor("pro_monthly_period_usd");
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: pro.id }],
      proration_behavior: "always_invoice",
    });
    expect(updated.items.data[0].price.id).toBe(pro.id);
    expect(updated.items.data[0].id).toBe(subscription.items.data[0].id);
    // Same interval: the period does not move.
    expect(updated.items.data[0].current_period_end).toBe(subscription.items.data[0].current_period_end);

    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid" });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    // Almost the whole period is left: about 99 - 22 dollars.
    expect(invoice.amount_paid).toBeGreaterThan(7600);
    expect(invoice.amount_paid).toBeLessThanOrEqual(7700);
    expect(invoice.lines.data.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([true, true]);
    expect(await typesAfter(customer.id, seen)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    const events = await webhooksFor(customer.id);
    const change = events[seen] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(change.data.object.items.data[0].price.id).toBe(pro.id);
    expect(change.data.previous_attributes?.items?.data[0].price.lookup_key).toBe("creator_monthly_period_usd");

    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((entry) => entry.billing_reason)).toEqual(["subscription_update", "subscription_create"]);
  });

  it("moving to a yearly price starts a new period now and credits the unused month", async () => {
    const { subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const annual = await priceFor("creator_annual_period_usd");
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: annual.id }],
      proration_behavior: "create_prorations",
    });
    const item = updated.items.data[0];
    expect(new Date(item.current_period_end * 1000).getUTCFullYear() - new Date(item.current_period_start * 1000).getUTCFullYear()).toBe(1);
    expect(updated.billing_cycle_anchor).toBe(item.current_period_start);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.amount_paid).toBeGreaterThanOrEqual(22000 - 2200);
    expect(invoice.amount_paid).toBeLessThan(22000 - 2100);
  });

  it("proration_behavior none swaps the price without an invoice", async () => {
    const { customer, subscription } = await subscribedCustomer("pro_monthly_period_usd");
    const creator = await priceFor("creator_monthly_period_usd");
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: creator.id }],
      proration_behavior: "none",
    });
    expect(updated.items.data[0].price.id).toBe(creator.id);
    expect(updated.latest_invoice).toBe(subscription.latest_invoice);
    expect((await webhookTypesFor(customer.id)).at(-1)).toBe("customer.subscription.updated");
  });

  it("downgrades at period end through a schedule, applied by advance", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const starter = await priceFor("starter_monthly_period_usd");
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule.id).toMatch(/^sub_sched_/);
    expect(schedule).toMatchObject({ status: "active", subscription: subscription.id, end_behavior: "release" });
    expect(schedule.phases).toHaveLength(1);
    const current = schedule.phases[0];
    expect(current).toMatchObject({ start_date: subscription.items.data[0].current_period_start, end_date: subscription.items.data[0].current_period_end });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: subscription.items.data[0].price.id, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
        { items: [{ price: starter.id, quantity: 1 }] },
      ],
      end_behavior: "release",
      metadata: { type: "downgrade", downgrade_to: "starter" },
    });
    expect(updated.metadata).toEqual({ type: "downgrade", downgrade_to: "starter" });
    expect(updated.phases[1]).toMatchObject({ start_date: current.end_date });
    expect(updated.phases[1].items[0].price).toBe(starter.id);

    // Cancelling directly is refused while a schedule manages the subscription.
    const refused = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    expect(preview.amount_due).toBe(500);

    const seen = (await webhookTypesFor(customer.id)).length;
    const response = await advance(subscription.id);
    expect(response.status).toBe(200);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0].price.id).toBe(starter.id);
    expect(after.items.data[0].current_period_start).toBe(current.end_date);
    expect(after.schedule).toBeNull();
    expect(after.status).toBe("active");
    const released = await stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({ status: "released", released_subscription: subscription.id, subscription: null });
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid", amount_paid: 500, period_end: current.end_date });
    expect(await typesAfter(customer.id, seen)).toEqual(["subscription_schedule.released", "customer.subscription.updated", "invoice.paid"]);
  });

  it("releasing the schedule keeps the current price", async () => {
    const { customer, subscription } = await subscribedCustomer("pro_monthly_period_usd");
    const starter = await priceFor("starter_monthly_period_usd");
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: subscription.items.data[0].price.id }], start_date: schedule.phases[0].start_date, end_date: schedule.phases[0].end_date },
        { items: [{ price: starter.id }] },
      ],
      metadata: { type: "downgrade", downgrade_to: "starter" },
    });
    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect(released.status).toBe("released");
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.schedule).toBeNull();
    expect(after.items.data[0].price.lookup_key).toBe("pro_monthly_period_usd");
    const types = await webhookTypesFor(customer.id);
    expect(types).toContain("subscription_schedule.created");
    expect(types).toContain("subscription_schedule.updated");
    expect(types.slice(-2)).toEqual(["subscription_schedule.released", "customer.subscription.updated"]);
    await advance(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.lookup_key).toBe("pro_monthly_period_usd");
  });

  it("cancel_at_period_end ends the subscription when the period ends", async () => {
    const { customer, subscription } = await subscribedCustomer("starter_monthly_period_usd");
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ cancel_at_period_end: true, cancel_at: subscription.items.data[0].current_period_end, status: "active" });
    expect(await typesAfter(customer.id, 4)).toEqual(["customer.subscription.updated"]);
    const none = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id }).catch((error: unknown) => error);
    expect(none).toMatchObject({ code: "invoice_upcoming_none" });

    const response = await advance(subscription.id);
    expect(response.status).toBe(200);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe("canceled");
    expect(ended.ended_at).toBe(subscription.items.data[0].current_period_end);
    const events = await webhooksFor(customer.id);
    expect(events.at(-1)?.type).toBe("customer.subscription.deleted");
    expect((events.at(-1) as Stripe.CustomerSubscriptionDeletedEvent).data.object.status).toBe("canceled");
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data).toHaveLength(1);
  });

  it("taking back cancel_at_period_end keeps it renewing", async () => {
    const { subscription } = await subscribedCustomer("starter_monthly_period_usd");
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const renewing = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(renewing).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await advance(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("a failed renewal leaves the invoice open and the subscription past_due; the next one recovers", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const seen = (await webhookTypesFor(customer.id)).length;
    const response = await advance(subscription.id, true);
    const body = (await response.json()) as { subscription: Stripe.Subscription; invoice: Stripe.Invoice };
    expect(body.subscription.status).toBe("past_due");
    expect(body.invoice).toMatchObject({ status: "open", amount_due: 2200, amount_paid: 0, attempted: true, billing_reason: "subscription_cycle" });
    expect(await typesAfter(customer.id, seen)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect((await stripe.invoices.list({ customer: customer.id, status: "open" })).data.map((invoice) => invoice.id)).toEqual([body.invoice.id]);

    await advance(subscription.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("records each charge of an invoice as an invoice payment with its payment intent, as the endive API does", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const first = (await stripe.invoices.list({ customer: customer.id })).data[0];
    const firstPayments = await stripe.invoicePayments.list({ invoice: first.id!, expand: ["data.payment.payment_intent"] });
    expect(firstPayments.data).toHaveLength(1);
    expect(firstPayments.data[0]).toMatchObject({ object: "invoice_payment", invoice: first.id, is_default: true, status: "paid", amount_paid: first.amount_paid, payment: { type: "payment_intent" } });
    expect(firstPayments.data[0].payment.payment_intent).toMatchObject({ object: "payment_intent", status: "succeeded", amount: first.amount_due, amount_received: first.amount_due, customer: customer.id });

    // A declined renewal: the intent waits for a payment method, the invoice payment stays open.
    const failed = ((await (await advance(subscription.id, true)).json()) as { invoice: Stripe.Invoice }).invoice;
    const [open] = (await stripe.invoicePayments.list({ invoice: failed.id! })).data;
    expect(open).toMatchObject({ status: "open", amount_requested: 2200, amount_paid: null });
    const intentId = open.payment.payment_intent as string;
    const declined = await stripe.paymentIntents.retrieve(intentId);
    expect(declined).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "card_declined" } });
    expect((await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: intentId } })).data.map((p) => p.id)).toEqual([open.id]);

    // Paying the open invoice later: the same intent succeeds.
    await stripe.invoices.pay(failed.id!);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: "succeeded", amount_received: 2200 });
    expect((await stripe.invoicePayments.retrieve(open.id)).status).toBe("paid");
    await expect(stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("cancels at once with DELETE", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect((await webhookTypesFor(customer.id)).at(-1)).toBe("customer.subscription.deleted");
    const again = await advance(subscription.id);
    expect(again.status).toBe(400);
  });

  it("previews the upcoming invoice with the discount still in force", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd", [{ coupon: "special-offer-50" }]);
    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    const periodEnd = subscription.items.data[0].current_period_end;
    expect(preview).toMatchObject({ amount_due: 1100, subtotal: 2200, total: 1100, next_payment_attempt: periodEnd, customer: customer.id });
    expect(preview.total_discount_amounts?.[0].amount).toBe(1100);
    expect(preview.discounts).toEqual(subscription.discounts);
    // Expanded, each discount names its coupon: what the app reports as the next invoice's discount.
    const expanded = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id, expand: ["discounts.source.coupon"] });
    expect(expanded.discounts[0]).toMatchObject({ object: "discount", source: { type: "coupon", coupon: { percent_off: 50 } } });
    expect(preview.lines.data[0].period.start).toBe(periodEnd);

    // 3 months at 50%: the first two renewals keep it, the third is full price.
    for (const expected of [1100, 1100, 2200]) {
      const body = (await (await advance(subscription.id)).json()) as { invoice: Stripe.Invoice };
      expect(body.invoice.amount_paid).toBe(expected);
    }
  });

  it("a once coupon applies to the first invoice only", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd", [{ coupon: "creator-first-month" }]);
    expect((await stripe.invoices.list({ customer: customer.id })).data[0].amount_paid).toBe(1100);
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
    const preview = await stripe.invoices.createPreview({ customer: customer.id });
    expect(preview.amount_due).toBe(2200);
  });

  it("adds a coupon to a running subscription", async () => {
    const { customer, subscription } = await subscribedCustomer("pro_monthly_period_usd");
    const updated = await stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: "special-offer-70" }] });
    expect(updated.discounts).toHaveLength(1);
    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    expect(preview.amount_due).toBe(2970);
    const expired = await stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: "expired-10" }] }).catch((error: unknown) => error);
    expect(expired).toMatchObject({ code: "coupon_expired" });
  });

  it("the dashboard lists subscriptions with the test-clock controls", async () => {
    const { subscription } = await subscribedCustomer();
    const page = await (await SELF.fetch("https://stripe.local/__stripe/")).text();
    expect(page).toContain(subscription.id);
    expect(page).toContain(">Advance to period end</button>");
    expect(page).toContain("Fail next payment");
    expect(page).toContain(">Resend</button>");
    const form = await SELF.fetch(`https://stripe.local/__stripe/subscriptions/${subscription.id}/advance`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ fail: "1" }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/__stripe\/\?notice=/);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
  });
});
