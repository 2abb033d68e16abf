import { describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_DESTINATION, INTEGRATIONS_CALLBACK_PATH, isAllowedRedirectPath, KNOWN_APP_ROUTES, REDIRECT_PATH_PREFIXES, safeRedirectTarget } from "./redirect";

const ORIGIN = "https://example.test";

describe("safeRedirectTarget: open-redirect tricks fall back", () => {
  it.each([
    // Protocol-relative and backslash variants (browsers read `\` as `/`).
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "/app/home\\..\\..\\evil",
    // Scheme tricks.
    "https:evil.com",
    "https:/evil.com",
    "https:/app/home",
    "https:app/home",
    "https://evil.com/app/home",
    "http://example.test/app/home",
    "ftp://example.test/app/home",
    "https://example.test.evil.com/app/home",
    "https://example.test:8443/app/home",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    // Percent-encoded (once, twice, three times) separators.
    "%2F%2Fevil.com",
    "%2f%2fevil.com",
    "/%2F/evil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "%5C%5Cevil.com",
    "%252F%252Fevil.com",
    "/%255Cevil.com",
    "/%25255Cevil.com",
    "/app/home?next=%5C",
    // Userinfo.
    "https://user@evil.com",
    "https://example.test@evil.com",
    "https://example.test@evil.com/app/home",
    "https://user:pw@example.test/app/home",
    "https://user@example.test/app/home",
    // Path traversal, literal and encoded.
    "/app/home/../../evil",
    "/app/../v1/other",
    "/app/usage/../home",
    "/app/usage/%2e%2e/home",
    "/app/usage/%252e%252e/home",
    "/app/./home",
    "https://example.test/app/usage/../../evil",
    // Whitespace and control characters anywhere.
    "/app/home\t",
    "/app/\nhome",
    "/app/\rhome",
    "/\t/evil.com",
    "/app/home ",
    " /app/home",
    "/app/home\u0000",
    "/app/home\u00a0",
    "/app/home\u2028",
    "/app/home?x=%09",
    "/app/home?x=%0A",
    // Empty, not root-relative, not allowed.
    "",
    "app/home",
    "?x=1",
    "#top",
    "/",
    "/not-allowed",
    "/app/no-such-route",
    "/app/home/",
    "/APP/HOME",
    "/v1/dubs/a/b",
    "/v1/dubs/",
    "/v1/dubs",
    "/v1/other",
    "/app/studio/",
    "/app/studio/a.b",
    "/app/voice-lab/share/a1",
    "/app/integrations/callback/more",
  ])("falls back for %j", (raw) => {
    expect(safeRedirectTarget(raw, ORIGIN)).toBe(DEFAULT_SIGN_IN_DESTINATION);
  });

  it("falls back for null and undefined", () => {
    expect(safeRedirectTarget(null, ORIGIN)).toBe(DEFAULT_SIGN_IN_DESTINATION);
    expect(safeRedirectTarget(undefined, ORIGIN)).toBe(DEFAULT_SIGN_IN_DESTINATION);
  });

  it("falls back when the origin itself cannot be parsed", () => {
    expect(safeRedirectTarget("/app/home", "not a url")).toBe(DEFAULT_SIGN_IN_DESTINATION);
  });
});

