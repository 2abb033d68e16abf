/**
 * The /__stripe pages: hosted checkout, the customer portal, and the dashboard with the test-clock
 * substitute (advance a subscription to its period end) and webhook resends.
 */
import { Hono, type Context } from "hono";
import type Stripe from "stripe";
import { checkCard, completeCheckoutSession, sessionDiscountRequests } from "./checkout";
import { couponIdOf, findPromotionCode, readDiscountParams, type DiscountRequest } from "./discounts";
import { StripeApiError } from "./errors";
import { htmlResponse } from "./html";
import { couponDiscount, formatDate } from "./money";
import type { StoredCheckoutSession, StripeEvent } from "./objects";
import { checkoutPage, connectPage, dashboardPage, messagePage, portalPage, type CheckoutView } from "./pages";
import { completeOnboarding, onboardingBody, type StoredAccountLink } from "./connect";
import { applyChange, readParams, type Account } from "./runtime";
import { phaseAt } from "./schedules";
import { advanceToPeriodEnd, setCancelAtPeriodEnd } from "./subscriptions";
import { Tx } from "./tx";
import { deliver } from "./webhooks";
import { nowSeconds } from "../../core/clock";

function productName(account: Account, price: Stripe.Price): string {
  const id = typeof price.product === "string" ? price.product : price.product.id;
  return account.store.get<Stripe.Product>(id, "product")?.name ?? id;
}

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json") || (request.headers.get("content-type") ?? "").includes("application/json");
}

