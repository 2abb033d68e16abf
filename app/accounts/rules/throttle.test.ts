import { describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION,
  ADDRESS_FREE_FAILURES,
  ADDRESS_MAX_DELAY_SECONDS,
  addressDelaySeconds,
  addressRetryAfter,
  liveCount,
  needsEmailedSignIn,
  THROTTLE_MEMORY_SECONDS,
  withinBudget,
} from "./throttle";

describe("auth throttling", () => {
  it("forgets a key's count once the memory has passed since its last event", () => {
    const counter = { count: 7, lastAt: 1000 };
    expect(liveCount(undefined, 1000)).toBe(0);
    expect(liveCount(counter, 1000 + THROTTLE_MEMORY_SECONDS - 1)).toBe(7);
    expect(liveCount(counter, 1000 + THROTTLE_MEMORY_SECONDS)).toBe(0);
  });

  it("lets an address fail a few times for nothing, then doubles its wait up to the cap", () => {
    for (let n = 0; n <= ADDRESS_FREE_FAILURES; n++) expect(addressDelaySeconds(n)).toBe(0);
    const delays = [1, 2, 3, 4, 5].map((extra) => addressDelaySeconds(ADDRESS_FREE_FAILURES + extra));
    expect(delays).toEqual([2, 4, 8, 16, 32]);
    expect(addressDelaySeconds(ADDRESS_FREE_FAILURES + 10)).toBe(ADDRESS_MAX_DELAY_SECONDS);
    expect(addressDelaySeconds(10_000)).toBe(ADDRESS_MAX_DELAY_SECONDS);
  });

  it("counts the wait from the address's last failure", () => {
    const counter = { count: ADDRESS_FREE_FAILURES + 3, lastAt: 5000 };
    expect(addressRetryAfter(counter, 5000)).toBe(8);
    expect(addressRetryAfter(counter, 5006)).toBe(2);
    expect(addressRetryAfter(counter, 5008)).toBe(0);
    expect(addressRetryAfter({ count: ADDRESS_FREE_FAILURES, lastAt: 5000 }, 5000)).toBe(0);
    expect(addressRetryAfter(undefined, 5000)).toBe(0);
  });

  it("never refuses an account: many failures only make the sign-in go through an e-mailed link", () => {
    expect(needsEmailedSignIn(ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION - 1)).toBe(false);
    expect(needsEmailedSignIn(ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION)).toBe(true);
  });

  it("keeps budgets per memory", () => {
    expect(withinBudget(undefined, 0, 2)).toBe(true);
    expect(withinBudget({ count: 1, lastAt: 0 }, 10, 2)).toBe(true);
    expect(withinBudget({ count: 2, lastAt: 0 }, 10, 2)).toBe(false);
    expect(withinBudget({ count: 2, lastAt: 0 }, THROTTLE_MEMORY_SECONDS, 2)).toBe(true);
  });
});
