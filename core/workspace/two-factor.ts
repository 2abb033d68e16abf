/**
 * "Two-factor sign-in required for members" (issue 23, decision 0061): while a workspace requires it, a member
 * without a second factor (an authenticator app or texted codes) is sent to set one up before using the workspace:
 * its pages lead to the settings page's two-factor dialog, and the API (their session or their own API keys)
 * answers 403 two_factor_required. Service accounts hold no factor (they never sign in) and are not held back.
 */

/** Where a member without a second factor is sent: the settings page with its two-factor dialog open. */
export const TWO_FACTOR_SETUP_PATH = "/app/settings?dialog=add-two-factor";

export type SecondFactorSubject = { requiredAt: number | null; hasSecondFactor: boolean; serviceAccount: boolean };

/** Whether the member must add a second factor before using the workspace. */
export function mustSetUpSecondFactor(subject: SecondFactorSubject): boolean {
  return subject.requiredAt !== null && !subject.hasSecondFactor && !subject.serviceAccount;
}

/**
 * The pages a member held back may still open: settings (to add the factor), signing out, and their invites to
 * other workspaces (e-mailed invites and invite links: to go elsewhere). A page's data request (`.data`, Remix's
 * single fetch) counts as the page.
 */
const OPEN_PAGES = ["/app/settings", "/app/sign-out", "/app/settings/workspace-invites"];

export function isOpenWithoutSecondFactor(pathname: string): boolean {
  return OPEN_PAGES.includes(pathname.replace(/\.data$/, "").replace(/\/$/, ""));
}

export const TWO_FACTOR_POLICY_TEXTS = {
  title: "Two-factor sign-in for members",
  description: "Every member must sign in with a second step: an authenticator app or texted codes.",
  label: "Require two-factor sign-in",
  explain: "Members without a second factor are sent to their settings to add one before they can use this workspace; their API keys answer 403 until they have. Service accounts are not affected.",
  saved: (on: boolean) => (on ? "Two-factor sign-in is now required of every member." : "Two-factor sign-in is no longer required."),
  adminsOnly: "Only workspace admins can change the workspace's security settings.",
  ownFactorFirst: "Add two-factor sign-in to your own account first (Settings), then require it of the members.",
  membersWithout: (n: number) => (n === 1 ? "1 member has no second factor yet." : `${n} members have no second factor yet.`),
  /** The settings page's notice for a member held back, and the API's refusal. */
  setUpNow: "Your workspace requires two-factor sign-in. Add an authenticator app or texted codes to continue.",
  apiRefused: "Your workspace requires two-factor sign-in, and your account has none: add an authenticator app or texted codes in Settings, then try again.",
} as const;
