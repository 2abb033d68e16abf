import { describe, expect, it } from "vitest";
import { PLAN_BUTTON_TEXT, canChangePaymentMethod, currentPlanLabel, limitExtensionAllowed, planAction, planButtonDisabled, planButtonText, remainingQuota, showsCreatorFirstMonthBadge, tierRank, type CurrentSubscription, type PlanTarget } from "./plan-actions";
import { BILLING_PERIODS, SPECIAL_TIERS, TIER_ORDER, type StandardTier, type Tier, SUBSCRIPTION_STATUSES } from "../../../core/billing/plans";

const ALL_TIERS: Tier[] = [...TIER_ORDER, ...SPECIAL_TIERS];

function sub(partial: Partial<CurrentSubscription>): CurrentSubscription {
  return { tier: "free", billingPeriod: "monthly_period", status: "free", pendingDowngradeTo: null, cancelAtPeriodEnd: false, ...partial };
}

/** Every (current tier, status, period, pending change, target tier, target period) combination. */
function* everyCombination(): Generator<[CurrentSubscription, PlanTarget]> {
  for (const tier of ALL_TIERS)
    for (const status of SUBSCRIPTION_STATUSES)
      for (const billingPeriod of BILLING_PERIODS)
        for (const pendingDowngradeTo of [null, ...TIER_ORDER] as (StandardTier | null)[])
          for (const cancelAtPeriodEnd of [false, true])
            for (const targetTier of TIER_ORDER)
              for (const targetPeriod of BILLING_PERIODS)
                yield [
                  { tier, status, billingPeriod, pendingDowngradeTo, cancelAtPeriodEnd },
                  { tier: targetTier, billingPeriod: targetPeriod },
                ];
}

describe("planAction, spec §4.2 examples", () => {
  it("starts a subscription from free or trial", () => {
    expect(planAction(sub({}), { tier: "creator", billingPeriod: "monthly_period" })).toBe("create");
    expect(planAction(sub({ tier: "trial" }), { tier: "pro", billingPeriod: "annual_period" })).toBe("create");
  });
  it("offers nothing on the plan a free workspace already has", () => {
    expect(planAction(sub({}), { tier: "free", billingPeriod: "monthly_period" })).toBe("none");
    expect(planAction(sub({}), { tier: "free", billingPeriod: "annual_period" })).toBe("none");
  });
  it("cancels, renews, and cancels a scheduled downgrade", () => {
    const creator = sub({ tier: "creator", status: "active" });
    expect(planAction(creator, { tier: "creator", billingPeriod: "monthly_period" })).toBe("cancelSubscription");
    expect(planAction({ ...creator, cancelAtPeriodEnd: true }, { tier: "creator", billingPeriod: "monthly_period" })).toBe("renewSubscription");
    expect(planAction({ ...creator, pendingDowngradeTo: "starter" }, { tier: "starter", billingPeriod: "monthly_period" })).toBe("cancelDowngrade");
  });
  it("downgrades to a lower tier or from annual to monthly, upgrades otherwise", () => {
    const pro = sub({ tier: "pro", status: "active" });
    expect(planAction(pro, { tier: "creator", billingPeriod: "monthly_period" })).toBe("downgrade");
    expect(planAction(pro, { tier: "free", billingPeriod: "annual_period" })).toBe("downgrade");
    expect(planAction(pro, { tier: "growing_business", billingPeriod: "monthly_period" })).toBe("upgrade");
    expect(planAction(pro, { tier: "pro", billingPeriod: "annual_period" })).toBe("upgrade");
    const annualPro = sub({ tier: "pro", status: "active", billingPeriod: "annual_period" });
    expect(planAction(annualPro, { tier: "scale_2024_08_10", billingPeriod: "monthly_period" })).toBe("downgrade");
  });
});

