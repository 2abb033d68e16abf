import type { BillingPeriod, Currency } from "../../../core/billing/plans";

/** The period and currency of the pricing screens, from ?period=monthly|annual&currency=usd|eur. */
export function planQuery(url: URL): { period: BillingPeriod; currency: Currency; explicitPeriod: boolean } {
  const period = url.searchParams.get("period");
  const currency = url.searchParams.get("currency");
  return {
    period: period === "annual" ? "annual_period" : "monthly_period",
    currency: currency === "eur" ? "eur" : "usd",
    explicitPeriod: period === "annual" || period === "monthly",
  };
}

/** The billing period choice is remembered in this browser (spec: local storage entries). */
export const BILLING_PERIOD_STORAGE_KEY = "billingPeriod";
export const STORED_COUPON_KEY = "storedCoupon";
