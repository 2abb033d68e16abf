import { Hono } from "hono";
import { database } from "../../db/client";
import { adVisitSchema } from "~/accounts/rules/ad-visit";
import { recordSignUpAdVisit } from "~/accounts/accounts.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/** POST /v1/google-ads-visit: the ad parameters a new user arrived with, reported once after sign-up. */
export const adVisitApi = new Hono<AuthedEnv>();
adVisitApi.use("*", requireCaller);

const doc = apiDocs("Marketing");

adVisitApi.post("/", doc("Report the ad parameters a new user arrived with", { success: { description: "JSON: status" } }), valid("json", adVisitSchema), async (c) => {
  await recordSignUpAdVisit(database(c.env.DB), c.get("caller"), c.req.valid("json"));
  return c.json({ status: "ok" });
});
