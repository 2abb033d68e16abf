import type { Database } from "../../../db/client";
import { revokeAllSessionsOfUser } from "../../../db/repositories/sessions";
import { deleteUserStatement, findUserByEmail, normalizeEmail, updateUser, type UserRow } from "../../../db/repositories/users";
import { deleteOwnedWorkspacesStatement, ownedWorkspaceIds } from "../../../db/repositories/workspaces";
import { issueActionCode, redeemActionCode } from "./action-codes.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { deleteWorkspaceMedia } from "~/history/history.server";
import { nowSeconds } from "../../../core/clock";
import { EMAIL_CHANGE_CODE, EMAIL_CHANGE_FAILURES, type EmailChangeFailure } from "~/accounts/rules/account-actions";

type EmailChange = { from: string; to: string };

/** What a user changes about themselves without confirming it again: privacy choices, names, regional terms. */
export type UserPreferences = Partial<Pick<UserRow, "agreesToProductUpdates" | "ccpaOptOut" | "analyticsConsent" | "firstName" | "publicUserName" | "acceptedBipaTerms">>;

export async function saveUserPreferences(db: Database, userId: string, preferences: UserPreferences): Promise<void> {
  await updateUser(db, userId, preferences);
}

/** The name shown on the user's share pages; an empty one clears it. */
export async function setPublicUserName(db: Database, userId: string, name: string): Promise<void> {
  await saveUserPreferences(db, userId, { publicUserName: name.trim() || null });
}

/** The regional biometric-privacy terms are accepted: the app's gate opens. */
export async function acceptBiometricTerms(db: Database, userId: string): Promise<void> {
  await saveUserPreferences(db, userId, { acceptedBipaTerms: true });
}

/**
 * Starts an e-mail change: the new address gets a link that confirms it, the old address a link that
 * reverts it. Both land on the main screen (internalCode, isReverting), whose loader applies them
 * (PUT /v1/user/email does the same for API callers).
 */
export async function requestEmailChange(env: Env, db: Database, user: UserRow, newEmail: string, origin: string): Promise<"sent" | "taken"> {
  const to = normalizeEmail(newEmail);
  if (await findUserByEmail(db, to)) return "taken";
  const confirm = await issueActionCode(db, user.id, "changeEmail", { from: user.email, to } satisfies EmailChange);
  const revert = await issueActionCode(db, user.id, "changeEmail", { from: to, to: user.email } satisfies EmailChange);
  await sendMail(env, mailTemplates.changeEmail(to, `${origin}/app/home?internalCode=${confirm}&isReverting=false`));
  await sendMail(env, mailTemplates.changeEmail(user.email, `${origin}/app/home?internalCode=${revert}&isReverting=true`));
  return "sent";
}

export type EmailChangeRefusal = { ok: false; failure: EmailChangeFailure; reason: string };
const refuseEmailChange = (failure: EmailChangeFailure): EmailChangeRefusal => ({ ok: false, failure, reason: EMAIL_CHANGE_FAILURES[failure] });

/** Applies a confirmation (or revert) code of the signed-in user; other sessions are signed out. */
export async function applyEmailChange(db: Database, user: UserRow, code: string): Promise<{ ok: true } | EmailChangeRefusal> {
  if (!EMAIL_CHANGE_CODE.test(code)) return refuseEmailChange("malformed");
  const row = await redeemActionCode(db, code, "changeEmail");
  if (!row || row.userId !== user.id || !row.payload) return refuseEmailChange("expired");
  const change = JSON.parse(row.payload) as EmailChange;
  if (normalizeEmail(user.email) !== change.from) return refuseEmailChange("stale");
  const owner = await findUserByEmail(db, change.to);
  if (owner && owner.id !== user.id) return refuseEmailChange("taken");
  await updateUser(db, user.id, { email: change.to, emailVerifiedAt: nowSeconds() });
  return { ok: true };
}

/**
 * Deletes the account and its data: the user row (sessions, keys, memberships, codes follow by cascade),
 * the workspaces they own (history rows by cascade) and those workspaces' audio and videos in R2.
 */
export async function deleteAccount(env: Env, db: Database, user: UserRow): Promise<void> {
  for (const id of await ownedWorkspaceIds(db, user.id)) await deleteWorkspaceMedia(env.MEDIA, id);
  await revokeAllSessionsOfUser(db, user.id, nowSeconds());
  await db.batch([deleteOwnedWorkspacesStatement(db, user.id), deleteUserStatement(db, user.id)]);
}
