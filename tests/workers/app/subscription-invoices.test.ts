import { describe, expect, it } from "vitest";
import { api, createKey, mailedInviteCode, ORIGIN, signUp, verifyEmailOf } from "./helpers";
import { allowUsageBasedBilling, creatorWorkspace, officialSdk, speak, stripe, testEnv } from "./billing-helpers";

/**
 * GET /v1/user/subscription's money fields (issue 16, hollow fields): current_overage from the period's extra
 * credits, next_invoice and open_invoices read from the provider (admins only, decision 0019), each checked by
 * the official SDK's own response types.
 */
type SubscriptionBody = {
  current_overage: { amount: string; currency: string };
  next_invoice: Record<string, unknown> | null;
  open_invoices: Record<string, unknown>[];
  has_open_invoices: boolean;
};
const subscriptionOf = async (auth: { cookie?: string; key?: string }) => (await (await api("/v1/user/subscription", auth)).json()) as SubscriptionBody;

/** Advances the subscription on the stand-in to its period end, the renewal's payment failing. */
async function failRenewal(subscriptionId: string): Promise<string> {
  const response = await testEnv.STRIPE_LOCAL.fetch(`${ORIGIN}/__stripe/subscriptions/${subscriptionId}/advance?fail=1`, { method: "POST", headers: { accept: "application/json" } });
  return ((await response.json()) as { invoice: { id: string } }).invoice.id;
}

