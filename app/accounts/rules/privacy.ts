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

/** The page action behind the biometric-terms gate and the training opt-out switch (app/routes/app.privacy.tsx). */
export const PRIVACY_ACTION_PATH = "/app/privacy";
export const PRIVACY_INTENTS = ["accept-bipa-terms", "training-opt-out"] as const;
export type PrivacyIntent = (typeof PRIVACY_INTENTS)[number];
/** What that action answers when it did the change; a refusal is an ActionFailure. */
export type PrivacyActionDone = { intent: PrivacyIntent; message: string | null };

/** How the settings page names each consent state. */
export const ANALYTICS_CONSENT_LABELS: Record<AnalyticsConsent, string> = {
  not_applicable: "Not applicable",
  granted: "Allowed",
  denied: "Not allowed",
  undecided: "Not decided",
};
