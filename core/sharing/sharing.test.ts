import { describe, expect, it } from "vitest";
import { resolveShareLink, shareButtonMode, SHARE_PREFILLED_TEXT, socialShareUrl, truncateShareLink } from "./sharing";

describe("sharing rules", () => {
  it("truncates the displayed link at 38 characters plus '...'", () => {
    const link = "https://parlance.test/share/0123456789abcdef0123456789abcdef";
    expect(truncateShareLink(link)).toBe(link.slice(0, 38) + "...");
    expect(truncateShareLink("https://x.test/s/1")).toBe("https://x.test/s/1");
  });
  it("resolves relative links against the current location", () => {
    expect(resolveShareLink("/share/abc", "https://parlance.test/app/home")).toBe("https://parlance.test/share/abc");
    expect(resolveShareLink("https://cdn.test/share/abc", "https://parlance.test/")).toBe("https://cdn.test/share/abc");
  });
  it("prefills the social posts", () => {
    expect(SHARE_PREFILLED_TEXT).toBe("Listen to this text to speech that I made with Parlance");
    expect(socialShareUrl("x", "https://p.test/share/a")).toContain(encodeURIComponent(SHARE_PREFILLED_TEXT));
    expect(socialShareUrl("whatsapp", "https://p.test/share/a")).toMatch(/^https:\/\/wa\.me\//);
    expect(socialShareUrl("facebook", "https://p.test/share/a")).toContain("u=https%3A%2F%2Fp.test%2Fshare%2Fa");
  });
  it("chooses the Share button by flag, tier and item", () => {
    expect(shareButtonMode(true, "enterprise", false)).toBe("labelled");
    expect(shareButtonMode(false, "enterprise", true)).toBe("hidden");
    expect(shareButtonMode(false, "free", true)).toBe("icon");
    expect(shareButtonMode(false, "free", false)).toBe("icon-disabled");
  });
});
