/**
 * The front door's cache of public pages (issue #8): what may be stored, for how long, and whether a stored
 * copy is fresh, stale (served while it is refreshed) or expired. Pure, so the rules are tested alone.
 */

/** Where the app tells which build it serves (the edge asks at most once a minute per isolate). */
export const BUILD_VERSION_PATH = "/__build";
export const BUILD_VERSION_TTL_MS = 60_000;

export type CacheDirectives = { public: boolean; private: boolean; noStore: boolean; sMaxAge: number | null; maxAge: number | null; staleWhileRevalidate: number };

export function parseCacheControl(header: string | null): CacheDirectives {
  const directives: CacheDirectives = { public: false, private: false, noStore: false, sMaxAge: null, maxAge: null, staleWhileRevalidate: 0 };
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, raw] = part.trim().split("=") as [string, string | undefined];
    const seconds = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
    if (name === "public") directives.public = true;
    else if (name === "private") directives.private = true;
    else if (name === "no-store") directives.noStore = true;
    else if (name === "s-maxage") directives.sMaxAge = seconds;
    else if (name === "max-age") directives.maxAge = seconds;
    else if (name === "stale-while-revalidate") directives.staleWhileRevalidate = seconds ?? 0;
  }
  return directives;
}

/** Only GET requests without credentials are answered from the cache (a signed-in request always reaches the app). */
export function requestMayUseCache(method: string, headers: { has(name: string): boolean }): boolean {
  return method === "GET" && !headers.has("authorization") && !headers.has("xi-api-key");
}

/**
 * How long the edge may keep a response (seconds it is fresh, then seconds it may be served stale), or null:
 * only 200s marked public with a shared max-age, never one that sets a cookie.
 */
export function storableFor(status: number, cacheControl: string | null, setsCookie: boolean): { freshSeconds: number; staleSeconds: number } | null {
  if (status !== 200 || setsCookie) return null;
  const directives = parseCacheControl(cacheControl);
  if (!directives.public || directives.private || directives.noStore) return null;
  const fresh = directives.sMaxAge ?? directives.maxAge;
  if (!fresh) return null;
  return { freshSeconds: fresh, staleSeconds: directives.staleWhileRevalidate };
}

export type Freshness = "fresh" | "stale" | "expired";

export function freshnessOf(storedAtMs: number, nowMs: number, freshSeconds: number, staleSeconds: number): Freshness {
  const ageSeconds = (nowMs - storedAtMs) / 1000;
  if (ageSeconds < freshSeconds) return "fresh";
  if (ageSeconds < freshSeconds + staleSeconds) return "stale";
  return "expired";
}

/** The cache key of a page: its URL plus the app's build (a query parameter: the cache ignores fragments). */
export function pageCacheKey(url: string, buildVersion: string): string {
  const key = new URL(url);
  key.searchParams.set("__build", buildVersion);
  return key.toString();
}
