import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { claimExtraCharacters, findBilling } from "../../db/repositories/billing";
import { workspaces } from "../../db/schema";
import { extraCharacterCents, extraCharactersDue, extraCreditsAmountCents } from "~/domain/extra-credits";
import { isCurrency, isTier, TIER_DISPLAY_NAMES } from "~/domain/plans";
import { log } from "./log.server";
import { stripeClient, type StripeEnv } from "./stripe.server";

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
  const tier = isTier(workspace.tier) ? workspace.tier : "free";
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
    return due - billed;
  } catch (error) {
    const released = await claimExtraCharacters(db, workspaceId, due, billed);
    log("error", "extra credits not invoiced", { workspace_id: workspaceId, from: billed, to: due, retried_later: released, error: String(error) });
    return 0;
  }
}
