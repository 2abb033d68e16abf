// Payouts: the only way into earnings, connected accounts and payouts. Money leaves through Stripe Connect with the
// official SDK (the local stand-in in development): a connected account per person, its onboarding link, and one
// transfer per payout whose Idempotency-Key is the payout's id, so a retry can never pay twice.
import Stripe from "stripe";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { database } from "../../db/client";
import { earnings, payoutAccounts, payouts } from "../../db/schema";
import { nowSeconds } from "../../core/clock";
import { stripeClient } from "../../core/billing/stripe.server";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { MINIMUM_PAYOUT, onboardingState, type EarningSource, type OnboardingState } from "./rules/payouts";
import { formatAmount, PRODUCTION_CURRENCY } from "~/productions/rules/productions";

const db = (env: Env) => database(env.DB);

export type EarningRow = typeof earnings.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export type PayoutRefusal = { ok: false; httpStatus: 400 | 409 | 503; status: string; message: string };
const refuse = (httpStatus: PayoutRefusal["httpStatus"], status: string, message: string): PayoutRefusal => ({ ok: false, httpStatus, status, message });

/**
 * Records money owed to a person, once per (source, source id): calling it again for the same source is a no-op
 * (true only the first time). The productions area calls it on acceptance; publishing and voice royalties call it
 * with their own sources (amounts in the smallest currency unit).
 */
export async function recordEarning(env: Env, earning: { userId: string; source: EarningSource; sourceId: string; description: string; amount: number; currency?: string }): Promise<boolean> {
  if (!Number.isInteger(earning.amount) || earning.amount <= 0) throw new Error("An earning is a positive integer amount in the smallest currency unit.");
  const result = await db(env)
    .insert(earnings)
    .values({
      id: `ern_${Date.now().toString(36)}${randomHex(8)}`,
      userId: earning.userId,
      source: earning.source,
      sourceId: earning.sourceId,
      description: earning.description.slice(0, 300),
      amount: earning.amount,
      currency: earning.currency ?? PRODUCTION_CURRENCY,
      createdAt: nowSeconds(),
    })
    .onConflictDoNothing();
  return result.meta.changes === 1;
}

export type PayoutSummary = {
  balance: number;
  currency: string;
  earnings: EarningRow[];
  payouts: PayoutRow[];
  onboarding: OnboardingState;
  available: boolean;
};

export async function payoutSummary(env: Env, actor: Actor): Promise<PayoutSummary> {
  const userId = actor.user.id;
  const [balance] = await db(env)
    .select({ total: sql<number>`coalesce(sum(${earnings.amount}), 0)` })
    .from(earnings)
    .where(and(eq(earnings.userId, userId), isNull(earnings.payoutId), eq(earnings.currency, PRODUCTION_CURRENCY)));
  const list = await db(env).select().from(earnings).where(eq(earnings.userId, userId)).orderBy(desc(earnings.createdAt), desc(earnings.id)).limit(100);
  const history = await db(env).select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(100);
  const [account] = await db(env).select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return { balance: balance?.total ?? 0, currency: PRODUCTION_CURRENCY, earnings: list, payouts: history, onboarding: onboardingState(account), available: stripeClient(env) !== null };
}

function requireStripe(env: Env): Stripe | PayoutRefusal {
  return stripeClient(env) ?? refuse(503, "payouts_unavailable", "Payouts are not available on this deployment (no payment provider is configured).");
}

/** A provider's refusal as ours; network trouble and its 5xx are thrown (the payout stays pending for a retry). */
function providerRefusal(error: unknown): PayoutRefusal {
  if (error instanceof Stripe.errors.StripeError && error.statusCode && error.statusCode < 500) return refuse(400, error.code ?? "provider_refused", error.message);
  throw error;
}

/**
 * The person's connected account (created once: its idempotency key is their id) and a fresh onboarding link
 * that returns to `returnUrl`.
 */
export async function onboardingLink(env: Env, actor: Actor, returnUrl: string, refreshUrl: string): Promise<{ ok: true; url: string } | PayoutRefusal> {
  const stripe = requireStripe(env);
  if ("ok" in stripe) return stripe;
  let [account] = await db(env).select().from(payoutAccounts).where(eq(payoutAccounts.userId, actor.user.id));
  try {
    if (!account) {
      const created = await stripe.accounts.create(
        { type: "express", email: actor.user.email, capabilities: { transfers: { requested: true } }, metadata: { user_id: actor.user.id } },
        { idempotencyKey: `payout-account-${actor.user.id}` },
      );
      const now = nowSeconds();
      account = { userId: actor.user.id, stripeAccountId: created.id, detailsSubmitted: created.details_submitted ?? false, payoutsEnabled: created.payouts_enabled ?? false, createdAt: now, updatedAt: now };
      await db(env).insert(payoutAccounts).values(account).onConflictDoNothing();
      [account] = await db(env).select().from(payoutAccounts).where(eq(payoutAccounts.userId, actor.user.id));
    }
    const link = await stripe.accountLinks.create({ account: account.stripeAccountId, type: "account_onboarding", return_url: returnUrl, refresh_url: refreshUrl });
    return { ok: true, url: link.url };
  } catch (error) {
    return providerRefusal(error);
  }
}

