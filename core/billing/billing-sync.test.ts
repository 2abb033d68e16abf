import { describe, expect, it } from "vitest";
import { FREE_STATE, lazyQuotaReset, nextMonthlyReset, usableCredits, withPreviousTier, workspaceStateFor, type ProviderSubscriptionView } from "./billing-sync";

const view = (partial: Partial<ProviderSubscriptionView>): ProviderSubscriptionView => ({
  status: "active",
  priceLookupKey: "creator_monthly_period_usd",
  currentPeriodStart: 1_700_000_000,
  currentPeriodEnd: 1_702_592_000,
  cancelAtPeriodEnd: false,
  scheduleMetadata: null,
  ...partial,
});

describe("workspaceStateFor", () => {
  it("takes tier, period, currency and limits from the price", () => {
    expect(workspaceStateFor(view({}))).toMatchObject({ tier: "creator", status: "active", billingPeriod: "monthly_period", currency: "usd", characterLimit: 100_000, maxSeats: 1 });
    expect(workspaceStateFor(view({ priceLookupKey: "growing_business_annual_period_eur" }))).toMatchObject({ tier: "growing_business", billingPeriod: "annual_period", currency: "eur", maxSeats: 3 });
  });
  it("maps the provider's statuses onto ours", () => {
    expect(workspaceStateFor(view({ status: "past_due" })).status).toBe("past_due");
    expect(workspaceStateFor(view({ status: "unpaid" })).status).toBe("past_due");
    expect(workspaceStateFor(view({ status: "incomplete" })).status).toBe("incomplete");
    expect(workspaceStateFor(view({ status: "trialing" })).status).toBe("active");
    expect(workspaceStateFor(view({ status: "paused" })).status).toBe("free_disabled");
  });
  it("returns to free when the subscription ended or its price is not ours", () => {
    expect(workspaceStateFor(view({ status: "canceled" }))).toEqual(FREE_STATE);
    expect(workspaceStateFor(view({ status: "incomplete_expired" }))).toEqual(FREE_STATE);
    expect(workspaceStateFor(view({ priceLookupKey: "someone_elses_price" }))).toEqual(FREE_STATE);
  });
  it("reads a pending downgrade and a pending cancellation", () => {
    expect(workspaceStateFor(view({ scheduleMetadata: { type: "downgrade", downgrade_to: "starter" } })).pendingDowngradeTo).toBe("starter");
    expect(workspaceStateFor(view({ scheduleMetadata: { type: "other" } })).pendingDowngradeTo).toBeNull();
    expect(workspaceStateFor(view({ scheduleMetadata: { type: "downgrade", downgrade_to: "platinum" } })).pendingDowngradeTo).toBeNull();
    expect(workspaceStateFor(view({ cancelAtPeriodEnd: true })).cancelAtPeriodEnd).toBe(true);
  });
});

describe("quota periods", () => {
  const jan31 = Date.UTC(2026, 0, 31, 12) / 1000;
  it("finds the next monthly reset after now", () => {
    expect(nextMonthlyReset(jan31, jan31)).toBe(Date.UTC(2026, 2, 3, 12) / 1000); // Feb 31 rolls over like the calendar
    const anchor = Date.UTC(2026, 0, 10) / 1000;
    expect(nextMonthlyReset(anchor, Date.UTC(2026, 3, 20) / 1000)).toBe(Date.UTC(2026, 4, 10) / 1000);
  });
  it("resets free and annual plans lazily, never monthly paid ones", () => {
    const anchor = Date.UTC(2026, 0, 10) / 1000;
    const resetAt = Date.UTC(2026, 1, 10) / 1000;
    expect(lazyQuotaReset("free", "monthly_period", null, anchor, anchor + 5)).toEqual({ reset: false, nextResetAt: resetAt });
    expect(lazyQuotaReset("free", "monthly_period", resetAt, anchor, resetAt - 1)).toBeNull();
    expect(lazyQuotaReset("free", "monthly_period", resetAt, anchor, resetAt + 1)).toEqual({ reset: true, nextResetAt: Date.UTC(2026, 2, 10) / 1000 });
    expect(lazyQuotaReset("pro", "annual_period", resetAt, anchor, resetAt + 1)?.reset).toBe(true);
    expect(lazyQuotaReset("pro", "monthly_period", resetAt, anchor, resetAt + 1)).toBeNull();
  });
  it("adds the tier's extension only when it is allowed", () => {
    expect(usableCredits(100_000, 1000, false)).toBe(100_000);
    expect(usableCredits(100_000, 1000, true)).toBe(1_100_000);
    expect(usableCredits(100_000, -1, true)).toBe(Number.POSITIVE_INFINITY);
  });
  it("remembers each paid tier once", () => {
    expect(withPreviousTier([], "creator")).toEqual(["creator"]);
    expect(withPreviousTier(["creator"], "creator")).toEqual(["creator"]);
    expect(withPreviousTier(["creator"], "free")).toEqual(["creator"]);
  });
});
