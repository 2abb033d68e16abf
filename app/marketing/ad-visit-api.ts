import { Hono } from "hono";
import { database } from "../../db/client";
import { recordAdVisit } from "../../db/repositories/ad-visits";
import { adVisitSchema } from "~/accounts/rules/attribution";
import { randomHex } from "~/accounts/accounts.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/** POST /v1/google-ads-visit: the ad parameters a new user arrived with, reported once after sign-up. */
export const adVisitApi = new Hono<AuthedEnv>();
adVisitApi.use("*", requireCaller);

const doc = apiDocs("Marketing");

adVisitApi.post("/", doc("Report the ad parameters a new user arrived with", { success: { description: "JSON: status" } }), valid("json", adVisitSchema), async (c) => {
  const body = c.req.valid("json");
  await recordAdVisit(database(c.env.DB), {
    id: `adv_${randomHex(12)}`,
    userId: c.get("caller").user.id,
    email: body.email,
    eventType: body.event_type,
    gclid: body.gclid ?? null,
    utmSource: body.utm_source ?? null,
    utmMedium: body.utm_medium ?? null,
    utmCampaign: body.utm_campaign ?? null,
    utmTerm: body.utm_term ?? null,
    utmContent: body.utm_content ?? null,
  });
  return c.json({ status: "ok" });
});
