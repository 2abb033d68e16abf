/**
 * Billing calls of spec accounts §4.3 and §7 (Billing): checkout, plan changes, cancellation, renewal,
 * portal, payment methods, promo codes and billing info. The provider (Stripe or the local stand-in) is the
 * source of truth; after each change the subscription is re-read and mirrored at once, and the webhooks that
 * follow mirror the same state again harmlessly.
 */
import Stripe from "stripe";
import type { Database } from "../../../db/client";
import { findBilling, linkCustomer, updateBillingSettings, type BillingRow } from "../../../db/repositories/billing";
import type { Membership } from "../../../db/repositories/workspaces";
import { pendingDowngradeFrom } from "../../../core/billing/billing-sync";
import { isAllowedExtensionCap } from "~/billing/rules/extra-credits";
import { planAction, type CurrentSubscription, type PlanAction, type PlanTarget } from "~/billing/rules/plan-actions";
import { FIRST_MONTH_PERCENT_OFF, LIMIT_EXTENSION, priceLookupKey, type BillingPeriod, type Currency, type PaidStandardTier, type Tier, type SubscriptionStatus } from "../../../core/billing/plans";
import { DISCOUNT_CODES, normalizePromoCode, type PromoValidation } from "~/billing/rules/promo";
import { syncSubscription } from "../../../core/billing/billing-sync.server";
import { stripeClient, type StripeEnv } from "../../../core/billing/stripe.server";
import { can, type Actor } from "~/accounts/accounts.server";
import { providerInvoices, type InvoiceJson } from "./invoices.server";

export type { BillingRow };

export class BillingError extends Error {
  constructor(
    readonly httpStatus: 400 | 402 | 403 | 404 | 409 | 502 | 503,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BillingContext {
  env: StripeEnv;
  db: Database;
  membership: Membership;
  email: string;
  /** Who acts: managing the subscription needs the billing permission (admins, or a group that grants it). */
  actor: Actor;
  /** Where the provider's pages send the person back to. */
  origin: string;
}

function requireStripe(env: StripeEnv): Stripe {
  const stripe = stripeClient(env);
  if (!stripe) throw new BillingError(503, "billing_unavailable", "Paid plans are not available on this deployment.");
  return stripe;
}

/** Provider errors keep their code (coupon_expired, card_declined, ...) so the client can react to it. */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode === 402 ? 402 : error.statusCode === 404 ? 404 : error.statusCode && error.statusCode < 500 ? 400 : 502;
      throw new BillingError(status, error.code ?? error.type, error.message);
    }
    throw error;
  }
}

/** The workspace's billing mirror (customer, subscription, usage-based billing); undefined before its first checkout. */
export async function workspaceBilling(db: Database, actor: Actor): Promise<BillingRow | undefined> {
  return findBilling(db, actor.membership.workspace.id);
}

/** Whether this deployment sells paid plans: a payment provider is configured (else it is "isolated"). */
export function paidPlansAvailable(env: StripeEnv): boolean {
  return stripeClient(env) !== null;
}

/**
 * Back from checkout: mirrors the new subscription now rather than waiting for its webhook. Only a session
 * of this workspace's own customer counts.
 */
export async function confirmCheckout(env: StripeEnv, db: Database, actor: Actor, sessionId: string): Promise<void> {
  const stripe = stripeClient(env);
  if (!stripe) return;
  const billing = await findBilling(db, actor.membership.workspace.id);
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
  const subscription = session?.subscription;
  if (session && billing && session.customer === billing.customerId && subscription) {
    await syncSubscription(stripe, db, typeof subscription === "string" ? subscription : subscription.id);
  }
}

export function currentSubscription(membership: Membership, billing: BillingRow | undefined): CurrentSubscription {
  const workspace = membership.workspace;
  return {
    tier: workspace.tier,
    billingPeriod: workspace.billingPeriod === "annual_period" ? "annual_period" : "monthly_period",
    status: workspace.status as SubscriptionStatus,
    pendingDowngradeTo: pendingDowngradeFrom(billing?.pendingDowngradeTo ? { type: "downgrade", downgrade_to: billing.pendingDowngradeTo } : null),
    cancelAtPeriodEnd: billing?.cancelAtPeriodEnd ?? false,
  };
}

