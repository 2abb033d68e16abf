import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { isStaffEmail } from "~/accounts/rules/support";
import { requestSupportAccess } from "~/accounts/server/support-access.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/**
 * Support staff (identified by the configured e-mail domain) ask a user for temporary access: the user gets
 * an e-mail whose link (mode verifySignInRequest) lets the signed-in owner grant it.
 */
export const supportApi = new Hono<AuthedEnv>();
supportApi.use("*", requireCaller);

const doc = apiDocs("Support");

supportApi.post("/sign-in-requests", doc("Ask a user for temporary access (support staff)", {
  description: "The user gets an e-mail whose link lets them grant it; the answer is the same whether or not the address has an account.",
  success: { status: 202, description: "JSON: status" },
  responses: { 403: "forbidden (not support staff)" },
}), valid("json", z.object({ email: emailField })), async (c) => {
  if (!isStaffEmail(c.get("caller").user.email, c.env.STAFF_EMAIL_DOMAIN)) return apiError(c, 403, "forbidden", "Only support staff can request access.");
  // The same answer whether or not the address has an account.
  await requestSupportAccess(c.env, database(c.env.DB), c.req.valid("json").email, new URL(c.req.url).origin);
  return c.json({ status: "ok" }, 202);
});
