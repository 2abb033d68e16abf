/**
 * Which button each plan card shows, and whether it works (spec accounts §4.1-4.2, §5, §6).
 * Pure: the pricing page, /app/subscription and the billing API all decide with these functions.
 */
import { limitExtensionAllowed, type QuotaState } from "../../../core/billing/quota-rules";
import { PAID_TIERS, TIER_ORDER, isPaidTier, type BillingPeriod, type StandardTier, type SubscriptionStatus, type Tier } from "../../../core/billing/plans";


export type PlanAction =
  | "cancelDowngrade"
  | "renewSubscription"
  | "none"
  | "cancelSubscription"
  | "create"
  | "downgrade"
  | "upgrade";

export interface CurrentSubscription {
  tier: Tier;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  /** Set when a subscription schedule says downgrade (metadata type downgrade, downgrade_to). */
  pendingDowngradeTo: StandardTier | null;
  /** A paid plan whose renewal action is renew: it ends at the period end. */
  cancelAtPeriodEnd: boolean;
}

export interface PlanTarget {
  tier: StandardTier;
  billingPeriod: BillingPeriod;
}

/** Rank in the tier order; enterprise and trial rank above every standard tier. */
export function tierRank(tier: Tier): number {
  const index = (TIER_ORDER as readonly string[]).indexOf(tier);
  return index === -1 ? TIER_ORDER.length : index;
}

/** The plan action of spec §4.2, rules applied in order. */
export function planAction(current: CurrentSubscription, requested: PlanTarget): PlanAction {
  // The free plan has no billing period: whichever switch position, it is the current period's free plan.
  const target = requested.tier === "free" ? { ...requested, billingPeriod: current.billingPeriod } : requested;
  if (current.pendingDowngradeTo !== null && current.pendingDowngradeTo === target.tier) return "cancelDowngrade";
  if (current.tier === target.tier && current.billingPeriod === target.billingPeriod) {
    if (current.cancelAtPeriodEnd) return "renewSubscription";
    if (current.tier === "free") return "none";
    return "cancelSubscription";
  }
  if (current.tier === "free" || current.tier === "trial") return "create";
  const lower = tierRank(target.tier) < tierRank(current.tier);
  const samePeriod = current.billingPeriod === target.billingPeriod;
  if ((lower && samePeriod) || (current.billingPeriod === "annual_period" && target.billingPeriod === "monthly_period")) {
    return "downgrade";
  }
  return "upgrade";
}

export const PLAN_BUTTON_TEXT: Record<PlanAction, string> = {
  none: "Subscribed",
  renewSubscription: "Do Not Cancel",
  cancelSubscription: "Cancel Subscription",
  cancelDowngrade: "Cancel Downgrade",
  create: "Subscribe",
  upgrade: "Upgrade",
  downgrade: "Downgrade",
};
export const START_TODAY = "Start Today";

/** Throws on anything that is not a known action (spec §4.2 rule 6). */
export function planButtonText(action: string): string {
  if (!Object.hasOwn(PLAN_BUTTON_TEXT, action)) throw new Error(`Unknown plan action: ${action}`);
  return PLAN_BUTTON_TEXT[action as PlanAction];
}

export const PLAN_LABELS = { downgradePending: "Will be downgraded", cancelPending: "Will be canceled" } as const;

/** The label on the current plan's card, if it is about to change. */
export function currentPlanLabel(current: CurrentSubscription): string | null {
  if (current.cancelAtPeriodEnd) return PLAN_LABELS.cancelPending;
  if (current.pendingDowngradeTo !== null) return PLAN_LABELS.downgradePending;
  return null;
}

/** Tiers whose subscription is managed by contract, not by these buttons (decision 0006). */
const CONTRACT_TIERS: readonly Tier[] = ["enterprise", "trial"];

export interface ButtonContext {
  loggedIn: boolean;
  /** Isolated (self-hosted without a payment provider) deployments cannot sell paid tiers. */
  isolatedEnvironment: boolean;
}

/** Disabled rules of spec §4.2. */
export function planButtonDisabled(action: PlanAction, current: CurrentSubscription, target: PlanTarget, context: ButtonContext): boolean {
  if (!context.loggedIn) return false;
  if (context.isolatedEnvironment && target.tier !== "free") return true;
  switch (action) {
    case "none":
      return true;
    case "create":
      return current.status === "incomplete" || isPaidTier(current.tier);
    case "upgrade":
      return current.status !== "active";
    case "cancelSubscription":
    case "downgrade":
      return CONTRACT_TIERS.includes(current.tier);
    default:
      return false;
  }
}

/** Cancel, downgrade and upgrade ask for confirmation first; create goes to checkout. */
export function actionOpensFlowDialog(action: PlanAction): boolean {
  return action === "cancelSubscription" || action === "downgrade" || action === "upgrade";
}

/** Creator's first-month badge: monthly billing, and never subscribed to anything above Starter. */
export function showsCreatorFirstMonthBadge(
  billingPeriod: BillingPeriod,
  currentTier: Tier,
  previouslySubscribedTiers: readonly Tier[],
): boolean {
  if (billingPeriod !== "monthly_period") return false;
  const aboveStarter = (tier: Tier) => isPaidTier(tier) && tierRank(tier) > tierRank("starter");
  return !aboveStarter(currentTier) && !previouslySubscribedTiers.some(aboveStarter);
}

export type PaymentProvider = "card" | "cloud_marketplace" | "consolidated_billing";

/** A payment-method change is for card payments of paid plans with trust on invoice creation (spec §4.2). */
export function canChangePaymentMethod(provider: PaymentProvider | null, tier: Tier, trustOnInvoiceCreation: boolean): boolean {
  return provider === "card" && tier !== "trial" && tier !== "free" && trustOnInvoiceCreation;
}

export function isAnnualPlanActive(billingPeriod: BillingPeriod, tier: Tier): boolean {
  return billingPeriod === "annual_period" && tier !== "free";
}

export function hasPaymentProblem(status: SubscriptionStatus): boolean {
  return status === "incomplete" || status === "past_due";
}

/** free_disabled is restricted as well as the payment problems: no new generations. */
export function isRestricted(status: SubscriptionStatus): boolean {
  return hasPaymentProblem(status) || status === "free_disabled";
}

// The queue consumers compute the quota too: its rule lives in core (decision 0058).
export { limitExtensionAllowed, type QuotaState };

/** Characters left; -1 means no fixed end because usage-based extension is on. */
export function remainingQuota(state: QuotaState): number {
  if (limitExtensionAllowed(state)) return -1;
  return Math.max(0, state.characterLimit - state.characterCount);
}

/** The tiers a plan card is shown for, in order. */
export const PLAN_CARD_TIERS: readonly StandardTier[] = ["free", ...PAID_TIERS];
