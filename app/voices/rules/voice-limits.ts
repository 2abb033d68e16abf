/**
 * How many voices of its own a workspace may have (spec accounts §9: custom voice limits 3, 10, 30, 160, 660 by
 * plan). Every way of adding a voice (cloning, design, the library) counts against the same limit.
 */
import { CUSTOM_VOICE_LIMIT, standardTierFor, type Tier } from "../../../core/billing/plans";

export function voiceLimitFor(plan: Tier): number {
  return CUSTOM_VOICE_LIMIT[standardTierFor(plan)];
}

/** Whether one more voice fits: `used` is how many voices of its own the workspace keeps now. */
export function hasFreeVoiceSlot(used: number, tier: Tier): boolean {
  return used < voiceLimitFor(tier);
}

/** The refusal when the limit is reached (HTTP 400 voice_limit_reached, as the commercial API answers). */
export function voiceLimitMessage(limit: number): string {
  return `You have reached your maximum amount of custom voices (${limit}). Delete a voice or upgrade your plan to add more.`;
}

export function voiceLimitReachedMessage(tier: Tier): string {
  return voiceLimitMessage(voiceLimitFor(tier));
}
