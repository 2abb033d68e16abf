import { describe, expect, it } from "vitest";
import { api, signUp } from "./helpers";

const checkout = { subscription_type: "creator", billing_period: "monthly_period", currency: "usd" };

describe("billing API", () => {
  it("needs a signed-in caller and validates every body with 422", async () => {
    expect((await api("/create-checkout-session", { method: "POST", json: checkout })).status).toBe(401);
    const cookie = await signUp("billing-validation@example.com");
    const bad = await api("/create-checkout-session", { method: "POST", cookie, json: { subscription_type: "platinum", billing_period: "weekly" } });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { detail: { loc: string[] }[] };
    expect(body.detail.map((d) => d.loc.join("."))).toEqual(expect.arrayContaining(["body.subscription_type", "body.billing_period"]));
    expect((await api("/validate-promocode", { method: "POST", cookie, json: {} })).status).toBe(422);
    expect((await api("/cancel-subscription", { method: "POST", cookie, json: { surprise: 1 } })).status).toBe(422);
  });

  it("creates a checkout session on the provider, with the checkout page on this site's origin", async () => {
    const cookie = await signUp("billing-checkout@example.com");
    const response = await api("/create-checkout-session", { method: "POST", cookie, json: checkout });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/parlance\.test\/__stripe\/checkout\/cs_/);
    const expired = await api("/create-checkout-session", { method: "POST", cookie, json: { ...checkout, promocode: "EXPIRED10" } });
    expect(expired.status).toBe(400);
    await expect(expired.json()).resolves.toMatchObject({ detail: { status: "coupon_expired" } });
    const unknown = await api("/create-checkout-session", { method: "POST", cookie, json: { ...checkout, promocode: "NOT-A-CODE" } });
    await expect(unknown.json()).resolves.toMatchObject({ detail: { status: "invalid_promocode", message: "Coupon code NOT-A-CODE is invalid" } });
  });

  it("validates promo codes with the provider", async () => {
    const cookie = await signUp("billing-promo@example.com");
    const valid = await api("/validate-promocode", { method: "POST", cookie, json: { promocode: "special-offer-30" } });
    await expect(valid.json()).resolves.toEqual({ valid: true, amount_off: null, percent_off: 30, duration_in_months: 3 });
    const amount = await api("/validate-promocode", { method: "POST", cookie, json: { promocode: "WELCOME22" } });
    await expect(amount.json()).resolves.toMatchObject({ valid: true, amount_off: 2200, duration_in_months: 1 });
    const invalid = await api("/validate-promocode", { method: "POST", cookie, json: { promocode: "NOPE" } });
    await expect(invalid.json()).resolves.toMatchObject({ valid: false });
  });

  it("never touches another workspace's subscription, and reports its own billing info", async () => {
    const owner = await signUp("billing-owner@example.com");
    await api("/create-checkout-session", { method: "POST", cookie: owner, json: checkout });
    const other = await signUp("billing-other@example.com");
    const cancel = await api("/cancel-subscription", { method: "POST", cookie: other, json: {} });
    expect(cancel.status).toBe(404);
    await expect(cancel.json()).resolves.toMatchObject({ detail: { status: "no_subscription" } });
    const info = await api("/v1/user/subscription/billing-info", { cookie: other });
    await expect(info.json()).resolves.toMatchObject({ billing_period: "monthly_period", next_invoice: null, has_open_invoices: false });
    const subscription = await api("/v1/user/subscription", { cookie: other });
    await expect(subscription.json()).resolves.toMatchObject({ tier: "free", status: "free", pending_change: null });
  });

  it("shows the subscription page with the plan cards and the usage", async () => {
    const cookie = await signUp("billing-page@example.com");
    const page = await api("/app/subscription", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Current plan: <strong>Free</strong>", "Subscribed", "First month 50% off", "Use promo code", "credits used"]) expect(html).toContain(text);
    expect(html).not.toContain("Invoices");
  });

  it("answers 404 for an invoice that is not the workspace's, unknown or malformed", async () => {
    const cookie = await signUp("billing-invoices@example.com");
    for (const id of ["in_1NotTheirs", "in_", "cus_123", "in_%3Cscript%3E"]) {
      expect((await api(`/app/subscription/invoices/${id}`, { cookie })).status, id).toBe(404);
    }
    expect((await api("/app/subscription/invoices/in_1NotTheirs", { redirect: "manual" })).status).toBe(302);
  });
});
