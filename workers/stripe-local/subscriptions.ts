/**
 * The subscription lifecycle: starting one, invoicing a period, changing its price (with prorations),
 * cancelling, the upcoming-invoice preview, and `advance`, which plays the part of Stripe's test clock by
 * jumping to the end of the current period.
 */
import type Stripe from "stripe";
import { activeDiscounts, discountAmounts, redeem, retireUsedDiscounts, type DiscountRequest } from "./discounts";
import { invalidRequest, resourceMissing, StripeApiError } from "./errors";
import { newId, PREFIX } from "./ids";
import { addIntervals, formatDate, nextBoundary, priceInterval } from "./money";
import * as build from "./objects";
import { recordInvoiceCharge } from "./payments";
import { phaseAt, releaseSchedule } from "./schedules";
import type { Tx } from "./tx";

/** Days until a failed payment is retried (Stripe's smart retries land within a few days). */
const RETRY_AFTER_SECONDS = 3 * 86_400;

function productName(tx: Tx, price: Stripe.Price): string {
  const id = typeof price.product === "string" ? price.product : price.product.id;
  return tx.store.get<Stripe.Product>(id, "product")?.name ?? id;
}

export function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw invalidRequest(`Subscription ${subscription.id} has no items.`);
  return item;
}

/**
 * Creates a subscription that starts now and is paid at once (what a completed checkout produces), with its
 * first invoice. Nothing is emitted: the caller decides the order of the events.
 */
export function startSubscription(
  tx: Tx,
  fields: {
    customer: string;
    price: Stripe.Price;
    quantity: number;
    metadata: Record<string, string>;
    discounts: DiscountRequest[];
    paymentMethod: string | null;
    checkoutSession: string | null;
  },
): { subscription: Stripe.Subscription; invoice: Stripe.Invoice } {
  const id = newId(PREFIX.subscription);
  const start = tx.now;
  const { interval, count } = priceInterval(fields.price);
  const item = build.subscriptionItem({
    subscription: id,
    price: fields.price,
    quantity: fields.quantity,
    periodStart: start,
    periodEnd: addIntervals(start, interval, count),
    created: start,
  });
  const discountIds = redeem(tx, fields.discounts, { customer: fields.customer, subscription: id, checkoutSession: fields.checkoutSession, start });
  const subscription = build.subscription({
    id,
    customer: fields.customer,
    currency: fields.price.currency,
    items: [item],
    metadata: fields.metadata,
    discounts: discountIds,
    defaultPaymentMethod: fields.paymentMethod,
    start,
  });
  // Stripe's first invoice covers the moment of creation; its line covers the first period.
  const invoice = invoicePeriod(tx, subscription, "subscription_create", { start, end: start }, "paid");
  const settled: Stripe.Subscription = { ...subscription, latest_invoice: invoice.id, discounts: retireUsedDiscounts(tx, discountIds, start) };
  tx.store.put(settled);
  return { subscription: settled, invoice };
}

/**
 * Invoices the subscription's items for their current periods, applying the discounts in force. The
 * invoice's own period is the one given (Stripe: the period that just ended; the lines carry the new one).
 */
export function invoicePeriod(
  tx: Tx,
  subscription: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
  period: { start: number; end: number },
  status: "paid" | "open" | "draft",
  options: { preview?: boolean; at?: number } = {},
): Stripe.Invoice {
  const at = options.at ?? tx.now;
  const lines: build.InvoiceLineInput[] = subscription.items.data.map((item) => ({
    price: item.price,
    quantity: item.quantity ?? 1,
    amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    description: build.lineDescription(item.price, productName(tx, item.price), item.quantity ?? 1),
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    proration: false,
    subscriptionItem: item.id,
  }));
  return makeInvoice(tx, subscription, reason, lines, period, status, { ...options, at });
}

