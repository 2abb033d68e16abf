import type { AppLoadContext } from "@remix-run/cloudflare";
import { updateUser } from "../../../db/repositories/users";
import { checkActionCode, redeemActionCode } from "./action-codes.server";
import { db, getViewer } from "./auth.server";

/** How long a support-access grant lasts. */
export const SUPPORT_ACCESS_SECONDS = 72 * 60 * 60;

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
  await updateUser(database, viewer.user.id, { supportAccessUntil: Math.floor(Date.now() / 1000) + SUPPORT_ACCESS_SECONDS });
  return { ok: true };
}
