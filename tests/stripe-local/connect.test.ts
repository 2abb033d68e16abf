import { SELF } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, stripe } from "./helpers";

/** Fills in the onboarding page an account link opens, as the connected person does. */
async function onboard(url: string, fields: Record<string, string> = { legal_name: "Ada Lovelace", routing_number: "110000000", account_number: "000123456789" }): Promise<Response> {
  return SELF.fetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
}

describe("Connect: accounts, onboarding links, transfers and the balance", () => {
  it("creates an Express account that cannot receive transfers until onboarding is done", async () => {
    const account = await stripe.accounts.create({ type: "express", email: "producer@example.com", capabilities: { transfers: { requested: true } }, metadata: { user_id: "u1" } });
    expect(account).toMatchObject({ object: "account", type: "express", details_submitted: false, payouts_enabled: false, metadata: { user_id: "u1" } });
    const refused = await stripe.transfers.create({ amount: 500, currency: "usd", destination: account.id }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: "insufficient_capabilities_for_transfer", statusCode: 400 });
  });

  it("onboards through a one-use account link that returns to the platform", async () => {
    const account = await stripe.accounts.create({ type: "express", capabilities: { transfers: { requested: true } } });
    const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", return_url: `${APP_ORIGIN}/app/payouts?onboarded=1`, refresh_url: `${APP_ORIGIN}/app/payouts?refresh=1` });
    expect(link.url).toMatch(new RegExp(`^${APP_ORIGIN}/__stripe/connect/onboarding/acctlink_`));
    const page = await SELF.fetch(link.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set up payouts");
    expect((await onboard(link.url, { legal_name: "", routing_number: "110000000", account_number: "000123456789" })).status).toBe(400);
    const done = await onboard(link.url);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${APP_ORIGIN}/app/payouts?onboarded=1`);
    await expect(stripe.accounts.retrieve(account.id)).resolves.toMatchObject({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } });
    // Spent: opening it again sends the person to the refresh URL for a new link.
    const again = await SELF.fetch(link.url, { redirect: "manual" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${APP_ORIGIN}/app/payouts?refresh=1`);
  });

  it("transfers once per idempotency key, from the platform balance, and refuses more than is available", async () => {
    const account = await stripe.accounts.create({ type: "express", capabilities: { transfers: { requested: true } } });
    const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", return_url: `${APP_ORIGIN}/back`, refresh_url: `${APP_ORIGIN}/again` });
    await onboard(link.url);
    const before = (await stripe.balance.retrieve()).available[0].amount;
    const first = await stripe.transfers.create({ amount: 1234, currency: "usd", destination: account.id, transfer_group: "po_1" }, { idempotencyKey: "payout-po_1" });
    const retry = await stripe.transfers.create({ amount: 1234, currency: "usd", destination: account.id, transfer_group: "po_1" }, { idempotencyKey: "payout-po_1" });
    expect(retry.id).toBe(first.id);
    expect(first).toMatchObject({ object: "transfer", amount: 1234, currency: "usd", destination: account.id, reversed: false });
    expect((await stripe.transfers.list({ destination: account.id })).data).toHaveLength(1);
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(before - 1234);
    const tooMuch = await stripe.transfers.create({ amount: before * 2, currency: "usd", destination: account.id }).catch((caught: unknown) => caught);
    expect(tooMuch).toMatchObject({ code: "balance_insufficient", statusCode: 400 });
    const missing = await stripe.transfers.create({ amount: 100, currency: "usd", destination: "acct_missing" }).catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ code: "resource_missing", param: "destination" });
  });
});
