/**
 * Slowing guessing down without letting strangers lock an owner out (docs/decisions/0017).
 *
 * Counters are kept per key (a client address, an account, one two-factor sign-in, a mail recipient): how many
 * events and when the last one was. A key's count is forgotten THROTTLE_MEMORY_SECONDS after its last event.
 * - A client address gets ADDRESS_FREE_FAILURES failed attempts (sign-in passwords, two-factor codes, e-mailed
 *   links) for nothing; after each further failure it waits twice as long as after the one before (2 s, 4 s, ...,
 *   at most ADDRESS_MAX_DELAY_SECONDS) before its next attempt is even looked at.
 * - An account is never refused for its failures: after ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION failed
 *   passwords, a sign-in with the right one completes only from an e-mailed link (mode verifySignInRequest),
 *   and every password, right or wrong, gets the same answer.
 * - Failed checks of e-mailed links count per address and per account (the link's userId); a live code always
 *   opens, whoever else failed before.
 */
export const THROTTLE_MEMORY_SECONDS = 60 * 60;
export const ADDRESS_FREE_FAILURES = 5;
export const ADDRESS_FIRST_DELAY_SECONDS = 2;
export const ADDRESS_MAX_DELAY_SECONDS = 15 * 60;
export const ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION = 8;
export const LINK_FAILURES_PER_ACCOUNT = 8;
/** Wrong codes one two-factor sign-in may take before it has to start again from the password. */
export const SECOND_FACTOR_TRIES_PER_SIGN_IN = 5;
/** Mails one recipient can be sent from sign-up, and sign-in links one account can be sent, per memory. */
export const SIGN_UP_MAILS_PER_RECIPIENT = 5;
export const SIGN_IN_LINKS_PER_ACCOUNT = 5;

export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again in a few minutes.";

/** A key's count and the time of its last event (unix seconds). */
export type Counter = { count: number; lastAt: number };

/** The count that still matters now: zero once the memory has passed since the last event. */
export function liveCount(counter: Counter | undefined, nowSeconds: number): number {
  if (!counter) return 0;
  return nowSeconds - counter.lastAt < THROTTLE_MEMORY_SECONDS ? counter.count : 0;
}

/** How long an address waits after its last failure, given how many it has had. */
export function addressDelaySeconds(failures: number): number {
  if (failures <= ADDRESS_FREE_FAILURES) return 0;
  // The exponent is bounded: the cap is reached after ten doublings anyway.
  const doublings = Math.min(failures - ADDRESS_FREE_FAILURES - 1, 30);
  return Math.min(ADDRESS_FIRST_DELAY_SECONDS * 2 ** doublings, ADDRESS_MAX_DELAY_SECONDS);
}

/** Seconds the address must still wait before an attempt is looked at; 0 when it may try now. */
export function addressRetryAfter(counter: Counter | undefined, nowSeconds: number): number {
  const failures = liveCount(counter, nowSeconds);
  if (!counter || failures === 0) return 0;
  return Math.max(0, counter.lastAt + addressDelaySeconds(failures) - nowSeconds);
}

/** Whether a password sign-in to this account completes only from an e-mailed link. */
export function needsEmailedSignIn(accountFailures: number): boolean {
  return accountFailures >= ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION;
}

/** Whether one more event fits a budget of `limit` per memory. */
export function withinBudget(counter: Counter | undefined, nowSeconds: number, limit: number): boolean {
  return liveCount(counter, nowSeconds) < limit;
}
