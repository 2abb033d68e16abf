import type { Database } from "../../../db/client";
import { recordAdVisit } from "../../../db/repositories/ad-visits";
import type { AdVisit } from "~/accounts/rules/ad-visit";
import type { Actor } from "./actor.server";
import { randomHex } from "./tokens.server";

/** Keeps the ad parameters a new user arrived with (reported once after sign-up), for attribution. */
export async function recordSignUpAdVisit(db: Database, actor: Actor, visit: AdVisit): Promise<void> {
  await recordAdVisit(db, {
    id: `adv_${randomHex(12)}`,
    userId: actor.user.id,
    email: visit.email,
    eventType: visit.event_type,
    gclid: visit.gclid ?? null,
    utmSource: visit.utm_source ?? null,
    utmMedium: visit.utm_medium ?? null,
    utmCampaign: visit.utm_campaign ?? null,
    utmTerm: visit.utm_term ?? null,
    utmContent: visit.utm_content ?? null,
  });
}
