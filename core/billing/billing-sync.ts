/**
 * What a workspace's subscription becomes, given the payment provider's view of it. Pure, so the billing
 * worker (webhooks) and the app (right after a change) apply exactly the same rules.
 */
import { MONTHLY_CREDITS, SEATS, isPaidStandardTier, parsePriceLookupKey, type BillingPeriod, type Currency, type StandardTier, type SubscriptionStatus } from "./plans";

export interface ProviderSubscriptionView {
  /** The provider's status: active, trialing, past_due, unpaid, incomplete, incomplete_expired, canceled, paused. */
  status: string;
  priceLookupKey: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The attached schedule's metadata when it is still running (not released or completed). */
  scheduleMetadata: Record<string, string> | null;
}

export interface WorkspaceSubscriptionState {
  tier: StandardTier;
  status: SubscriptionStatus;
  billingPeriod: BillingPeriod;
  currency: Currency;
  characterLimit: number;
  maxSeats: number;
  cancelAtPeriodEnd: boolean;
  pendingDowngradeTo: StandardTier | null;
}

export const FREE_STATE: WorkspaceSubscriptionState = {
  tier: "free",
  status: "free",
  billingPeriod: "monthly_period",
  currency: "usd",
  characterLimit: MONTHLY_CREDITS.free,
  maxSeats: SEATS.free,
  cancelAtPeriodEnd: false,
  pendingDowngradeTo: null,
};

const ENDED_STATUSES = new Set(["canceled", "incomplete_expired", "ended"]);

function ourStatus(providerStatus: string): SubscriptionStatus {
  if (providerStatus === "active" || providerStatus === "trialing") return "active";
  if (providerStatus === "past_due" || providerStatus === "unpaid") return "past_due";
  if (providerStatus === "incomplete") return "incomplete";
  return "free_disabled";
}

/** A schedule whose metadata says downgrade names the tier the subscription moves to at period end. */
export function pendingDowngradeFrom(metadata: Record<string, string> | null): StandardTier | null {
  if (metadata?.type !== "downgrade" || !metadata.downgrade_to) return null;
  const target = metadata.downgrade_to;
  return target === "free" || isPaidStandardTier(target) ? target : null;
}

export function workspaceStateFor(view: ProviderSubscriptionView): WorkspaceSubscriptionState {
  if (ENDED_STATUSES.has(view.status)) return FREE_STATE;
  const price = view.priceLookupKey ? parsePriceLookupKey(view.priceLookupKey) : null;
  // A price that is not one of ours cannot be mapped to a plan: treat the workspace as free, never as paid.
  if (!price) return FREE_STATE;
  return {
    tier: price.tier,
    status: ourStatus(view.status),
    billingPeriod: price.period,
    currency: price.currency,
    // Credits are per month on both periods; annual plans reset monthly too (decision 0006).
    characterLimit: MONTHLY_CREDITS[price.tier],
    maxSeats: SEATS[price.tier],
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    pendingDowngradeTo: pendingDowngradeFrom(view.scheduleMetadata),
  };
}

/** Add a tier to the list of paid tiers a workspace has had (for the first-month badge rule). */
export function withPreviousTier(previous: readonly string[], tier: StandardTier): string[] {
  return tier === "free" || previous.includes(tier) ? [...previous] : [...previous, tier];
}

/** Free workspaces get a fresh quota every month from sign-up; the next reset after `from`. */
export function nextMonthlyReset(anchorUnix: number, nowUnix: number): number {
  const anchor = new Date(anchorUnix * 1000);
  let months = 1;
  for (;;) {
    const next = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() + months, anchor.getUTCDate(), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()) / 1000;
    if (next > nowUnix) return next;
    months += 1;
  }
}

/**
 * Free and annual plans start a new monthly quota without an invoice; monthly paid plans reset when their
 * invoice is paid (an unpaid renewal must not refill the quota).
 */
export function lazyQuotaReset(tier: string, billingPeriod: string, resetAt: number | null, anchorUnix: number, nowUnix: number): { reset: boolean; nextResetAt: number } | null {
  const resetsWithoutInvoice = tier === "free" || billingPeriod === "annual_period";
  if (!resetsWithoutInvoice) return null;
  if (resetAt === null) return { reset: false, nextResetAt: nextMonthlyReset(anchorUnix, nowUnix) };
  if (nowUnix < resetAt) return null;
  return { reset: true, nextResetAt: nextMonthlyReset(resetAt, nowUnix) };
}

/** Credits usable this period: the plan's limit, plus the tier's extension (in thousands) when it is on. */
export function usableCredits(characterLimit: number, extensionThousands: number, extensionAllowed: boolean): number {
  if (!extensionAllowed) return characterLimit;
  return extensionThousands === -1 ? Number.POSITIVE_INFINITY : characterLimit + extensionThousands * 1000;
}
