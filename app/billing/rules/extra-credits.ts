import { effectiveLimitExtension } from "../../../core/billing/quota-rules";
import { isCurrency, PER_CHARACTER_CENTS, type Currency, type PaidStandardTier, type Tier } from "../../../core/billing/plans";

/** Extra credits are invoiced in whole blocks of this many characters (the plans price them per 1000). */
export const EXTRA_CREDIT_BLOCK = 1000;

/** Characters beyond the plan's limit, in whole blocks, as a count of characters. */
export function extraCharactersDue(characterCount: number, characterLimit: number): number {
  return Math.floor(Math.max(0, characterCount - characterLimit) / EXTRA_CREDIT_BLOCK) * EXTRA_CREDIT_BLOCK;
}

/**
 * The price of one extra character in cents, or null for a plan without extra credits. The spec's per-character
 * figures are dollars (creator 0.0003 = $0.30 per 1000); Business has no EUR figure, so EUR uses its USD one.
 */
export function extraCharacterCents(tier: Tier, currency: Currency): number | null {
  const prices = PER_CHARACTER_CENTS[tier as PaidStandardTier];
  if (!prices) return null;
  const dollars = prices[currency] ?? prices.usd;
  return dollars === null ? null : dollars * 100;
}

/**
 * What to invoice when the billed extra characters go from `billed` to `due`: the difference of the rounded
 * totals, so rounding never drifts however the blocks are split into invoice items.
 */
export function extraCreditsAmountCents(billed: number, due: number, centsPerCharacter: number): number {
  // In millionths of a cent, so 1000 × 0.0285 is exactly 28.5 (and rounds to 29), not 28.4999….
  const micro = Math.round(centsPerCharacter * 1_000_000);
  const total = (characters: number) => Math.round((characters * micro) / 1_000_000);
  return total(due) - total(billed);
}

// The queue consumers compute the quota too: this rule lives in core (decision 0058).
export { effectiveLimitExtension };

/** A cap the workspace may choose: a whole number of thousands, not above the plan's maximum. */
export function isAllowedExtensionCap(planMaximum: number, cap: number): boolean {
  return Number.isInteger(cap) && cap >= 0 && (planMaximum === -1 || cap <= planMaximum);
}

/**
 * The usage-based overage of the current period in cents: what the extra credits invoiced this period cost
 * (`extra_characters_billed`, whole blocks, reset with the quota), priced as they were invoiced. Partial blocks
 * are never billed, so they are not counted either.
 */
export function currentOverageCents(tier: Tier, currency: string, extraCharactersBilled: number): number {
  const centsPerCharacter = extraCharacterCents(tier, isCurrency(currency) ? currency : "usd");
  if (centsPerCharacter === null || extraCharactersBilled <= 0) return 0;
  return extraCreditsAmountCents(0, extraCharactersBilled, centsPerCharacter);
}

/** An amount in cents as the API's Price.amount: a decimal string in the currency's units ("0.60"). */
export function priceAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}
