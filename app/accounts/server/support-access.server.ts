import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "../../../db/client";
import { findUserByEmail, updateUser } from "../../../db/repositories/users";
import { actionLink } from "~/accounts/rules/account-actions";
import { checkActionCode, issueActionCode, redeemActionCode } from "./action-codes.server";
import { db, getViewer } from "./auth.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { nowSeconds } from "../../../core/clock";

/** How long a support-access grant lasts. */
export const SUPPORT_ACCESS_SECONDS = 72 * 60 * 60;

/**
 * Support staff ask for access to the account of this address: its owner gets an e-mail whose link (mode
 * verifySignInRequest) lets them grant it. Nothing is sent when the address has no account.
 */
export async function requestSupportAccess(env: Env, db: Database, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const code = await issueActionCode(db, user.id, "verifySignInRequest");
  await sendMail(env, mailTemplates.verifySignInRequest(user.email, actionLink(origin, { mode: "verifySignInRequest", oobCode: code, userId: user.id })));
}

/** Only the signed-in owner of the account the code was issued for can grant support access. */
export async function grantSupportAccess(
  request: Request,
  context: AppLoadContext,
  code: string | null,
): Promise<{ ok: true } | { ok: false; status: 400 | 401 | 403; message: string }> {
  const database = db(context);
  const viewer = await getViewer(request, database);
  if (!viewer) return { ok: false, status: 401, message: "Please sign in to grant access to your account." };
  const row = await checkActionCode(database, code, "verifySignInRequest");
  if (!row) return { ok: false, status: 400, message: "This link is either expired or invalid." };
  if (row.userId !== viewer.user.id) return { ok: false, status: 403, message: "This request is for another account." };
  if (!(await redeemActionCode(database, code, "verifySignInRequest"))) {
    return { ok: false, status: 400, message: "This link is either expired or invalid." };
  }
  await updateUser(database, viewer.user.id, { supportAccessUntil: nowSeconds() + SUPPORT_ACCESS_SECONDS });
  return { ok: true };
}
