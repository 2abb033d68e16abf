import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { allowUsageBasedBilling, creatorWorkspace, speak, stripe, testEnv } from "./billing-helpers";

describe("usage-based billing (extra credits)", () => {
  it("invoices each completed block of 1000 characters beyond the plan once, on the next invoice", async () => {
    const { cookie, workspaceId, customerId } = await creatorWorkspace("extra-credits@example.com");
    await allowUsageBasedBilling(cookie);
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspaceId).run();

    // 1005 characters: 1000 beyond the plan, one whole block.
    expect((await speak(cookie, 1005)).status).toBe(200);
    const items = (await stripe.invoiceItems.list({ customer: customerId, pending: true })).data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount: 30, currency: "usd", description: "Extra credits: 1,000 characters beyond the Creator plan", metadata: { workspace_id: workspaceId } });
    const billed = await testEnv.DB.prepare("SELECT extra_characters_billed AS n FROM workspaces WHERE id = ?").bind(workspaceId).first<number>("n");
    expect(billed).toBe(1000);

    // Within the next block: nothing more yet. Completing it: one more item for that block alone.
    expect((await speak(cookie, 500)).status).toBe(200);
    expect((await stripe.invoiceItems.list({ customer: customerId, pending: true })).data).toHaveLength(1);
    expect((await speak(cookie, 600)).status).toBe(200);
    const both = (await stripe.invoiceItems.list({ customer: customerId, pending: true })).data;
    expect(both.map((item) => item.amount)).toEqual([30, 30]);
    expect(both.map((item) => item.metadata?.extra_characters_to).sort()).toEqual(["1000", "2000"]);

    // The next invoice shows them: the plan (no first-month offer any more) plus 60 cents, undiscounted.
    const info = (await (await api("/v1/user/subscription/billing-info", { cookie })).json()) as { next_invoice: { amount_due_cents: number } };
    expect(info.next_invoice.amount_due_cents).toBe(2200 + 60);
    const page = await (await api("/app/subscription", { cookie })).text();
    expect(page).toContain("2,000 extra credits beyond the plan this period, added to your next invoice.");
  });

  it("invoices and charges the extra credits at once when they reach the plan's billing threshold", async () => {
    const { cookie, workspaceId, customerId } = await creatorWorkspace("threshold@example.com");
    await allowUsageBasedBilling(cookie);
    // 146,000 characters beyond the plan are not invoiced yet (as if their invoicing had failed); the next
    // generation completes block 147: 147 × 30 = 4410 cents, past Creator's 4400-cent threshold.
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit + 146000 - 5 WHERE id = ?").bind(workspaceId).run();
    expect((await speak(cookie, 1005)).status).toBe(200);
    expect((await stripe.invoiceItems.list({ customer: customerId, pending: true })).data).toEqual([]);
    const invoices = (await stripe.invoices.list({ customer: customerId })).data;
    expect(invoices[0]).toMatchObject({ billing_reason: "manual", status: "paid", amount_paid: 4410, metadata: { reason: "extra_credits_threshold" } });
    const info = (await (await api("/v1/user/subscription/billing-info", { cookie })).json()) as { next_invoice: { amount_due_cents: number } };
    expect(info.next_invoice.amount_due_cents).toBe(2200);
  });

  it("stops at the workspace's own cap on extra credits, which cannot exceed the plan's", async () => {
    const { cookie, workspaceId, customerId } = await creatorWorkspace("capped@example.com");
    const set = (json: unknown) => api("/v1/user/subscription/limit-extension", { method: "POST", cookie, json });
    expect((await set({ allowed_to_extend_character_limit: true, max_character_limit_extension: 1 })).status).toBe(200);
    const subscription = async () => (await (await api("/v1/user/subscription", { cookie })).json()) as { max_character_limit_extension: number; allowed_to_extend_character_limit: boolean };
    expect(await subscription()).toMatchObject({ max_character_limit_extension: 1, allowed_to_extend_character_limit: true });

    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspaceId).run();
    expect((await speak(cookie, 1005)).status).toBe(200);
    const refused = await speak(cookie, 10);
    expect(refused.status).toBe(401);
    await expect(refused.json()).resolves.toMatchObject({ detail: { status: "quota_exceeded" } });
    expect((await stripe.invoiceItems.list({ customer: customerId, pending: true })).data.map((item) => item.amount)).toEqual([30]);

    const tooHigh = await set({ allowed_to_extend_character_limit: true, max_character_limit_extension: 5000 });
    expect(tooHigh.status).toBe(400);
    await expect(tooHigh.json()).resolves.toMatchObject({ detail: { status: "invalid_limit_extension" } });
    expect((await set({ allowed_to_extend_character_limit: true, max_character_limit_extension: -1 })).status).toBe(422);
    expect((await subscription()).max_character_limit_extension).toBe(1);

    // The subscription page's form: an empty cap goes back to the plan's maximum.
    await allowUsageBasedBilling(cookie, { cap: "" });
    expect((await subscription()).max_character_limit_extension).toBe(1000);
    expect((await speak(cookie, 10)).status).toBe(200);
  });

  it("invoices nothing while usage stays within a block, or when usage-based billing is off", async () => {
    const { cookie, workspaceId, customerId } = await creatorWorkspace("no-extra-credits@example.com");
    await testEnv.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspaceId).run();
    expect((await speak(cookie, 100)).status).toBe(401);
    await allowUsageBasedBilling(cookie);
    expect((await speak(cookie, 500)).status).toBe(200);
    expect((await stripe.invoiceItems.list({ customer: customerId, pending: true })).data).toEqual([]);
  });
});