describe("safeRedirectTarget: honoured destinations", () => {
  it.each([
    ["/app/speech-synthesis/text-to-speech?x=1#y", "/app/speech-synthesis/text-to-speech?x=1#y"],
    ["https://example.test/app/studio/abc123", "/app/studio/abc123"],
    ["HTTPS://EXAMPLE.TEST/app/studio/abc123", "/app/studio/abc123"],
    ["https://example.test:443/app/home", "/app/home"],
    ["https://example.test/app/home?tab=1", "/app/home?tab=1"],
    ["/v1/dubs/abc", "/v1/dubs/abc"],
    ["/v1/projects/p_1", "/v1/projects/p_1"],
    ["/app/voice-lab/share/a1/b2", "/app/voice-lab/share/a1/b2"],
    ["/sound-effects/rain-on-roof", "/sound-effects/rain-on-roof"],
    ["/app/sound-effects/explore/search?q=rain%20storm", "/app/sound-effects/explore/search?q=rain%20storm"],
    ["/app/subscription", "/app/subscription"],
    ["/app/usage/anything/below", "/app/usage/anything/below"],
    ["/app/dubs/d1/edit", "/app/dubs/d1/edit"],
    ["/app/integrations/callback?code=1&state=2", "/app/integrations/callback?code=1&state=2"],
    ["/app/conversational-ai/talk-to", "/app/conversational-ai/talk-to"],
    ["/app", "/app"],
    ["/app/home#//evil.com", "/app/home#//evil.com"],
    ["/app/home?next=..%2F..%2Fx", "/app/home?next=..%2F..%2Fx"],
  ])("honours %j as %j", (raw, expected) => {
    expect(safeRedirectTarget(raw, ORIGIN)).toBe(expected);
  });

  it("accepts an origin given as a full URL", () => {
    expect(safeRedirectTarget("/app/home", "https://example.test/app/sign-in?redirect=x")).toBe("/app/home");
  });

  it("uses the given fallback, including an empty one", () => {
    expect(safeRedirectTarget(null, ORIGIN, "/x")).toBe("/x");
    expect(safeRedirectTarget("//evil", ORIGIN, "")).toBe("");
  });

  it("never returns an absolute or protocol-relative URL", () => {
    for (const raw of ["https://example.test/app/home", "/app/home", "//evil.com", "https://evil.com/app/home"]) {
      const target = safeRedirectTarget(raw, ORIGIN);
      expect(target.startsWith("/")).toBe(true);
      expect(target.startsWith("//")).toBe(false);
    }
  });
});

describe("isAllowedRedirectPath", () => {
  it("allows every known app route exactly, and /app itself", () => {
    expect(KNOWN_APP_ROUTES.length).toBeGreaterThan(60);
    for (const route of KNOWN_APP_ROUTES) {
      expect(route.startsWith("/app/")).toBe(true);
      expect(isAllowedRedirectPath(route)).toBe(true);
    }
    expect(isAllowedRedirectPath("/app")).toBe(true);
    expect(isAllowedRedirectPath("/app/productions/settings/qualifications")).toBe(true);
    expect(isAllowedRedirectPath("/app/speech-synthesis/speech-to-speech/history")).toBe(true);
  });

  it("does not extend known routes to sub-paths unless they are fixed prefixes", () => {
    expect(isAllowedRedirectPath("/app/home/more")).toBe(false);
    expect(isAllowedRedirectPath("/app/voice-library/x")).toBe(false);
    expect(isAllowedRedirectPath("/app/history/item/1")).toBe(true);
    expect(isAllowedRedirectPath("/app/usagex")).toBe(false);
  });

  it("has the spec's fixed prefixes and the integrations callback", () => {
    expect(REDIRECT_PATH_PREFIXES).toEqual([
      "/app/affiliates",
      "/app/audio-native",
      "/app/history",
      "/app/request-alpha-access",
      "/app/subscription",
      "/app/usage",
      "/app/speech-synthesis",
      "/app/dubs",
      "/app/redirect",
    ]);
    expect(isAllowedRedirectPath(INTEGRATIONS_CALLBACK_PATH)).toBe(true);
  });

  it("matches id patterns one segment at a time", () => {
    expect(isAllowedRedirectPath("/app/voice-lab/share/A_1/b-2")).toBe(true);
    expect(isAllowedRedirectPath("/app/voice-lab/share/a/b/c")).toBe(false);
    expect(isAllowedRedirectPath("/sound-effects/a%20b")).toBe(false);
    expect(isAllowedRedirectPath("/v1/projects/..")).toBe(false);
  });
});
