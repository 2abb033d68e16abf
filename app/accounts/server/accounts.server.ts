import type { Database } from "../../../db/client";
import { revokeAllSessionsOfUser } from "../../../db/repositories/sessions";
import { findUserByEmail, updateUser, type UserRow } from "../../../db/repositories/users";
import { actionLink } from "~/accounts/rules/account-actions";
import { issueActionCode, redeemActionCode } from "./action-codes.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { hashPassword } from "../../../core/password-hash";
import { nowSeconds } from "../../../core/clock";

/** Sends reset instructions when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(env: Env, db: Database, email: string, origin: string, continueUrl: string | null): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const code = await issueActionCode(db, user.id, "resetPassword");
  await sendMail(env, mailTemplates.resetPassword(user.email, actionLink(origin, { mode: "resetPassword", oobCode: code, userId: user.id, continueUrl })));
}

/** Redeems an (older) verification link; the account it verified, or undefined for a bad link. */
export async function verifyEmail(db: Database, code: string | null): Promise<{ userId: string } | undefined> {
  const row = await redeemActionCode(db, code, "verifyEmail");
  if (!row) return undefined;
  await updateUser(db, row.userId, { emailVerifiedAt: nowSeconds() });
  return { userId: row.userId };
}

/** Sets a new password with a reset code; every existing session of the account is signed out. */
export async function resetPassword(db: Database, code: string | null, newPassword: string): Promise<boolean> {
  const row = await redeemActionCode(db, code, "resetPassword");
  if (!row) return false;
  await updateUser(db, row.userId, { passwordHash: await hashPassword(newPassword.trim()), emailVerifiedAt: nowSeconds() });
  await revokeAllSessionsOfUser(db, row.userId, nowSeconds());
  return true;
}

/**
 * Confirms a product-update subscription by e-mail; the message carries the one-click opt-out link
 * (mode optOutOfUpdates) that every product-update mail must have.
 */
export async function sendProductUpdatesWelcome(env: Env, db: Database, user: UserRow, origin: string): Promise<void> {
  const code = await issueActionCode(db, user.id, "optOutOfUpdates");
  await sendMail(env, mailTemplates.optOutOfUpdates(user.email, actionLink(origin, { mode: "optOutOfUpdates", oobCode: code, userId: user.id })));
}

export async function optOutOfUpdates(db: Database, code: string | null): Promise<boolean> {
  const row = await redeemActionCode(db, code, "optOutOfUpdates");
  if (!row) return false;
  await updateUser(db, row.userId, { agreesToProductUpdates: false });
  return true;
}
