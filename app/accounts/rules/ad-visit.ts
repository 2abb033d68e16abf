import { z } from "zod";

/** POST /v1/google-ads-visit body (apart from attribution.ts, which the browser loads on every page). */
export const adVisitSchema = z.object({
  email: z.string().email().max(320),
  event_type: z.string().min(1).max(64),
  gclid: z.string().max(200).nullish(),
  utm_source: z.string().max(200).nullish(),
  utm_medium: z.string().max(200).nullish(),
  utm_campaign: z.string().max(200).nullish(),
  utm_term: z.string().max(200).nullish(),
  utm_content: z.string().max(200).nullish(),
});
export type AdVisit = z.output<typeof adVisitSchema>;
