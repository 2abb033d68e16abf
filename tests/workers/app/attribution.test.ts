import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, signUp } from "./helpers";

describe("referral and ad attribution", () => {
  it("attributes a sign-up to the referral code its visitor arrived with", async () => {
    const referrer = await signUp("referrer@example.com");
    const link = ((await (await api("/v1/user/referral-link", { cookie: referrer })).json()) as { referral_link: string }).referral_link;
    const code = new URL(link).searchParams.get("ref")!;
    expect(code).toMatch(/^pub_/);
    await signUp("referred@example.com", { cookie: `other=1; parlance_referral=${code}` });
    const row = await env.DB.prepare("SELECT referred_by FROM users WHERE email = ?").bind("referred@example.com").first<{ referred_by: string | null }>();
    expect(row?.referred_by).toBe(code);
    // A malformed cookie is ignored rather than stored.
    await signUp("not-referred@example.com", { cookie: "parlance_referral=%3Cscript%3E" });
    expect((await env.DB.prepare("SELECT referred_by FROM users WHERE email = ?").bind("not-referred@example.com").first<{ referred_by: string | null }>())?.referred_by).toBeNull();
  });

  it("records the ad parameters a new user reports, validated, for signed-in callers only", async () => {
    const cookie = await signUp("from-an-ad@example.com");
    const body = { email: "from-an-ad@example.com", event_type: "sign_up", gclid: "gclid-123", utm_source: "google", utm_medium: "cpc" };
    expect((await api("/v1/google-ads-visit", { method: "POST", json: body })).status).toBe(401);
    expect((await api("/v1/google-ads-visit", { method: "POST", cookie, json: { ...body, email: "nope" } })).status).toBe(422);
    const ok = await api("/v1/google-ads-visit", { method: "POST", cookie, json: body });
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare("SELECT gclid, utm_medium, event_type FROM ad_visits WHERE email = ?").bind("from-an-ad@example.com").first();
    expect(row).toEqual({ gclid: "gclid-123", utm_medium: "cpc", event_type: "sign_up" });
  });
});
