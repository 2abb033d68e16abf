/** E-mailed account actions (spec accounts §2.4, §4.4): modes, code lifetimes, dialogs and the state machine. */
import { allowedRedirectTarget } from "../../../core/edge/redirect";

export const ACTION_PATH = "/app/action";

export const ACTION_MODES = ["optOutOfUpdates", "resetPassword", "recoverEmail", "verifyEmail", "verifySignInRequest"] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

export const UNKNOWN_MODE_ERROR = "Unknown received for firebase handler";

export function parseActionMode(mode: string | null): ActionMode {
  if (mode && (ACTION_MODES as readonly string[]).includes(mode)) return mode as ActionMode;
  throw new Error(UNKNOWN_MODE_ERROR);
}

/**
 * How long an e-mailed code stays usable, per purpose. A signInLink arrives with mode verifySignInRequest: the
 * owner's own sign-in asked for by the throttle (docs/decisions/0017), beside support staff's sign-in requests.
 */
export type CodePurpose = ActionMode | "changeEmail" | "mfaSignIn" | "signInLink";

export const ACTION_CODE_TTL_SECONDS: Record<CodePurpose, number> = {
  verifyEmail: 3 * 24 * 60 * 60,
  resetPassword: 60 * 60,
  optOutOfUpdates: 365 * 24 * 60 * 60,
  verifySignInRequest: 60 * 60,
  recoverEmail: 3 * 24 * 60 * 60,
  changeEmail: 60 * 60,
  mfaSignIn: 10 * 60,
  signInLink: 15 * 60,
};

export type DialogState =
  | "none"
  | "needsVerifyEmail"
  | "emailVerified"
  | "verifyEmailFailed"
  | "changePassword"
  | "changePasswordSucceeded"
  | "changePasswordFailed"
  | "optOutUpdatesSuccess"
  | "optOutUpdatesFailed"
  | "verifySignInRequest"
  | "confirmSignIn"
  | "linkInvalid";

export type DialogEvent =
  /** signedIn: the visitor's session is the verified account's own (then no sign-in is asked for). */
  | { type: "emailVerificationAttempted"; ok: boolean; signedIn?: boolean }
  | { type: "resetCodeChecked"; result: "success" | "invalidActionCode" | "unknownError" }
  | { type: "passwordChanged"; ok: boolean }
  | { type: "optOutAttempted"; ok: boolean }
  | { type: "signInRequestOpened" }
  | { type: "signInLinkOpened" }
  | { type: "closed" };

/** The landing dialog state machine of §4.4. Events that do not apply in a state leave it unchanged. */
export function nextDialogState(state: DialogState, event: DialogEvent): DialogState {
  switch (event.type) {
    case "closed":
      return "none";
    case "emailVerificationAttempted":
      // A used or expired link gets the error dialog (decision 0004); otherwise the spec's sign-in prompt,
      // unless the account is already signed in here: then there is nothing to sign in for (issue #17).
      if (state !== "none") return state;
      if (!event.ok) return "verifyEmailFailed";
      return event.signedIn ? "emailVerified" : "needsVerifyEmail";
    case "resetCodeChecked":
      if (state !== "none") return state;
      return event.result === "success" ? "changePassword" : "changePasswordFailed";
    case "passwordChanged":
      if (state !== "changePassword") return state;
      return event.ok ? "changePasswordSucceeded" : "changePasswordFailed";
    case "optOutAttempted":
      return state === "none" ? (event.ok ? "optOutUpdatesSuccess" : "optOutUpdatesFailed") : state;
    case "signInRequestOpened":
      return state === "none" ? "verifySignInRequest" : state;
    case "signInLinkOpened":
      return state === "none" ? "confirmSignIn" : state;
  }
}

export type DialogContent = { title: string; text?: string; button: string };

/** Exact titles, texts and buttons of the §2.4 table. */
export const DIALOGS: Record<Exclude<DialogState, "none">, DialogContent> = {
  needsVerifyEmail: {
    title: "Please sign in to verify your email address",
    text: "Please sign in once in order to verify your email address.",
    button: "Close",
  },
  // Not in the spec's table: the same link opened where its account is signed in already.
  emailVerified: {
    title: "Email address verified",
    text: "Your email address is verified. You can go on using your account.",
    button: "Continue",
  },
  verifyEmailFailed: {
    title: "An error occured",
    text: "An error occured, your link is either expired or invalid, please request another verification email.",
    button: "close",
  },
  changePassword: { title: "Please enter your new Password", button: "Change Password" },
  changePasswordSucceeded: {
    title: "Password has been changed",
    text: "You have successfully changed your password, you can now sign in.",
    button: "sign in",
  },
  changePasswordFailed: {
    title: "An error occured",
    text: "An error occured, your link is either expired or invalid, please request another password change.",
    button: "close",
  },
  optOutUpdatesSuccess: { title: "Opted out of updates", text: "We have opted you out of receiving product updates.", button: "close" },
  optOutUpdatesFailed: {
    title: "An error occurred",
    text: "An error occurred while trying to opt you out from receiving product updates, please try again.",
    button: "close",
  },
  linkInvalid: { title: "An error occured", text: "An error occured, your link is either expired or invalid.", button: "close" },
  // The owner's own sign-in finished from the e-mailed link (decision 0017); texts not given by the spec.
  confirmSignIn: {
    title: "Finish signing in",
    text: "Continue only if you have just signed in with your password: this signs you in on this device.",
    button: "Sign in",
  },
  verifySignInRequest: {
    title: "Grant Support Access to Your Account",
    text: "Do you really want to grant our support team temporary access to your account?",
    button: "Grant Access",
  },
};

