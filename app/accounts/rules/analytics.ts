import type { AnalyticsConsent } from "./privacy";

/** How product analytics run (spec: pageview and autocapture off; password inputs masked in recordings). */
export const ANALYTICS_OPTIONS = { capturePageview: false, autocapture: false, maskPasswordInputs: true } as const;

/** Events are recorded only with consent, or where no consent is needed; denied and undecided drop them. */
export function mayCapture(consent: AnalyticsConsent): boolean {
  return consent === "granted" || consent === "not_applicable";
}

/** Visitors who are not signed in have decided nothing yet. */
export const VISITOR_CONSENT: AnalyticsConsent = "undecided";
