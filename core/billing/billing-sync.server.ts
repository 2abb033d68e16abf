import type Stripe from "stripe";
import { workspaceStateFor, withPreviousTier, nextMonthlyReset, type ProviderSubscriptionView } from "./billing-sync";
import { nowSeconds } from "../clock";
import type { Database } from "../../db/client";
import { applySubscriptionMirror, findBillingByCustomer, linkCustomer, recordEvent, type BillingRow } from "../../db/repositories/billing";

const RUNNING_SCHEDULE = new Set(["active", "not_started"]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** The provider's subscription reduced to what our rules read. */
export function viewOf(subscription: Stripe.Subscription): ProviderSubscriptionView {
  const item = subscription.items.data[0];
  const schedule = typeof subscription.schedule === "object" ? subscription.schedule : null;
  return {
    status: subscription.status,
    priceLookupKey: item?.price.lookup_key ?? null,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduleMetadata: schedule && RUNNING_SCHEDULE.has(schedule.status) ? (schedule.metadata as Record<string, string>) : null,
  };
}

export interface SyncOptions {
  event?: { id: string; type: string };
}

/**
 * Re-reads the subscription from the provider and mirrors it onto its workspace. Because the provider's
 * current state decides, events can arrive in any order and any number of times with the same result.
 */
export async function syncSubscription(stripe: Stripe, db: Database, subscriptionId: string, options: SyncOptions = {}): Promise<string | null> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ["schedule"] });
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  let billing: BillingRow | undefined = await findBillingByCustomer(db, customerId);
  const workspaceId = billing?.workspaceId ?? subscription.metadata.workspace_id;
  if (!workspaceId) {
    if (options.event) await recordEvent(db, options.event, null);
    return null;
  }
  billing ??= await linkCustomer(db, workspaceId, customerId);
  const view = viewOf(subscription);
  // Whether money is owed is read from the provider too, never inferred from which event came last.
  const openInvoices = await stripe.invoices.list({ subscription: subscription.id, status: "open", limit: 1 });
  const state = workspaceStateFor(view);
  const now = nowSeconds();
  const ended = state.tier === "free";
  const periodStart = view.currentPeriodStart;
  // A paid period that has not had its quota reset yet starts from 0 (first invoice, renewals); replays and
  // older events find quotaPeriodStart already at this period and reset nothing.
  const newPaidPeriod =
    !ended && state.status === "active" && periodStart !== null && (billing.quotaPeriodStart === null || periodStart > billing.quotaPeriodStart);
  const resetAt = ended
    ? nextMonthlyReset(now, now)
    : state.billingPeriod === "monthly_period"
      ? (view.currentPeriodEnd ?? nextMonthlyReset(now, now))
      : nextMonthlyReset(periodStart ?? now, now);
  const previous = JSON.parse(billing.previouslySubscribedTiers) as string[];
  await applySubscriptionMirror(db, workspaceId, {
    state,
    billing: {
      subscriptionId: ended ? null : subscription.id,
      providerStatus: subscription.status,
      priceLookupKey: ended ? null : view.priceLookupKey,
      currentPeriodStart: ended ? null : view.currentPeriodStart,
      currentPeriodEnd: ended ? null : view.currentPeriodEnd,
      scheduleId: view.scheduleMetadata ? idOf(subscription.schedule) : null,
      previouslySubscribedTiers: JSON.stringify(withPreviousTier(previous, state.tier)),
      hasOpenInvoices: openInvoices.data.length > 0,
    },
    resetQuota: newPaidPeriod && periodStart !== null ? { periodStart, resetAt } : ended && billing.subscriptionId ? { periodStart: now, resetAt } : null,
    event: options.event,
  });
  return workspaceId;
}
