import { CUSTOM_VOICE_LIMIT, standardTierFor, type Tier } from "../../../core/billing/plans";

/** The plan's custom voice limit (3, 10, 30, 160, 660): how many voices of its own a workspace may keep. */
export function voiceLimitFor(tier: Tier): number {
  return CUSTOM_VOICE_LIMIT[standardTierFor(tier)];
}

/** Whether one more voice fits: `used` is how many voices of its own the workspace keeps now. */
export function hasFreeVoiceSlot(used: number, tier: Tier): boolean {
  return used < voiceLimitFor(tier);
}

export function voiceLimitReachedMessage(tier: Tier): string {
  return `Your plan allows ${voiceLimitFor(tier)} voices of your own and they are all in use: delete one or upgrade your plan to add another.`;
}
