/** Analytics consent states (spec §4.5). */
export const ANALYTICS_CONSENT_STATES = ["not_applicable", "granted", "denied", "undecided"] as const;
export type AnalyticsConsent = (typeof ANALYTICS_CONSENT_STATES)[number];

export const BIPA_TERMS_TITLE = "Updated terms for your region";
export const BIPA_TERMS_TEXT =
  "Biometric privacy laws apply where you are. Please review and accept our updated Terms of Service and Privacy Policy, which explain how voice data is collected, used, stored and deleted, before you continue.";

/** The biometric-terms gate blocks the app until the user has accepted, when their region requires it. */
export function mustAcceptBiometricTerms(regionRequiresIt: boolean, accepted: boolean): boolean {
  return regionRequiresIt && !accepted;
}
