/**
 * The /v1 API subset the billing code uses, answering like Stripe: form-encoded parameters in, Stripe
 * objects and errors out, the secret key checked first.
 */
import { Hono, type Context } from "hono";
import type Stripe from "stripe";
import { createCheckoutSession, originOf } from "./checkout";
import * as connect from "./connect";
import { couponIdOf, readDiscountParams, redeem } from "./discounts";
import { invalidRequest, missingParam, StripeApiError } from "./errors";
import { applyMetadata, bool, child, int, obj, str, strings, type FormObject } from "./form";
import * as build from "./objects";
import { recordInvoiceCharge } from "./payments";
import { listOf, runApi, type Account, type Operation } from "./runtime";
import { createFromSubscription, releaseSchedule, updateSchedule } from "./schedules";
import { advanceToPeriodEnd, cancelNow, changePrice, invoicePendingItems, previewUpcoming, setCancelAtPeriodEnd } from "./subscriptions";
import type { Tx } from "./tx";

/** Stripe shows only the start and the last four characters of a wrong key. */
function redactKey(key: string): string {
  return key.length <= 12 ? "*".repeat(key.length) : `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}`;
}

function apiKeyOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  if (/^bearer /i.test(header)) return header.slice(7).trim() || null;
  if (/^basic /i.test(header)) {
    try {
      return atob(header.slice(6).trim()).split(":")[0] || null;
    } catch {
      return null;
    }
  }
  return null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value === null || value === undefined ? null : typeof value === "string" ? value : value.id);

