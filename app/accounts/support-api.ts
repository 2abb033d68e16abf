import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { SUPPORT_TEXTS } from "~/accounts/rules/support";
import { isSupportStaff, requestSupportAccess, supportAccount } from "~/accounts/server/support-access.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/**
 * The support staff's API (the staff console's server side). Staff are accounts an operator gave a staff role,
 * with a verified address on STAFF_EMAIL_DOMAIN (app/accounts/rules/support.ts). They ask a user for temporary
 * access (the user gets an e-mail whose link, mode verifySignInRequest, lets the signed-in owner grant it), and
 * while that grant is live they may read the account, read-only.
 */
export const supportApi = new Hono<AuthedEnv>();
supportApi.use("*", requireCaller);

const doc = apiDocs("Support");

supportApi.post("/sign-in-requests", doc("Ask a user for temporary access (support staff)", {
  description: "The user gets an e-mail whose link lets them grant it; the answer is the same whether or not the address has an account.",
  success: { status: 202, description: "JSON: status" },
  responses: { 403: "forbidden (not support staff)" },
}), valid("json", z.object({ email: emailField })), async (c) => {
  if (!isSupportStaff(c.env, c.get("caller"))) return apiError(c, 403, "forbidden", SUPPORT_TEXTS.notStaff);
  // The same answer whether or not the address has an account.
  await requestSupportAccess(c.env, database(c.env.DB), c.req.valid("json").email, new URL(c.req.url).origin);
  return c.json({ status: "ok" }, 202);
});

supportApi.get("/accounts", doc("An account its holder granted support access to (support staff, read-only)", {
  description: "Only while the holder's grant is live (72 hours from granting); otherwise, and for an address without an account, 403 support_access_not_granted.",
  success: { description: "JSON: the account and its workspaces" },
  responses: { 403: "forbidden (not support staff), support_access_not_granted" },
}), valid("query", z.object({ email: emailField })), async (c) => {
  const result = await supportAccount(c.env, database(c.env.DB), c.get("caller"), c.req.valid("query").email);
  return result.ok ? c.json(result.account) : apiError(c, result.httpStatus, result.status, result.message);
});
