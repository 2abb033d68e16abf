import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { claimExtraCharacters, findBilling } from "../../../db/repositories/billing";
import { workspaces } from "../../../db/schema";
import { extraCharacterCents, extraCharactersDue, extraCreditsAmountCents } from "~/billing/rules/extra-credits";
import { BILLING_THRESHOLD_CENTS, isCurrency, TIER_DISPLAY_NAMES, type PaidStandardTier } from "../../../core/billing/plans";
import type Stripe from "stripe";
import { log } from "~/common/log.server";
import { stripeClient, type StripeEnv } from "../../../core/billing/stripe.server";

/**
 * Usage-based billing: once a workspace that allows it has used another whole block of 1000 characters beyond
 * its plan, those blocks become an invoice item on its subscription, which Stripe puts on the next invoice.
 * The blocks are claimed in D1 first (so two generations never invoice the same block) and the item is created
 * with an idempotency key naming them (so a retried call never creates two). If the provider fails, the claim
 * is given back and the next generation of the period tries again. Returns the characters invoiced.
 */
export async function invoiceExtraCredits(env: StripeEnv, db: Database, workspaceId: string): Promise<number> {
  const stripe = stripeClient(env);
  const workspace = await db.query.workspaces.findFirst({ where: eq(workspaces.id, workspaceId) });
  const billing = await findBilling(db, workspaceId);
  if (!stripe || !workspace || !billing?.subscriptionId || !billing.allowedToExtendCharacterLimit) return 0;
  const tier = workspace.tier;
  const currency = isCurrency(workspace.currency) ? workspace.currency : "usd";
  const centsPerCharacter = extraCharacterCents(tier, currency);
  if (centsPerCharacter === null) return 0;
  const billed = workspace.extraCharactersBilled;
  const due = extraCharactersDue(workspace.characterCount, workspace.characterLimit);
  if (due <= billed) return 0;
  if (!(await claimExtraCharacters(db, workspaceId, billed, due))) return 0;
  try {
    await stripe.invoiceItems.create(
      {
        customer: billing.customerId,
        subscription: billing.subscriptionId,
        currency,
        amount: extraCreditsAmountCents(billed, due, centsPerCharacter),
        description: `Extra credits: ${(due - billed).toLocaleString("en-US")} characters beyond the ${TIER_DISPLAY_NAMES[tier]} plan`,
        metadata: { workspace_id: workspaceId, extra_characters_from: String(billed), extra_characters_to: String(due) },
      },
      { idempotencyKey: `extra-credits:${workspaceId}:${workspace.characterCountResetAt ?? 0}:${billed}-${due}` },
    );
  } catch (error) {
    const released = await claimExtraCharacters(db, workspaceId, due, billed);
    log("error", "extra credits not invoiced", { workspace_id: workspaceId, from: billed, to: due, retried_later: released, error: String(error) });
    return 0;
  }
  const threshold = BILLING_THRESHOLD_CENTS[tier as PaidStandardTier]?.[currency];
  await billAtThreshold(stripe, { workspaceId, customerId: billing.customerId, subscriptionId: billing.subscriptionId, threshold, key: `${workspace.characterCountResetAt ?? 0}:${due}` });
  return due - billed;
}

/**
 * The plan's billing threshold: once the extra credits waiting for the next invoice reach it, they are invoiced
 * and charged now instead of at the renewal. A failure is logged: the items stay for the renewal, or on an open
 * invoice the provider retries (its invoice.payment_failed webhook marks the workspace as owing).
 */
async function billAtThreshold(
  stripe: Stripe,
  target: { workspaceId: string; customerId: string; subscriptionId: string; threshold: number | undefined; key: string },
): Promise<void> {
  if (!target.threshold) return;
  let waiting = 0;
  try {
    const pending = await stripe.invoiceItems.list({ customer: target.customerId, pending: true, limit: 100 });
    waiting = pending.data.filter((item) => item.metadata?.workspace_id === target.workspaceId).reduce((sum, item) => sum + item.amount, 0);
    if (waiting < target.threshold) return;
    const invoice = await stripe.invoices.create(
      {
        customer: target.customerId,
        subscription: target.subscriptionId,
        pending_invoice_items_behavior: "include",
        auto_advance: false,
        description: "Extra credits: billing threshold reached",
        metadata: { workspace_id: target.workspaceId, reason: "extra_credits_threshold" },
      },
      { idempotencyKey: `extra-credits-threshold:${target.workspaceId}:${target.key}` },
    );
    await stripe.invoices.pay(invoice.id!, {}, { idempotencyKey: `extra-credits-threshold-pay:${target.workspaceId}:${target.key}` });
  } catch (error) {
    log("error", "extra credits threshold invoice failed", { workspace_id: target.workspaceId, amount: waiting, error: String(error) });
  }
}