export function apiRoutes(account: Account): Hono {
  const api = new Hono();
  const run = (operation: Operation) => (c: Context) => runApi(account, c.req.raw, operation);

  api.use("/v1/*", async (c, next) => {
    const key = apiKeyOf(c.req.raw);
    // A refused request's body is drained, so the caller is not left writing into a closed stream.
    if (key !== account.env.STRIPE_SECRET_KEY) await c.req.raw.arrayBuffer().catch(() => undefined);
    if (!key) {
      return new StripeApiError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      }).toResponse();
    }
    if (key !== account.env.STRIPE_SECRET_KEY) {
      return new StripeApiError(401, { type: "invalid_request_error", code: "api_key_invalid", message: `Invalid API Key provided: ${redactKey(key)}` }).toResponse();
    }
    return next();
  });

  // Customers
  api.post(
    "/v1/customers",
    run((tx, params) => {
      const customer = tx.store.put(
        build.customer({ email: str(params, "email") ?? null, name: str(params, "name") ?? null, metadata: applyMetadata({}, params), created: tx.now }),
      );
      const description = str(params, "description");
      const stored = description ? tx.store.put({ ...customer, description }) : customer;
      tx.emit("customer.created", stored);
      return stored;
    }),
  );
  api.get(
    "/v1/customers",
    run((tx, params) => {
      const email = str(params, "email");
      return listOf("/v1/customers", tx.store.list<Stripe.Customer>("customer").filter((customer) => email === undefined || customer.email === email), params);
    }),
  );
  api.get(
    "/v1/customers/:id",
    run((tx, _params, request) => tx.customer(pathId(request, 2))),
  );
  api.post(
    "/v1/customers/:id",
    run((tx, params, request) => updateCustomer(tx, tx.customer(pathId(request, 2)), params)),
  );
  api.get(
    "/v1/customers/:id/payment_methods",
    run((tx, params, request) => {
      const customer = tx.customer(pathId(request, 2));
      const methods = tx.store.list<Stripe.PaymentMethod>("payment_method").filter((method) => method.customer === customer.id);
      return listOf(`/v1/customers/${customer.id}/payment_methods`, methods, params);
    }),
  );

  // Catalog
  api.get(
    "/v1/prices",
    run((tx, params) => {
      const lookupKeys = strings(params, "lookup_keys");
      const active = bool(params, "active");
      const product = str(params, "product");
      const currency = str(params, "currency");
      const type = str(params, "type");
      const interval = str(obj(params, "recurring"), "interval");
      const prices = tx.store
        .list<Stripe.Price>("price")
        .filter(
          (price) =>
            (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
            (active === undefined || price.active === active) &&
            (product === undefined || price.product === product) &&
            (currency === undefined || price.currency === currency) &&
            (type === undefined || price.type === type) &&
            (interval === undefined || price.recurring?.interval === interval),
        );
      return listOf("/v1/prices", prices, params);
    }),
  );
  api.get(
    "/v1/prices/:id",
    run((tx, _params, request) => tx.price(pathId(request, 2))),
  );
  api.get(
    "/v1/products",
    run((tx, params) => {
      const active = bool(params, "active");
      return listOf("/v1/products", tx.store.list<Stripe.Product>("product").filter((product) => active === undefined || product.active === active), params);
    }),
  );
  api.get(
    "/v1/products/:id",
    run((tx, _params, request) => tx.require<Stripe.Product>(pathId(request, 2), "product")),
  );
  api.get(
    "/v1/coupons",
    run((tx, params) => listOf("/v1/coupons", tx.store.list<Stripe.Coupon>("coupon"), params)),
  );
  api.get(
    "/v1/coupons/:id",
    run((tx, _params, request) => tx.require<Stripe.Coupon>(pathId(request, 2), "coupon")),
  );
  api.get(
    "/v1/promotion_codes",
    run((tx, params) => {
      // Stripe matches `code` without regard to case.
      const code = str(params, "code")?.toUpperCase();
      const active = bool(params, "active");
      const coupon = str(params, "coupon");
      const customer = str(params, "customer");
      const codes = tx.store
        .list<Stripe.PromotionCode>("promotion_code")
        .filter(
          (entry) =>
            (code === undefined || entry.code.toUpperCase() === code) &&
            (active === undefined || entry.active === active) &&
            (coupon === undefined || couponIdOf(entry) === coupon) &&
            (customer === undefined || entry.customer === customer),
        );
      return listOf("/v1/promotion_codes", codes, params);
    }),
  );
  api.get(
    "/v1/promotion_codes/:id",
    run((tx, _params, request) => tx.require<Stripe.PromotionCode>(pathId(request, 2), "promotion_code")),
  );

  // Checkout
  api.post(
    "/v1/checkout/sessions",
    run((tx, params) => createCheckoutSession(tx, params)),
  );
  api.get(
    "/v1/checkout/sessions",
    run((tx, params) => {
      const customer = str(params, "customer");
      const subscription = str(params, "subscription");
      const status = str(params, "status");
      const sessions = tx.store
        .list<build.StoredCheckoutSession>("checkout.session")
        .filter(
          (session) =>
            (customer === undefined || session.customer === customer) &&
            (subscription === undefined || session.subscription === subscription) &&
            (status === undefined || session.status === status),
        );
      return listOf("/v1/checkout/sessions", sessions, params);
    }),
  );
  api.get(
    "/v1/checkout/sessions/:id",
    run((tx, params, request) => {
      const session = tx.require<build.StoredCheckoutSession>(pathId(request, 3), "checkout.session");
      if (!strings(params, "expand").includes("line_items")) return session;
      const prices = session._line_items.map((item) => tx.price(item.price));
      return { ...session, line_items: build.checkoutLineItems(session, prices, session.total_details?.amount_discount ?? 0) };
    }),
  );
  api.get(
    "/v1/checkout/sessions/:id/line_items",
    run((tx, params, request) => {
      const session = tx.require<build.StoredCheckoutSession>(pathId(request, 3), "checkout.session");
      const prices = session._line_items.map((item) => tx.price(item.price));
      const lines = build.checkoutLineItems(session, prices, session.total_details?.amount_discount ?? 0);
      return listOf(lines.url, lines.data, params);
    }),
  );

  // Subscriptions
  api.get(
    "/v1/subscriptions",
    run((tx, params) => {
      const customer = str(params, "customer");
      const status = str(params, "status");
      const price = str(params, "price");
      const subscriptions = tx.store
        .list<Stripe.Subscription>("subscription")
        .filter(
          (subscription) =>
            (customer === undefined || subscription.customer === customer) &&
            // Without a status filter Stripe leaves out canceled subscriptions; "all" includes them.
            (status === "all" || (status === undefined ? subscription.status !== "canceled" : subscription.status === status)) &&
            (price === undefined || subscription.items.data.some((item) => item.price.id === price)),
        );
      return listOf("/v1/subscriptions", subscriptions, params);
    }),
  );
  api.get(
    "/v1/subscriptions/:id",
    run((tx, _params, request) => tx.subscription(pathId(request, 2))),
  );
  api.post(
    "/v1/subscriptions/:id",
    run((tx, params, request) => updateSubscription(tx, tx.subscription(pathId(request, 2)), params)),
  );
  api.delete(
    "/v1/subscriptions/:id",
    run((tx, _params, request) => cancelNow(tx, tx.subscription(pathId(request, 2)))),
  );

  // Subscription schedules
  api.post(
    "/v1/subscription_schedules",
    run((tx, params) => {
      const from = str(params, "from_subscription");
      if (!from) throw invalidRequest("This local Stripe creates subscription schedules only with `from_subscription`.", "from_subscription", "parameter_missing");
      const schedule = createFromSubscription(tx, tx.subscription(from, "from_subscription"));
      const rest = { ...params };
      delete rest.from_subscription;
      delete rest.expand;
      return Object.keys(rest).length > 0 ? updateSchedule(tx, schedule, rest) : schedule;
    }),
  );
  api.get(
    "/v1/subscription_schedules",
    run((tx, params) => {
      const customer = str(params, "customer");
      const schedules = tx.store.list<Stripe.SubscriptionSchedule>("subscription_schedule").filter((schedule) => customer === undefined || schedule.customer === customer);
      return listOf("/v1/subscription_schedules", schedules, params);
    }),
  );
  api.get(
    "/v1/subscription_schedules/:id",
    run((tx, _params, request) => tx.require<Stripe.SubscriptionSchedule>(pathId(request, 2), "subscription_schedule")),
  );
  api.post(
    "/v1/subscription_schedules/:id",
    run((tx, params, request) => updateSchedule(tx, tx.require<Stripe.SubscriptionSchedule>(pathId(request, 2), "subscription_schedule"), params)),
  );
  api.post(
    "/v1/subscription_schedules/:id/release",
    run((tx, _params, request) => releaseSchedule(tx, tx.require<Stripe.SubscriptionSchedule>(pathId(request, 2), "subscription_schedule"), null).schedule),
  );

  // Customer portal
  api.post(
    "/v1/billing_portal/sessions",
    run((tx, params, request) => {
      const customerId = str(params, "customer");
      if (!customerId) throw missingParam("customer");
      const customer = tx.customer(customerId, "customer");
      const returnUrl = str(params, "return_url") ?? null;
      let origin = new URL(request.url).origin;
      if (returnUrl) {
        try {
          origin = new URL(returnUrl).origin;
        } catch {
          throw invalidRequest("Not a valid URL", "return_url", "url_invalid");
        }
      }
      return tx.store.put(build.portalSession({ customer: customer.id, returnUrl, url: (id) => `${origin}/__stripe/portal/${id}`, created: tx.now }));
    }),
  );

  // Invoices
  api.get(
    "/v1/invoices",
    run((tx, params) => {
      const customer = str(params, "customer");
      const subscription = str(params, "subscription");
      const status = str(params, "status");
      const invoices = tx.store
        .list<Stripe.Invoice>("invoice")
        .filter(
          (invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined || idOf(invoice.parent?.subscription_details?.subscription) === subscription) &&
            (status === undefined || invoice.status === status),
        );
      return listOf("/v1/invoices", invoices, params);
    }),
  );
  api.post(
    "/v1/invoices/create_preview",
    run((tx, params) => {
      const customerId = str(params, "customer");
      const subscriptionId = str(params, "subscription");
      if (!customerId && !subscriptionId) throw missingParam("customer");
      const subscription = subscriptionId
        ? tx.subscription(subscriptionId, "subscription")
        : tx.store.list<Stripe.Subscription>("subscription").find((entry) => entry.customer === customerId && entry.status !== "canceled");
      if (!subscription) {
        throw new StripeApiError(404, { type: "invalid_request_error", code: "invoice_upcoming_none", message: `No upcoming invoices for customer: ${customerId}` });
      }
      if (customerId) {
        tx.customer(customerId, "customer");
        if (subscription.customer !== customerId) throw invalidRequest(`The subscription ${subscription.id} does not belong to customer ${customerId}.`, "subscription");
      }
      return previewUpcoming(tx, subscription);
    }),
  );
  api.get(
    "/v1/invoices/:id",
    run((tx, _params, request) => tx.require<Stripe.Invoice>(pathId(request, 2), "invoice")),
  );
  api.post(
    "/v1/invoices",
    run((tx, params) => {
      const customerId = str(params, "customer");
      if (!customerId) throw missingParam("customer");
      tx.customer(customerId, "customer");
      if (str(params, "pending_invoice_items_behavior") !== "include") {
        throw invalidRequest("This stand-in only invoices pending invoice items: set pending_invoice_items_behavior to include.", "pending_invoice_items_behavior");
      }
      const subscriptionId = str(params, "subscription");
      const subscription = subscriptionId
        ? tx.subscription(subscriptionId, "subscription")
        : tx.store.list<Stripe.Subscription>("subscription").find((entry) => entry.customer === customerId && entry.status !== "canceled");
      if (!subscription) throw invalidRequest("The customer has no subscription to invoice pending items for.", "subscription");
      if (subscription.customer !== customerId) throw invalidRequest(`The subscription ${subscription.id} does not belong to customer ${customerId}.`, "subscription");
      const invoice = invoicePendingItems(tx, subscription, applyMetadata({}, params));
      tx.emit("invoice.created", invoice);
      return invoice;
    }),
  );
  api.post(
    "/v1/invoices/:id/pay",
    run((tx, _params, request) => {
      const invoice = tx.require<Stripe.Invoice>(pathId(request, 2), "invoice");
      if (invoice.status === "paid") throw invalidRequest("Invoice is already paid", undefined, "invoice_already_paid");
      if (invoice.status !== "draft" && invoice.status !== "open") throw invalidRequest(`You can only pay a draft or open invoice; this one is ${invoice.status}.`);
      const paid = tx.store.put(build.paidInvoice(invoice, tx.now));
      recordInvoiceCharge(tx, paid, "succeeded");
      if (invoice.status === "draft") tx.emit("invoice.finalized", paid);
      tx.emit("invoice.paid", paid);
      // As Stripe does: paying the latest invoice of a past_due subscription makes it active again.
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const subscription = subscriptionId ? tx.store.get<Stripe.Subscription>(subscriptionId, "subscription") : null;
      if (subscription && subscription.status === "past_due" && subscription.latest_invoice === invoice.id) {
        const active = tx.store.put({ ...subscription, status: "active" as const });
        tx.emit("customer.subscription.updated", active, { status: subscription.status });
      }
      return paid;
    }),
  );

  // Invoice items: one-off charges that wait for the customer's next invoice
  api.post(
    "/v1/invoiceitems",
    run((tx, params) => {
      const customerId = str(params, "customer");
      if (!customerId) throw missingParam("customer");
      const customer = tx.customer(customerId, "customer");
      const amount = int(params, "amount");
      if (amount === undefined) throw missingParam("amount");
      const currency = str(params, "currency")?.toLowerCase();
      if (!currency) throw missingParam("currency");
      const subscriptionId = str(params, "subscription") ?? null;
      let period = { start: tx.now, end: tx.now };
      if (subscriptionId) {
        const subscription = tx.subscription(subscriptionId, "subscription");
        if (subscription.customer !== customer.id) throw invalidRequest(`The subscription ${subscriptionId} does not belong to customer ${customer.id}.`, "subscription");
        if (subscription.currency !== currency) throw invalidRequest(`The currency ${currency} does not match the subscription's currency ${subscription.currency}.`, "currency");
      }
      const requested = obj(params, "period");
      if (requested) {
        const start = int(requested, "start");
        const end = int(requested, "end");
        if (start === undefined || end === undefined || end < start) throw invalidRequest("period[start] and period[end] must be timestamps, end not before start.", "period");
        period = { start, end };
      }
      const item = tx.store.put(
        build.invoiceItem({ customer: customer.id, amount, currency, description: str(params, "description") ?? null, subscription: subscriptionId, metadata: applyMetadata({}, params), period, created: tx.now }),
      );
      tx.emit("invoiceitem.created", item);
      return item;
    }),
  );
  api.get(
    "/v1/invoiceitems",
    run((tx, params) => {
      const customer = str(params, "customer");
      const pending = bool(params, "pending");
      const items = tx.store
        .list<Stripe.InvoiceItem>("invoiceitem")
        .filter((item) => (customer === undefined || item.customer === customer) && (pending === undefined || (item.invoice === null) === pending));
      return listOf("/v1/invoiceitems", items, params);
    }),
  );
  api.get(
    "/v1/invoiceitems/:id",
    run((tx, _params, request) => tx.require<Stripe.InvoiceItem>(pathId(request, 2), "invoiceitem")),
  );

  // Payment methods and setup intents (what a setup-mode checkout leaves behind)
  api.get(
    "/v1/payment_methods/:id",
    run((tx, _params, request) => tx.require<Stripe.PaymentMethod>(pathId(request, 2), "payment_method")),
  );
  api.get(
    "/v1/setup_intents/:id",
    run((tx, _params, request) => tx.require<Stripe.SetupIntent>(pathId(request, 2), "setup_intent")),
  );

  // Invoice payments and their payment intents (how a charge of an invoice went)
  api.get(
    "/v1/invoice_payments",
    run((tx, params) => {
      const invoice = str(params, "invoice");
      const status = str(params, "status");
      const payment = obj(params, "payment");
      const intent = str(payment, "payment_intent");
      const payments = tx.store
        .list<Stripe.InvoicePayment>("invoice_payment")
        .filter(
          (entry) =>
            (invoice === undefined || entry.invoice === invoice) &&
            (status === undefined || entry.status === status) &&
            (intent === undefined || entry.payment.payment_intent === intent),
        );
      return listOf("/v1/invoice_payments", payments, params);
    }),
  );
  api.get(
    "/v1/invoice_payments/:id",
    run((tx, _params, request) => tx.require<Stripe.InvoicePayment>(pathId(request, 2), "invoice_payment")),
  );
  api.get(
    "/v1/payment_intents/:id",
    run((tx, _params, request) => tx.require<Stripe.PaymentIntent>(pathId(request, 2), "payment_intent")),
  );

  // Events
  api.get(
    "/v1/events",
    run((tx, params) => {
      const type = str(params, "type");
      const types = strings(params, "types");
      const matches = (eventType: string) =>
        (type === undefined || (type.endsWith(".*") ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) && (types.length === 0 || types.includes(eventType));
      return listOf("/v1/events", tx.store.list<build.StripeEvent>("event").filter((event) => matches(event.type)), params);
    }),
  );
  api.get(
    "/v1/events/:id",
    run((tx, _params, request) => tx.require<build.StripeEvent>(pathId(request, 2), "event")),
  );

  // Connect: connected accounts, onboarding links, transfers and the platform balance (./connect.ts).
  api.post(
    "/v1/accounts",
    run((tx, params) => connect.createAccount(tx, params)),
  );
  api.get(
    "/v1/accounts",
    run((tx, params) => listOf("/v1/accounts", tx.store.list<Stripe.Account>("account"), params)),
  );
  api.get(
    "/v1/accounts/:id",
    run((tx, _params, request) => tx.require<Stripe.Account>(pathId(request, 2), "account")),
  );
  api.post(
    "/v1/accounts/:id",
    run((tx, params, request) => {
      const account = tx.require<Stripe.Account>(pathId(request, 2), "account");
      const email = str(params, "email");
      const updated = tx.store.put({ ...account, metadata: applyMetadata(account.metadata ?? {}, params), ...(email !== undefined ? { email } : {}) });
      tx.emit("account.updated", updated);
      return updated;
    }),
  );
  api.post(
    "/v1/account_links",
    run((tx, params) => connect.createAccountLink(tx, params, originOf(str(params, "return_url") ?? "", "return_url"))),
  );
  api.post(
    "/v1/transfers",
    run((tx, params) => connect.createTransfer(tx, params)),
  );
  api.get(
    "/v1/transfers",
    run((tx, params) => {
      const destination = str(params, "destination");
      const group = str(params, "transfer_group");
      const transfers = tx.store
        .list<Stripe.Transfer>("transfer")
        .filter((transfer) => (destination === undefined || transfer.destination === destination) && (group === undefined || transfer.transfer_group === group));
      return listOf("/v1/transfers", transfers, params);
    }),
  );
  api.get(
    "/v1/transfers/:id",
    run((tx, _params, request) => tx.require<Stripe.Transfer>(pathId(request, 2), "transfer")),
  );
  api.get(
    "/v1/balance",
    run((tx) => connect.balance(tx.store)),
  );


  api.all("/v1/*", (c) =>
    new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). This local Stripe implements only the subset the billing and payouts code uses (see workers/stripe-local).`,
    }).toResponse(),
  );

  return api;
}

/** The n-th path segment after /v1 (1-based), e.g. 2 in /v1/customers/cus_1 is "cus_1". */
function pathId(request: Request, index: number): string {
  return decodeURIComponent(new URL(request.url).pathname.split("/")[index + 1] ?? "");
}

function updateCustomer(tx: Tx, customer: Stripe.Customer, params: FormObject): Stripe.Customer {
  const previous: Record<string, unknown> = {};
  let updated: Stripe.Customer = { ...customer };
  for (const field of ["email", "name", "description", "phone"] as const) {
    const value = str(params, field);
    if (value === undefined) continue;
    previous[field] = customer[field] ?? null;
    updated = { ...updated, [field]: value === "" ? null : value };
  }
  if (child(params, "metadata") !== undefined) {
    previous.metadata = customer.metadata;
    updated.metadata = applyMetadata(customer.metadata, params);
  }
  const settings = obj(params, "invoice_settings");
  const defaultMethod = str(settings, "default_payment_method");
  if (defaultMethod !== undefined) {
    if (defaultMethod !== "") {
      const method = tx.require<Stripe.PaymentMethod>(defaultMethod, "payment_method", "invoice_settings[default_payment_method]");
      if (method.customer !== customer.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
          "invoice_settings[default_payment_method]",
          "resource_missing",
        );
      }
    }
    previous.invoice_settings = customer.invoice_settings;
    updated.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultMethod === "" ? null : defaultMethod };
  }
  tx.store.put(updated);
  if (Object.keys(previous).length > 0) tx.emit("customer.updated", updated, previous);
  return updated;
}

/**
 * POST /v1/subscriptions/:id: metadata, default_payment_method, discounts, cancel_at_period_end and a price
 * change on the first item. One customer.subscription.updated tells what changed; a proration invoice
 * follows with invoice.paid.
 */
function updateSubscription(tx: Tx, subscription: Stripe.Subscription, params: FormObject): Stripe.Subscription {
  const previous: Record<string, unknown> = {};
  let current = subscription;
  const items = child(params, "items");
  const cancelAtPeriodEnd = bool(params, "cancel_at_period_end");
  const discounts = readDiscountParams(tx, params);
  const defaultPaymentMethod = str(params, "default_payment_method");

  if (subscription.status === "canceled" && (items !== undefined || cancelAtPeriodEnd !== undefined || discounts !== undefined)) {
    throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.", undefined, "subscription_canceled");
  }
  if (child(params, "metadata") !== undefined) {
    previous.metadata = current.metadata;
    current = { ...current, metadata: applyMetadata(current.metadata, params) };
  }
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod !== "") tx.require<Stripe.PaymentMethod>(defaultPaymentMethod, "payment_method", "default_payment_method");
    previous.default_payment_method = current.default_payment_method;
    current = { ...current, default_payment_method: defaultPaymentMethod || null };
  }
  if (discounts !== undefined) {
    // The list replaces the subscription's discounts: `{discount}` entries keep one, `{coupon}` redeems anew.
    previous.discounts = current.discounts;
    current = { ...current, discounts: redeem(tx, discounts, { customer: idOf(current.customer) ?? "", subscription: current.id, checkoutSession: null, start: tx.now }) };
  }
  tx.store.put(current);
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== current.cancel_at_period_end) {
    const result = setCancelAtPeriodEnd(tx, current, cancelAtPeriodEnd);
    Object.assign(previous, result.previous);
    current = result.subscription;
  }
  let invoice: Stripe.Invoice | null = null;
  if (items !== undefined) {
    const first = Array.isArray(items) ? items[0] : undefined;
    const item = typeof first === "object" && !Array.isArray(first) ? first : undefined;
    const priceId = str(item, "price");
    const quantity = int(item, "quantity");
    const currentItem = current.items.data.find((entry) => entry.id === (str(item, "id") ?? current.items.data[0]?.id));
    if (priceId && (priceId !== currentItem?.price.id || (quantity !== undefined && quantity !== currentItem?.quantity))) {
      const price = tx.price(priceId, "items[0][price]");
      const result = changePrice(tx, current, { itemId: str(item, "id"), price, quantity, prorationBehavior: str(params, "proration_behavior") ?? "create_prorations" });
      Object.assign(previous, result.previous);
      current = result.subscription;
      invoice = result.invoice;
    }
  }
  if (Object.keys(previous).length > 0) tx.emit("customer.subscription.updated", current, previous);
  if (invoice) tx.emit("invoice.paid", invoice);
  return current;
}

/** Used by the dashboard and POST /__stripe/subscriptions/:id/advance. */
export function advance(tx: Tx, subscriptionId: string, fail: boolean): Stripe.Subscription {
  return advanceToPeriodEnd(tx, tx.subscription(subscriptionId), fail).subscription;
}

