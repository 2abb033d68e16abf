import type { Database } from "../../../db/client";
import { readCounters } from "../../../db/repositories/auth-throttle";
import { findUserByEmail, findUserById, type UserRow } from "../../../db/repositories/users";
import { actionLink } from "~/accounts/rules/account-actions";
import { addressRetryAfter, liveCount, needsEmailedSignIn, SECOND_FACTOR_TRIES_PER_SIGN_IN, SIGN_IN_LINKS_PER_ACCOUNT } from "~/accounts/rules/throttle";
import { hashPassword, verifyPassword } from "../../../core/password-hash";
import { nowSeconds } from "../../../core/clock";
import { log } from "~/common/log.server";
import { checkActionCode, issueActionCode, redeemActionCode } from "./action-codes.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { sha256Hex } from "./tokens.server";
import { hasSecondFactor, pendingSecondFactorUser, textedCodesTo, textEnrolledCode, verifySecondFactor, type TextedCode } from "./two-factor.server";
import { countThrottleEvents, recordFailedAttempt, throttleKeys } from "./throttle.server";
import { auditFailedSignIn } from "./auth.server";

/** Work that may finish after the answer (the request's waitUntil), so the answer takes as long either way. */
export type Defer = (work: Promise<unknown>) => void;

export type PasswordSignIn =
  /** The password is right and no e-mailed link is needed: the second factor or the session comes next. */
  | { outcome: "signedIn"; user: UserRow }
  | { outcome: "wrong" }
  | { outcome: "throttled"; retryAfter: number }
  /** The account asks for the e-mailed link: the same answer whether the password was right (link sent) or not. */
  | { outcome: "emailed" };

/**
 * A password sign-in (docs/decisions/0017). An address that must wait is refused before the password is looked
 * at. After many failed passwords for the account, even the right one only e-mails a sign-in link (mode
 * verifySignInRequest) and every password gets the same answer, so guessing learns nothing and the owner,
 * with the mailbox, still gets in.
 */
export async function signInWithPassword(
  env: Env,
  db: Database,
  defer: Defer,
  input: { clientIp: string | null; email: string; password: string; origin: string; redirect: string },
): Promise<PasswordSignIn> {
  const keys = { address: throttleKeys.address(input.clientIp), account: throttleKeys.account(input.email), mail: throttleKeys.mail("sign-in", input.email) };
  const counters = await readCounters(db, [keys.address, keys.account]);
  const now = nowSeconds();
  const retryAfter = addressRetryAfter(counters.get(keys.address), now);
  if (retryAfter > 0) return { outcome: "throttled", retryAfter };
  const viaEmail = needsEmailedSignIn(liveCount(counters.get(keys.account), now));
  const user = await findUserByEmail(db, input.email);
  // Hash even for unknown addresses so the answer takes as long either way.
  const valid = user ? await verifyPassword(input.password.trim(), user.passwordHash) : (await hashPassword(input.password), false);
  if (!user || !valid) {
    await recordFailedAttempt(db, input.clientIp, input.email);
    // A member's account: audited in their workspaces after the answer, so an address with an account (and its
    // audit writes) answers as fast as one without (decision 0088).
    if (user) defer(auditQuietly(auditFailedSignIn(db, user, "password")));
    return viaEmail ? { outcome: "emailed" } : { outcome: "wrong" };
  }
  if (!viaEmail) return { outcome: "signedIn", user };
  // One write here as on the wrong-password path; the code and the mail follow after the answer.
  const [sent] = await countThrottleEvents(db, [keys.mail]);
  if (sent! <= SIGN_IN_LINKS_PER_ACCOUNT) defer(mailSignInLink(env, db, user, input.origin, input.redirect));
  return { outcome: "emailed" };
}

async function mailSignInLink(env: Env, db: Database, user: UserRow, origin: string, redirect: string): Promise<void> {
  try {
    const code = await issueActionCode(db, user.id, "signInLink", { redirect });
    await sendMail(env, mailTemplates.signInLink(user.email, actionLink(origin, { mode: "verifySignInRequest", oobCode: code, userId: user.id })));
  } catch (error) {
    log("error", "sign-in link mail failed", { error: String(error) });
  }
}

