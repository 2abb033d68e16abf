import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { BILLING_PERIODS, CURRENCIES, PAID_TIERS, TIER_ORDER } from "../../core/billing/plans";
import {
  applyDiscount,
  billingInfo,
  BillingError,
  cancelDowngrade,
  cancelSubscription,
  changeSubscription,
  createCheckoutSession,
  createPortalSession,
  createUpdatePaymentMethodsSession,
  renewSubscription,
  setLimitExtension,
  validatePromocode,
  type BillingContext,
} from "~/billing/server/billing.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/**
 * The billing calls of spec accounts §7 (Billing), at the paths the spec names (on the API host, without
 * /v1), plus the billing-info call at /v1/user/subscription/billing-info.
 */
export const billingApi = new Hono<AuthedEnv>();
const doc = apiDocs("Billing");
/** What BillingError answers; detail.status names the case. */
const REFUSALS = { 400: "invalid request for this plan or code", 403: "forbidden (workspace admins only)", 409: "not possible in the subscription's state", 502: "the payment provider failed", 503: "billing_unavailable" };
const ok = (description = "JSON: status") => ({ success: { description }, responses: REFUSALS });

function context(c: Context<AuthedEnv>): BillingContext {
  const actor = c.get("caller");
  return { env: c.env, db: database(c.env.DB), membership: actor.membership, email: actor.user.email, origin: new URL(c.req.url).origin, actor };
}

async function answer(c: Context<AuthedEnv>, run: () => Promise<object>) {
  try {
    return c.json(await run());
  } catch (error) {
    if (error instanceof BillingError) return apiError(c, error.httpStatus, error.status, error.message);
    throw error;
  }
}

const checkoutBody = z.object({
  subscription_type: z.enum(PAID_TIERS),
  billing_period: z.enum(BILLING_PERIODS),
  currency: z.enum(CURRENCIES).default("usd"),
  promocode: z.string().trim().min(1).max(64).nullish(),
  no_default_promocode: z.boolean().default(false),
  idempotency_key: z.string().min(8).max(255).optional(),
});
billingApi.post("/create-checkout-session", doc("Start checkout for a paid plan", ok("JSON: url (the checkout page)")), requireCaller, valid("json", checkoutBody), (c) => {
  const body = c.req.valid("json");
  return answer(c, () =>
    createCheckoutSession(context(c), {
      tier: body.subscription_type,
      billingPeriod: body.billing_period,
      currency: body.currency,
      promocode: body.promocode,
      noDefaultPromocode: body.no_default_promocode,
      idempotencyKey: body.idempotency_key,
    }),
  );
});

const changeBody = z.object({
  subscription_type: z.enum(TIER_ORDER),
  billing_period: z.enum(BILLING_PERIODS),
  currency: z.enum(CURRENCIES).optional(),
});
billingApi.post("/change-subscription", doc("Upgrade or downgrade the subscription", ok("JSON: change_type")), requireCaller, valid("json", changeBody), (c) => {
  const body = c.req.valid("json");
  return answer(c, async () => ({
    change_type: await changeSubscription(context(c), { tier: body.subscription_type, billingPeriod: body.billing_period, currency: body.currency }),
  }));
});

const empty = z.object({}).strict();
billingApi.post("/cancel-downgrade", doc("Cancel a scheduled downgrade", ok()), requireCaller, valid("json", empty), (c) => answer(c, async () => (await cancelDowngrade(context(c)), { status: "ok" })));
billingApi.post("/cancel-subscription", doc("Cancel the subscription at the end of its period", ok()), requireCaller, valid("json", empty), (c) => answer(c, async () => (await cancelSubscription(context(c)), { status: "ok" })));
billingApi.post("/renew-subscription", doc("Keep a subscription that was set to end", ok()), requireCaller, valid("json", empty), (c) => answer(c, async () => (await renewSubscription(context(c)), { status: "ok" })));

billingApi.post("/create-portal-session", doc("Open the payment provider's billing portal", ok("JSON: url (the portal)")), requireCaller, valid("json", z.object({ return_url: z.url().optional() })), (c) => {
  const origin = new URL(c.req.url).origin;
  const requested = c.req.valid("json").return_url;
  // Only back to this site: the portal must not become an open redirect.
  const returnUrl = requested && new URL(requested).origin === origin ? requested : `${origin}/app/subscription`;
  return answer(c, () => createPortalSession(context(c), returnUrl));
});

billingApi.post("/create-update-payment-methods-session", doc("Change the payment method", ok("JSON: url")), requireCaller, valid("json", empty), (c) => answer(c, () => createUpdatePaymentMethodsSession(context(c))));

billingApi.post("/apply-discount", doc("Apply a discount code to the subscription", ok()), requireCaller, valid("json", z.object({ discount_code: z.string().trim().min(1).max(64) })), (c) =>
  answer(c, async () => (await applyDiscount(context(c), c.req.valid("json").discount_code), { status: "ok" })),
);

billingApi.post("/validate-promocode", doc("Check a promo code", ok("JSON: valid, amount_off, percent_off, duration_in_months")), requireCaller, valid("json", z.object({ promocode: z.string().trim().min(1).max(64) })), (c) =>
  answer(c, () => validatePromocode(c.env, c.req.valid("json").promocode)),
);

/** Mounted under /v1/user. */
export const billingInfoApi = new Hono<AuthedEnv>();
billingInfoApi.get("/subscription/billing-info", doc("Billing details of the subscription", { ...ok("JSON billing info"), description: "next_invoice is the payment provider's preview of the renewal, for workspace admins; other members get null (decision 0019)." }), requireCaller, (c) => answer(c, () => billingInfo(context(c))));
billingInfoApi.post(
  "/subscription/limit-extension",
  doc("Allow usage beyond the plan (extra credits), with an optional cap", ok()),
  requireCaller,
  valid("json", z.object({ allowed_to_extend_character_limit: z.boolean(), max_character_limit_extension: z.number().int().min(0).nullish() })),
  (c) =>
    answer(c, async () => {
      const body = c.req.valid("json");
      await setLimitExtension(context(c), body.allowed_to_extend_character_limit, body.max_character_limit_extension);
      return { status: "ok" };
    }),
);