/** Re-reads the connected account's onboarding state from Stripe (after the onboarding page sends them back). */
export async function refreshAccount(env: Env, actor: Actor): Promise<PayoutAccountRow | null> {
  const stripe = stripeClient(env);
  const [account] = await db(env).select().from(payoutAccounts).where(eq(payoutAccounts.userId, actor.user.id));
  if (!stripe || !account) return account ?? null;
  const remote = await stripe.accounts.retrieve(account.stripeAccountId);
  const next = { ...account, detailsSubmitted: remote.details_submitted ?? false, payoutsEnabled: remote.payouts_enabled ?? false, updatedAt: nowSeconds() };
  await db(env).update(payoutAccounts).set({ detailsSubmitted: next.detailsSubmitted, payoutsEnabled: next.payoutsEnabled, updatedAt: next.updatedAt }).where(eq(payoutAccounts.userId, actor.user.id));
  return next;
}

/**
 * Pays out the whole unpaid balance. `requestKey` is the form's one-time key: the same key finds the same payout
 * (a double submit, or a retry after a lost answer, re-sends it with the same Idempotency-Key and never pays twice).
 * The earnings are attached to the payout in one batch before anything is sent, so two payouts at once cannot
 * both take them.
 */
export async function requestPayout(env: Env, actor: Actor, requestKey: string): Promise<{ ok: true; payout: PayoutRow } | PayoutRefusal> {
  const stripe = requireStripe(env);
  if ("ok" in stripe) return stripe;
  const userId = actor.user.id;
  const [existing] = await db(env).select().from(payouts).where(and(eq(payouts.userId, userId), eq(payouts.requestKey, requestKey)));
  if (existing) return existing.status === "pending" ? sendPayout(env, stripe, existing) : { ok: true, payout: existing };

  const account = await refreshAccount(env, actor);
  if (!account) return refuse(409, "no_connected_account", "Connect a payout account first: nothing can be paid out without one.");
  if (!account.payoutsEnabled) return refuse(409, "onboarding_incomplete", "Finish setting up your payout account first: it cannot receive money yet.");
  const { balance } = await payoutSummary(env, actor);
  if (balance < MINIMUM_PAYOUT) return refuse(400, "balance_too_low", `Payouts start at ${formatAmount(MINIMUM_PAYOUT)}; your balance is ${formatAmount(balance)}.`);

  const id = `po_${Date.now().toString(36)}${randomHex(8)}`;
  const now = nowSeconds();
  await db(env).batch([
    db(env).insert(payouts).values({ id, userId, requestKey, amount: 0, currency: PRODUCTION_CURRENCY, status: "pending", createdAt: now, updatedAt: now }).onConflictDoNothing(),
    db(env)
      .update(earnings)
      .set({ payoutId: id })
      .where(and(eq(earnings.userId, userId), isNull(earnings.payoutId), eq(earnings.currency, PRODUCTION_CURRENCY), sql`EXISTS (SELECT 1 FROM ${payouts} WHERE ${payouts.id} = ${id})`)),
    db(env)
      .update(payouts)
      .set({ amount: sql`(SELECT coalesce(sum(${earnings.amount}), 0) FROM ${earnings} WHERE ${earnings.payoutId} = ${id})` })
      .where(eq(payouts.id, id)),
  ]);
  const [payout] = await db(env).select().from(payouts).where(and(eq(payouts.userId, userId), eq(payouts.requestKey, requestKey)));
  if (payout.id !== id) return payout.status === "pending" ? sendPayout(env, stripe, payout) : { ok: true, payout };
  if (payout.amount === 0) {
    // Another payout took the earnings a moment earlier.
    await db(env).delete(payouts).where(eq(payouts.id, id));
    return refuse(409, "nothing_to_pay", "There is nothing left to pay out.");
  }
  return sendPayout(env, stripe, payout);
}

/** Sends (or re-sends) a pending payout; the Idempotency-Key makes Stripe answer a re-send with the first transfer. */
async function sendPayout(env: Env, stripe: Stripe, payout: PayoutRow): Promise<{ ok: true; payout: PayoutRow } | PayoutRefusal> {
  const destination = (await db(env).select().from(payoutAccounts).where(eq(payoutAccounts.userId, payout.userId)))[0]?.stripeAccountId;
  if (!destination) return refuse(409, "no_connected_account", "Connect a payout account first: nothing can be paid out without one.");
  try {
    const transfer = await stripe.transfers.create(
      { amount: payout.amount, currency: payout.currency, destination, transfer_group: payout.id, metadata: { payout_id: payout.id, user_id: payout.userId } },
      { idempotencyKey: `payout-${payout.id}` },
    );
    const paid = { status: "paid", stripeTransferId: transfer.id, failure: null, updatedAt: nowSeconds() };
    await db(env).update(payouts).set(paid).where(eq(payouts.id, payout.id));
    return { ok: true, payout: { ...payout, ...paid } };
  } catch (error) {
    // No answer (network, the provider's 5xx): the payout stays pending and the page offers a retry with the same key.
    if (!(error instanceof Stripe.errors.StripeError) || !error.statusCode || error.statusCode >= 500) return { ok: true, payout };
    const refusal = providerRefusal(error);
    // Refused for good (not enough platform funds, an account that cannot receive): the earnings are released.
    await db(env).batch([
      db(env).update(payouts).set({ status: "failed", failure: refusal.message, updatedAt: nowSeconds() }).where(eq(payouts.id, payout.id)),
      db(env).update(earnings).set({ payoutId: null }).where(eq(earnings.payoutId, payout.id)),
    ]);
    return refusal;
  }
}

/** A fresh one-time key for the payout form. */
export function newPayoutRequestKey(): string {
  return randomHex(16);
}
