import type { Database } from "../../../db/client";
import { countEvents, readCounters } from "../../../db/repositories/auth-throttle";
import { normalizeEmail } from "../../../db/repositories/users";
import { addressRetryAfter, LINK_FAILURES_PER_ACCOUNT, THROTTLE_MEMORY_SECONDS } from "~/accounts/rules/throttle";
import { nowSeconds } from "../../../core/clock";

/** The counter keys (docs/decisions/0017). No key is shared by everyone: each names one address, account or sign-in. */
export const throttleKeys = {
  address: (clientIp: string | null) => `address:${clientIp ?? "unknown"}`,
  /** Failed passwords and second-factor codes for an e-mail address (whether or not it has an account). */
  account: (email: string) => `account:${normalizeEmail(email)}`,
  /** Failed checks of e-mailed links naming this account (their userId). */
  accountLinks: (userId: string) => `links:${userId}`,
  /** Wrong codes in one two-factor sign-in (the hash of its pending code). */
  secondFactor: (pendingHash: string) => `second-factor:${pendingHash}`,
  /** Mails of one kind sent to one recipient. */
  mail: (kind: "sign-up" | "sign-in", recipient: string) => `mail:${kind}:${normalizeEmail(recipient)}`,
};

/** Counts one event under each key now; returns the new counts in key order. */
export async function countThrottleEvents(db: Database, keys: [string, ...string[]]): Promise<number[]> {
  const now = nowSeconds();
  return countEvents(db, keys, now, now - THROTTLE_MEMORY_SECONDS);
}

/** Seconds this client address must wait before its next attempt is looked at (0: it may try now). */
export async function addressWait(db: Database, clientIp: string | null): Promise<number> {
  const key = throttleKeys.address(clientIp);
  return addressRetryAfter((await readCounters(db, [key])).get(key), nowSeconds());
}

/**
 * Whether an attempt from this address must be refused with TOO_MANY_ATTEMPTS before it is checked. Only the
 * address counts: an account's failures never refuse its owner (they ask for an e-mailed link at sign-in).
 */
export async function attemptsThrottled(db: Database, clientIp: string | null, _email?: string): Promise<boolean> {
  return (await addressWait(db, clientIp)) > 0;
}

/** A failed password or code: counted for the client address and for the account of this e-mail address. */
export async function recordFailedAttempt(db: Database, clientIp: string | null, email: string, ...more: string[]): Promise<void> {
  await countThrottleEvents(db, [throttleKeys.address(clientIp), throttleKeys.account(email), ...more]);
}

/** Link userIds are ours (`user_` and 24 hex digits); anything else names no account. */
const USER_ID = /^user_[0-9a-f]{24}$/;

export type LinkCheck<T> = { ok: true; value: T } | { ok: false; throttled: boolean };
export type LinkCaller = { clientIp: string | null; userId: string | null };

/**
 * A failed check of an e-mailed code: counted for the address and for the account the link's userId names.
 * Returns whether that account has had LINK_FAILURES_PER_ACCOUNT failed checks by now.
 */
export async function recordLinkFailure(db: Database, caller: LinkCaller): Promise<boolean> {
  const account = caller.userId && USER_ID.test(caller.userId) ? throttleKeys.accountLinks(caller.userId) : null;
  const address = throttleKeys.address(caller.clientIp);
  const counts = await countThrottleEvents(db, account ? [address, account] : [address]);
  return account !== null && counts[1]! >= LINK_FAILURES_PER_ACCOUNT;
}

/**
 * Every check of an e-mailed code goes through here. An address that must wait is refused before the code is
 * looked at; a live code always opens, whoever failed before; a failed check counts (recordLinkFailure) and,
 * once the account has had LINK_FAILURES_PER_ACCOUNT of them, answers TOO_MANY_ATTEMPTS (throttled) instead of
 * invalid.
 */
export async function throttledLinkCheck<T>(db: Database, caller: LinkCaller, check: () => Promise<T | undefined | null | false>): Promise<LinkCheck<T>> {
  if ((await addressWait(db, caller.clientIp)) > 0) return { ok: false, throttled: true };
  const value = await check();
  if (value) return { ok: true, value };
  return { ok: false, throttled: await recordLinkFailure(db, caller) };
}