describe("planAction, properties over every combination", () => {
  const combinations = [...everyCombination()];
  it("covers the whole space", () => {
    expect(combinations.length).toBe(ALL_TIERS.length * 5 * 2 * 7 * 2 * 6 * 2);
  });
  it("always names a known action with a button text", () => {
    for (const [current, target] of combinations) expect(planButtonText(planAction(current, target))).toBeTypeOf("string");
  });
  it("cancels a pending downgrade whenever the target is its tier", () => {
    for (const [current, target] of combinations) {
      if (current.pendingDowngradeTo === target.tier) expect(planAction(current, target)).toBe("cancelDowngrade");
    }
  });
  it("creates only from free or trial, and every other move from them is create, none or renew", () => {
    for (const [current, target] of combinations) {
      const action = planAction(current, target);
      if (action === "create") expect(["free", "trial"]).toContain(current.tier);
      if (current.tier === "free" || current.tier === "trial") {
        expect(["create", "none", "renewSubscription", "cancelDowngrade", "cancelSubscription"]).toContain(action);
      }
    }
  });
  it("never upgrades to a lower tier in the same period and never downgrades to a higher tier in the same period", () => {
    for (const [current, target] of combinations) {
      const action = planAction(current, target);
      const samePeriod = current.billingPeriod === target.billingPeriod || target.tier === "free";
      if (action === "upgrade" && samePeriod) expect(tierRank(target.tier)).toBeGreaterThan(tierRank(current.tier));
      if (action === "downgrade" && samePeriod) expect(tierRank(target.tier)).toBeLessThan(tierRank(current.tier));
    }
  });
  it("offers renew only when a cancellation is pending, cancel only on the current plan", () => {
    for (const [current, target] of combinations) {
      const action = planAction(current, target);
      if (action === "renewSubscription") expect(current.cancelAtPeriodEnd).toBe(true);
      if (action === "cancelSubscription") {
        expect(target.tier).toBe(current.tier);
        expect(current.cancelAtPeriodEnd).toBe(false);
      }
    }
  });
  it("disables the current free plan, and never disables anything for a signed-out visitor", () => {
    for (const [current, target] of combinations) {
      const action = planAction(current, target);
      expect(planButtonDisabled(action, current, target, { loggedIn: false, isolatedEnvironment: false })).toBe(false);
      if (action === "none") expect(planButtonDisabled(action, current, target, { loggedIn: true, isolatedEnvironment: false })).toBe(true);
    }
  });
  it("disables upgrades unless the subscription is active, and every paid tier in an isolated environment", () => {
    for (const [current, target] of combinations) {
      const action = planAction(current, target);
      if (action === "upgrade") {
        expect(planButtonDisabled(action, current, target, { loggedIn: true, isolatedEnvironment: false })).toBe(current.status !== "active");
      }
      if (target.tier !== "free") expect(planButtonDisabled(action, current, target, { loggedIn: true, isolatedEnvironment: true })).toBe(true);
    }
  });
});

describe("button texts and labels", () => {
  it("uses the spec's texts and throws on an unknown action", () => {
    expect(Object.values(PLAN_BUTTON_TEXT).sort()).toEqual(
      ["Cancel Downgrade", "Cancel Subscription", "Do Not Cancel", "Downgrade", "Subscribe", "Subscribed", "Upgrade"].sort(),
    );
    expect(() => planButtonText("refund")).toThrow(/Unknown plan action/);
  });
  it("labels a plan about to change", () => {
    expect(currentPlanLabel(sub({ tier: "pro", pendingDowngradeTo: "creator" }))).toBe("Will be downgraded");
    expect(currentPlanLabel(sub({ tier: "pro", cancelAtPeriodEnd: true }))).toBe("Will be canceled");
    expect(currentPlanLabel(sub({ tier: "pro" }))).toBeNull();
  });
  it("disables create while a payment is incomplete", () => {
    const current = sub({ status: "incomplete" });
    const target: PlanTarget = { tier: "creator", billingPeriod: "monthly_period" };
    expect(planButtonDisabled("create", current, target, { loggedIn: true, isolatedEnvironment: false })).toBe(true);
    expect(planButtonDisabled("create", sub({}), target, { loggedIn: true, isolatedEnvironment: false })).toBe(false);
  });
});

describe("other billing rules", () => {
  it("shows Creator's first-month badge only on monthly billing to people never above Starter", () => {
    expect(showsCreatorFirstMonthBadge("monthly_period", "free", [])).toBe(true);
    expect(showsCreatorFirstMonthBadge("monthly_period", "starter", ["starter"])).toBe(true);
    expect(showsCreatorFirstMonthBadge("annual_period", "free", [])).toBe(false);
    expect(showsCreatorFirstMonthBadge("monthly_period", "free", ["creator"])).toBe(false);
    expect(showsCreatorFirstMonthBadge("monthly_period", "pro", [])).toBe(false);
  });
  it("allows payment-method changes for card payments of paid plans with trust on invoice creation", () => {
    expect(canChangePaymentMethod("card", "creator", true)).toBe(true);
    expect(canChangePaymentMethod("card", "creator", false)).toBe(false);
    expect(canChangePaymentMethod("card", "trial", true)).toBe(false);
    expect(canChangePaymentMethod("card", "free", true)).toBe(false);
    expect(canChangePaymentMethod("cloud_marketplace", "pro", true)).toBe(false);
  });
  it("reports -1 remaining when extension is allowed, the rest of the limit otherwise", () => {
    const base = { tier: "pro" as Tier, status: "active" as const, characterLimit: 500, characterCount: 200, canExtendCharacterLimit: true, allowedToExtendCharacterLimit: true };
    expect(limitExtensionAllowed(base)).toBe(true);
    expect(remainingQuota(base)).toBe(-1);
    expect(remainingQuota({ ...base, allowedToExtendCharacterLimit: false })).toBe(300);
    expect(remainingQuota({ ...base, status: "past_due" })).toBe(300);
    expect(remainingQuota({ ...base, status: "past_due", tier: "enterprise" })).toBe(-1);
    expect(remainingQuota({ ...base, canExtendCharacterLimit: false, characterCount: 900 })).toBe(0);
  });
});
