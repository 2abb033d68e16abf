/** Texts of the billing screens (spec accounts §8 where it names them; decision 0006 for the rest). */
import type { PlanAction } from "./plan-actions";
import { TIER_DISPLAY_NAMES, type Tier } from "../../../core/billing/plans";

export const CHECKOUT_FAILED = "Failed to create checkout session";
export const UNEXPECTED_ERROR = "Unexpected error occurred, please try again later.";

/** The change type named in 'Failed to {change type} subscription'. */
export const CHANGE_TYPE: Partial<Record<PlanAction, string>> = {
  upgrade: "upgrade",
  downgrade: "downgrade",
  cancelDowngrade: "cancel the downgrade of your",
  renewSubscription: "renew",
  cancelSubscription: "cancel",
};

export function changeFailed(action: PlanAction): string {
  return `Failed to ${CHANGE_TYPE[action] ?? action} subscription`;
}

export function changeSucceeded(action: PlanAction, tier: Tier): string {
  const name = TIER_DISPLAY_NAMES[tier];
  switch (action) {
    case "upgrade":
      return `Your plan is now ${name}.`;
    case "downgrade":
      return tier === "free" ? "Your subscription will end at the end of the billing period." : `Your plan will change to ${name} at the end of the billing period.`;
    case "cancelDowngrade":
      return "The scheduled downgrade was canceled.";
    case "cancelSubscription":
      return "Your subscription will end at the end of the billing period.";
    case "renewSubscription":
      return "Your subscription will renew.";
    default:
      return "Your subscription was updated.";
  }
}

/** What the confirmation ("flow") dialog asks before cancel, downgrade and upgrade. */
export function flowDialogText(action: PlanAction, tier: Tier): { title: string; body: string; confirm: string } {
  const name = TIER_DISPLAY_NAMES[tier];
  if (action === "upgrade") return { title: `Upgrade to ${name}?`, body: `You get ${name} at once and pay the prorated difference for the rest of this period now.`, confirm: "Upgrade now" };
  if (action === "downgrade") return { title: `Downgrade to ${name}?`, body: `You keep your current plan until the end of this billing period; then it changes to ${name}.`, confirm: "Downgrade" };
  return { title: "Cancel your subscription?", body: "You keep your plan until the end of this billing period; then the workspace moves to the Free plan.", confirm: "Cancel subscription" };
}

export const STATUS_NOTICES: Record<string, string> = {
  past_due: "Your last payment failed. Update your payment method to keep your plan.",
  incomplete: "Your first payment is not complete yet.",
  free_disabled: "This workspace is disabled. Contact support to restore it.",
};
