import { describe, expect, it } from "vitest";
import { EXTRA_CREDITS_USD_PER_1000 } from "../../../core/billing/plans";
import { currentOverageCents, effectiveLimitExtension, extraCharacterCents, extraCharactersDue, extraCreditsAmountCents, isAllowedExtensionCap, priceAmount } from "./extra-credits";

describe("extra credits", () => {
  it("counts only whole blocks of 1000 characters beyond the limit", () => {
    expect(extraCharactersDue(99_999, 100_000)).toBe(0);
    expect(extraCharactersDue(100_999, 100_000)).toBe(0);
    expect(extraCharactersDue(101_000, 100_000)).toBe(1000);
    expect(extraCharactersDue(103_500, 100_000)).toBe(3000);
  });
  it("prices a character from the plan's figures, in cents, agreeing with the per-1000 prices", () => {
    for (const [tier, dollars] of Object.entries(EXTRA_CREDITS_USD_PER_1000)) {
      expect(extraCharacterCents(tier as "creator", "usd")! * 1000).toBeCloseTo(dollars * 100, 9);
    }
    expect(extraCharacterCents("creator", "eur")).toBeCloseTo(0.0285, 9);
    expect(extraCharacterCents("scale_2024_08_10", "eur")).toBeCloseTo(0.01, 9);
    expect(extraCharacterCents("starter", "usd")).toBeNull();
    expect(extraCharacterCents("free", "usd")).toBeNull();
  });
  it("invoices the difference of rounded totals, so split blocks add up to the whole", () => {
    const eur = extraCharacterCents("creator", "eur")!;
    expect(extraCreditsAmountCents(0, 1000, eur)).toBe(29); // €0.285 rounds to 29 cents
    const split = extraCreditsAmountCents(0, 1000, eur) + extraCreditsAmountCents(1000, 2000, eur);
    expect(split).toBe(extraCreditsAmountCents(0, 2000, eur));
    expect(split).toBe(57);
  });
});

describe("extension caps", () => {
  it("uses the plan's maximum unless the workspace chose less", () => {
    expect(effectiveLimitExtension(1000, null)).toBe(1000);
    expect(effectiveLimitExtension(1000, 5)).toBe(5);
    expect(effectiveLimitExtension(1000, 5000)).toBe(1000);
    expect(effectiveLimitExtension(-1, null)).toBe(-1);
    expect(effectiveLimitExtension(-1, 20)).toBe(20);
  });
  it("accepts whole thousands from 0 up to the plan's maximum", () => {
    expect(isAllowedExtensionCap(1000, 0)).toBe(true);
    expect(isAllowedExtensionCap(1000, 1000)).toBe(true);
    expect(isAllowedExtensionCap(1000, 1001)).toBe(false);
    expect(isAllowedExtensionCap(1000, -1)).toBe(false);
    expect(isAllowedExtensionCap(1000, 2.5)).toBe(false);
    expect(isAllowedExtensionCap(-1, 1_000_000)).toBe(true);
  });

  it("prices the period's invoiced extra credits as the current overage", () => {
    expect(currentOverageCents("creator", "usd", 0)).toBe(0);
    expect(currentOverageCents("creator", "usd", 2000)).toBe(60);
    expect(currentOverageCents("creator", "usd", 147_000)).toBe(4410);
    // The sum of the items as invoiced block by block, never a drifting cent.
    const perCharacter = extraCharacterCents("pro", "eur")!;
    let invoiced = 0;
    for (let billed = 0; billed < 9000; billed += 1000) invoiced += extraCreditsAmountCents(billed, billed + 1000, perCharacter);
    expect(currentOverageCents("pro", "eur", 9000)).toBe(invoiced);
    expect(currentOverageCents("free", "usd", 5000)).toBe(0);
    expect(currentOverageCents("creator", "xyz", 1000)).toBe(currentOverageCents("creator", "usd", 1000));
  });

  it("writes amounts as decimal strings in the currency's units", () => {
    expect(priceAmount(0)).toBe("0.00");
    expect(priceAmount(60)).toBe("0.60");
    expect(priceAmount(4410)).toBe("44.10");
  });
});
