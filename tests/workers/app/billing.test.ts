import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { api, createKey, mailedInviteCode, ORIGIN, signUp, verifyEmailOf } from "./helpers";
import { database } from "../../../db/client";
import { acquireSlot } from "../../../db/repositories/generation-slots";
import { type HistoryRow, QuotaExhausted, recordGeneration } from "../../../db/repositories/history";
import { allowUsageBasedBilling, creatorWorkspace, officialSdk, speak, stripe, testEnv } from "./billing-helpers";
import { missingCapabilityCards } from "../../../core/capabilities";

describe("billing", () => {
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
});

describe("payment-required", () => {
  const ARIA = "pv01aria000000000000";
  const ROGER = "pv02roger00000000000";

  /** Every generation path of the API, each with a body it would otherwise speak. */
  const GENERATION_PATHS: [string, (key: string) => Parameters<typeof api>[1]][] = [
    [`/v1/text-to-speech/${ARIA}`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
    [`/v1/text-to-speech/${ARIA}/stream`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
    [`/v1/text-to-speech/${ARIA}/with-timestamps`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
    [`/v1/text-to-speech/${ARIA}/stream/with-timestamps`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
    ["/v1/text-to-dialogue", (key) => ({ method: "POST", key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Hello.", voice_id: ROGER }] } })],
    ["/v1/text-to-dialogue/stream", (key) => ({ method: "POST", key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Hello.", voice_id: ROGER }] } })],
    ["/v1/audio/speech", (key) => ({ method: "POST", headers: { authorization: `Bearer ${key}` }, json: { model: "tts-1", input: "Paid plans speak.", voice: ARIA } })],
  ];

  async function workspaceOf(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }

  async function spent(workspaceId: string) {
    const row = await env.DB.prepare(
      "SELECT w.character_count AS characters, (SELECT count(*) FROM history_items h WHERE h.workspace_id = w.id) AS items, (SELECT count(*) FROM usage_events u WHERE u.workspace_id = w.id) AS events FROM workspaces w WHERE w.id = ?",
    )
      .bind(workspaceId)
      .first<{ characters: number; items: number; events: number }>();
    return row!;
  }

  /** Restricted statuses (spec accounts §4.1: payment problems and free_disabled) refuse synthesis with 402. */
  describe("generation in a restricted workspace", () => {
    for (const [status, tier] of [["past_due", "creator"], ["incomplete", "creator"], ["free_disabled", "free"]] as const) {
      it(`${status}: every generation path answers 402 payment_required and charges nothing`, async () => {
        const key = await createKey(await signUp(`restricted-${status}@example.com`));
        const workspaceId = await workspaceOf(key);
        await env.DB.prepare("UPDATE workspaces SET tier = ?, status = ? WHERE id = ?").bind(tier, status, workspaceId).run();
        const before = await spent(workspaceId);
        for (const [path, init] of GENERATION_PATHS) {
          const response = await api(path, init(key));
          expect(response.status, path).toBe(402);
          // The OpenAI-compatible route answers in OpenAI's shape (decision 0027).
          const expected = path === "/v1/audio/speech"
            ? { error: { message: STATUS_NOTICES[status], type: "insufficient_quota", code: "payment_required", param: null } }
            : { detail: { status: "payment_required", message: STATUS_NOTICES[status] } };
          expect(await response.json(), path).toEqual(expected);
        }
        expect(await spent(workspaceId)).toEqual(before);

        // Settled (the webhook makes it active again): the same request speaks and is charged.
        await env.DB.prepare("UPDATE workspaces SET status = ? WHERE id = ?").bind(tier === "free" ? "free" : "active", workspaceId).run();
        const [path, init] = GENERATION_PATHS[0]!;
        const spoken = await api(`${path}?output_format=pcm_16000`, init(key));
        expect(spoken.status).toBe(200);
        await spoken.arrayBuffer();
        expect((await spent(workspaceId)).characters).toBe(before.characters + "Paid plans speak.".length);
      });
    }
  });
});

describe("quota", () => {
  const ARIA = "pv01aria000000000000";

  async function workspaceId(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }
  async function counts(workspace: string): Promise<{ charged: number; history: number; usage: number; slots: number }> {
    const row = await env.DB.prepare(
      `SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS charged,
            (SELECT count(*) FROM history_items WHERE workspace_id = ?1) AS history,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage,
            (SELECT count(*) FROM generation_slots WHERE workspace_id = ?1) AS slots`,
    )
      .bind(workspace)
      .first<{ charged: number; history: number; usage: number; slots: number }>();
    return row!;
  }

  function historyRow(workspaceId: string, userId: string, id: string): HistoryRow {
    return {
      id,
      workspaceId,
      userId,
      requestId: `request-${id}`,
      voiceId: ARIA,
      voiceName: "Aria",
      voiceCategory: "premade",
      modelId: "parlance_multilingual_v1",
      text: "0123456789",
      dialogue: null,
      dateUnix: Math.floor(Date.now() / 1000),
      characterCountChangeFrom: 0,
      characterCountChangeTo: 10,
      contentType: "audio/mpeg",
      outputFormat: "mp3_44100_128",
      settings: "{}",
      feedback: null,
      source: "API",
      audioKey: `history/${workspaceId}/${id}.mp3`,
      audioBytes: 1,
      durationMs: 1,
      alignment: "{}",
    };
  }

  describe("quota", () => {
    it("is never overspent by concurrent requests against a nearly exhausted quota", async () => {
      const key = await createKey(await signUp("burst@example.com"));
      const workspace = await workspaceId(key);
      // A plan that allows ten generations at a time, with 35 of its 500000 credits left: three of eight fit.
      await env.DB.prepare("UPDATE workspaces SET tier = 'pro', status = 'active', character_limit = 500000, character_count = 499965 WHERE id = ?").bind(workspace).run();
      const text = "Ten chars.";
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text } }).then(async (r) => ({ status: r.status, body: await r.text() }))),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 200, 200, 401, 401, 401, 401, 401]);
      for (const refused of answers.filter((a) => a.status === 401)) expect(JSON.parse(refused.body)).toMatchObject({ detail: { status: "quota_exceeded" } });
      expect(await counts(workspace)).toEqual({ charged: 499995, history: 3, usage: 3, slots: 0 });
    }, 60_000);

    it("refuses a second generation while the first still holds the last credits, and frees them when it ends", async () => {
      const key = await createKey(await signUp("reserved@example.com"));
      const workspace = await workspaceId(key);
      await env.DB.prepare("UPDATE workspaces SET character_count = 9980 WHERE id = ?").bind(workspace).run();
      const db = database(env.DB);
      const now = Math.floor(Date.now() / 1000);
      const slot = (requestId: string) => acquireSlot(db, { workspaceId: workspace, requestId, limit: 2, characters: 15, beyondLimit: 0, nowSeconds: now });
      expect(await slot("first")).toMatchObject({ acquired: true, active: 1 });
      // A free slot, but the first generation's 15 characters leave only 5.
      expect(await slot("second")).toEqual({ acquired: false, reason: "quota", active: 1, remaining: 5 });
      const refused = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Fifteen chars.." } });
      expect(refused.status).toBe(401);
      await env.DB.prepare("DELETE FROM generation_slots WHERE request_id = 'first'").run();
      const spoken = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Fifteen chars.." } });
      expect(spoken.status).toBe(200);
      expect(await counts(workspace)).toMatchObject({ charged: 9995, history: 1, slots: 0 });
    });

    it("charges only within the remaining quota, in the charge's own statement: otherwise nothing is written", async () => {
      const key = await createKey(await signUp("charge@example.com"));
      const workspace = await workspaceId(key);
      const userId = (await env.DB.prepare("SELECT owner_id FROM workspaces WHERE id = ?").bind(workspace).first<string>("owner_id"))!;
      await env.DB.prepare("UPDATE workspaces SET character_count = 9995 WHERE id = ?").bind(workspace).run();
      const db = database(env.DB);
      await env.DB.prepare("INSERT INTO generation_slots (request_id, workspace_id, started_at, reserved_characters) VALUES ('request-over', ?, 0, 10)").bind(workspace).run();
      // Whatever was checked before, 9995 + 10 is past 10000: refused, and nothing of the batch remains.
      await expect(recordGeneration(db, historyRow(workspace, userId, "over"), { characters: 10, beyondLimit: 0 }, null)).rejects.toBeInstanceOf(QuotaExhausted);
      expect(await counts(workspace)).toEqual({ charged: 9995, history: 0, usage: 0, slots: 1 });
      // Within the quota: charged, recorded, and the slot's reservation ends with it.
      await env.DB.prepare("UPDATE workspaces SET character_count = 9990 WHERE id = ?").bind(workspace).run();
      await recordGeneration(db, historyRow(workspace, userId, "over"), { characters: 10, beyondLimit: 0 }, null);
      expect(await counts(workspace)).toEqual({ charged: 10000, history: 1, usage: 1, slots: 0 });
      // No limit (an unlimited extension): always charged.
      await recordGeneration(db, historyRow(workspace, userId, "unlimited"), { characters: 10, beyondLimit: null }, null);
      expect((await counts(workspace)).charged).toBe(10010);
    });

    it("refuses a generation whose quota shrank while its audio was made, charging nothing and freeing its slot", async () => {
      const key = await createKey(await signUp("shrinking@example.com"));
      const workspace = await workspaceId(key);
      const response = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: "First sentence here. And a second one. And a third one to finish." } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      // A downgrade lands mid-generation: the charge at the end no longer fits.
      await env.DB.prepare("UPDATE workspaces SET character_limit = 10 WHERE id = ?").bind(workspace).run();
      await expect((async () => {
        for (;;) if ((await reader.read()).done) return;
      })()).rejects.toThrow();
      expect(await counts(workspace)).toEqual({ charged: 0, history: 0, usage: 0, slots: 0 });
      expect((await env.MEDIA.list({ prefix: `history/${workspace}/` })).objects).toHaveLength(0);
    });
  });
});

describe("extra-credits", () => {
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
});

describe("subscription-invoices", () => {
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
});

describe("usage", () => {
  const ARIA = "pv01aria000000000000";
  const ROGER = "pv02roger00000000000";
  type Series = { time: number[]; usage: Record<string, number[]> };

  const DAY = 86_400_000;
  const today = () => Math.floor(Date.now() / DAY) * DAY;
  const window = () => ({ start_unix: String(today() - 6 * DAY), end_unix: String(today() + DAY - 1) });

  function stats(auth: { key?: string; cookie?: string }, query: Record<string, string>) {
    return api(`/v1/usage/character-stats?${new URLSearchParams(query)}`, auth);
  }
  async function speak(auth: { key?: string; cookie?: string }, voice: string, text: string) {
    const response = await api(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", ...auth, json: { text } });
    expect(response.status).toBe(200);
    return response.headers.get("history-item-id")!;
  }

  let owner: { key: string; cookie: string };
  let editor: { key: string; cookie: string };
  let stranger: { key: string };

  beforeAll(async () => {
    const ownerCookie = await signUp("usage-owner@example.com");
    owner = { cookie: ownerCookie, key: await createKey(ownerCookie) };
    const editorCookie = await signUp("usage-editor@example.com");
    editor = { cookie: editorCookie, key: "" };
    stranger = { key: await createKey(await signUp("usage-stranger@example.com")) };
    const ws = (await (await api("/v1/workspace", { key: owner.key })).json()) as { workspace_id: string };
    await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
    expect((await api("/v1/workspace/invites/add", { method: "POST", key: owner.key, json: { email: "usage-editor@example.com" } })).status).toBe(201);
    await verifyEmailOf("usage-editor@example.com");
    const invite_code = await mailedInviteCode("usage-editor@example.com");
    expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { workspace_id: ws.workspace_id, invite_code } })).status).toBe(200);

    await speak({ key: owner.key }, ARIA, "Twenty characters!!");
    const deleted = await speak({ cookie: owner.cookie }, ROGER, "Ten chars.");
    await speak({ cookie: editor.cookie }, ARIA, "Editor.");
    await speak({ key: stranger.key }, ARIA, "Someone else's words.");
    // Deleting a history item refunds nothing: its usage stays.
    expect((await api(`/v1/history/${deleted}`, { method: "DELETE", key: owner.key })).status).toBe(200);
  });

  describe("GET /v1/usage/character-stats", () => {
    it("counts the caller's own characters per day, today's bucket last, in the SDK's shape", async () => {
      const response = await stats({ key: owner.key }, window());
      expect(response.status).toBe(200);
      const body = (await response.json()) as Series;
      expect(body.time).toHaveLength(7);
      expect(body.time.at(-1)).toBe(today());
      expect(body.usage).toEqual({ All: [0, 0, 0, 0, 0, 0, 19 + 10] });
    });

    it("gives admins the whole workspace, broken down by user, voice, source or API-key use, and never another workspace", async () => {
      const by = async (breakdown_type: string, metric = "credits") =>
        ((await (await stats({ key: owner.key }, { ...window(), include_workspace_metrics: "true", breakdown_type, metric, aggregation_interval: "cumulative" })).json()) as Series).usage;
      expect(await by("none")).toEqual({ All: [36] });
      expect(await by("user")).toEqual({ "usage-owner@example.com": [29], "usage-editor@example.com": [7] });
      expect(await by("voice")).toEqual({ Aria: [26], Roger: [10] });
      expect(await by("has_api_key")).toEqual({ false: [17], true: [19] });
      expect(await by("api_keys")).toEqual({ "test key": [19], "Without an API key": [17] });
      expect(await by("request_source", "request_count")).toEqual({ TTS: [2], API: [1] });
      expect(await by("model")).toEqual({ parlance_multilingual_v1: [36] });
    });

    it("shows an editor only their own usage and refuses them the workspace's", async () => {
      const own = (await (await stats({ cookie: editor.cookie }, { ...window(), aggregation_interval: "cumulative" })).json()) as Series;
      expect(own.usage).toEqual({ All: [7] });
      const denied = await stats({ cookie: editor.cookie }, { ...window(), include_workspace_metrics: "true" });
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ detail: { status: "forbidden" } });
    });

    it("refuses bad windows, unknown breakdowns and too many buckets with clear errors", async () => {
      const cases: [Record<string, string>, number][] = [
        [{ end_unix: window().end_unix }, 422],
        [{ ...window(), end_unix: window().start_unix }, 422],
        [{ ...window(), start_unix: "-5" }, 422],
        [{ ...window(), breakdown_type: "groups" }, 422],
        [{ ...window(), breakdown_type: "user" }, 422],
        [{ ...window(), metric: "ttfb_p95" }, 422],
        [{ ...window(), aggregation_interval: "fortnight" }, 422],
        [{ start_unix: "0", end_unix: String(today()), aggregation_interval: "hour" }, 400],
      ];
      for (const [query, status] of cases) {
        const response = await stats({ key: owner.key }, query);
        expect(response.status, JSON.stringify(query)).toBe(status);
        expect(await response.json()).toHaveProperty("detail");
      }
      expect((await stats({ key: "sk_" + "0".repeat(48) }, window())).status).toBe(401);
    });
  });
});