/** Form fields as plain strings (the pages post urlencoded forms). */
async function formFields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));
  }
  const { params } = await readParams(request);
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export function browserRoutes(account: Account): Hono {
  const pages = new Hono();

  // Hosted checkout
  pages.get("/__stripe/checkout/:id", (c) => {
    const session = account.store.get<StoredCheckoutSession>(c.req.param("id"), "checkout.session");
    if (!session) return htmlResponse(messagePage("Checkout not found", "This checkout session does not exist."), 404);
    return htmlResponse(checkoutPage(checkoutView(account, session, emptyForm(account, session), null, null)));
  });

  pages.post("/__stripe/checkout/:id", async (c) => {
    const session = account.store.get<StoredCheckoutSession>(c.req.param("id"), "checkout.session");
    if (!session) return htmlResponse(messagePage("Checkout not found", "This checkout session does not exist."), 404);
    if (session.status !== "open") return htmlResponse(checkoutPage(checkoutView(account, session, emptyForm(account, session), null, null)), 409);
    const form = await formFields(c.req.raw);
    const values = { number: form.card_number ?? "", expiry: form.card_expiry ?? "", name: form.cardholder_name ?? "", promotionCode: form.promotion_code ?? "" };
    const email = (form.email ?? "").trim();
    const again = (message: string, field: string, status: number, discounts: DiscountRequest[] | null = null) =>
      htmlResponse(checkoutPage(checkoutView(account, session, { email, values }, discounts, { message, field })), status);

    // Everything is checked before anything is written, so a declined card changes nothing.
    let discounts: DiscountRequest[];
    try {
      discounts = pageDiscounts(account, session, values.promotionCode);
    } catch (error) {
      if (error instanceof StripeApiError) return again(error.body.code === "coupon_expired" ? "This code has expired." : "This code is invalid.", "promotion_code", 400);
      throw error;
    }
    if (!email && !session.customer) return again("Your email address is incomplete.", "email", 400, discounts);
    const card = checkCard({ ...values, cvc: form.card_cvc ?? "", email }, nowSeconds());
    if (!card.ok) return again(card.message, card.field, card.message === "Your card was declined." ? 402 : 400, discounts);

    const completed = await applyChange(account, (tx) => completeCheckoutSession(tx, tx.require<StoredCheckoutSession>(session.id, "checkout.session"), { ...card, name: values.name.trim(), email }, discounts));
    if (!completed.success_url) return htmlResponse(messagePage("Thank you", "Your payment is complete."));
    return new Response(null, { status: 303, headers: { location: completed.success_url.replaceAll("{CHECKOUT_SESSION_ID}", completed.id) } });
  });

  // Customer portal
  pages.get("/__stripe/portal/:id", (c) => {
    const session = account.store.get<Stripe.BillingPortal.Session>(c.req.param("id"), "billing_portal.session");
    if (!session) return htmlResponse(messagePage("Session not found", "This portal session does not exist."), 404);
    return htmlResponse(portalPage(portalView(account, session, c.req.query("notice") ?? null)));
  });

  const portalChange = (cancel: boolean) => async (c: Context) => {
    const session = account.store.get<Stripe.BillingPortal.Session>(c.req.param("id") ?? "", "billing_portal.session");
    if (!session) return htmlResponse(messagePage("Session not found", "This portal session does not exist."), 404);
    const form = await formFields(c.req.raw);
    const subscription = account.store.get<Stripe.Subscription>(form.subscription ?? "", "subscription");
    if (!subscription || subscription.customer !== session.customer) return htmlResponse(messagePage("Not found", "No such subscription."), 404);
    let notice: string;
    try {
      const updated = await applyChange(account, (tx) => {
        const result = setCancelAtPeriodEnd(tx, tx.subscription(subscription.id), cancel);
        tx.emit("customer.subscription.updated", result.subscription, result.previous);
        return result.subscription;
      });
      notice = cancel ? `Your plan will be canceled on ${formatDate(updated.cancel_at ?? updated.items.data[0].current_period_end)}.` : "Your plan will renew.";
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      notice = error.message;
    }
    return new Response(null, { status: 303, headers: { location: `/__stripe/portal/${session.id}?notice=${encodeURIComponent(notice)}` } });
  };
  pages.post("/__stripe/portal/:id/cancel", portalChange(true));
  pages.post("/__stripe/portal/:id/renew", portalChange(false));

  // Dashboard
  const dashboard = (c: Context) => htmlResponse(dashboardPage(dashboardView(account, c.req.query("notice") ?? null)));
  pages.get("/__stripe", dashboard);
  pages.get("/__stripe/", dashboard);

  pages.post("/__stripe/subscriptions/:id/advance", async (c) => {
    const request = c.req.raw;
    const form = await formFields(request);
    const fail = ["1", "true", "on"].includes(c.req.query("fail") ?? "") || ["1", "true", "on"].includes(form.fail ?? "");
    try {
      const result = await applyChange(account, (tx) => advanceToPeriodEnd(tx, tx.subscription(c.req.param("id")), fail));
      if (wantsJson(request)) return Response.json(result);
      const notice = `${result.subscription.id} is ${result.subscription.status}${result.invoice ? `; invoice ${result.invoice.id} is ${result.invoice.status}` : ""}.`;
      return new Response(null, { status: 303, headers: { location: `/__stripe/?notice=${encodeURIComponent(notice)}` } });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      if (wantsJson(request)) return error.toResponse();
      return new Response(null, { status: 303, headers: { location: `/__stripe/?notice=${encodeURIComponent(error.message)}` } });
    }
  });

  pages.post("/__stripe/events/:id/resend", async (c) => {
    const event = account.store.get<StripeEvent>(c.req.param("id"), "event");
    if (!event) return wantsJson(c.req.raw) ? Response.json({ error: { type: "invalid_request_error", message: "No such event" } }, { status: 404 }) : c.notFound();
    const status = await deliver(account.env, account.store, event);
    if (wantsJson(c.req.raw)) return Response.json({ event: event.id, status });
    const notice = `Resent ${event.id}: ${status === null ? "no answer" : `HTTP ${status}`}.`;
    return new Response(null, { status: 303, headers: { location: `/__stripe/?notice=${encodeURIComponent(notice)}` } });
  });

  // Connect onboarding: an account link opens this form once; submitting it completes the account.
  const onboardingLink = (id: string) => {
    const link = account.store.get<StoredAccountLink>(id, "account_link");
    return link && !link._used && link.expires_at > nowSeconds() ? link : null;
  };
  pages.get("/__stripe/connect/onboarding/:id", (c) => {
    const stored = account.store.get<StoredAccountLink>(c.req.param("id"), "account_link");
    if (!stored) return htmlResponse(messagePage("Link not found", "This onboarding link does not exist."), 404);
    const link = onboardingLink(stored.id);
    // Stripe sends a spent or expired link to its refresh_url, where the platform makes a new one.
    if (!link) return new Response(null, { status: 303, headers: { location: stored._refresh_url } });
    const connected = account.store.get<Stripe.Account>(link._account, "account")!;
    return htmlResponse(connectPage("Set up payouts", onboardingBody(link, connected, null)));
  });
  pages.post("/__stripe/connect/onboarding/:id", async (c) => {
    const stored = account.store.get<StoredAccountLink>(c.req.param("id"), "account_link");
    if (!stored) return htmlResponse(messagePage("Link not found", "This onboarding link does not exist."), 404);
    const link = onboardingLink(stored.id);
    if (!link) return new Response(null, { status: 303, headers: { location: stored._refresh_url } });
    const form = await formFields(c.req.raw);
    const legalName = (form.legal_name ?? "").trim();
    const connected = account.store.get<Stripe.Account>(link._account, "account")!;
    if (!legalName) return htmlResponse(connectPage("Set up payouts", onboardingBody(link, connected, "Enter your legal name.")), 400);
    if (!/^\d{9}$/.test(form.routing_number ?? "") || !/^\d{4,17}$/.test(form.account_number ?? "")) {
      return htmlResponse(connectPage("Set up payouts", onboardingBody(link, connected, "Enter a 9-digit routing number and an account number.")), 400);
    }
    const back = await applyChange(account, (tx) => completeOnboarding(tx, link, legalName));
    return new Response(null, { status: 303, headers: { location: back } });
  });

  return pages;
}

