import { ANALYTICS_OPTIONS, mayCapture, VISITOR_CONSENT } from "~/accounts/rules/analytics";
import type { AnalyticsConsent } from "~/accounts/rules/privacy";

/**
 * Product analytics events. No analytics provider is wired in this open build: events the person consented
 * to are dispatched on window as `parlance:analytics` (with the options a forwarder must apply), so a
 * deployment can forward them. Page views and clicks are never captured on their own.
 */
let consent: AnalyticsConsent = VISITOR_CONSENT;

/** Set by the signed-in layout from the user's stored choice (and again when it changes). */
export function setAnalyticsConsent(next: AnalyticsConsent) {
  consent = next;
}

export function track(event: string, properties: Record<string, string | number | boolean> = {}) {
  if (typeof window === "undefined" || !mayCapture(consent)) return;
  window.dispatchEvent(new CustomEvent("parlance:analytics", { detail: { event, properties, options: ANALYTICS_OPTIONS } }));
}