describe("GET /v1/user/subscription: overage and invoices", () => {
  it("current_overage is what the period's extra credits cost, in the workspace's currency", async () => {
    const { cookie, workspaceId } = await creatorWorkspace("overage@example.com");
    const key = await createKey(cookie);
    const sdk = officialSdk(key);
    expect((await sdk.user.subscription.get()).currentOverage).toEqual({ amount: "0.00", currency: "usd" });
    await allowUsageBasedBilling(cookie);
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspaceId).run();
    expect((await speak(cookie, 1005)).status).toBe(200);
    expect((await sdk.user.subscription.get()).currentOverage).toEqual({ amount: "0.30", currency: "usd" });
    // A partial block is not billed, so it is no overage yet; completing it is.
    expect((await speak(cookie, 500)).status).toBe(200);
    expect((await subscriptionOf({ key })).current_overage.amount).toBe("0.30");
    expect((await speak(cookie, 600)).status).toBe(200);
    expect((await sdk.user.subscription.get()).currentOverage).toEqual({ amount: "0.60", currency: "usd" });
    // The same on GET /v1/user, and it agrees with the invoice items the provider holds.
    expect((await sdk.user.get()).subscription.currentOverage).toEqual({ amount: "0.60", currency: "usd" });
    const items = (await stripe.invoiceItems.list({ customer: (await testEnv.DB.prepare("SELECT customer_id FROM workspace_billing WHERE workspace_id = ?").bind(workspaceId).first<string>("customer_id"))!, pending: true })).data;
    expect(items.reduce((sum, item) => sum + item.amount, 0)).toBe(60);
    // A new period starts from nothing.
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = 0, extra_characters_billed = 0 WHERE id = ?").bind(workspaceId).run();
    expect((await subscriptionOf({ key })).current_overage.amount).toBe("0.00");
  });

  it("next_invoice is the provider's preview of the renewal, with the extra credits and the discount", async () => {
    const { cookie, workspaceId } = await creatorWorkspace("next-invoice@example.com", "SPECIAL-OFFER-50");
    const sdk = officialSdk(await createKey(cookie));
    const periodEnd = (await testEnv.DB.prepare("SELECT current_period_end FROM workspace_billing WHERE workspace_id = ?").bind(workspaceId).first<number>("current_period_end"))!;
    const subscription = await sdk.user.subscription.get();
    expect(subscription.nextInvoice).toEqual({
      amountDueCents: 1100,
      subtotalCents: 2200,
      taxCents: 0,
      discountPercentOff: 50,
      discountAmountOff: undefined,
      discounts: [{ discountPercentOff: 50, discountAmountOff: undefined }],
      nextPaymentAttemptUnix: periodEnd,
      paymentIntentStatus: undefined,
      paymentIntentStatusses: [],
    });
    expect(subscription.openInvoices).toEqual([]);
    expect(subscription.hasOpenInvoices).toBe(false);

    // Extra credits wait for the next invoice, undiscounted; billing-info reports the same preview.
    await allowUsageBasedBilling(cookie);
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspaceId).run();
    expect((await speak(cookie, 1005)).status).toBe(200);
    expect((await sdk.user.subscription.get()).nextInvoice).toMatchObject({ amountDueCents: 1100 + 30, subtotalCents: 2200 + 30 });
    const info = (await (await api("/v1/user/subscription/billing-info", { cookie })).json()) as { next_invoice: { amount_due_cents: number; discount_percent_off: number; next_payment_attempt_unix: number } };
    expect(info.next_invoice).toMatchObject({ amount_due_cents: 1130, discount_percent_off: 50, next_payment_attempt_unix: periodEnd });

    // A subscription set to end has no next invoice.
    expect((await api("/cancel-subscription", { method: "POST", cookie, json: {} })).status).toBe(200);
    expect((await sdk.user.subscription.get()).nextInvoice).toBeUndefined();
  });

  it("open_invoices lists what is owed, with its payment intent's status, until it is paid", async () => {
    const { cookie, workspaceId, subscriptionId } = await creatorWorkspace("open-invoices@example.com");
    const sdk = officialSdk(await createKey(cookie));
    const invoiceId = await failRenewal(subscriptionId);
    const owing = await sdk.user.subscription.get();
    expect(owing.hasOpenInvoices).toBe(true);
    expect(owing.openInvoices).toHaveLength(1);
    expect(owing.openInvoices[0]).toMatchObject({
      amountDueCents: 2200,
      subtotalCents: 2200,
      discounts: [],
      paymentIntentStatus: "requires_payment_method",
      paymentIntentStatusses: ["requires_payment_method"],
    });
    expect(owing.openInvoices[0]!.nextPaymentAttemptUnix).toBeGreaterThan(Date.now() / 1000);
    // Read from the provider now, not from the mirror (whose webhook this test project never delivers).
    expect(await testEnv.DB.prepare("SELECT has_open_invoices FROM workspace_billing WHERE workspace_id = ?").bind(workspaceId).first("has_open_invoices")).toBe(0);
    expect(((await (await api("/v1/user/subscription/billing-info", { cookie })).json()) as { has_open_invoices: boolean }).has_open_invoices).toBe(true);

    await stripe.invoices.pay(invoiceId);
    const settled = await sdk.user.subscription.get();
    expect(settled.openInvoices).toEqual([]);
    expect(settled.hasOpenInvoices).toBe(false);
  });

  it("editors see the overage and whether money is owed, never the invoices' amounts (decision 0019)", async () => {
    const owner = await creatorWorkspace("invoices-admin@example.com");
    await testEnv.DB.prepare("UPDATE workspaces SET max_seats = 3, extra_characters_billed = 3000 WHERE id = ?").bind(owner.workspaceId).run();
    const editorCookie = await signUp("invoices-editor@example.com");
    expect((await api("/v1/workspace/invites/add", { method: "POST", cookie: owner.cookie, json: { email: "invoices-editor@example.com" } })).status).toBe(201);
    await verifyEmailOf("invoices-editor@example.com");
    const invite_code = await mailedInviteCode("invoices-editor@example.com");
    expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { invite_code } })).status).toBe(200);
    await failRenewal(owner.subscriptionId);
    // The mirror, as the invoice.payment_failed webhook leaves it.
    await testEnv.DB.prepare("UPDATE workspace_billing SET has_open_invoices = 1 WHERE workspace_id = ?").bind(owner.workspaceId).run();

    const admin = await subscriptionOf({ cookie: owner.cookie });
    expect(admin.next_invoice).not.toBeNull();
    expect(admin.open_invoices).toHaveLength(1);
    const editor = await subscriptionOf({ cookie: editorCookie });
    expect(editor).toMatchObject({ next_invoice: null, open_invoices: [], has_open_invoices: true, current_overage: { amount: "0.90", currency: "usd" } });
    expect(admin.current_overage).toEqual(editor.current_overage);
    const info = (await (await api("/v1/user/subscription/billing-info", { cookie: editorCookie })).json()) as { next_invoice: unknown; has_open_invoices: boolean };
    expect(info).toMatchObject({ next_invoice: null, has_open_invoices: true });
  });

  it("a free workspace has no invoices, in the SDK's shape too", async () => {
    const sdk = officialSdk(await createKey(await signUp("free-invoices@example.com")));
    const subscription = await sdk.user.subscription.get();
    expect(subscription).toMatchObject({ tier: "free", currentOverage: { amount: "0.00", currency: "usd" }, openInvoices: [], hasOpenInvoices: false });
    expect(subscription.nextInvoice).toBeUndefined();
  });
});