function makeInvoice(
  tx: Tx,
  subscription: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
  lines: build.InvoiceLineInput[],
  period: { start: number; end: number },
  status: "paid" | "open" | "draft",
  options: { preview?: boolean; at?: number } = {},
): Stripe.Invoice {
  const at = options.at ?? tx.now;
  const customer = tx.customer(typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id);
  // Like Stripe, the next invoice made for the customer takes in their pending invoice items.
  const pending = pendingInvoiceItems(tx, customer.id, subscription);
  lines = [...lines, ...pending.map(invoiceItemLine)];
  const discountable = lines.reduce((sum, line) => sum + (line.invoiceItem ? 0 : line.amount), 0);
  const discounts = discountAmounts(activeDiscounts(tx, subscription.discounts, at), Math.max(0, discountable), subscription.currency).filter(
    (entry) => entry.amount > 0,
  );
  const invoice = build.invoice({
    id: options.preview ? `upcoming_${newId(PREFIX.invoice)}` : undefined,
    number: options.preview ? null : tx.invoiceNumber(customer.id),
    customer,
    subscription,
    billingReason: reason,
    lines,
    discounts,
    periodStart: period.start,
    periodEnd: period.end,
    status,
    created: options.preview ? at : tx.now,
    nextPaymentAttempt: status === "paid" ? null : status === "draft" ? at : tx.now + RETRY_AFTER_SECONDS,
  });
  const withPaymentMethod = { ...invoice, default_payment_method: subscription.default_payment_method };
  if (!options.preview) {
    tx.store.put(withPaymentMethod);
    for (const item of pending) tx.store.put({ ...item, invoice: invoice.id });
    // A paid invoice was charged; an open one (a failed renewal) was charged and declined; a draft not yet.
    if (status !== "draft") recordInvoiceCharge(tx, withPaymentMethod, status === "paid" ? "succeeded" : "declined", at);
  }
  return withPaymentMethod;
}

/** The customer's invoice items not on an invoice yet, in the subscription's currency (its own or unattached). */
export function pendingInvoiceItems(tx: Tx, customerId: string, subscription: Stripe.Subscription): Stripe.InvoiceItem[] {
  return tx.store
    .list<Stripe.InvoiceItem>("invoiceitem")
    .filter(
      (item) =>
        item.customer === customerId &&
        item.invoice === null &&
        item.currency === subscription.currency &&
        (item.parent?.subscription_details?.subscription ?? subscription.id) === subscription.id,
    )
    .sort((a, b) => a.date - b.date);
}

function invoiceItemLine(item: Stripe.InvoiceItem): build.InvoiceLineInput {
  return {
    price: null,
    quantity: 1,
    amount: item.amount,
    description: item.description ?? "Invoice item",
    periodStart: item.period.start,
    periodEnd: item.period.end,
    proration: false,
    subscriptionItem: null,
    invoiceItem: item.id,
  };
}

/**
 * Moves the item to another price. Same interval: prorated now for the rest of the period (credit for the
 * unused time on the old price, charge for the remaining time on the new). Another interval: a new period
 * starts now, the old price's unused time is credited and the new price charged in full. With
 * `always_invoice` or `create_prorations` that invoice is created and paid at once; `none` only swaps.
 */
