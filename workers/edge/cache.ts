import { BUILD_VERSION_PATH, BUILD_VERSION_TTL_MS, freshnessOf, pageCacheKey, storableFor } from "../../core/edge/edge-cache";

/** Headers the cached copy carries for the front door's own bookkeeping; never sent to a client. */
const STORED_AT = "x-edge-stored-at";
const FRESH_FOR = "x-edge-fresh-for";
const STALE_FOR = "x-edge-stale-for";

export type CacheOutcome = "HIT" | "STALE" | "MISS" | "BYPASS";

/**
 * Serves public pages from the Workers cache near the visitor: a fresh copy as is, a stale one while it is
 * refreshed in the background (stale-while-revalidate), otherwise the upstream's answer, stored when the
 * upstream marked it public. The key is the URL and the app's build: public pages vary on nothing else.
 */
export async function cachedFetch(request: Request, version: string, fetchUpstream: () => Promise<Response>, waitUntil: (work: Promise<unknown>) => void, cache: Cache): Promise<{ response: Response; outcome: CacheOutcome }> {
  const key = new Request(pageCacheKey(request.url, version), { method: "GET" });
  const stored = await cache.match(key);
  if (stored) {
    const freshness = freshnessOf(Number(stored.headers.get(STORED_AT)), Date.now(), Number(stored.headers.get(FRESH_FOR)), Number(stored.headers.get(STALE_FOR)));
    if (freshness === "fresh") return { response: forClient(stored), outcome: "HIT" };
    if (freshness === "stale") {
      waitUntil(fetchUpstream().then((fresh) => store(cache, key, fresh)));
      return { response: forClient(stored), outcome: "STALE" };
    }
  }
  const upstream = await fetchUpstream();
  const lifetime = storableFor(upstream.status, upstream.headers.get("cache-control"), upstream.headers.has("set-cookie"));
  if (!lifetime) return { response: upstream, outcome: "BYPASS" };
  waitUntil(store(cache, key, upstream.clone()));
  return { response: upstream, outcome: "MISS" };
}

async function store(cache: Cache, key: Request, response: Response): Promise<void> {
  const lifetime = storableFor(response.status, response.headers.get("cache-control"), response.headers.has("set-cookie"));
  if (!lifetime) return;
  const copy = new Response(response.body, response);
  copy.headers.set(STORED_AT, String(Date.now()));
  copy.headers.set(FRESH_FOR, String(lifetime.freshSeconds));
  copy.headers.set(STALE_FOR, String(lifetime.staleSeconds));
  // The cache keeps it for the fresh and the stale window; the client still gets the page's own header.
  copy.headers.set("x-edge-cache-control", response.headers.get("cache-control") ?? "");
  copy.headers.set("cache-control", `public, max-age=${lifetime.freshSeconds + lifetime.staleSeconds}`);
  await cache.put(key, copy);
}

function forClient(stored: Response): Response {
  const response = new Response(stored.body, stored);
  response.headers.set("cache-control", stored.headers.get("x-edge-cache-control") ?? "public");
  for (const name of [STORED_AT, FRESH_FOR, STALE_FOR, "x-edge-cache-control"]) response.headers.delete(name);
  return response;
}

/** A cached page was rendered with another response's nonce: give its scripts this response's nonce. */
export function withFreshNonce(response: Response, nonce: string): Response {
  if (!response.headers.get("content-type")?.includes("text/html")) return response;
  return new HTMLRewriter()
    .on("script[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

let knownBuild: { version: string; checkedAt: number } | null = null;

/** The app's current build, asked at most once a minute per isolate; "unknown" when the app cannot say. */
export async function appBuildVersion(app: Fetcher, origin: string): Promise<string> {
  if (knownBuild && Date.now() - knownBuild.checkedAt < BUILD_VERSION_TTL_MS) return knownBuild.version;
  try {
    const response = await app.fetch(new URL(BUILD_VERSION_PATH, origin).toString());
    const version = response.ok ? ((await response.json()) as { version?: string }).version : undefined;
    knownBuild = { version: version ?? "unknown", checkedAt: Date.now() };
  } catch {
    knownBuild = { version: "unknown", checkedAt: Date.now() };
  }
  return knownBuild.version;
}
