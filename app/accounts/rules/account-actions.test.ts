import { describe, expect, it } from "vitest";
import {
  actionLink,
  continueRedirect,
  DIALOGS,
  EMAIL_UPDATED,
  emailChangeResultToast,
  nextDialogState,
  parseActionMode,
  UNKNOWN_MODE_ERROR,
  type DialogEvent,
  type DialogState,
} from "./account-actions";

describe("account action modes", () => {
  it("accepts the five modes and rejects anything else with the spec's error", () => {
    for (const mode of ["optOutOfUpdates", "resetPassword", "recoverEmail", "verifyEmail", "verifySignInRequest"]) {
      expect(parseActionMode(mode)).toBe(mode);
    }
    expect(() => parseActionMode("deleteEverything")).toThrow(UNKNOWN_MODE_ERROR);
    expect(() => parseActionMode(null)).toThrow(UNKNOWN_MODE_ERROR);
  });
});

describe("landing dialog state machine", () => {
  const run = (events: DialogEvent[], from: DialogState = "none") => events.reduce(nextDialogState, from);

  it("asks to sign in after verifying, and shows the error dialog for a used or expired link", () => {
    expect(run([{ type: "emailVerificationAttempted", ok: true }])).toBe("needsVerifyEmail");
    expect(run([{ type: "emailVerificationAttempted", ok: false }])).toBe("verifyEmailFailed");
    // Opened where the account is signed in already: no sign-in is asked for.
    expect(run([{ type: "emailVerificationAttempted", ok: true, signedIn: true }])).toBe("emailVerified");
    expect(run([{ type: "emailVerificationAttempted", ok: false, signedIn: true }])).toBe("verifyEmailFailed");
  });
  it("goes through the password reset", () => {
    expect(run([{ type: "resetCodeChecked", result: "success" }])).toBe("changePassword");
    expect(run([{ type: "resetCodeChecked", result: "invalidActionCode" }])).toBe("changePasswordFailed");
    expect(run([{ type: "resetCodeChecked", result: "unknownError" }])).toBe("changePasswordFailed");
    expect(run([{ type: "resetCodeChecked", result: "success" }, { type: "passwordChanged", ok: true }])).toBe("changePasswordSucceeded");
    expect(run([{ type: "resetCodeChecked", result: "success" }, { type: "passwordChanged", ok: false }])).toBe("changePasswordFailed");
  });
  it("only changes the password from the changePassword state", () => {
    expect(run([{ type: "passwordChanged", ok: true }])).toBe("none");
  });
  it("opts out", () => {
    expect(run([{ type: "optOutAttempted", ok: true }])).toBe("optOutUpdatesSuccess");
    expect(run([{ type: "optOutAttempted", ok: false }])).toBe("optOutUpdatesFailed");
  });
  it("tells a support request from the owner's own e-mailed sign-in, both arriving as verifySignInRequest", () => {
    expect(run([{ type: "signInRequestOpened" }])).toBe("verifySignInRequest");
    expect(run([{ type: "signInLinkOpened" }])).toBe("confirmSignIn");
    expect(run([{ type: "signInLinkOpened" }, { type: "signInRequestOpened" }])).toBe("confirmSignIn");
  });
  it("closing any dialog clears the state", () => {
    for (const state of Object.keys(DIALOGS) as DialogState[]) expect(nextDialogState(state, { type: "closed" })).toBe("none");
  });
});

describe("dialog texts", () => {
  it("match the spec exactly", () => {
    expect(DIALOGS.needsVerifyEmail).toEqual({
      title: "Please sign in to verify your email address",
      text: "Please sign in once in order to verify your email address.",
      button: "Close",
    });
    expect(DIALOGS.changePasswordFailed.text).toBe(
      "An error occured, your link is either expired or invalid, please request another password change.",
    );
    expect(DIALOGS.verifySignInRequest.button).toBe("Grant Access");
  });
});

describe("continue redirect", () => {
  const origin = "https://parlance.test";
  it("appends the stored internalCode and newUser", () => {
    expect(continueRedirect("/app/home?x=1", origin, { internalCode: "abc", newUser: "true" })).toBe(
      "/app/home?x=1&internalCode=abc&newUser=true",
    );
    expect(continueRedirect("https://parlance.test/app/home", origin, {})).toBe("/app/home");
  });
  it("ignores a missing or foreign continueUrl", () => {
    expect(continueRedirect(null, origin, {})).toBeNull();
    expect(continueRedirect("https://evil.test/app", origin, {})).toBeNull();
    expect(continueRedirect("//evil.test/app", origin, {})).toBeNull();
  });

  it("normalises a continueUrl before deciding: no dot-segment or doubled-slash trick reaches another host", () => {
    for (const trick of ["/.//evil.example", "/app/home/../..//evil.example", "/app/..//evil.example", "//evil.example/path", "/%2F/evil.example", "/\\evil.example", "/app/home/%2e%2e/%2e%2e//evil.example"]) {
      expect(continueRedirect(trick, origin, {}), trick).toBeNull();
    }
    // A same-origin path outside the allow-list is refused too: one rule for every redirect.
    expect(continueRedirect("/elsewhere", origin, {})).toBeNull();
  });
});

describe("action links", () => {
  it("carry mode, code, lang and the continue URL", () => {
    const link = new URL(actionLink("https://parlance.test", { mode: "verifyEmail", oobCode: "c0de", userId: "u1", continueUrl: "/app/home" }));
    expect(link.pathname).toBe("/app/action");
    expect(Object.fromEntries(link.searchParams)).toEqual({ mode: "verifyEmail", oobCode: "c0de", lang: "en", userId: "u1", continueUrl: "/app/home" });
  });
});

describe("e-mail change outcome", () => {
  it("turns the loader's redirect parameter into the toast the page showed after PUT /v1/user/email", () => {
    expect(emailChangeResultToast("updated")).toEqual({ text: EMAIL_UPDATED, kind: "success" });
    expect(emailChangeResultToast("expired")).toEqual({ text: "Unable to update email, the link is either expired or invalid.", kind: "error" });
    expect(emailChangeResultToast("malformed")).toEqual({ text: "Unable to update email, Invalid verification code", kind: "error" });
  });
  it("shows nothing for a missing or made-up outcome: a crafted link cannot choose a toast's words", () => {
    for (const value of [null, "", "toString", "__proto__", "Your account is locked"]) expect(emailChangeResultToast(value), String(value)).toBeNull();
  });
});
