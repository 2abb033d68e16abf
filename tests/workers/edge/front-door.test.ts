import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

type Echo = { method: string; url: string; headers: Record<string, string> };

async function through(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}, origin = "https://parlance.test") {
  const response = await SELF.fetch(origin + path, { redirect: "manual", ...init } as RequestInit);
  return { response, echo: response.headers.get("content-type")?.includes("json") ? ((await response.json()) as Echo) : null };
}

describe("front door: trusted headers", () => {
  it("drops every x-parlance-* header a client sends and sets its own", async () => {
    const { echo } = await through("/", {
      headers: {
        "x-parlance-privacy-opt-out": "1",
        "x-parlance-biometric-terms": "1",
        "X-Parlance-Flavour": "agents",
        "x-parlance-geo-country": "XX",
        "x-parlance-something-else": "forged",
      },
      cf: { country: "DE", regionCode: "BE" },
    });
    expect(echo!.headers["x-parlance-privacy-opt-out"]).toBe("0");
    expect(echo!.headers["x-parlance-biometric-terms"]).toBe("0");
    expect(echo!.headers["x-parlance-flavour"]).toBe("default");
    expect(echo!.headers["x-parlance-geo-country"]).toBe("DE");
    expect(echo!.headers["x-parlance-something-else"]).toBeUndefined();
    expect(echo!.headers["x-parlance-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["ca", "ct", "co", "ut", "va", "or", "mt", "tx"])("defaults the privacy opt-out in US state %s", async (state) => {
    const { echo } = await through("/", { cf: { country: "US", regionCode: state.toUpperCase() } });
    expect(echo!.headers["x-parlance-privacy-opt-out"]).toBe("1");
  });

  it("does not default the opt-out elsewhere, unless Sec-GPC is 1", async () => {
    const ny = await through("/", { cf: { country: "US", regionCode: "NY" } });
    expect(ny.echo!.headers["x-parlance-privacy-opt-out"]).toBe("0");
    const gpc = await through("/", { cf: { country: "FR", regionCode: "IDF" }, headers: { "Sec-GPC": "1" } });
    expect(gpc.echo!.headers["x-parlance-privacy-opt-out"]).toBe("1");
  });

  it("flags the biometric-terms region (Illinois only: the gate's rule), and sends no broad flag that nothing reads", async () => {
    const cases: [string, string, string][] = [
      ["US", "IL", "1"],
      ["US", "TX", "0"],
      ["US", "WA", "0"],
      ["CA", "QC", "0"],
      ["CA", "ON", "0"],
      ["US", "NY", "0"],
    ];
    for (const [country, regionCode, strict] of cases) {
      const { echo } = await through("/", { cf: { country, regionCode }, headers: { "x-parlance-biometric-terms-broad": "1" } });
      expect([country, regionCode, echo!.headers["x-parlance-biometric-terms"]]).toEqual([country, regionCode, strict]);
      expect(echo!.headers["x-parlance-biometric-terms-broad"]).toBeUndefined();
    }
  });

  it("selects the product flavour from the hostname", async () => {
    expect((await through("/", {}, "https://reader.parlance.test")).echo!.headers["x-parlance-flavour"]).toBe("reader");
    expect((await through("/", {}, "https://agents.parlance.test")).echo!.headers["x-parlance-flavour"]).toBe("agents");
    expect((await through("/", {}, "https://www.parlance.test")).echo!.headers["x-parlance-flavour"]).toBe("default");
  });
});

describe("front door: the caller's address", () => {
  it("ignores a client-sent cf-connecting-ip in development, so local limits cannot be dodged", async () => {
    const { echo } = await through("/", { headers: { "cf-connecting-ip": "203.0.113.9" } });
    expect(echo!.headers["x-parlance-client-ip"]).toBe("local");
  });
});

describe("front door: security headers", () => {
  it("secures every response, with HSTS on https only", async () => {
    const https = (await through("/")).response;
    expect(https.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(https.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(https.headers.get("x-content-type-options")).toBe("nosniff");
    expect(https.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    const http = (await through("/", {}, "http://localhost:8787")).response;
    expect(http.headers.get("strict-transport-security")).toBeNull();
    expect(http.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives each response a fresh nonce that matches the one passed to the app", async () => {
    const { response, echo } = await through("/");
    const nonce = echo!.headers["x-parlance-csp-nonce"];
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    const again = await through("/");
    expect(again.echo!.headers["x-parlance-csp-nonce"]).not.toBe(nonce);
  });

  it("passes the app's redirects through instead of following them", async () => {
    const { response } = await through("/__echo/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/elsewhere");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("front door: sign-in redirect rule", () => {
  const attacks = [
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https:evil.com",
    "https://evil.com/app/home",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "https://parlance.test@evil.com/app/home",
    "javascript:alert(1)",
    "/app/home/../../evil",
    "/not-allowed",
  ];
  it.each(attacks)("drops redirect=%s before the page sees it", async (attack) => {
    const { response } = await through(`/app/sign-in?redirect=${encodeURIComponent(attack)}&newUser=true`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://parlance.test");
    expect(location.pathname).toBe("/app/sign-in");
    expect(location.searchParams.has("redirect")).toBe(false);
    expect(location.searchParams.get("newUser")).toBe("true");
  });

  it.each(["/app/speech-synthesis/text-to-speech", "/v1/dubs/abc123", "/app/studio/p1", "https://parlance.test/app/subscription"])(
    "keeps the allowed redirect=%s",
    async (target) => {
      const { response, echo } = await through(`/app/sign-in?redirect=${encodeURIComponent(target)}`);
      expect(response.status).toBe(200);
      expect(new URL(echo!.url).searchParams.get("redirect")).toBe(target);
    },
  );
});

describe("front door: development geo override", () => {
  it("takes x-dev-geo in development instead of request.cf", async () => {
    const { echo } = await through("/", { headers: { "x-dev-geo": "US-IL" }, cf: { country: "DE", regionCode: "BE" } });
    expect(echo!.headers["x-parlance-geo-country"]).toBe("US");
    expect(echo!.headers["x-parlance-biometric-terms"]).toBe("1");
  });
  it("ignores a malformed override", async () => {
    const { echo } = await through("/", { headers: { "x-dev-geo": "Illinois please" }, cf: { country: "DE", regionCode: "BE" } });
    expect(echo!.headers["x-parlance-geo-country"]).toBe("DE");
  });
});

describe("front door: routing to the other workers", () => {
  it("forwards Stripe webhooks to the billing worker with the raw body untouched", async () => {
    const body = '{"id":"evt_1","object":"event"}';
    const response = await SELF.fetch("https://parlance.test/billing/stripe-webhook", { method: "POST", body, headers: { "stripe-signature": "t=1,v1=ab" } });
    await expect(response.text()).resolves.toBe(`billing:/billing/stripe-webhook:${body}`);
  });
  it("sends the Stripe stand-in's pages to it, where it is bound, with the site's security headers", async () => {
    const response = await SELF.fetch("https://parlance.test/__stripe/checkout/cs_1");
    await expect(response.text()).resolves.toBe("stripe-local:/__stripe/checkout/cs_1");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
  it("sends share pages to the share worker and everything else to the app", async () => {
    await expect((await SELF.fetch("https://parlance.test/share/abc")).text()).resolves.toBe("share:/share/abc");
    const { echo } = await through("/pricing");
    expect(new URL(echo!.url).pathname).toBe("/pricing");
  });
});
