import type { PaidStandardTier } from "../../../core/billing/plans";

/** Discount codes of the special-offer campaigns (spec §9). */
export const DISCOUNT_CODES = ["special-offer-30", "special-offer-50", "special-offer-70"] as const;

/** Promo amounts (cents) that map to a plan for the promo prompt; any other amount subscribes nothing. */
const PROMO_AMOUNT_TO_TIER: ReadonlyMap<number, PaidStandardTier> = new Map([
  [500, "starter"],
  [2200, "creator"],
  [9900, "pro"],
  [10000, "pro"],
  [33000, "growing_business"],
  [132000, "scale_2024_08_10"],
]);

export function tierForPromoAmount(amountOffCents: number | null | undefined): PaidStandardTier | null {
  if (amountOffCents == null) return null;
  return PROMO_AMOUNT_TO_TIER.get(amountOffCents) ?? null;
}

export interface PromoValidation {
  valid: boolean;
  amount_off: number | null;
  percent_off: number | null;
  duration_in_months: number | null;
}

/** The promo dialog shows a discount only with a duration and an amount or a percentage (spec §5). */
export function promoShowsDiscount(promo: Omit<PromoValidation, "valid">): boolean {
  return Boolean(promo.duration_in_months) && Boolean(promo.amount_off || promo.percent_off);
}

function formatAmountOff(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** 'Coupon code applied for checkout!' plus what it takes off and for how long (spec §8). */
export function promoAppliedMessage(promo: Omit<PromoValidation, "valid">): string {
  const base = "Coupon code applied for checkout!";
  if (!promoShowsDiscount(promo)) return base;
  const off = promo.percent_off ? `${promo.percent_off}% off` : `${formatAmountOff(promo.amount_off ?? 0)} off`;
  const months = promo.duration_in_months === 1 ? "1 month" : `${promo.duration_in_months} months`;
  return `${base} ${off} for ${months}.`;
}

export const PROMO_TEXTS = {
  invalid: (code: string) => `Coupon code ${code} is invalid`,
  validationFailed: "Error validating promocode code",
  removed: (code: string) => `Promo code ${code} was removed`,
  couponExpired: "This coupon has expired, please use a different one. We've removed it from your browser.",
} as const;

/** Codes are typed by people: trim them and compare without case, as the provider does. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}
