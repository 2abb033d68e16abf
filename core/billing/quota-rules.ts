// The quota's pure rules (spec §5), shared by the app and the queue consumers that charge (decision 0058).
import type { SubscriptionStatus, Tier } from "./plans";

export interface QuotaState {
  tier: Tier;
  status: SubscriptionStatus;
  characterLimit: number;
  characterCount: number;
  canExtendCharacterLimit: boolean;
  allowedToExtendCharacterLimit: boolean;
}

/** Spec §5: extension only when the subscription can and may extend, and is active or enterprise. */
export function limitExtensionAllowed(state: QuotaState): boolean {
  return state.canExtendCharacterLimit && state.allowedToExtendCharacterLimit && (state.status === "active" || state.tier === "enterprise");
}

/**
 * How far beyond the plan a workspace may go, in thousands of characters (the unit of LIMIT_EXTENSION and
 * of the API's max_character_limit_extension): the plan's maximum, or less if the workspace chose a cap.
 * -1 is unlimited.
 */
export function effectiveLimitExtension(planMaximum: number, chosenCap: number | null): number {
  if (chosenCap === null) return planMaximum;
  return planMaximum === -1 ? chosenCap : Math.min(chosenCap, planMaximum);
}

