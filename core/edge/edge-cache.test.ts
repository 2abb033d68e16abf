import { describe, expect, it } from "vitest";
import { freshnessOf, pageCacheKey, parseCacheControl, requestMayUseCache, storableFor } from "./edge-cache";
// The public pages' own header (app/marketing/rules/public-pages.ts), written out: core never imports app/.
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

describe("edge cache rules", () => {
  it("parses the directives public pages send", () => {
    expect(parseCacheControl(PUBLIC_PAGE_CACHE_CONTROL)).toEqual({ public: true, private: false, noStore: false, maxAge: 300, sMaxAge: 3600, staleWhileRevalidate: 86400 });
    expect(parseCacheControl(null)).toMatchObject({ public: false, sMaxAge: null });
    expect(parseCacheControl("private, no-store, max-age=abc")).toMatchObject({ private: true, noStore: true, maxAge: null });
  });

  it("stores only public 200s with a shared lifetime that set no cookie", () => {
    expect(storableFor(200, PUBLIC_PAGE_CACHE_CONTROL, false)).toEqual({ freshSeconds: 3600, staleSeconds: 86400 });
    expect(storableFor(200, "public, max-age=60", false)).toEqual({ freshSeconds: 60, staleSeconds: 0 });
    expect(storableFor(200, PUBLIC_PAGE_CACHE_CONTROL, true)).toBeNull();
    expect(storableFor(404, PUBLIC_PAGE_CACHE_CONTROL, false)).toBeNull();
    expect(storableFor(200, "private, max-age=3600", false)).toBeNull();
    expect(storableFor(200, "public, s-maxage=60, no-store", false)).toBeNull();
    expect(storableFor(200, "public", false)).toBeNull();
    expect(storableFor(200, null, false)).toBeNull();
  });

  it("lets only anonymous GETs use the cache", () => {
    expect(requestMayUseCache("GET", new Headers())).toBe(true);
    expect(requestMayUseCache("POST", new Headers())).toBe(false);
    expect(requestMayUseCache("GET", new Headers({ "xi-api-key": "k" }))).toBe(false);
    expect(requestMayUseCache("GET", new Headers({ authorization: "Bearer k" }))).toBe(false);
  });

  it("tells fresh from stale from expired", () => {
    expect(freshnessOf(0, 59_000, 60, 30)).toBe("fresh");
    expect(freshnessOf(0, 60_000, 60, 30)).toBe("stale");
    expect(freshnessOf(0, 89_999, 60, 30)).toBe("stale");
    expect(freshnessOf(0, 90_000, 60, 30)).toBe("expired");
    expect(freshnessOf(0, 61_000, 60, 0)).toBe("expired");
  });

  it("keys pages on the URL and the app's build", () => {
    expect(pageCacheKey("https://p.test/pricing?period=annual", "abc")).toBe("https://p.test/pricing?period=annual&__build=abc");
    expect(pageCacheKey("https://p.test/", "abc")).not.toBe(pageCacheKey("https://p.test/", "def"));
    expect(pageCacheKey("https://p.test/#top", "abc")).toBe("https://p.test/?__build=abc#top");
  });
});
