import { describe, expect, it } from "vitest";
import { adVisitSchema } from "./ad-visit";
import { liveReferral, readVisit, REFERRAL_TTL_MS, referralFromCookie, referralRecord } from "./attribution";

describe("attribution", () => {
  it("reads a referral code and ad parameters from the landing URL", () => {
    expect(readVisit(new URL("https://p.test/?ref=friend_42"))).toEqual({ referral: "friend_42", adParams: null, paidAdClick: false });
    expect(readVisit(new URL("https://p.test/?ref=<script>"))).toMatchObject({ referral: null });
    const ad = readVisit(new URL("https://p.test/pricing?gclid=abc&utm_source=google&utm_medium=cpc&other=1"));
    expect(ad).toEqual({ referral: null, adParams: { gclid: "abc", utm_source: "google", utm_medium: "cpc" }, paidAdClick: true });
    expect(readVisit(new URL("https://p.test/?utm_source=newsletter&utm_medium=email")).paidAdClick).toBe(false);
    expect(readVisit(new URL("https://p.test/?utm_medium=PPC")).paidAdClick).toBe(true);
  });

  it("keeps a referral for 90 days (7776000000 ms)", () => {
    expect(REFERRAL_TTL_MS).toBe(7776000000);
    const record = JSON.stringify(referralRecord("friend_42", 1000));
    expect(liveReferral(record, 1000 + REFERRAL_TTL_MS - 1)).toBe("friend_42");
    expect(liveReferral(record, 1000 + REFERRAL_TTL_MS)).toBeNull();
    expect(liveReferral("not json", 0)).toBeNull();
    expect(liveReferral(JSON.stringify({ value: "x y", expiry: 9e15 }), 0)).toBeNull();
    expect(liveReferral("null", 0)).toBeNull();
    expect(liveReferral(JSON.stringify({ value: "friend_42", expiry: "9e15" }), 0)).toBeNull();
    expect(liveReferral(JSON.stringify({ value: 42, expiry: 9e15 }), 0)).toBeNull();
  });

  it("reads the referral cookie the sign-up request carries", () => {
    expect(referralFromCookie("a=1; parlance_referral=friend_42; b=2")).toBe("friend_42");
    expect(referralFromCookie("parlance_referral=%3Cbad%3E")).toBeNull();
    expect(referralFromCookie(null)).toBeNull();
  });

  it("validates the ad visit body", () => {
    expect(adVisitSchema.safeParse({ email: "a@b.co", event_type: "sign_up", gclid: "abc" }).success).toBe(true);
    expect(adVisitSchema.safeParse({ email: "nope", event_type: "sign_up" }).success).toBe(false);
    expect(adVisitSchema.safeParse({ email: "a@b.co", event_type: "" }).success).toBe(false);
  });
});
