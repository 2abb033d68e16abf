import { describe, expect, it } from "vitest";
import { BILLING_WEBHOOK_PATH, upstreamFor } from "./edge-routes";

describe("upstreamFor", () => {
  it("sends shares, billing webhooks and (when bound) the Stripe stand-in to their workers", () => {
    expect(upstreamFor("/share/0123", false)).toBe("share");
    expect(upstreamFor(BILLING_WEBHOOK_PATH, false)).toBe("billing");
    expect(upstreamFor("/__stripe/checkout/cs_1", true)).toBe("stripe-local");
    expect(upstreamFor("/app/subscription", true)).toBe("app");
  });
  it("never exposes the stand-in where it is not bound (production)", () => {
    expect(upstreamFor("/__stripe/checkout/cs_1", false)).toBe("app");
  });
});