async function requireBillingPermission(ctx: Pick<BillingContext, "db" | "actor">): Promise<void> {
  if (!(await can(ctx.db, ctx.actor, "billing"))) throw new BillingError(403, "forbidden", "Only workspace admins and members with the Billing permission can manage the subscription.");
}

async function ensureCustomer(stripe: Stripe, ctx: BillingContext): Promise<BillingRow> {
  const existing = await findBilling(ctx.db, ctx.membership.workspace.id);
  if (existing) return existing;
  const workspaceId = ctx.membership.workspace.id;
  const customer = await provider(() =>
    stripe.customers.create({ email: ctx.email, metadata: { workspace_id: workspaceId } }, { idempotencyKey: `customer-${workspaceId}` }),
  );
  return linkCustomer(ctx.db, workspaceId, customer.id);
}

async function priceId(stripe: Stripe, tier: PaidStandardTier, period: BillingPeriod, currency: Currency): Promise<string> {
  const key = priceLookupKey(tier, period, currency);
  const prices = await provider(() => stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
  const price = prices.data[0];
  if (!price) throw new BillingError(400, "price_not_found", `There is no ${period.replace("_period", "")} ${currency.toUpperCase()} price for this plan.`);
  return price.id;
}

async function promotionCodeFor(stripe: Stripe, code: string) {
  const list = await provider(() => stripe.promotionCodes.list({ code: normalizePromoCode(code), active: true, limit: 1 }));
  return list.data[0] ?? null;
}

/** A promotion code names its coupon by id unless expanded; fetch it then. */
async function couponOf(stripe: Stripe, promotion: Stripe.PromotionCode): Promise<Stripe.Coupon | null> {
  const coupon = promotion.promotion?.coupon;
  if (!coupon) return null;
  if (typeof coupon === "object") return coupon;
  return provider(() => stripe.coupons.retrieve(coupon));
}

export interface CheckoutRequest {
  tier: PaidStandardTier;
  billingPeriod: BillingPeriod;
  currency: Currency;
  promocode?: string | null;
  noDefaultPromocode?: boolean;
  idempotencyKey?: string;
}

/** POST /create-checkout-session: only a workspace on free or trial starts a subscription this way. */
export async function createCheckoutSession(ctx: BillingContext, request: CheckoutRequest): Promise<{ url: string }> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const billing = await ensureCustomer(stripe, ctx);
  const current = currentSubscription(ctx.membership, billing);
  const action = planAction(current, { tier: request.tier, billingPeriod: request.billingPeriod });
  if (action !== "create") throw new BillingError(409, "already_subscribed", "This workspace already has a subscription; change it instead.");
  if (current.status === "incomplete") throw new BillingError(409, "payment_incomplete", "A payment for this workspace is still incomplete.");
  const price = await priceId(stripe, request.tier, request.billingPeriod, request.currency);
  const discounts: { promotion_code?: string; coupon?: string }[] = [];
  if (request.promocode) {
    const promotion = await promotionCodeFor(stripe, request.promocode);
    if (!promotion) throw new BillingError(400, "invalid_promocode", `Coupon code ${request.promocode} is invalid`);
    discounts.push({ promotion_code: promotion.id });
  } else if (!request.noDefaultPromocode && request.billingPeriod === "monthly_period" && FIRST_MONTH_PERCENT_OFF[request.tier]) {
    const previous = JSON.parse(billing.previouslySubscribedTiers) as string[];
    if (previous.length === 0) discounts.push({ coupon: `${request.tier}-first-month` });
  }
  const workspaceId = ctx.membership.workspace.id;
  const session = await provider(() =>
    stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: billing.customerId,
        client_reference_id: workspaceId,
        line_items: [{ price, quantity: 1 }],
        discounts,
        metadata: { workspace_id: workspaceId },
        subscription_data: { metadata: { workspace_id: workspaceId } },
        success_url: `${ctx.origin}/app/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.origin}/app/subscription?checkout=canceled`,
      },
      request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined,
    ),
  );
  if (!session.url) throw new BillingError(502, "checkout_failed", "Failed to create checkout session");
  return { url: session.url };
}

async function subscriptionOf(stripe: Stripe, ctx: BillingContext) {
  const billing = await findBilling(ctx.db, ctx.membership.workspace.id);
  if (!billing?.subscriptionId) throw new BillingError(404, "no_subscription", "This workspace has no paid subscription.");
  const subscription = await provider(() => stripe.subscriptions.retrieve(billing.subscriptionId as string));
  return { billing, subscription };
}

