import { describe, expect, it } from "vitest";
import { AUTH_FAILURE_WINDOW_SECONDS, failureWindowStart, isThrottled, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from "./throttle";

describe("auth throttling", () => {
  it("groups failures into fixed windows", () => {
    expect(failureWindowStart(AUTH_FAILURE_WINDOW_SECONDS * 3 + 5)).toBe(AUTH_FAILURE_WINDOW_SECONDS * 3);
    expect(failureWindowStart(AUTH_FAILURE_WINDOW_SECONDS * 3)).toBe(AUTH_FAILURE_WINDOW_SECONDS * 3);
  });
  it("throttles when either the address or the account reaches its limit", () => {
    expect(isThrottled({ address: 0, account: 0 })).toBe(false);
    expect(isThrottled({ address: MAX_FAILURES_PER_ADDRESS - 1, account: MAX_FAILURES_PER_ACCOUNT - 1 })).toBe(false);
    expect(isThrottled({ address: MAX_FAILURES_PER_ADDRESS, account: 0 })).toBe(true);
    expect(isThrottled({ address: 0, account: MAX_FAILURES_PER_ACCOUNT })).toBe(true);
  });
});