/** The discounts to redeem: a code typed on the page, else the session's own (checked again now). */
function pageDiscounts(account: Account, session: StoredCheckoutSession, typedCode: string): DiscountRequest[] {
  const tx = new Tx(account.store);
  if (typedCode.trim() && session.allow_promotion_codes) {
    const code = findPromotionCode(tx, typedCode);
    if (!code) throw new StripeApiError(400, { type: "invalid_request_error", code: "resource_missing", message: "This code is invalid." });
    return readDiscountParams(tx, { discounts: [{ promotion_code: code.id }] }) ?? [];
  }
  return sessionDiscountRequests(tx, session);
}

function emptyForm(account: Account, session: StoredCheckoutSession): { email: string; values: CheckoutView["values"] } {
  const customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  const customer = customerId ? account.store.get<Stripe.Customer>(customerId, "customer") : null;
  return { email: customer?.email ?? session.customer_email ?? "", values: { number: "", expiry: "", name: customer?.name ?? "", promotionCode: "" } };
}

function checkoutView(
  account: Account,
  session: StoredCheckoutSession,
  form: { email: string; values: CheckoutView["values"] },
  discounts: DiscountRequest[] | null,
  error: CheckoutView["error"],
): CheckoutView {
  const price = session._line_items[0] ? account.store.get<Stripe.Price>(session._line_items[0].price, "price") : null;
  const product = price ? account.store.get<Stripe.Product>(typeof price.product === "string" ? price.product : price.product.id, "product") : null;
  const currency = session.currency ?? "usd";
  let remaining = session.amount_subtotal ?? 0;
  const entries: { coupon: Stripe.Coupon; code: string | null }[] = [];
  if (discounts) {
    for (const request of discounts) {
      if (request.kind === "new") entries.push({ coupon: request.coupon, code: request.promotionCode?.code ?? null });
    }
  } else {
    for (const entry of session.discounts ?? []) {
      const promotion = typeof entry.promotion_code === "string" ? account.store.get<Stripe.PromotionCode>(entry.promotion_code, "promotion_code") : null;
      const couponId = typeof entry.coupon === "string" ? entry.coupon : (entry.coupon?.id ?? (promotion ? couponIdOf(promotion) : null));
      const coupon = couponId ? account.store.get<Stripe.Coupon>(couponId, "coupon") : null;
      if (coupon) entries.push({ coupon, code: promotion?.code ?? null });
    }
  }
  const coupons = entries.map((entry) => {
    const amount = couponDiscount(entry.coupon, remaining, currency);
    remaining -= amount;
    return { ...entry, amount };
  });
  return { session, price, product, coupons, email: form.email, values: form.values, error };
}

function portalView(account: Account, session: Stripe.BillingPortal.Session, notice: string | null) {
  const customer = account.store.get<Stripe.Customer>(session.customer, "customer");
  if (!customer) throw new Error(`portal session ${session.id} has no customer`);
  const subscriptions = account.store
    .list<Stripe.Subscription>("subscription")
    .filter((subscription) => subscription.customer === customer.id)
    .sort((a, b) => Number(a.status === "canceled") - Number(b.status === "canceled"))
    .map((subscription) => {
      let pendingChange: string | null = null;
      const scheduleId = typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null);
      const schedule = scheduleId ? account.store.get<Stripe.SubscriptionSchedule>(scheduleId, "subscription_schedule") : null;
      const item = subscription.items.data[0];
      if (schedule && item) {
        const next = phaseAt(schedule, item.current_period_end);
        const priceId = next?.items[0]?.price;
        const price = typeof priceId === "string" ? account.store.get<Stripe.Price>(priceId, "price") : null;
        if (price && price.id !== item.price.id) pendingChange = `Changes to ${productName(account, price)} on ${formatDate(item.current_period_end)}.`;
      }
      return { subscription, productName: productName(account, item.price), pendingChange };
    });
  const invoices = account.store.list<Stripe.Invoice>("invoice").filter((invoice) => invoice.customer === customer.id);
  const cardId =
    (customer.invoice_settings.default_payment_method as string | null) ??
    (subscriptions.map(({ subscription }) => subscription.default_payment_method).find((method) => typeof method === "string") as string | undefined) ??
    null;
  const card = cardId ? account.store.get<Stripe.PaymentMethod>(cardId, "payment_method") : null;
  return { session, customer, subscriptions, invoices, card, notice };
}

function dashboardView(account: Account, notice: string | null) {
  const customers = account.store.list<Stripe.Customer>("customer");
  const emails = new Map(customers.map((customer) => [customer.id, customer.email]));
  const subscriptions = account.store.list<Stripe.Subscription>("subscription").map((subscription) => ({
    subscription,
    email: emails.get(subscription.customer as string) ?? null,
    productName: productName(account, subscription.items.data[0].price),
  }));
  const events = account.store
    .list<StripeEvent>("event")
    .slice(0, 50)
    .map((event) => ({ event, delivery: account.store.delivery(event.id) }));
  return { customers, subscriptions, events, notice };
}