async function releaseSchedule(stripe: Stripe, billing: BillingRow): Promise<void> {
  if (billing.scheduleId) await provider(() => stripe.subscriptionSchedules.release(billing.scheduleId as string));
}

/** POST /change-subscription: upgrade at once with proration; downgrade at period end through a schedule. */
export async function changeSubscription(ctx: BillingContext, target: PlanTarget & { currency?: Currency }): Promise<PlanAction> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const { billing, subscription } = await subscriptionOf(stripe, ctx);
  const current = currentSubscription(ctx.membership, billing);
  const action = planAction(current, target);
  const item = subscription.items.data[0];
  if (!item) throw new BillingError(409, "no_subscription", "This workspace has no paid subscription.");
  const currency = target.currency ?? (ctx.membership.workspace.currency as Currency);
  if (action === "upgrade") {
    if (current.status !== "active") throw new BillingError(409, "subscription_not_active", "Only an active subscription can be upgraded.");
    if (target.tier === "free") throw new BillingError(400, "invalid_target", "Free is not an upgrade.");
    const price = await priceId(stripe, target.tier, target.billingPeriod, currency);
    await releaseSchedule(stripe, billing);
    await provider(() =>
      stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price }], proration_behavior: "always_invoice", cancel_at_period_end: false }),
    );
  } else if (action === "downgrade") {
    if (target.tier === "free") {
      await provider(() => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    } else {
      const price = await priceId(stripe, target.tier, target.billingPeriod, currency);
      const schedule = billing.scheduleId
        ? await provider(() => stripe.subscriptionSchedules.retrieve(billing.scheduleId as string))
        : await provider(() => stripe.subscriptionSchedules.create({ from_subscription: subscription.id }));
      const phase = schedule.phases[0];
      await provider(() =>
        stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: "release",
          metadata: { type: "downgrade", downgrade_to: target.tier },
          phases: [
            { items: [{ price: item.price.id, quantity: 1 }], start_date: phase?.start_date ?? item.current_period_start, end_date: item.current_period_end },
            { items: [{ price, quantity: 1 }], duration: { interval: target.billingPeriod === "annual_period" ? "year" : "month", interval_count: 1 } },
          ],
        }),
      );
    }
  } else {
    throw new BillingError(409, "invalid_change", `This plan change is a ${action}, not an upgrade or downgrade.`);
  }
  await syncSubscription(stripe, ctx.db, subscription.id);
  return action;
}

/** POST /cancel-downgrade: the schedule is released and the current plan simply renews. */
export async function cancelDowngrade(ctx: BillingContext): Promise<void> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const { billing, subscription } = await subscriptionOf(stripe, ctx);
  if (!billing.scheduleId) throw new BillingError(409, "no_downgrade", "No downgrade is scheduled.");
  await releaseSchedule(stripe, billing);
  await syncSubscription(stripe, ctx.db, subscription.id);
}

/** POST /cancel-subscription: ends at the period end; until then the plan stays. */
export async function cancelSubscription(ctx: BillingContext): Promise<void> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const { billing, subscription } = await subscriptionOf(stripe, ctx);
  await releaseSchedule(stripe, billing);
  await provider(() => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
  await syncSubscription(stripe, ctx.db, subscription.id);
}

/** POST /renew-subscription: takes a pending cancellation back. */
export async function renewSubscription(ctx: BillingContext): Promise<void> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const { subscription } = await subscriptionOf(stripe, ctx);
  if (!subscription.cancel_at_period_end) throw new BillingError(409, "not_canceled", "The subscription is not set to end.");
  await provider(() => stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }));
  await syncSubscription(stripe, ctx.db, subscription.id);
}

/** POST /create-portal-session: the provider's billing portal for this workspace's customer. */
export async function createPortalSession(ctx: BillingContext, returnUrl: string): Promise<{ url: string }> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const billing = await ensureCustomer(stripe, ctx);
  const session = await provider(() => stripe.billingPortal.sessions.create({ customer: billing.customerId, return_url: returnUrl }));
  return { url: session.url };
}

