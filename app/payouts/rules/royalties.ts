/**
 * Voice library royalties (decision 0056): the owner of a library voice sets a rate, and each generation another
 * workspace makes with its copy of the voice earns the owner characters × rate. Amounts are integers: the rate is in
 * cents per 1,000 credits (the SDK's fiat_rate is the same in dollars), so one generation accrues thousandths of a
 * cent, and each finished day is settled in whole cents without losing the fractions (see `settleRoyaltyDays`).
 */

/** The rate's unit: cents per this many credits (characters). */
export const ROYALTY_CREDITS_PER_RATE = 1000;
/** The highest rate an owner may ask: $1.00 per 1,000 credits (a voice costing more than a generation is a mistake). */
export const ROYALTY_RATE_MAX = 100;

/** What the share dialog offers when the owner first turns rewards on. */
export const ROYALTY_RATE_SUGGESTED = 3;

export type RoyaltyRateRefusal = { httpStatus: 400; status: "invalid_royalty_rate"; message: string };

/**
 * The rate an owner's sharing settings set, in cents per 1,000 credits: 0 when rewards are off or the voice is not
 * published (an unpublished voice earns nothing, even from copies made before), else the whole-cent rate asked for.
 * `fiatRate` is in dollars as the SDK names it.
 */
export function royaltyRateFor(settings: { published: boolean; rewards: boolean; fiatRate: number | null }): number | RoyaltyRateRefusal {
  if (!settings.rewards) return 0;
  const cents = settings.fiatRate === null ? Number.NaN : Math.round(settings.fiatRate * 100);
  if (!Number.isFinite(cents) || Math.abs(cents - (settings.fiatRate ?? 0) * 100) > 1e-6 || cents < 1 || cents > ROYALTY_RATE_MAX) {
    return {
      httpStatus: 400,
      status: "invalid_royalty_rate",
      message: `The royalty rate is whole cents per ${ROYALTY_CREDITS_PER_RATE.toLocaleString("en-US")} credits, from $0.01 to ${dollars(ROYALTY_RATE_MAX)}.`,
    };
  }
  return settings.published ? cents : 0;
}

/** The rate as the API shows it (fiat_rate: dollars per 1,000 credits), null when rewards are off. */
export function fiatRate(rate: number): number | null {
  return rate > 0 ? rate / 100 : null;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** "$0.03 per 1,000 characters", for the pages. */
export function rateLabel(rate: number): string {
  return `${dollars(rate)} per ${ROYALTY_CREDITS_PER_RATE.toLocaleString("en-US")} characters`;
}

/**
 * Each finished day's earning in whole cents for one voice: the floor of everything accrued up to the end of that day
 * minus the floor up to the day before, so fractions carry into the next day instead of being lost, and the sum of
 * the days' cents is the floor of the whole. `days` are in ascending order, each with its accrual in millicents (characters × rate);
 * a day worth 0 cents is left out (it is carried).
 */
export function settleRoyaltyDays(days: readonly { day: string; millicents: number }[]): { day: string; amount: number }[] {
  const settled: { day: string; amount: number }[] = [];
  let total = 0;
  for (const { day, millicents } of days) {
    const before = Math.floor(total / 1000);
    total += Math.max(0, millicents);
    const amount = Math.floor(total / 1000) - before;
    if (amount > 0) settled.push({ day, amount });
  }
  return settled;
}
