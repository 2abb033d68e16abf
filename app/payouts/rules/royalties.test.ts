import { describe, expect, it } from "vitest";
import { fiatRate, rateLabel, royaltyRateFor, ROYALTY_RATE_MAX, settleRoyaltyDays } from "./royalties";

describe("royaltyRateFor", () => {
  it("takes whole cents per 1,000 credits from the dollars asked", () => {
    expect(royaltyRateFor({ published: true, rewards: true, fiatRate: 0.03 })).toBe(3);
    expect(royaltyRateFor({ published: true, rewards: true, fiatRate: 1 })).toBe(ROYALTY_RATE_MAX);
  });

  it("is 0 when rewards are off or the voice is not published", () => {
    expect(royaltyRateFor({ published: true, rewards: false, fiatRate: 0.5 })).toBe(0);
    expect(royaltyRateFor({ published: false, rewards: true, fiatRate: 0.05 })).toBe(0);
  });

  it("refuses a missing, fractional-cent, zero or too high rate", () => {
    for (const rate of [null, 0, 0.005, 0.031, 1.01, -0.02, Number.NaN]) {
      expect(royaltyRateFor({ published: true, rewards: true, fiatRate: rate })).toMatchObject({ httpStatus: 400, status: "invalid_royalty_rate" });
    }
  });
});

describe("fiatRate and rateLabel", () => {
  it("show the rate in dollars, null when there is none", () => {
    expect(fiatRate(3)).toBe(0.03);
    expect(fiatRate(0)).toBeNull();
    expect(rateLabel(3)).toBe("$0.03 per 1,000 characters");
  });
});

describe("settleRoyaltyDays", () => {
  it("pays each day's whole cents and carries the fractions to the next day", () => {
    // 1,500 characters at 3 cents per 1,000 = 4.5 cents; then 4.5 again; then 0.2.
    const days = [
      { day: "2026-11-20", millicents: 4_500 },
      { day: "2026-11-21", millicents: 4_500 },
      { day: "2026-11-22", millicents: 200 },
    ];
    expect(settleRoyaltyDays(days)).toEqual([
      { day: "2026-11-20", amount: 4 },
      { day: "2026-11-21", amount: 5 },
    ]);
  });

  it("never loses or invents a cent: the days add up to the floor of the whole", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ day: `2026-10-${String(i + 1).padStart(2, "0")}`, millicents: (i * 377) % 1_300 }));
    const total = days.reduce((sum, d) => sum + d.millicents, 0);
    expect(settleRoyaltyDays(days).reduce((sum, d) => sum + d.amount, 0)).toBe(Math.floor(total / 1000));
  });

  it("leaves out days worth nothing yet and ignores negative accruals", () => {
    expect(settleRoyaltyDays([{ day: "2026-11-20", millicents: 999 }])).toEqual([]);
    expect(settleRoyaltyDays([{ day: "2026-11-20", millicents: -5_000 }, { day: "2026-11-21", millicents: 1_000 }])).toEqual([{ day: "2026-11-21", amount: 1 }]);
  });
});