export function changePrice(
  tx: Tx,
  subscription: Stripe.Subscription,
  change: { itemId: string | undefined; price: Stripe.Price; quantity: number | undefined; prorationBehavior: string },
): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null; previous: Record<string, unknown> } {
  const item = change.itemId ? subscription.items.data.find((entry) => entry.id === change.itemId) : subscription.items.data[0];
  if (!item) throw resourceMissing("subscription item", change.itemId ?? "", "items[0][id]");
  if (change.price.currency !== subscription.currency) {
    throw invalidRequest(`The price specified is in ${change.price.currency} but this subscription is in ${subscription.currency}.`, "items[0][price]");
  }
  const old = item.price;
  const quantity = change.quantity ?? item.quantity ?? 1;
  const oldInterval = priceInterval(old);
  const newInterval = priceInterval(change.price);
  const intervalChanged = oldInterval.interval !== newInterval.interval || oldInterval.count !== newInterval.count;
  // After `advance` a subscription's period can lie ahead of the wall clock: it is then at its period start.
  const now = Math.min(Math.max(tx.now, item.current_period_start), item.current_period_end);
  const periodLength = Math.max(1, item.current_period_end - item.current_period_start);
  const remaining = (item.current_period_end - now) / periodLength;
  const oldAmount = (old.unit_amount ?? 0) * (item.quantity ?? 1);
  const newAmount = (change.price.unit_amount ?? 0) * quantity;

  const updatedItem: Stripe.SubscriptionItem = {
    ...item,
    price: change.price,
    plan: build.planFromPrice(change.price),
    quantity,
    ...(intervalChanged ? { current_period_start: now, current_period_end: addIntervals(now, newInterval.interval, newInterval.count) } : {}),
  };
  let updated: Stripe.Subscription = {
    ...subscription,
    billing_cycle_anchor: intervalChanged ? now : subscription.billing_cycle_anchor,
    items: { ...subscription.items, data: subscription.items.data.map((entry) => (entry.id === item.id ? updatedItem : entry)) },
  };

  const prorate = change.prorationBehavior !== "none";
  const lines: build.InvoiceLineInput[] = [];
  const name = (price: Stripe.Price) => productName(tx, price);
  if (prorate) {
    lines.push({
      price: old,
      quantity: item.quantity ?? 1,
      amount: -Math.round(oldAmount * remaining),
      description: `Unused time on ${name(old)} after ${formatDate(now)}`,
      periodStart: now,
      periodEnd: item.current_period_end,
      proration: true,
      subscriptionItem: item.id,
    });
  }
  if (intervalChanged) {
    lines.push({
      price: change.price,
      quantity,
      amount: newAmount,
      description: build.lineDescription(change.price, name(change.price), quantity),
      periodStart: updatedItem.current_period_start,
      periodEnd: updatedItem.current_period_end,
      proration: false,
      subscriptionItem: item.id,
    });
  } else if (prorate) {
    lines.push({
      price: change.price,
      quantity,
      amount: Math.round(newAmount * remaining),
      description: `Remaining time on ${name(change.price)} after ${formatDate(now)}`,
      periodStart: now,
      periodEnd: item.current_period_end,
      proration: true,
      subscriptionItem: item.id,
    });
  }

  let invoice: Stripe.Invoice | null = null;
  if (lines.length > 0) {
    invoice = makeInvoice(tx, updated, "subscription_update", lines, { start: now, end: now }, "paid");
    updated = { ...updated, latest_invoice: invoice.id };
  }
  tx.store.put(updated);
  return { subscription: updated, invoice, previous: { items: subscription.items, ...(intervalChanged ? { billing_cycle_anchor: subscription.billing_cycle_anchor } : {}) } };
}

