import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://parlance.test";

async function page(path: string, init: RequestInit = {}) {
  const response = await SELF.fetch(ORIGIN + path, init);
  const html = await response.text();
  return {
    response,
    render: Number(html.match(/<p id="render">(\d+)<\/p>/)?.[1]),
    scriptNonce: html.match(/<script nonce="([^"]+)"/)?.[1],
    cspNonce: response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1],
  };
}

describe("front door: edge cache of public pages", () => {
  it("renders a public page once and serves it again from the cache, with a fresh nonce each time", async () => {
    const first = await page("/__echo/page?case=nonce");
    expect(first.response.headers.get("x-edge-cache")).toBe("MISS");
    expect(first.scriptNonce).toBe(first.cspNonce);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await page("/__echo/page?case=nonce");
    expect(second.response.headers.get("x-edge-cache")).toBe("HIT");
    expect(second.render).toBe(first.render);
    // The cached HTML was rendered with the first nonce; the second response's scripts must match its own CSP.
    expect(second.cspNonce).not.toBe(first.cspNonce);
    expect(second.scriptNonce).toBe(second.cspNonce);
    expect(second.response.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=120, stale-while-revalidate=600");
    for (const name of ["x-edge-stored-at", "x-edge-fresh-for", "x-edge-stale-for", "x-edge-cache-control"]) expect(second.response.headers.has(name)).toBe(false);
  });

  it("never stores what is private, sets a cookie, or is not a GET from an anonymous client", async () => {
    for (const path of ["/__echo/page?case=private&cc=private,%20max-age=60", "/__echo/page?case=cookie&cookie=1", "/__echo/page?case=nocc&cc="]) {
      const a = await page(path);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const b = await page(path);
      expect(a.response.headers.get("x-edge-cache")).toBe("BYPASS");
      expect(b.render).toBeGreaterThan(a.render);
    }
    const stored = await page("/__echo/page?case=keyed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const withKey = await page("/__echo/page?case=keyed", { headers: { "xi-api-key": "secret" } });
    expect(withKey.response.headers.get("x-edge-cache")).toBeNull();
    expect(withKey.render).toBeGreaterThan(stored.render);
  });

  it("keys on the whole URL, query included", async () => {
    const monthly = await page("/__echo/page?case=query&period=monthly");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const annual = await page("/__echo/page?case=query&period=annual");
    expect(annual.response.headers.get("x-edge-cache")).toBe("MISS");
    expect(annual.render).toBeGreaterThan(monthly.render);
  });

  it("does not cache share pages, so a revoked link is gone at once", async () => {
    const response = await SELF.fetch(`${ORIGIN}/share/abc`);
    expect(response.headers.get("x-edge-cache")).toBeNull();
  });
});

describe("front door: the page cache follows the app's build", () => {
  it("keeps its build key to itself: the app sees the visitor's URL", async () => {
    const response = await SELF.fetch(`${ORIGIN}/pricing?period=annual`);
    const echo = (await response.json()) as { url: string };
    expect(echo.url).toBe(`${ORIGIN}/pricing?period=annual`);
  });
});
