import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "../../../db/client";
import { findUserByEmail, updateUser } from "../../../db/repositories/users";
import { listMemberships } from "../../../db/repositories/workspaces";
import { actionLink } from "~/accounts/rules/account-actions";
import { hasLiveSupportGrant, isStaff, SUPPORT_TEXTS } from "~/accounts/rules/support";
import { log } from "~/common/log.server";
import type { Actor } from "./actor.server";
import { checkActionCode, issueActionCode, redeemActionCode } from "./action-codes.server";
import { db, getViewer } from "./auth.server";
import { sendMail } from "./mail.server";
import { mailTemplates } from "./mail-templates.server";
import { nowSeconds } from "../../../core/clock";

/** How long a support-access grant lasts. */
export const SUPPORT_ACCESS_SECONDS = 72 * 60 * 60;

/** Whether the actor is support staff (operator-set role, verified address on STAFF_EMAIL_DOMAIN). */
export function isSupportStaff(env: Env, actor: Actor): boolean {
  return isStaff(actor.user, env.STAFF_EMAIL_DOMAIN);
}

export type SupportRefusal = { ok: false; httpStatus: 403; status: "forbidden" | "support_access_not_granted"; message: string };

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

/** What support staff see of an account they were granted access to: read-only, no secrets. */
export type SupportAccountView = {
  user_id: string;
  email: string;
  first_name: string | null;
  created_at_unix: number;
  is_email_verified: boolean;
  two_factor_enabled: boolean;
  locale: string;
  support_access_until_unix: number;
  workspaces: {
    workspace_id: string;
    name: string;
    role: string;
    is_owner: boolean;
    tier: string;
    status: string;
    character_count: number;
    character_limit: number;
    next_character_count_reset_unix: number | null;
  }[];
};

/**
 * The staff console's check and read: the account of `email` as support staff may see it, only while its
 * holder's grant (`support_access_until`, given through the e-mailed link) is live. Not staff: 403 forbidden.
 * No live grant, or no such account: the same 403 support_access_not_granted, so staff learn nothing else.
 * Every use is logged with who looked at whom.
 */
export async function supportAccount(env: Env, db: Database, actor: Actor, email: string): Promise<{ ok: true; account: SupportAccountView } | SupportRefusal> {
  if (!isSupportStaff(env, actor)) return { ok: false, httpStatus: 403, status: "forbidden", message: SUPPORT_TEXTS.notStaff };
  const user = await findUserByEmail(db, email);
  if (!user || !hasLiveSupportGrant(user.supportAccessUntil, nowSeconds())) {
    return { ok: false, httpStatus: 403, status: "support_access_not_granted", message: SUPPORT_TEXTS.noGrant };
  }
  const memberships = await listMemberships(db, user.id);
  log("info", "support access used", { staff_user_id: actor.user.id, account_user_id: user.id, grant_until: user.supportAccessUntil });
  return {
    ok: true,
    account: {
      user_id: user.id,
      email: user.email,
      first_name: user.firstName,
      created_at_unix: user.createdAt,
      is_email_verified: user.emailVerifiedAt !== null,
      two_factor_enabled: user.totpEnabledAt !== null,
      locale: user.locale,
      support_access_until_unix: user.supportAccessUntil!,
      workspaces: memberships.map(({ workspace, role }) => ({
        workspace_id: workspace.id,
        name: workspace.name,
        role,
        is_owner: workspace.ownerId === user.id,
        tier: workspace.tier,
        status: workspace.status,
        character_count: workspace.characterCount,
        character_limit: workspace.characterLimit,
        next_character_count_reset_unix: workspace.characterCountResetAt ?? null,
      })),
    },
  };
}
