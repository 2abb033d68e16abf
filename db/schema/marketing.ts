// Marketing: paid-ad visits.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { users } from "./accounts";

/** Paid-ad visits reported after sign-up (POST /v1/google-ads-visit), for the owner's conversion reports. */
export const adVisits = sqliteTable("ad_visits", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  eventType: text("event_type").notNull(),
  gclid: text("gclid"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  createdAt: integer("created_at").notNull().default(now),
});
