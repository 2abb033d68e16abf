/**
 * The catalog the account starts with: products and prices from the plan constants the app itself uses (so
 * lookup keys always match), and the coupons and promotion codes of the spec's offers.
 */
import type Stripe from "stripe";
import { BILLING_PERIODS, CURRENCIES, PAID_TIERS, PLAN_PRICES_CENTS, priceLookupKey, TIER_DISPLAY_NAMES } from "../../core/billing/plans";
import * as build from "./objects";
import type { Store } from "./store";

/** A date long past, so `expired-10` is expired whatever the clock says. */
const EXPIRED_REDEEM_BY = 1_704_067_200; // 2024-01-01

const SEEDED = "catalog_seeded_v1";

export function seedCatalog(store: Store, now: number): void {
  if (store.getMeta(SEEDED)) return;

  for (const tier of PAID_TIERS) {
    const product = build.product({ name: `Parlance ${TIER_DISPLAY_NAMES[tier]}`, metadata: { tier }, created: now });
    let defaultPrice: string | null = null;
    for (const period of BILLING_PERIODS) {
      for (const currency of CURRENCIES) {
        const amount = PLAN_PRICES_CENTS[tier][period][currency];
        if (amount === null) continue;
        const interval = period === "annual_period" ? "year" : "month";
        const price = store.put(
          build.recurringPrice({
            product: product.id,
            currency,
            unitAmount: amount,
            interval,
            lookupKey: priceLookupKey(tier, period, currency),
            nickname: `${TIER_DISPLAY_NAMES[tier]} ${interval === "year" ? "yearly" : "monthly"} (${currency.toUpperCase()})`,
            metadata: { tier, period },
            created: now,
          }),
        );
        if (period === "monthly_period" && currency === "usd") defaultPrice = price.id;
      }
    }
    store.put({ ...product, default_price: defaultPrice });
  }

  const coupons: Stripe.Coupon[] = [
    build.coupon({ id: "special-offer-30", name: "Special offer: 30% off", percentOff: 30, duration: "repeating", durationInMonths: 3, created: now }),
    build.coupon({ id: "special-offer-50", name: "Special offer: 50% off", percentOff: 50, duration: "repeating", durationInMonths: 3, created: now }),
    build.coupon({ id: "special-offer-70", name: "Special offer: 70% off", percentOff: 70, duration: "repeating", durationInMonths: 3, created: now }),
    build.coupon({ id: "creator-first-month", name: "Creator: 50% off the first month", percentOff: 50, duration: "once", created: now }),
    build.coupon({ id: "starter-first-month", name: "Starter: 80% off the first month", percentOff: 80, duration: "once", created: now }),
    build.coupon({ id: "welcome-creator", name: "Welcome: $22 off", amountOff: 2200, currency: "usd", duration: "repeating", durationInMonths: 1, created: now }),
    build.coupon({ id: "expired-10", name: "Expired: 10% off", percentOff: 10, duration: "once", redeemBy: EXPIRED_REDEEM_BY, valid: false, created: now }),
  ];
  for (const coupon of coupons) store.put(coupon);

  const codes: [string, string][] = [
    ["SPECIAL-OFFER-30", "special-offer-30"],
    ["SPECIAL-OFFER-50", "special-offer-50"],
    ["SPECIAL-OFFER-70", "special-offer-70"],
    ["WELCOME22", "welcome-creator"],
    // Active as a code, but its coupon has expired: redeeming it must fail with coupon_expired.
    ["EXPIRED10", "expired-10"],
  ];
  for (const [code, coupon] of codes) store.put(build.promotionCode({ code, coupon, created: now }));

  store.setMeta(SEEDED, String(now));
}
