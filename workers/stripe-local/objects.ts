/**
 * Builders of Stripe objects in the shapes of the SDK's types for API version 2026-10-28.endive. Typing them
 * against `Stripe.*` makes tsc point out any field this stand-in forgets or misnames. Ids of related objects
 * are strings (Stripe's unexpanded form); `expand[]` swaps them for the objects.
 */
import type Stripe from "stripe";
import { newId, PREFIX } from "./ids";
import { formatPrice } from "./money";

/** Wire form of a decimal field: Stripe sends a string, the SDK may turn it into a Decimal. */
type DecimalString = NonNullable<Stripe.Price["unit_amount_decimal"]>;
export function decimal(value: number): DecimalString {
  return String(value) as unknown as DecimalString;
}

/** Fields the stand-in keeps next to an object but never shows (names start with `_`, see `publicView`). */
export interface CheckoutSessionInternals {
  _line_items: { price: string; quantity: number }[];
  _subscription_metadata: Record<string, string>;
}
export type StoredCheckoutSession = Stripe.Checkout.Session & CheckoutSessionInternals;

/** Strips the internal `_` fields before an object leaves the stand-in (API answers and event snapshots). */
export function publicView<T extends object>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of Object.keys(copy)) if (key.startsWith("_")) delete copy[key];
  return copy as T;
}