describe("claims", () => {
  /** Words that would claim the built-in formant voice sounds like a person. */
  const HUMAN_LIKE = /\b(natural|human-like|humanlike|realistic)\b/i;

  describe("honest claims: the plan cards list only capabilities that exist", () => {
    it.each(["", "?period=annual&currency=eur", "?period=monthly&currency=usd"])("/pricing%s names no capability this build lacks", async (query) => {
      const html = await (await SELF.fetch(`${ORIGIN}/pricing${query}`)).text();
      expect(html).toContain("Usage-based extra credits");
      for (const card of [...missingCapabilityCards(), "Dubbing studio"]) expect(html).not.toContain(card);
      // Instant and professional cloning exist (the embedded clone, decisions 0024 and 0035): the cards name them.
      expect(html).toContain("Instant voice cloning");
      expect(html).toContain("Professional voice cloning");
    });

    it("/app/subscription shows the same honest cards, and the API's cloning flags are off for the free plan", async () => {
      const cookie = await signUp("claims@example.com");
      const html = await (await SELF.fetch(`${ORIGIN}/app/subscription`, { headers: { cookie } })).text();
      expect(html).toContain("192 kbps audio through the API");
      for (const card of missingCapabilityCards()) expect(html).not.toContain(card);
      const subscription = (await (await api("/v1/user/subscription", { key: await createKey(cookie) })).json()) as Record<string, unknown>;
      expect(subscription).toMatchObject({ can_use_instant_voice_cloning: false, can_use_professional_voice_cloning: false });
    });
  });

  describe("honest claims: the voices are called what they are", () => {
    it("the home page names espeak-ng formant synthesis, and says lifelike only for the configured neural engine", async () => {
      // The tests' speech worker is configured with an OpenAI-compatible speech server (vitest.config.ts).
      const html = await (await SELF.fetch(`${ORIGIN}/`)).text();
      expect(html).toContain("espeak-ng formant synthesizer");
      expect(html).toContain("lifelike speech with the neural engine this installation connects (External speech server)");
      expect(html).not.toMatch(HUMAN_LIKE);
    });

    it.each(["/text-to-speech", "/languages/german", "/languages/british-accent", "/about", "/pricing"])("%s claims no lifelike or natural voice", async (path) => {
      const html = await (await SELF.fetch(ORIGIN + path)).text();
      expect(html).not.toMatch(HUMAN_LIKE);
      expect(html).not.toMatch(/lifelike/i);
    });

    it("the landing pages say their voices are espeak-ng formant synthesis", async () => {
      expect(await (await SELF.fetch(`${ORIGIN}/text-to-speech`)).text()).toContain("The built-in voices are espeak-ng formant synthesis");
      expect(await (await SELF.fetch(`${ORIGIN}/languages/german`)).text()).toContain("German voices by espeak-ng");
    });
  });
});
