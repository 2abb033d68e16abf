/**
 * Checkout sessions: creation through the API, and completion when someone pays on the fake hosted page
 * (subscription mode starts a subscription; setup mode saves the card as the customer's default).
 */
import type Stripe from "stripe";
import { readDiscountParams, sessionDiscountAmount, sessionDiscounts, type DiscountRequest } from "./discounts";
import { invalidRequest, missingParam } from "./errors";
import { applyMetadata, bool, child, int, obj, str, type FormObject } from "./form";
import * as build from "./objects";
import { startSubscription } from "./subscriptions";
import type { Tx } from "./tx";

/** Where a browser pays: the app's own origin (the front door forwards /__stripe/* here in development). */
export function checkoutPageUrl(origin: string, id: string): string {
  return `${origin}/__stripe/checkout/${id}`;
}

export function originOf(url: string, param: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw invalidRequest(`Not a valid URL`, param, "url_invalid");
  }
}

export function createCheckoutSession(tx: Tx, params: FormObject): build.StoredCheckoutSession {
  const mode = str(params, "mode");
  if (!mode) throw missingParam("mode");
  if (mode !== "subscription" && mode !== "setup") {
    throw invalidRequest(`This local Stripe supports checkout in mode subscription or setup, not ${mode}.`, "mode");
  }
  const customerId = str(params, "customer");
  const customer = customerId ? tx.customer(customerId, "customer") : null;
  const successUrl = str(params, "success_url");
  if (!successUrl) throw missingParam("success_url");
  const origin = originOf(successUrl, "success_url");
  const cancelUrl = str(params, "cancel_url") ?? null;
  if (cancelUrl) originOf(cancelUrl, "cancel_url");

  const lineItems: { price: string; quantity: number }[] = [];
  const prices: Stripe.Price[] = [];
  const rawItems = child(params, "line_items");
  if (mode === "subscription") {
    const items = Array.isArray(rawItems) ? rawItems : [];
    if (items.length === 0) throw missingParam("line_items");
    items.forEach((entry, index) => {
      const item = typeof entry === "object" && !Array.isArray(entry) ? entry : undefined;
      const priceId = str(item, "price");
      if (!priceId) throw missingParam(`line_items[${index}][price]`);
      const price = tx.price(priceId, `line_items[${index}][price]`);
      if (!price.active) throw invalidRequest(`The price \`${price.id}\` is not active.`, `line_items[${index}][price]`);
      if (price.type !== "recurring") throw invalidRequest("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
      const quantity = int(item, "quantity") ?? 1;
      if (quantity < 1) throw invalidRequest("Quantity must be at least 1.", `line_items[${index}][quantity]`);
      lineItems.push({ price: price.id, quantity });
      prices.push(price);
    });
    if (new Set(prices.map((price) => price.currency)).size > 1) throw invalidRequest("All prices must use the same currency.", "line_items");
  }

  const allowPromotionCodes = bool(params, "allow_promotion_codes") ?? null;
  const discountRequests: DiscountRequest[] = readDiscountParams(tx, params) ?? [];
  if (allowPromotionCodes && discountRequests.length > 0) {
    throw invalidRequest("You may only specify one of these parameters: allow_promotion_codes, discounts.", "allow_promotion_codes");
  }
  if (mode === "setup" && discountRequests.length > 0) throw invalidRequest("Discounts are not supported in setup mode.", "discounts");
  const discounts = sessionDiscounts(discountRequests);

  const currency = prices[0]?.currency ?? str(params, "currency") ?? null;
  const subtotal = mode === "subscription" ? prices.reduce((sum, price, index) => sum + (price.unit_amount ?? 0) * lineItems[index].quantity, 0) : null;
  const discountAmount = subtotal === null || currency === null ? 0 : sessionDiscountAmount(tx, discounts, subtotal, currency);

  const session = build.checkoutSession({
    mode,
    customer: customer?.id ?? null,
    customerEmail: customer ? null : (str(params, "customer_email") ?? null),
    currency,
    amountSubtotal: subtotal,
    amountDiscount: discountAmount,
    discounts,
    allowPromotionCodes,
    successUrl,
    cancelUrl,
    clientReferenceId: str(params, "client_reference_id") ?? null,
    metadata: applyMetadata({}, params),
    url: (id) => checkoutPageUrl(origin, id),
    lineItems,
    subscriptionMetadata: applyMetadata({}, obj(params, "subscription_data")),
    created: tx.now,
  });
  return tx.store.put(session);
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  email: string;
  promotionCode: string;
}

/** Stripe's test cards: 4242… pays, 4000 0000 0000 0002 is declined, anything else is not a card number. */
export type CardCheck = { ok: true; last4: string; expMonth: number; expYear: number } | { ok: false; message: string; field: string };

export function checkCard(input: CardInput, now: number): CardCheck {
  const digits = input.number.replace(/[\s-]+/g, "");
  if (digits === "4000000000000002") return { ok: false, message: "Your card was declined.", field: "card_number" };
  if (digits !== "4242424242424242") return { ok: false, message: "Your card number is invalid.", field: "card_number" };
  const expiry = input.expiry.replace(/\s+/g, "").match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
  if (!expiry) return { ok: false, message: "Your card's expiration date is incomplete.", field: "card_expiry" };
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return { ok: false, message: "Your card's expiration date is invalid.", field: "card_expiry" };
  const today = new Date(now * 1000);
  if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    return { ok: false, message: "Your card's expiration date is in the past.", field: "card_expiry" };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, message: "Your card's security code is incomplete.", field: "card_cvc" };
  return { ok: true, last4: digits.slice(-4), expMonth, expYear };
}

