import { describe, expect, it } from "vitest";
import { captchaChallenge, captchaSolved, CAPTCHA_LENGTH, safetyDialogFor, voiceUsable } from "./voice-safety";

describe("safetyDialogFor", () => {
  const none = new Set<string>();
  it("opens voiceBlocked for BAN and voiceCaptcha for CAPTCHA", () => {
    expect(safetyDialogFor({ voiceId: "a", safetyControl: "BAN" }, none, false)).toBe("voiceBlocked");
    expect(safetyDialogFor({ voiceId: "a", safetyControl: "CAPTCHA" }, none, false)).toBe("voiceCaptcha");
  });
  it("opens nothing for an unrestricted voice", () => {
    expect(safetyDialogFor({ voiceId: "a", safetyControl: null }, none, false)).toBeNull();
  });
  it("opens nothing on the first load", () => {
    expect(safetyDialogFor({ voiceId: "a", safetyControl: "BAN" }, none, true)).toBeNull();
  });
  it("opens nothing again for a voice already seen", () => {
    expect(safetyDialogFor({ voiceId: "a", safetyControl: "CAPTCHA" }, new Set(["a"]), false)).toBeNull();
    expect(safetyDialogFor({ voiceId: "b", safetyControl: "CAPTCHA" }, new Set(["a"]), false)).toBe("voiceCaptcha");
  });
});

describe("captcha", () => {
  it("builds a challenge of readable characters", () => {
    let n = 0;
    const challenge = captchaChallenge(() => (n++ % 10) / 10);
    expect(challenge).toHaveLength(CAPTCHA_LENGTH);
    expect(challenge).toMatch(/^[A-HJ-NP-Z2-9]+$/);
  });
  it("accepts the answer in any case and with spaces, refuses others", () => {
    expect(captchaSolved("AB3CD", "ab3 cd")).toBe(true);
    expect(captchaSolved("AB3CD", "AB3CE")).toBe(false);
    expect(captchaSolved("AB3CD", "")).toBe(false);
  });
});

it("only a blocked voice is unusable", () => {
  expect(voiceUsable("BAN")).toBe(false);
  expect(voiceUsable("CAPTCHA")).toBe(true);
  expect(voiceUsable(null)).toBe(true);
});
