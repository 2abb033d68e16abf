/**
 * Plan constants of spec accounts §9: the single source every page, route and worker imports.
 * (The billing issue adds prices, promo mapping and plan actions beside these.)
 */
import type { CapabilityId } from "../capabilities";

export const PAID_TIERS = ["starter", "creator", "pro", "growing_business", "scale_2024_08_10"] as const;
export const TIER_ORDER = ["free", ...PAID_TIERS] as const;
export const SPECIAL_TIERS = ["trial", "enterprise"] as const;
export type StandardTier = (typeof TIER_ORDER)[number];
export type Tier = StandardTier | (typeof SPECIAL_TIERS)[number];
/** Every tier a workspace can be on (the database checks workspaces.tier against this list). */
export const TIERS = [...TIER_ORDER, ...SPECIAL_TIERS] as const satisfies readonly Tier[];

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
  return (TIERS as readonly string[]).includes(value);
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

export type PaidStandardTier = (typeof PAID_TIERS)[number];
export const BILLING_PERIODS = ["monthly_period", "annual_period"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const CURRENCIES = ["usd", "eur"] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** Prices in cents per billing period (spec §9); Business has no EUR price in the spec (decision 0006: USD only). */
export const PLAN_PRICES_CENTS: Record<PaidStandardTier, Record<BillingPeriod, Record<Currency, number | null>>> = {
  starter: { monthly_period: { usd: 500, eur: 475 }, annual_period: { usd: 5000, eur: 4750 } },
  creator: { monthly_period: { usd: 2200, eur: 2100 }, annual_period: { usd: 22000, eur: 21000 } },
  pro: { monthly_period: { usd: 9900, eur: 9400 }, annual_period: { usd: 99000, eur: 94000 } },
  growing_business: { monthly_period: { usd: 33000, eur: 31400 }, annual_period: { usd: 330000, eur: 314000 } },
  scale_2024_08_10: { monthly_period: { usd: 132000, eur: null }, annual_period: { usd: 1320000, eur: null } },
};

export function isPaidStandardTier(value: string): value is PaidStandardTier {
  return (PAID_TIERS as readonly string[]).includes(value);
}

/** The lookup key under which the payment provider holds a plan's price, e.g. `creator_monthly_period_usd`. */
export function priceLookupKey(tier: PaidStandardTier, period: BillingPeriod, currency: Currency): string {
  return `${tier}_${period}_${currency}`;
}

/** Inverse of priceLookupKey; null for keys that are not one of our plan prices. */
export function parsePriceLookupKey(key: string): { tier: PaidStandardTier; period: BillingPeriod; currency: Currency } | null {
  for (const tier of PAID_TIERS) {
    for (const period of BILLING_PERIODS) {
      for (const currency of CURRENCIES) {
        if (priceLookupKey(tier, period, currency) === key) return { tier, period, currency };
      }
    }
  }
  return null;
}

/** Yearly price shown per month on the annual switch, in cents (USD): $4.17, $18.33, $82.50, $275, $1,100. */
export function annualPricePerMonthCents(tier: PaidStandardTier, currency: Currency): number | null {
  const annual = PLAN_PRICES_CENTS[tier].annual_period[currency];
  return annual === null ? null : Math.round(annual / 12);
}

/** First-month discounts of spec §9: Starter 80% off, Creator 50% off (monthly billing only). */
export const FIRST_MONTH_PERCENT_OFF: Partial<Record<PaidStandardTier, number>> = { starter: 80, creator: 50 };

export const MOST_POPULAR_TIER: PaidStandardTier = "creator";

/** Conversational AI minutes and concurrency per month by tier. */
export const CONVERSATIONAL: Record<StandardTier, { minutes: number; concurrency: number }> = {
  free: { minutes: 15, concurrency: 4 },
  starter: { minutes: 50, concurrency: 6 },
  creator: { minutes: 250, concurrency: 10 },
  pro: { minutes: 1100, concurrency: 20 },
  growing_business: { minutes: 3600, concurrency: 30 },
  scale_2024_08_10: { minutes: 13750, concurrency: 30 },
};

/** Usage-based extra credits: dollars per 1000 characters beyond the plan (creator and up). */
export const EXTRA_CREDITS_USD_PER_1000: Partial<Record<PaidStandardTier, number>> = {
  creator: 0.3,
  pro: 0.24,
  growing_business: 0.18,
  scale_2024_08_10: 0.1,
};

/** Per-character price in cents (USD/EUR); Business has no EUR figure in the spec. */
export const PER_CHARACTER_CENTS: Partial<Record<PaidStandardTier, Record<Currency, number | null>>> = {
  creator: { usd: 0.0003, eur: 0.000285 },
  pro: { usd: 0.00024, eur: 0.000228 },
  growing_business: { usd: 0.00018, eur: 0.000171 },
  scale_2024_08_10: { usd: 0.0001, eur: null },
};

/** Usage billed early once it reaches this many cents (USD/EUR). */
export const BILLING_THRESHOLD_CENTS: Partial<Record<PaidStandardTier, Record<Currency, number>>> = {
  creator: { usd: 4400, eur: 4200 },
  pro: { usd: 19800, eur: 18800 },
  growing_business: { usd: 66000, eur: 62800 },
  scale_2024_08_10: { usd: 66000, eur: 62800 },
};

/**
 * What each plan adds, as capabilities (core/capabilities.ts): spec §6 gates instant cloning, the dubbing
 * studio and the commercial licence from Starter and professional cloning from Creator; §9 gives Creator
 * 192 kbps and Pro 44.1 kHz PCM through the API, and Business three professional clones and a turbo model.
 * The cards show only the capabilities this build has (decision 0015).
 */
export const PLAN_FEATURES: Record<StandardTier, readonly CapabilityId[]> = {
  free: ["free_monthly_audio", "premade_voices", "api_access"],
  starter: ["commercial_licence", "instant_voice_cloning", "dubbing_studio"],
  creator: ["professional_voice_cloning", "mp3_192_api", "extra_credits"],
  pro: ["pcm_44100_api", "higher_concurrency"],
  growing_business: ["lower_extra_credit_price", "extra_credits"],
  scale_2024_08_10: ["professional_voice_clones_3", "turbo_model", "lowest_extra_credit_price"],
};

/** A workspace subscription's state as the platform tracks it (mirrored from the payment provider). */
export const SUBSCRIPTION_STATUSES = ["free", "active", "incomplete", "past_due", "free_disabled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
