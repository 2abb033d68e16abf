import { describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { advance, stripe, subscribedCustomer, webhookTypesFor } from "./helpers";

describe("invoice items", () => {
  it("wait for the next invoice, undiscounted, then are on it once", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd", [{ coupon: "special-offer-50" }]);
    const item = await stripe.invoiceItems.create(
      { customer: customer.id, subscription: subscription.id, amount: 90, currency: "usd", description: "Extra credits: 3,000 characters", metadata: { blocks: "3" } },
      { idempotencyKey: `extra-${subscription.id}-3` },
    );
    expect(item).toMatchObject({ object: "invoiceitem", amount: 90, currency: "usd", invoice: null, metadata: { blocks: "3" } });
    // The same idempotency key replays the same item rather than adding another.
    const replay = await stripe.invoiceItems.create(
      { customer: customer.id, subscription: subscription.id, amount: 90, currency: "usd", description: "Extra credits: 3,000 characters", metadata: { blocks: "3" } },
      { idempotencyKey: `extra-${subscription.id}-3` },
    );
    expect(replay.id).toBe(item.id);
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data.map((entry) => entry.id)).toEqual([item.id]);
    expect(await webhookTypesFor(customer.id)).toContain("invoiceitem.created");

    // The preview shows it next to the discounted plan: 50% off the plan only.
    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    expect(preview).toMatchObject({ subtotal: 2290, total: 1190, amount_due: 1190 });
    const extraLine = preview.lines.data.find((line) => line.parent?.type === "invoice_item_details");
    expect(extraLine).toMatchObject({ amount: 90, description: "Extra credits: 3,000 characters", discountable: false });
    expect(extraLine?.parent?.invoice_item_details?.invoice_item).toBe(item.id);

    // The renewal takes it in and it is no longer pending; the next renewal does not bill it again.
    const renewal = ((await (await advance(subscription.id)).json()) as { invoice: Stripe.Invoice }).invoice;
    expect(renewal.amount_paid).toBe(1190);
    expect((await stripe.invoiceItems.retrieve(item.id)).invoice).toBe(renewal.id);
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
    const next = ((await (await advance(subscription.id)).json()) as { invoice: Stripe.Invoice }).invoice;
    expect(next.amount_paid).toBe(1100);
  });

  it("can be invoiced and paid at once (billing early), and are then off the renewal", async () => {
    const { customer, subscription } = await subscribedCustomer("pro_monthly_period_usd");
    await stripe.invoiceItems.create({ customer: customer.id, subscription: subscription.id, amount: 4800, currency: "usd", description: "Extra credits" });
    const draft = await stripe.invoices.create({ customer: customer.id, subscription: subscription.id, pending_invoice_items_behavior: "include", metadata: { reason: "threshold" } });
    expect(draft).toMatchObject({ status: "draft", billing_reason: "manual", amount_due: 4800, metadata: { reason: "threshold" } });
    const paid = await stripe.invoices.pay(draft.id!);
    expect(paid).toMatchObject({ status: "paid", amount_paid: 4800, amount_remaining: 0 });
    expect(await webhookTypesFor(customer.id)).toEqual(expect.arrayContaining(["invoice.created", "invoice.finalized", "invoice.paid"]));
    await expect(stripe.invoices.pay(draft.id!)).rejects.toMatchObject({ statusCode: 400, code: "invoice_already_paid" });
    await expect(stripe.invoices.create({ customer: customer.id, subscription: subscription.id, pending_invoice_items_behavior: "include" })).rejects.toMatchObject({
      statusCode: 400,
      code: "invoice_no_customer_line_items",
    });
    const renewal = ((await (await advance(subscription.id)).json()) as { invoice: Stripe.Invoice }).invoice;
    expect(renewal.amount_paid).toBe(9900);
  });

  it("refuses items without a customer, amount or currency, or in another currency than the subscription", async () => {
    const { customer, subscription } = await subscribedCustomer("creator_monthly_period_usd");
    await expect(stripe.invoiceItems.create({ customer: customer.id, currency: "usd" })).rejects.toMatchObject({ statusCode: 400, param: "amount" });
    await expect(stripe.invoiceItems.create({ customer: customer.id, amount: 10 })).rejects.toMatchObject({ statusCode: 400, param: "currency" });
    await expect(stripe.invoiceItems.create({ customer: "cus_missing", amount: 10, currency: "usd" })).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", param: "customer" });
    await expect(stripe.invoiceItems.create({ customer: customer.id, subscription: subscription.id, amount: 10, currency: "eur" })).rejects.toMatchObject({
      statusCode: 400,
      param: "currency",
    });
  });
});