export function customer(fields: { email: string | null; name: string | null; metadata: Record<string, string>; created: number }): Stripe.Customer {
  return {
    id: newId(PREFIX.customer, 14),
    object: "customer",
    address: null,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: fields.email,
    invoice_prefix: null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function product(fields: { name: string; metadata: Record<string, string>; created: number }): Stripe.Product {
  return {
    id: newId(PREFIX.product, 14),
    object: "product",
    active: true,
    created: fields.created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: fields.created,
    url: null,
  };
}

export function recurringPrice(fields: {
  product: string;
  currency: string;
  unitAmount: number;
  interval: "month" | "year";
  lookupKey: string;
  nickname: string;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Price {
  return {
    id: newId(PREFIX.price),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: { interval: fields.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: "recurring",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: decimal(fields.unitAmount),
  };
}

/** The legacy `plan` every subscription item still carries, mirrored from its price. */
export function planFromPrice(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === "string" ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export function coupon(fields: {
  id: string;
  name: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration: "once" | "repeating" | "forever";
  durationInMonths?: number;
  redeemBy?: number;
  valid?: boolean;
  created: number;
}): Stripe.Coupon {
  return {
    id: fields.id,
    object: "coupon",
    amount_off: fields.amountOff ?? null,
    created: fields.created,
    currency: fields.currency ?? null,
    duration: fields.duration,
    duration_in_months: fields.durationInMonths ?? null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    name: fields.name,
    percent_off: fields.percentOff ?? null,
    redeem_by: fields.redeemBy ?? null,
    times_redeemed: 0,
    valid: fields.valid ?? true,
  };
}

export function promotionCode(fields: { code: string; coupon: string; created: number }): Stripe.PromotionCode {
  return {
    id: newId(PREFIX.promotionCode),
    object: "promotion_code",
    active: true,
    code: fields.code,
    created: fields.created,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { coupon: fields.coupon, type: "coupon" },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
}

export function discount(fields: {
  coupon: Stripe.Coupon;
  customer: string;
  subscription: string | null;
  checkoutSession: string | null;
  promotionCode: string | null;
  start: number;
  end: number | null;
}): Stripe.Discount {
  return {
    id: newId(PREFIX.discount),
    object: "discount",
    checkout_session: fields.checkoutSession,
    customer: fields.customer,
    customer_account: null,
    end: fields.end,
    invoice: null,
    invoice_item: null,
    promotion_code: fields.promotionCode,
    // The redeemed coupon as it was then, so later changes to the coupon do not rewrite history.
    source: { coupon: fields.coupon, type: "coupon" },
    start: fields.start,
    subscription: fields.subscription,
    subscription_item: null,
  };
}

export function cardPaymentMethod(fields: {
  customer: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string | null;
  email: string | null;
  created: number;
}): Stripe.PaymentMethod {
  return {
    id: newId(PREFIX.paymentMethod),
    object: "payment_method",
    allow_redisplay: "always",
    billing_details: { address: null, email: fields.email, name: fields.name, phone: null, tax_id: null },
    card: {
      brand: fields.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: fields.brand,
      exp_month: fields.expMonth,
      exp_year: fields.expYear,
      fingerprint: `fp_${fields.last4}${fields.expMonth}${fields.expYear}`,
      funding: "credit",
      generated_from: null,
      last4: fields.last4,
      networks: { available: [fields.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: fields.created,
    customer: fields.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function succeededSetupIntent(fields: { customer: string; paymentMethod: string; created: number }): Stripe.SetupIntent {
  const id = newId(PREFIX.setupIntent);
  return {
    id,
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId("x").slice(2)}`,
    created: fields.created,
    customer: fields.customer,
    description: null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: "succeeded",
    usage: "off_session",
  };
}

export function checkoutSession(fields: {
  mode: "subscription" | "setup";
  customer: string | null;
  customerEmail: string | null;
  currency: string | null;
  amountSubtotal: number | null;
  amountDiscount: number;
  discounts: Stripe.Checkout.Session.Discount[];
  allowPromotionCodes: boolean | null;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  url: (id: string) => string;
  lineItems: { price: string; quantity: number }[];
  subscriptionMetadata: Record<string, string>;
  created: number;
}): StoredCheckoutSession {
  const id = newId(PREFIX.checkoutSession, 58);
  const amountTotal = fields.amountSubtotal === null ? null : Math.max(0, fields.amountSubtotal - fields.amountDiscount);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: fields.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: fields.amountSubtotal,
    amount_total: amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: fields.created,
    currency: fields.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: fields.customer,
    customer_account: null,
    customer_creation: fields.customer ? null : "always",
    customer_details: null,
    customer_email: fields.customerEmail,
    discounts: fields.discounts,
    expires_at: fields.created + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: fields.metadata,
    mode: fields.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: fields.mode === "setup" ? "no_payment_required" : "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: fields.successUrl,
    total_details: fields.amountSubtotal === null ? null : { amount_discount: fields.amountDiscount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: fields.url(id),
    wallet_options: null,
    _line_items: fields.lineItems,
    _subscription_metadata: fields.subscriptionMetadata,
  };
}

/** `expand[]=line_items` on a session: the list Stripe builds from the session's prices. */
export function checkoutLineItems(session: StoredCheckoutSession, prices: Stripe.Price[], discountAmount: number): Stripe.ApiList<Stripe.LineItem> {
  return {
    object: "list",
    url: `/v1/checkout/sessions/${session.id}/line_items`,
    has_more: false,
    data: session._line_items.map((item, index) => {
      const price = prices[index];
      const subtotal = (price.unit_amount ?? 0) * item.quantity;
      return {
        id: `li_${session.id.slice(8, 30)}${index}`,
        object: "item",
        adjustable_quantity: null,
        amount_discount: index === 0 ? discountAmount : 0,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: subtotal - (index === 0 ? discountAmount : 0),
        currency: price.currency,
        description: price.nickname,
        metadata: {},
        price,
        quantity: item.quantity,
      };
    }),
  };
}

export function subscriptionItem(fields: { subscription: string; price: Stripe.Price; quantity: number; periodStart: number; periodEnd: number; created: number }): Stripe.SubscriptionItem {
  return {
    id: newId(PREFIX.subscriptionItem, 14),
    object: "subscription_item",
    billing_thresholds: null,
    created: fields.created,
    current_period_end: fields.periodEnd,
    current_period_start: fields.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planFromPrice(fields.price),
    price: fields.price,
    quantity: fields.quantity,
    subscription: fields.subscription,
    tax_rates: [],
  };
}

export function subscription(fields: {
  id: string;
  customer: string;
  currency: string;
  items: Stripe.SubscriptionItem[];
  metadata: Record<string, string>;
  discounts: string[];
  defaultPaymentMethod: string | null;
  start: number;
}): Stripe.Subscription {
  return {
    id: fields.id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: fields.start,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: fields.discounts,
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: { object: "list", data: fields.items, has_more: false, url: `/v1/subscription_items?subscription=${fields.id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

/** A line for a subscription item's price, or (with `invoiceItem` and no price) for a pending invoice item. */
export interface InvoiceLineInput {
  price: Stripe.Price | null;
  quantity: number;
  amount: number;
  description: string;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  subscriptionItem: string | null;
  invoiceItem?: string;
}

/** A one-off charge waiting for the customer's next invoice (POST /v1/invoiceitems with an amount). */
export function invoiceItem(fields: {
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  period: { start: number; end: number };
  created: number;
}): Stripe.InvoiceItem {
  return {
    id: newId(PREFIX.invoiceItem),
    object: "invoiceitem",
    amount: fields.amount,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    date: fields.created,
    description: fields.description,
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: fields.metadata,
    net_amount: fields.amount,
    parent: fields.subscription ? { type: "subscription_details", subscription_details: { subscription: fields.subscription } } : null,
    period: fields.period,
    pricing: { type: "price_details", unit_amount_decimal: decimal(fields.amount) },
    proration: false,
    quantity: 1,
    quantity_decimal: decimal(1),
    tax_rates: [],
    test_clock: null,
  };
}

/** One invoice line per input; the discount (if any) is spread over positive lines in proportion. */
export function invoice(fields: {
  id?: string;
  number: string | null;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  billingReason: Stripe.Invoice.BillingReason;
  lines: InvoiceLineInput[];
  discounts: { discount: Stripe.Discount; amount: number }[];
  periodStart: number;
  periodEnd: number;
  status: "draft" | "open" | "paid";
  created: number;
  nextPaymentAttempt: number | null;
}): Stripe.Invoice {
  const id = fields.id ?? newId(PREFIX.invoice);
  const subtotal = fields.lines.reduce((sum, line) => sum + line.amount, 0);
  const discountTotal = fields.discounts.reduce((sum, entry) => sum + entry.amount, 0);
  const total = subtotal - discountTotal;
  const amountDue = Math.max(0, total);
  const paid = fields.status === "paid";
  const finalized = fields.status !== "draft";
  // Discounts spread over the discountable lines only: invoice items (extra usage) are not discounted.
  const positive = fields.lines.reduce((sum, line) => sum + (line.invoiceItem ? 0 : Math.max(0, line.amount)), 0);
  const lines: Stripe.InvoiceLineItem[] = fields.lines.map((line) => {
    const lineDiscounts = fields.discounts.map((entry) => ({
      amount: positive > 0 && line.amount > 0 && !line.invoiceItem ? Math.round((entry.amount * line.amount) / positive) : 0,
      discount: entry.discount.id,
    }));
    return {
      id: newId(PREFIX.invoiceLine),
      object: "line_item",
      amount: line.amount,
      currency: fields.subscription.currency,
      description: line.description,
      discount_amounts: lineDiscounts,
      discountable: !line.proration && !line.invoiceItem,
      discounts: fields.discounts.map((entry) => entry.discount.id),
      invoice: id,
      livemode: false,
      metadata: {},
      parent: line.invoiceItem
        ? {
            type: "invoice_item_details",
            invoice_item_details: { invoice_item: line.invoiceItem, proration: false, proration_details: { credited_items: null }, subscription: fields.subscription.id },
            subscription_item_details: null,
          }
        : {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: fields.subscription.id,
              subscription_item: line.subscriptionItem ?? "",
            },
          },
      period: { start: line.periodStart, end: line.periodEnd },
      pretax_credit_amounts: [],
      pricing: line.price
        ? {
            type: "price_details",
            price_details: { price: line.price.id, product: typeof line.price.product === "string" ? line.price.product : line.price.product.id },
            unit_amount_decimal: line.price.unit_amount_decimal,
          }
        : { type: "price_details", unit_amount_decimal: decimal(line.amount) },
      quantity: line.quantity,
      quantity_decimal: decimal(line.quantity),
      subscription: fields.subscription.id,
      subtotal: line.amount,
      taxes: [],
    };
  });
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Parlance",
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: paid ? amountDue : 0,
    amount_remaining: paid ? 0 : amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: finalized ? 1 : 0,
    attempted: finalized,
    auto_advance: !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: "charge_automatically",
    created: fields.created,
    currency: fields.subscription.currency,
    custom_fields: null,
    customer: fields.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: fields.discounts.map((entry) => entry.discount.id),
    due_date: null,
    effective_at: finalized ? fields.created : null,
    ending_balance: finalized ? 0 : null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `https://invoice.stripe.com/i/local/${id}` : null,
    invoice_pdf: finalized ? `https://pay.stripe.com/invoice/local/${id}/pdf` : null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: fields.nextPaymentAttempt,
    number: fields.number,
    on_behalf_of: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: fields.subscription.metadata, subscription: fields.subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: fields.periodEnd,
    period_start: fields.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: fields.status,
    status_transitions: {
      finalized_at: finalized ? fields.created : null,
      marked_uncollectible_at: null,
      paid_at: paid ? fields.created : null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: fields.discounts.map((entry) => ({ amount: entry.amount, discount: entry.discount.id })),
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: finalized ? fields.created : null,
  };
}

export function lineDescription(price: Stripe.Price, productName: string, quantity: number): string {
  return `${quantity} × ${productName} (at ${formatPrice(price)})`;
}

export function schedulePhase(fields: {
  price: Stripe.Price;
  quantity: number;
  start: number;
  end: number;
  metadata: Record<string, string>;
}): Stripe.SubscriptionSchedule.Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: fields.price.currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: fields.end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: fields.price.id, price: fields.price.id, quantity: fields.quantity, tax_rates: [] }],
    metadata: fields.metadata,
    on_behalf_of: null,
    proration_behavior: "create_prorations",
    start_date: fields.start,
    transfer_data: null,
    trial_end: null,
  };
}

export function subscriptionSchedule(fields: {
  customer: string;
  subscription: string;
  phases: Stripe.SubscriptionSchedule.Phase[];
  created: number;
}): Stripe.SubscriptionSchedule {
  return {
    id: newId(PREFIX.subscriptionSchedule),
    object: "subscription_schedule",
    application: null,
    billing_mode: { flexible: null, type: "classic" },
    canceled_at: null,
    completed_at: null,
    created: fields.created,
    current_phase: fields.phases[0] ? { start_date: fields.phases[0].start_date, end_date: fields.phases[0].end_date } : null,
    customer: fields.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      billing_cycle_anchor: "automatic",
      billing_thresholds: null,
      collection_method: "charge_automatically",
      default_payment_method: null,
      description: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, days_until_due: null, description: null, footer: null, issuer: { type: "self" } },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: "release",
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases: fields.phases,
    released_at: null,
    released_subscription: null,
    status: "active",
    subscription: fields.subscription,
    test_clock: null,
  };
}

export function portalSession(fields: { customer: string; returnUrl: string | null; url: (id: string) => string; created: number }): Stripe.BillingPortal.Session {
  const id = newId(PREFIX.portalSession);
  return {
    id,
    object: "billing_portal.session",
    configuration: "bpc_parlance_local",
    created: fields.created,
    customer: fields.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: fields.returnUrl,
    url: fields.url(id),
  };
}

/** An event as Stripe sends it; `data.object` is a snapshot taken when the change happened. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** A draft or open invoice, finalized and paid at `at` (the customer's card was charged). */
export function paidInvoice(invoice: Stripe.Invoice, at: number): Stripe.Invoice {
  const id = invoice.id!;
  return {
    ...invoice,
    status: "paid",
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempt_count: Math.max(1, invoice.attempt_count),
    attempted: true,
    auto_advance: false,
    effective_at: invoice.effective_at ?? at,
    ending_balance: 0,
    hosted_invoice_url: invoice.hosted_invoice_url ?? `https://invoice.stripe.com/i/local/${id}`,
    invoice_pdf: invoice.invoice_pdf ?? `https://pay.stripe.com/invoice/local/${id}/pdf`,
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, finalized_at: invoice.status_transitions.finalized_at ?? at, paid_at: at },
    webhooks_delivered_at: invoice.webhooks_delivered_at ?? at,
  };
}
