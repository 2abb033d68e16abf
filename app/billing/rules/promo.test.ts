import { describe, expect, it } from "vitest";
import { PLAN_PRICES_CENTS } from "../../../core/billing/plans";
import { DISCOUNT_CODES, promoAppliedMessage, promoShowsDiscount, tierForPromoAmount } from "./promo";

describe("promo rules", () => {
  it("maps only the known plan amounts to a plan", () => {
    expect(tierForPromoAmount(500)).toBe("starter");
    expect(tierForPromoAmount(2200)).toBe("creator");
    expect(tierForPromoAmount(9900)).toBe("pro");
    expect(tierForPromoAmount(10000)).toBe("pro");
    expect(tierForPromoAmount(33000)).toBe("growing_business");
    expect(tierForPromoAmount(132000)).toBe("scale_2024_08_10");
    expect(tierForPromoAmount(1234)).toBeNull();
    expect(tierForPromoAmount(null)).toBeNull();
  });
  it("maps each plan's monthly USD price to that plan", () => {
    for (const [tier, prices] of Object.entries(PLAN_PRICES_CENTS)) expect(tierForPromoAmount(prices.monthly_period.usd)).toBe(tier);
  });
  it("shows a discount only with a duration and an amount or percentage", () => {
    expect(promoShowsDiscount({ amount_off: null, percent_off: 30, duration_in_months: 3 })).toBe(true);
    expect(promoShowsDiscount({ amount_off: 500, percent_off: null, duration_in_months: 1 })).toBe(true);
    expect(promoShowsDiscount({ amount_off: null, percent_off: 30, duration_in_months: null })).toBe(false);
    expect(promoShowsDiscount({ amount_off: null, percent_off: null, duration_in_months: 3 })).toBe(false);
  });
  it("says what an applied code takes off", () => {
    expect(promoAppliedMessage({ amount_off: null, percent_off: 30, duration_in_months: 3 })).toBe("Coupon code applied for checkout! 30% off for 3 months.");
    expect(promoAppliedMessage({ amount_off: 2200, percent_off: null, duration_in_months: 1 })).toBe("Coupon code applied for checkout! $22 off for 1 month.");
    expect(promoAppliedMessage({ amount_off: null, percent_off: null, duration_in_months: null })).toBe("Coupon code applied for checkout!");
  });
  it("knows the special-offer codes", () => {
    expect(DISCOUNT_CODES).toEqual(["special-offer-30", "special-offer-50", "special-offer-70"]);
  });
});