/** Work after the answer has no request to fail: a failure is logged instead. */
async function auditQuietly(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    log("error", "failed sign-in audit failed", { error: String(error) });
  }
}

/** Whether this is a live e-mailed sign-in link (not used up by looking). */
export async function isSignInLink(db: Database, code: string | null): Promise<boolean> {
  return (await checkActionCode(db, code, "signInLink")) !== undefined;
}

/** Uses an e-mailed sign-in link up: the account it signs in to and where the sign-in was headed. */
export async function redeemSignInLink(db: Database, code: string | null): Promise<{ user: UserRow; redirect: string | null } | undefined> {
  const row = await redeemActionCode(db, code, "signInLink");
  if (!row) return undefined;
  const user = await findUserById(db, row.userId);
  if (!user) return undefined;
  const payload = row.payload ? (JSON.parse(row.payload) as { redirect?: unknown }) : {};
  return { user, redirect: typeof payload.redirect === "string" ? payload.redirect : null };
}

export type SecondFactorSignIn =
  | { outcome: "signedIn"; user: UserRow }
  | { outcome: "wrong" }
  | { outcome: "throttled"; retryAfter: number }
  | { outcome: "expired" };

/**
 * The second step of a sign-in whose password was right. Wrong codes count for the address and the account
 * (so the next password sign-in asks for the e-mailed link); one pending sign-in takes
 * SECOND_FACTOR_TRIES_PER_SIGN_IN wrong codes, then has to start again from the password. Nothing here
 * refuses the account itself.
 */
export async function completeSecondFactor(db: Database, input: { clientIp: string | null; pending: string; code: string }): Promise<SecondFactorSignIn> {
  const user = await pendingSecondFactorUser(db, input.pending);
  if (!user) return { outcome: "expired" };
  const keys = { address: throttleKeys.address(input.clientIp), pending: throttleKeys.secondFactor(await sha256Hex(input.pending)) };
  const counters = await readCounters(db, [keys.address, keys.pending]);
  const now = nowSeconds();
  const retryAfter = addressRetryAfter(counters.get(keys.address), now);
  if (retryAfter > 0) return { outcome: "throttled", retryAfter };
  if (liveCount(counters.get(keys.pending), now) >= SECOND_FACTOR_TRIES_PER_SIGN_IN) return { outcome: "expired" };
  if (!(await verifySecondFactor(db, user, input.code))) {
    await recordFailedAttempt(db, input.clientIp, user.email, keys.pending);
    // The password (or link) was right, so the account is no secret to whoever holds the pending step.
    await auditFailedSignIn(db, user, "two_factor");
    return { outcome: "wrong" };
  }
  if (!(await redeemActionCode(db, input.pending, "mfaSignIn"))) return { outcome: "expired" };
  return { outcome: "signedIn", user };
}

/** A sign-in whose password (or e-mailed link) is done: with two-factor on, the pending code of the second step. */
export async function secondFactorPending(db: Database, user: UserRow): Promise<string | null> {
  return hasSecondFactor(user) ? issueActionCode(db, user.id, "mfaSignIn") : null;
}

/** How a pending sign-in's second step may be answered: `sms` is the masked number a code can be texted to, if any. */
export async function secondFactorOptions(env: Env, db: Database, pending: string): Promise<{ sms: string | null }> {
  const user = await pendingSecondFactorUser(db, pending);
  return { sms: user ? textedCodesTo(env, user) : null };
}

/** Texts a code for a pending sign-in (its password was right); "expired" when the pending sign-in is not live. */
export async function textSignInCode(env: Env, db: Database, pending: string): Promise<TextedCode | { outcome: "expired" }> {
  const user = await pendingSecondFactorUser(db, pending);
  return user ? textEnrolledCode(env, db, user) : { outcome: "expired" };
}
