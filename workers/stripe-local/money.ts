/** Amounts, billing periods and coupon arithmetic, kept free of storage so they read like the rules they are. */
import type Stripe from "stripe";

export type Interval = "day" | "week" | "month" | "year";

/** "$22.00", "€21.00": amounts are in the currency's minor unit, as everywhere in Stripe. */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** "$22.00 per month" */
export function formatPrice(price: Stripe.Price): string {
  const amount = formatAmount(price.unit_amount ?? 0, price.currency);
  if (!price.recurring) return amount;
  const count = price.recurring.interval_count;
  return count === 1 ? `${amount} per ${price.recurring.interval}` : `${amount} every ${count} ${price.recurring.interval}s`;
}

export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * `anchor` moved on by `count` intervals. Months keep the anchor's day of month and clamp to the month's last
 * day (an anchor on the 31st bills on 30 April), the way Stripe's billing cycle anchor does.
 */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  if (interval === "day") return anchor + count * 86_400;
  if (interval === "week") return anchor + count * 7 * 86_400;
  const months = interval === "year" ? 12 * count : count;
  const date = new Date(anchor * 1000);
  const targetMonth = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000);
}

/** The first period boundary after `after`, counting whole intervals from the billing cycle anchor. */
export function nextBoundary(anchor: number, interval: Interval, intervalCount: number, after: number): number {
  for (let n = 1; n < 10_000; n++) {
    const boundary = addIntervals(anchor, interval, n * intervalCount);
    if (boundary > after) return boundary;
  }
  throw new Error("billing period out of range");
}

export function priceInterval(price: Stripe.Price): { interval: Interval; count: number } {
  return { interval: (price.recurring?.interval ?? "month") as Interval, count: price.recurring?.interval_count ?? 1 };
}

/** A coupon can be redeemed while valid, before redeem_by and under max_redemptions. */
export function couponRedeemable(coupon: Stripe.Coupon, now: number): boolean {
  if (!coupon.valid) return false;
  if (coupon.redeem_by !== null && coupon.redeem_by <= now) return false;
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return false;
  return true;
}

/** The amount a coupon takes off `amount`: a percentage (rounded) or a fixed amount in the same currency. */
export function couponDiscount(coupon: Stripe.Coupon, amount: number, currency: string): number {
  if (amount <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((amount * coupon.percent_off) / 100);
  if (coupon.amount_off !== null && coupon.currency === currency) return Math.min(coupon.amount_off, amount);
  return 0;
}

/** When a discount stops applying: `once` after the first invoice (handled by the caller), `repeating` after N months. */
export function discountEnd(coupon: Stripe.Coupon, start: number): number | null {
  if (coupon.duration === "repeating" && coupon.duration_in_months !== null) return addIntervals(start, "month", coupon.duration_in_months);
  return null;
}

export function describeCoupon(coupon: Stripe.Coupon): string {
  const off = coupon.percent_off !== null ? `${coupon.percent_off}% off` : `${formatAmount(coupon.amount_off ?? 0, coupon.currency ?? "usd")} off`;
  if (coupon.duration === "once") return `${off} the first payment`;
  if (coupon.duration === "repeating") return `${off} for ${coupon.duration_in_months} month${coupon.duration_in_months === 1 ? "" : "s"}`;
  return `${off} forever`;
}