/** cancel_at_period_end: true schedules the end at the current period's end; false takes it back. */
export function setCancelAtPeriodEnd(tx: Tx, subscription: Stripe.Subscription, cancel: boolean): { subscription: Stripe.Subscription; previous: Record<string, unknown> } {
  if (subscription.schedule) {
    const schedule = typeof subscription.schedule === "string" ? subscription.schedule : subscription.schedule.id;
    throw invalidRequest(
      `The subscription is managed by the subscription schedule \`${schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      "cancel_at_period_end",
    );
  }
  const previous = { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at, canceled_at: subscription.canceled_at };
  const updated: Stripe.Subscription = cancel
    ? {
        ...subscription,
        cancel_at_period_end: true,
        cancel_at: firstItem(subscription).current_period_end,
        canceled_at: tx.now,
        cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: "cancellation_requested" },
      }
    : {
        ...subscription,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      };
  tx.store.put(updated);
  return { subscription: updated, previous };
}

/** DELETE /v1/subscriptions/:id: ends it now; a schedule managing it is canceled with it. */
export function cancelNow(tx: Tx, subscription: Stripe.Subscription): Stripe.Subscription {
  if (subscription.status === "canceled") {
    throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined, "subscription_canceled");
  }
  const scheduleId = typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null);
  if (scheduleId) {
    const schedule = tx.store.get<Stripe.SubscriptionSchedule>(scheduleId, "subscription_schedule");
    if (schedule) {
      const canceled = tx.store.put({ ...schedule, status: "canceled", canceled_at: tx.now, current_phase: null });
      tx.emit("subscription_schedule.canceled", canceled);
    }
  }
  const updated: Stripe.Subscription = {
    ...subscription,
    status: "canceled",
    canceled_at: tx.now,
    ended_at: tx.now,
    cancel_at: null,
    cancel_at_period_end: false,
    schedule: scheduleId ? subscription.schedule : null,
    cancellation_details: { ...(subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }), reason: "cancellation_requested" },
  };
  tx.store.put(updated);
  tx.emit("customer.subscription.deleted", updated);
  return updated;
}

/**
 * The test-clock substitute: the current period ends now. A subscription set to cancel ends; otherwise a
 * schedule's next phase takes over, the next period starts and its invoice is paid (or fails, leaving the
 * invoice open and the subscription past_due).
 */
export function advanceToPeriodEnd(tx: Tx, subscription: Stripe.Subscription, fail: boolean): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null } {
  if (subscription.status === "canceled") throw invalidRequest("This subscription is already canceled.", undefined, "subscription_canceled");
  const item = firstItem(subscription);
  const periodEnd = item.current_period_end;
  const periodStart = item.current_period_start;

  let scheduleId = typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null);
  const schedule = scheduleId ? tx.store.get<Stripe.SubscriptionSchedule>(scheduleId, "subscription_schedule") : null;

  // A schedule that ends by cancelling: its last phase is over.
  const scheduleCancels = schedule !== null && schedule.end_behavior === "cancel" && (schedule.phases.at(-1)?.end_date ?? Infinity) <= periodEnd;
  if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= periodEnd) || scheduleCancels) {
    if (schedule && scheduleCancels) {
      const completed = tx.store.put({ ...schedule, status: "completed", completed_at: tx.now, current_phase: null });
      tx.emit("subscription_schedule.completed", completed);
    }
    const ended: Stripe.Subscription = {
      ...subscription,
      status: "canceled",
      ended_at: periodEnd,
      canceled_at: subscription.canceled_at ?? tx.now,
      cancel_at: subscription.cancel_at ?? periodEnd,
    };
    tx.store.put(ended);
    tx.emit("customer.subscription.deleted", ended);
    return { subscription: ended, invoice: null };
  }

  let current = subscription;
  let anchor = subscription.billing_cycle_anchor;
  let price = item.price;
  if (schedule && schedule.status === "active") {
    const phase = phaseAt(schedule, periodEnd);
    const phasePriceId = phase ? phaseItemPrice(phase) : null;
    if (phasePriceId && phasePriceId !== price.id) {
      const next = tx.price(phasePriceId);
      const before = priceInterval(price);
      const after = priceInterval(next);
      if (before.interval !== after.interval || before.count !== after.count) anchor = periodEnd;
      price = next;
    }
    const isLast = phase !== null && phase === schedule.phases.at(-1);
    if (phase === null || (isLast && schedule.end_behavior !== "cancel")) {
      // The last phase has begun: the schedule lets go and the subscription carries on by itself.
      const released = releaseSchedule(tx, schedule, current, { emitSubscriptionUpdate: false });
      current = released.subscription ?? current;
      scheduleId = null;
    } else {
      tx.store.put({ ...schedule, current_phase: phase ? { start_date: phase.start_date, end_date: phase.end_date } : null });
    }
  }

  const { interval, count } = priceInterval(price);
  const newEnd = anchor === periodEnd ? addIntervals(periodEnd, interval, count) : nextBoundary(anchor, interval, count, periodEnd);
  const movedItem: Stripe.SubscriptionItem = {
    ...item,
    price,
    plan: build.planFromPrice(price),
    current_period_start: periodEnd,
    current_period_end: newEnd,
  };
  let next: Stripe.Subscription = {
    ...current,
    billing_cycle_anchor: anchor,
    schedule: scheduleId,
    items: { ...current.items, data: current.items.data.map((entry) => (entry.id === item.id ? movedItem : entry)) },
  };
  const invoice = invoicePeriod(tx, next, "subscription_cycle", { start: periodStart, end: periodEnd }, fail ? "open" : "paid", { at: periodEnd });
  next = {
    ...next,
    latest_invoice: invoice.id,
    status: fail ? "past_due" : "active",
    discounts: retireUsedDiscounts(tx, activeDiscounts(tx, next.discounts, periodEnd), periodEnd),
  };
  tx.store.put(next);
  const previous = { items: subscription.items, latest_invoice: subscription.latest_invoice, status: subscription.status };
  if (fail) {
    tx.emit("invoice.payment_failed", invoice);
    tx.emit("customer.subscription.updated", next, previous);
  } else {
    tx.emit("customer.subscription.updated", next, previous);
    tx.emit("invoice.paid", invoice);
  }
  return { subscription: next, invoice };
}

export function phaseItemPrice(phase: Stripe.SubscriptionSchedule.Phase): string | null {
  const price = phase.items[0]?.price;
  if (!price) return null;
  return typeof price === "string" ? price : price.id;
}

/** POST /v1/invoices/create_preview for a subscription: what the next period's invoice will be. */
export function previewUpcoming(tx: Tx, subscription: Stripe.Subscription): Stripe.Invoice {
  const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  if (subscription.status === "canceled" || subscription.cancel_at_period_end) {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      code: "invoice_upcoming_none",
      message: `No upcoming invoices for customer: ${customerId}`,
    });
  }
  const item = firstItem(subscription);
  const periodEnd = item.current_period_end;
  let price = item.price;
  let anchor = subscription.billing_cycle_anchor;
  const scheduleId = typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null);
  const schedule = scheduleId ? tx.store.get<Stripe.SubscriptionSchedule>(scheduleId, "subscription_schedule") : null;
  if (schedule && schedule.status === "active") {
    const phase = phaseAt(schedule, periodEnd);
    const priceId = phase ? phaseItemPrice(phase) : null;
    if (priceId && priceId !== price.id) {
      const next = tx.price(priceId);
      if (priceInterval(next).interval !== priceInterval(price).interval) anchor = periodEnd;
      price = next;
    }
  }
  const { interval, count } = priceInterval(price);
  const newEnd = anchor === periodEnd ? addIntervals(periodEnd, interval, count) : nextBoundary(anchor, interval, count, periodEnd);
  const upcoming: Stripe.Subscription = {
    ...subscription,
    items: {
      ...subscription.items,
      data: subscription.items.data.map((entry) =>
        entry.id === item.id ? { ...entry, price, plan: build.planFromPrice(price), current_period_start: periodEnd, current_period_end: newEnd } : entry,
      ),
    },
  };
  return invoicePeriod(tx, upcoming, "upcoming", { start: item.current_period_start, end: periodEnd }, "draft", { preview: true, at: periodEnd });
}

/**
 * POST /v1/invoices with pending_invoice_items_behavior=include: a draft invoice of the customer's pending
 * invoice items for the subscription (billing_reason "manual"). Stripe refuses when there is nothing to invoice.
 */
export function invoicePendingItems(tx: Tx, subscription: Stripe.Subscription, metadata: Record<string, string>): Stripe.Invoice {
  const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  if (pendingInvoiceItems(tx, customerId, subscription).length === 0) {
    throw new StripeApiError(400, { type: "invalid_request_error", code: "invoice_no_customer_line_items", message: `Nothing to invoice for customer` });
  }
  const invoice = makeInvoice(tx, subscription, "manual", [], { start: tx.now, end: tx.now }, "draft");
  return tx.store.put({ ...invoice, metadata });
}
