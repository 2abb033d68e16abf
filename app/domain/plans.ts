/**
 * Plan constants of spec accounts §9: the single source every page, route and worker imports.
 * (The billing issue adds prices, promo mapping and plan actions beside these.)
 */
export const PAID_TIERS = ["starter", "creator", "pro", "growing_business", "scale_2024_08_10"] as const;
export const TIER_ORDER = ["free", ...PAID_TIERS] as const;
export const SPECIAL_TIERS = ["trial", "enterprise"] as const;
export type StandardTier = (typeof TIER_ORDER)[number];
export type Tier = StandardTier | (typeof SPECIAL_TIERS)[number];

export const TIER_DISPLAY_NAMES: Record<Tier, string> = {
  free: "Free",
  starter: "Starter",
  creator: "Creator",
  pro: "Pro",
  growing_business: "Scale",
  scale_2024_08_10: "Business",
  enterprise: "Enterprise",
  trial: "Trial",
};

/** Credits (characters) per month. */
export const MONTHLY_CREDITS: Record<StandardTier, number> = {
  free: 10_000,
  starter: 30_000,
  creator: 100_000,
  pro: 500_000,
  growing_business: 2_000_000,
  scale_2024_08_10: 11_000_000,
};

export const SEATS: Record<Tier, number> = {
  free: 1,
  starter: 1,
  creator: 1,
  pro: 1,
  growing_business: 3,
  scale_2024_08_10: 5,
  enterprise: 25,
  trial: 25,
};

/** Concurrent generations per workspace: 2, 3, 5, 10, 15, 15 from free to business. */
export const CONCURRENCY_LIMIT: Record<StandardTier, number> = {
  free: 2,
  starter: 3,
  creator: 5,
  pro: 10,
  growing_business: 15,
  scale_2024_08_10: 15,
};

/** Custom voice limits 3, 10, 30, 160, 660 (decision 0005: Business shares Scale's 660). */
export const CUSTOM_VOICE_LIMIT: Record<StandardTier, number> = {
  free: 3,
  starter: 10,
  creator: 30,
  pro: 160,
  growing_business: 660,
  scale_2024_08_10: 660,
};

/** Character-limit extension per tier; -1 is unlimited. */
export const LIMIT_EXTENSION: Record<Tier, number> = {
  free: 0,
  starter: 0,
  creator: 1000,
  pro: 3000,
  growing_business: 20000,
  scale_2024_08_10: 20000,
  enterprise: -1,
  trial: -1,
};

export function isTier(value: string): value is Tier {
  return (TIER_ORDER as readonly string[]).includes(value) || (SPECIAL_TIERS as readonly string[]).includes(value);
}

/** Enterprise and trial have enterprise features; for limits they take the top standard tier's. */
export function standardTierFor(tier: Tier): StandardTier {
  return tier === "enterprise" || tier === "trial" ? "scale_2024_08_10" : tier;
}

/** Paid means not free and not trial (spec §4.1). */
export function isPaidTier(tier: Tier): boolean {
  return tier !== "free" && tier !== "trial";
}

/** The maximum number of voice additions/edits: round(1.5 x voice_limit + 50). */
export function maxVoiceAddEdits(voiceLimit: number): number {
  return Math.round(1.5 * voiceLimit + 50);
}
