/** Payouts' rules (issue 24 item 4, decision 0047): where earnings come from and when they can be paid out. */

/** The sources of earnings; each source id is paid at most once (a unique index). */
export const EARNING_SOURCES = ["production", "publishing", "voice_royalty"] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];

export const SOURCE_LABELS: Record<EarningSource, string> = {
  production: "Production task",
  publishing: "Published reads",
  voice_royalty: "Voice library royalty",
};

/**
 * The publishers' rate (recorded in decision 0047): per completed listen of a published read, in the
 * smallest currency unit. The publishing side computes listens and calls recordEarning with the total.
 */
export const PUBLISHING_RATE_PER_LISTEN = 2;

/** Below this the transfer costs more than it is worth; Stripe's own minimum for USD transfers is 1 cent. */
export const MINIMUM_PAYOUT = 100;

export const PAYOUT_STATUS_LABELS = { pending: "Sending", paid: "Paid", failed: "Failed" } as const;
export type PayoutStatus = keyof typeof PAYOUT_STATUS_LABELS;

/** The connected account's onboarding, as the page shows it. */
export type OnboardingState = "none" | "incomplete" | "complete";

export function onboardingState(account: { detailsSubmitted: boolean; payoutsEnabled: boolean } | null | undefined): OnboardingState {
  if (!account) return "none";
  return account.detailsSubmitted && account.payoutsEnabled ? "complete" : "incomplete";
}