/**
 * Pays a session. Everything is written before any event is recorded, and the events come in the order the
 * billing worker is promised: checkout.session.completed, customer.subscription.created, invoice.paid.
 */
export function completeCheckoutSession(
  tx: Tx,
  session: build.StoredCheckoutSession,
  card: { last4: string; expMonth: number; expYear: number; name: string; email: string },
  discountRequests: DiscountRequest[],
): build.StoredCheckoutSession {
  if (session.status !== "open") throw invalidRequest(`This Checkout Session is no longer active.`, undefined, "checkout_session_inactive");
  let customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  if (!customerId) {
    const created = tx.store.put(build.customer({ email: card.email || null, name: card.name || null, metadata: {}, created: tx.now }));
    tx.emit("customer.created", created);
    customerId = created.id;
  }
  const customer = tx.customer(customerId);
  const paymentMethod = tx.store.put(
    build.cardPaymentMethod({
      customer: customer.id,
      brand: "visa",
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      name: card.name || null,
      email: card.email || customer.email,
      created: tx.now,
    }),
  );
  const customerDetails: Stripe.Checkout.Session.CustomerDetails = {
    address: null,
    business_name: null,
    email: card.email || customer.email,
    individual_name: null,
    name: card.name || customer.name || null,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };

  if (session.mode === "setup") {
    const setupIntent = tx.store.put(build.succeededSetupIntent({ customer: customer.id, paymentMethod: paymentMethod.id, created: tx.now }));
    tx.store.put({ ...tx.customer(customer.id), invoice_settings: { ...customer.invoice_settings, default_payment_method: paymentMethod.id } });
    const completed = tx.store.put({ ...session, customer: customer.id, customer_details: customerDetails, setup_intent: setupIntent.id, status: "complete" as const, url: null });
    tx.emit("checkout.session.completed", completed);
    return completed;
  }

  const lineItem = session._line_items[0];
  const price = tx.price(lineItem.price);
  const { subscription, invoice } = startSubscription(tx, {
    customer: customer.id,
    price,
    quantity: lineItem.quantity,
    metadata: session._subscription_metadata,
    discounts: discountRequests,
    paymentMethod: paymentMethod.id,
    checkoutSession: session.id,
  });
  const discounts = discountRequests.length > 0 ? sessionDiscounts(discountRequests) : session.discounts;
  const completed = tx.store.put({
    ...session,
    customer: customer.id,
    customer_details: customerDetails,
    discounts,
    amount_total: invoice.amount_paid,
    total_details: { amount_discount: invoice.subtotal - invoice.total, amount_shipping: 0, amount_tax: 0 },
    invoice: invoice.id,
    subscription: subscription.id,
    payment_status: "paid" as const,
    status: "complete" as const,
    // Like Stripe, a completed session has no page to visit any more.
    url: null,
  });
  tx.emit("checkout.session.completed", completed);
  tx.emit("customer.subscription.created", subscription);
  tx.emit("invoice.paid", invoice);
  return completed;
}

/** The discounts a session will redeem, re-checked at payment time (a coupon may have expired meanwhile). */
export function sessionDiscountRequests(tx: Tx, session: build.StoredCheckoutSession): DiscountRequest[] {
  const params: FormObject = {
    discounts: (session.discounts ?? []).map((entry) => {
      const promotion = typeof entry.promotion_code === "string" ? entry.promotion_code : entry.promotion_code?.id;
      const coupon = typeof entry.coupon === "string" ? entry.coupon : entry.coupon?.id;
      const fields: FormObject = promotion ? { promotion_code: promotion } : { coupon: coupon ?? "" };
      return fields;
    }),
  };
  return readDiscountParams(tx, params) ?? [];
}
