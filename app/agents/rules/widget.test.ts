import { describe, expect, it } from "vitest";
import { normalizeHost, widgetAllowed, widgetSnippet, WIDGET_TEXTS } from "./widget";

describe("the agent widget", () => {
  const platform = { auth: { allowlist: [{ hostname: "shop.example" }, { hostname: "localhost:8080" }] } };

  it("allows only the listed hosts, never with an empty list or when signed URLs are required", () => {
    expect(widgetAllowed(platform, "https://shop.example")).toEqual({ ok: true });
    expect(widgetAllowed(platform, "http://localhost:8080")).toEqual({ ok: true });
    expect(widgetAllowed(platform, "http://localhost:9090")).toEqual({ ok: false, reason: WIDGET_TEXTS.siteNotAllowed });
    expect(widgetAllowed(platform, "https://evil.example")).toEqual({ ok: false, reason: WIDGET_TEXTS.siteNotAllowed });
    expect(widgetAllowed(platform, null).ok).toBe(false);
    expect(widgetAllowed({}, "https://shop.example").ok).toBe(false);
    expect(widgetAllowed({ auth: { ...platform.auth, enable_auth: true } }, "https://shop.example")).toEqual({ ok: false, reason: WIDGET_TEXTS.needsSignedUrl });
  });

  it("keeps hosts in one form and writes the snippet", () => {
    expect(normalizeHost(" https://Shop.Example/path ")).toBe("shop.example");
    expect(normalizeHost("localhost:8080")).toBe("localhost:8080");
    expect(normalizeHost("not a host")).toBeNull();
    expect(widgetSnippet("https://parlance.example", "agent_1")).toBe('<elevenlabs-convai agent-id="agent_1"></elevenlabs-convai>\n<script src="https://parlance.example/convai/widget.js" async type="text/javascript"></script>');
  });
});
