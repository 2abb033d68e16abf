import { describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_DESTINATION, isAllowedRedirectPath, safeRedirectTarget } from "./redirect";

const ORIGIN = "https://parlance.test";

describe("safeRedirectTarget", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https:evil.com",
    "https://evil.com/app/home",
    "http://parlance.test/app/home",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "%252F%252Fevil.com",
    "https://user@evil.com",
    "https://parlance.test@evil.com/app/home",
    "https://user:pw@parlance.test/app/home",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,hi",
    "/app/home/../../evil",
    "/app/../v1/other",
    "/app/home\t",
    "/app/\nhome",
    "",
    "/not-allowed",
    "/v1/dubs/a/b",
    "/app/studio/",
  ])("falls back for %j", (raw) => {
    expect(safeRedirectTarget(raw, ORIGIN)).toBe(DEFAULT_SIGN_IN_DESTINATION);
  });

  it.each([
    ["/app/speech-synthesis/text-to-speech?x=1#y", "/app/speech-synthesis/text-to-speech?x=1#y"],
    ["https://parlance.test/app/studio/abc123", "/app/studio/abc123"],
    ["/v1/dubs/abc", "/v1/dubs/abc"],
    ["/v1/projects/p_1", "/v1/projects/p_1"],
    ["/app/voice-lab/share/a1/b2", "/app/voice-lab/share/a1/b2"],
    ["/sound-effects/rain-on-roof", "/sound-effects/rain-on-roof"],
    ["/app/subscription", "/app/subscription"],
    ["/app/usage/anything/below", "/app/usage/anything/below"],
    ["/app/integrations/callback?code=1&state=2", "/app/integrations/callback?code=1&state=2"],
    ["/app", "/app"],
  ])("honours %j", (raw, expected) => {
    expect(safeRedirectTarget(raw, ORIGIN)).toBe(expected);
  });

  it("uses the given fallback", () => {
    expect(safeRedirectTarget(null, ORIGIN, "/x")).toBe("/x");
    expect(safeRedirectTarget("//evil", ORIGIN, "")).toBe("");
  });

  it("knows the app routes of the spec", () => {
    expect(isAllowedRedirectPath("/app/conversational-ai/talk-to")).toBe(true);
    expect(isAllowedRedirectPath("/app/productions/settings/qualifications")).toBe(true);
    expect(isAllowedRedirectPath("/app/no-such-route")).toBe(false);
  });
});