/** POST /create-update-payment-methods-session: a setup-mode checkout that saves a new card. */
export async function createUpdatePaymentMethodsSession(ctx: BillingContext): Promise<{ url: string }> {
  await requireBillingPermission(ctx);
  const stripe = requireStripe(ctx.env);
  const billing = await ensureCustomer(stripe, ctx);
  const session = await provider(() =>
    stripe.checkout.sessions.create({
      mode: "setup",
      customer: billing.customerId,
      currency: ctx.membership.workspace.currency,
      success_url: `${ctx.origin}/app/subscription?payment_method=updated`,
      cancel_url: `${ctx.origin}/app/subscription`,
    }),
  );
  if (!session.url) throw new BillingError(502, "checkout_failed", "Failed to create checkout session");
  return { url: session.url };
}

/** POST /validate-promocode: valid plus the discount, checked with the provider before any use. */
export async function validatePromocode(env: StripeEnv, code: string): Promise<PromoValidation> {
  const stripe = requireStripe(env);
  const promotion = await promotionCodeFor(stripe, code);
  const coupon = promotion ? await couponOf(stripe, promotion) : null;
  if (!promotion || !coupon || !coupon.valid) return { valid: false, amount_off: null, percent_off: null, duration_in_months: null };
  return {
    valid: true,
    amount_off: coupon.amount_off ?? null,
    percent_off: coupon.percent_off ?? null,
    duration_in_months: coupon.duration === "once" ? 1 : (coupon.duration_in_months ?? null),
  };
}

/** POST /apply-discount: one of the special-offer codes onto the running subscription. */
export async function applyDiscount(ctx: BillingContext, discountCode: string): Promise<void> {
  await requireBillingPermission(ctx);
  if (!(DISCOUNT_CODES as readonly string[]).includes(discountCode)) throw new BillingError(400, "invalid_discount_code", `Discount code ${discountCode} is invalid`);
  const stripe = requireStripe(ctx.env);
  const { subscription } = await subscriptionOf(stripe, ctx);
  await provider(() => stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: discountCode }] }));
}

export interface BillingInfo {
  character_refresh_period: BillingPeriod;
  billing_period: BillingPeriod;
  /** The provider's preview of the next invoice; admins only (decision 0019), null for everyone else. */
  next_invoice: InvoiceJson | null;
  has_open_invoices: boolean;
  next_character_count_reset_unix: number | null;
}

/** The billing-info call: when the quota resets, what the next invoice will be, whether money is owed. */
export async function billingInfo(ctx: Omit<BillingContext, "email" | "origin">): Promise<BillingInfo> {
  const workspace = ctx.membership.workspace;
  const billing = await findBilling(ctx.db, workspace.id);
  const period: BillingPeriod = workspace.billingPeriod === "annual_period" ? "annual_period" : "monthly_period";
  const invoices = await providerInvoices(ctx, billing ?? null);
  return {
    character_refresh_period: period,
    billing_period: period,
    next_invoice: invoices?.next_invoice ?? null,
    has_open_invoices: invoices?.has_open_invoices ?? billing?.hasOpenInvoices ?? false,
    next_character_count_reset_unix: workspace.characterCountResetAt ?? null,
  };
}

/**
 * Usage-based billing on or off, optionally with the workspace's own cap on how far beyond the plan it may go
 * (thousands of characters; null goes back to the plan's maximum; undefined keeps the current cap).
 */
export async function setLimitExtension(ctx: Omit<BillingContext, "email" | "origin">, allowed: boolean, cap?: number | null): Promise<void> {
  await requireBillingPermission(ctx);
  const billing = await findBilling(ctx.db, ctx.membership.workspace.id);
  if (!billing?.subscriptionId) throw new BillingError(409, "no_subscription", "Usage-based billing needs a paid subscription.");
  const maximum = LIMIT_EXTENSION[ctx.membership.workspace.tier];
  if (cap !== undefined && cap !== null && !isAllowedExtensionCap(maximum, cap)) {
    throw new BillingError(400, "invalid_limit_extension", `The extension can be at most ${maximum.toLocaleString("en-US")} thousand credits on this plan.`);
  }
  await updateBillingSettings(ctx.db, ctx.membership.workspace.id, { allowedToExtendCharacterLimit: allowed, ...(cap === undefined ? {} : { maxCharacterLimitExtension: cap }) });
}

export type { Tier };
