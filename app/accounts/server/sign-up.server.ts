import type { Database } from "../../../db/client";
import { consumePendingSignUp, findLivePendingSignUp, storePendingSignUp } from "../../../db/repositories/pending-sign-ups";
import { createUserWithWorkspace, findUserByEmail, findUserById, normalizeEmail, type UserRow } from "../../../db/repositories/users";
import { ACTION_CODE_TTL_SECONDS, actionLink } from "~/accounts/rules/account-actions";
import { SIGN_UP_MAILS_PER_RECIPIENT } from "~/accounts/rules/throttle";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import type { EdgeContext } from "../../../core/edge/edge-context";
import { hashPassword } from "../../../core/password-hash";
import { nowSeconds } from "../../../core/clock";
import { log } from "~/common/log.server";
import { sendProductUpdatesWelcome } from "./accounts.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { newId, randomHex, sha256Hex } from "./tokens.server";
import { countThrottleEvents, throttleKeys } from "./throttle.server";
import type { Defer } from "./sign-in.server";

export type SignUpInput = { email: string; password: string; agreesToProductUpdates: boolean; trainingOptOut?: boolean; referredBy?: string | null };

/** What a pending sign-up keeps until its link is opened: the choices made and what the front door decided. */
type SignUpDetails = {
  agreesToProductUpdates: boolean;
  trainingOptOut: boolean;
  referredBy: string | null;
  ccpaOptOut: boolean;
  geo: EdgeContext["geo"];
};

const RESET_PASSWORD_PATH = "/app/reset-password";

/**
 * A sign-up (docs/decisions/0018). The answer is the same whether or not the address has an account, and
 * nobody gets a session here: a new address gets a link that creates the account when opened; an address with
 * an account gets a note telling its owner. Both paths hash the password and write once before answering; the
 * mail (at most SIGN_UP_MAILS_PER_RECIPIENT per recipient per hour) goes after the answer.
 */
export async function requestSignUp(
  env: Env,
  db: Database,
  defer: Defer,
  edge: EdgeContext,
  input: SignUpInput & { origin: string; continueUrl: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password.trim());
  const existing = await findUserByEmail(db, email);
  const [mails] = await countThrottleEvents(db, [throttleKeys.mail("sign-up", email)]);
  if (mails! > SIGN_UP_MAILS_PER_RECIPIENT) return;
  if (existing) {
    const signIn = new URL(SIGN_IN_PATH, input.origin).toString();
    const resetPassword = new URL(RESET_PASSWORD_PATH, input.origin).toString();
    defer(sendQuietly(env, mailTemplates.signUpExistingAccount(existing.email, { signIn, resetPassword })));
    return;
  }
  const details: SignUpDetails = {
    agreesToProductUpdates: input.agreesToProductUpdates,
    trainingOptOut: input.trainingOptOut ?? false,
    referredBy: input.referredBy ?? null,
    // The front door decided whether this visitor's region (or Sec-GPC) defaults the privacy-law opt-out.
    ccpaOptOut: edge.privacyOptOutDefault,
    geo: edge.geo,
  };
  defer(
    (async () => {
      const code = randomHex(24);
      const now = nowSeconds();
      await storePendingSignUp(
        db,
        { codeHash: await sha256Hex(code), email, passwordHash, details: JSON.stringify(details), expiresAt: now + ACTION_CODE_TTL_SECONDS.verifyEmail },
        now,
      );
      await sendQuietly(env, mailTemplates.verifyEmail(email, actionLink(input.origin, { mode: "verifyEmail", oobCode: code, continueUrl: input.continueUrl })));
    })().catch((error) => log("error", "sign-up mail failed", { error: String(error) })),
  );
}

async function sendQuietly(env: Env, message: Parameters<typeof sendMail>[1]): Promise<void> {
  try {
    await sendMail(env, message);
  } catch (error) {
    log("error", "sign-up mail failed", { error: String(error) });
  }
}

/**
 * Opens a sign-up's e-mailed link: creates the account, its address verified, and returns it. Undefined when the
 * code is not a live pending sign-up, or when the address got an account meanwhile (another link opened first).
 */
export async function confirmSignUp(env: Env, db: Database, code: string | null, origin: string): Promise<UserRow | undefined> {
  if (!code || !/^[0-9a-f]{48}$/.test(code)) return undefined;
  const codeHash = await sha256Hex(code);
  const now = nowSeconds();
  const pending = await findLivePendingSignUp(db, codeHash, now);
  if (!pending || !(await consumePendingSignUp(db, codeHash, now))) return undefined;
  if (await findUserByEmail(db, pending.email)) return undefined;
  const details = JSON.parse(pending.details) as SignUpDetails;
  const userId = newId("user");
  try {
    await createUserWithWorkspace(db, {
      userId,
      workspaceId: newId("ws"),
      publicUserId: newId("pub"),
      email: pending.email,
      passwordHash: pending.passwordHash,
      ccpaOptOut: details.ccpaOptOut,
      agreesToProductUpdates: details.agreesToProductUpdates,
      geo: details.geo,
      trainingOptOut: details.trainingOptOut,
      referredBy: details.referredBy,
      emailVerifiedAt: now,
    });
  } catch (error) {
    // Two links of the same address opened at once: the unique address lets one account through.
    if (await findUserByEmail(db, pending.email)) return undefined;
    throw error;
  }
  const user = await findUserById(db, userId);
  if (!user) throw new Error("user vanished right after sign-up");
  if (details.agreesToProductUpdates) {
    try {
      await sendProductUpdatesWelcome(env, db, user, origin);
    } catch (error) {
      log("error", "product updates welcome failed", { error: String(error) });
    }
  }
  return user;
}