export const NEW_PASSWORD_LABEL = "Your new password";
export const REPEAT_PASSWORD_LABEL = "Repeat new password";
export const SIGN_IN_REQUEST_GRANTED = "Thank you for granting us access to your account!";
export const VERIFICATION_EMAIL_FAILED = "An error occured while sending the verification email.";
export const PASSWORD_RESET_REQUEST_FAILED = "An error occured while requesting the password change.";
export const PASSWORD_RESET_REQUESTED =
  "If a user with this email exists, we have sent instructions to reset the password.";
export const EMAIL_UPDATED = "Email updated! Please refresh this page to reauthenticate.";
export const emailUpdateFailed = (text: string) => `Unable to update email, ${text}`;

/** An e-mail change (or revert) code as the mailed link carries it. */
export const EMAIL_CHANGE_CODE = /^[0-9a-f]{48}$/;

/** Why an e-mail change link did not apply; each text ends the toast `emailUpdateFailed` starts. */
export const EMAIL_CHANGE_FAILURES = {
  malformed: "Invalid verification code",
  expired: "the link is either expired or invalid.",
  stale: "the address has changed since this link was sent.",
  taken: "this address belongs to another account.",
} as const;
export type EmailChangeFailure = keyof typeof EMAIL_CHANGE_FAILURES;

/**
 * The main screen applies a mailed e-mail change link in its loader and redirects to itself with this
 * parameter: `updated` or one of the failure keys (never the text, so a crafted link cannot put words in a toast).
 */
export const EMAIL_CHANGE_RESULT_PARAM = "emailChange";

export function emailChangeResultToast(result: string | null): { text: string; kind: "success" | "error" } | null {
  if (result === "updated") return { text: EMAIL_UPDATED, kind: "success" };
  if (result !== null && Object.hasOwn(EMAIL_CHANGE_FAILURES, result)) return { text: emailUpdateFailed(EMAIL_CHANGE_FAILURES[result as EmailChangeFailure]), kind: "error" };
  return null;
}

/**
 * Where closing a dialog leads: the continueUrl (same origin only) with internalCode and newUser
 * appended when they were stored; null when there is no usable continueUrl.
 */
export function continueRedirect(
  continueUrl: string | null,
  origin: string,
  stored: { internalCode?: string | null; newUser?: string | null },
): string | null {
  // The sign-in redirect rule decides, after normalisation: `/.//evil.example` must never become `//evil.example`.
  const target = allowedRedirectTarget(continueUrl, origin);
  if (target === null) return null;
  const url = new URL(target, origin);
  if (stored.internalCode) url.searchParams.set("internalCode", stored.internalCode);
  if (stored.newUser) url.searchParams.set("newUser", stored.newUser);
  return url.pathname + url.search + url.hash;
}

/** Builds the link an e-mail carries to the landing handler. */
export function actionLink(
  origin: string,
  params: { mode: ActionMode; oobCode: string; userId?: string; continueUrl?: string | null; lang?: string },
): string {
  const url = new URL(ACTION_PATH, origin);
  url.searchParams.set("mode", params.mode);
  url.searchParams.set("oobCode", params.oobCode);
  url.searchParams.set("lang", params.lang ?? "en");
  if (params.userId) url.searchParams.set("userId", params.userId);
  if (params.continueUrl) url.searchParams.set("continueUrl", params.continueUrl);
  return url.toString();
}

/** The app's main screen, where a signed-in visitor goes on after a verification. */
export const SIGNED_IN_DESTINATION = "/app/home";

/** Where a closed dialog leads when there is no continueUrl (spec §2.4; signed in, on into the app). */
export function defaultCloseDestination(mode: ActionMode, state?: DialogState): string {
  if (state === "emailVerified") return SIGNED_IN_DESTINATION;
  return mode === "verifyEmail" || mode === "resetPassword" ? "/app/sign-in" : "/";
}
