import { CUSTOM_VOICE_LIMIT, standardTierFor, type Tier } from "../../../core/billing/plans";

/** The plan's custom voice limit: 3, 10, 30, 160, 660 (accounts-billing §9; core/billing/plans.ts holds the table). */
export function voiceLimitFor(plan: Tier): number {
  return CUSTOM_VOICE_LIMIT[standardTierFor(plan)];
}
