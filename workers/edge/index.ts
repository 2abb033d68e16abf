import { Hono } from "hono";
import { productFlavourForHost } from "../../core/brand";
import { EDGE_HEADER_PREFIX, EDGE_HEADERS } from "../../core/edge/edge-context";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { isPrivacyOptOutDefault, requiresBiometricTerms } from "../../core/edge/regions";
import { securityHeaders } from "../../core/edge/security-headers";
import { toBase64 } from "../../core/base64";
import { upstreamFor } from "../../core/edge/edge-routes";
import { requestMayUseCache } from "../../core/edge/edge-cache";
import { appBuildVersion, cachedFetch, withFreshNonce } from "./cache";
import type { EdgeEnv } from "./env";

/**
 * The front door: the only worker with a public route. It decides what depends on where and how a
 * request arrives, tells the inner workers in headers it alone may set, and secures every response.
 */
const edge = new Hono<{ Bindings: EdgeEnv }>();

/** Pages that take a `redirect` parameter to follow after signing in. */
const REDIRECTING_PAGES = new Set(["/app/sign-in", "/app/sign-up"]);

// 1. An unsafe `redirect` on the sign-in pages is dropped before any page sees it.
edge.use("*", async (c, next) => {
  const url = new URL(c.req.url);
  const raw = url.searchParams.get("redirect");
  if (c.req.method === "GET" && REDIRECTING_PAGES.has(url.pathname) && raw !== null) {
    const target = safeRedirectTarget(raw, url.origin, "");
    if (target === "") {
      url.searchParams.delete("redirect");
      return withSecurityHeaders(Response.redirect(url.toString(), 302), url, crypto.randomUUID());
    }
  }
  return next();
});

// 2. Forward everything to the app with the edge's findings.
edge.all("*", async (c) => {
  const url = new URL(c.req.url);
  const nonce = randomNonce();
  const headers = new Headers(c.req.raw.headers);
  // Nothing a client sends under our prefix survives: only the edge speaks it.
  for (const name of [...headers.keys()]) {
    if (name.toLowerCase().startsWith(EDGE_HEADER_PREFIX)) headers.delete(name);
  }
  const cf = (c.req.raw as Request & { cf?: IncomingRequestCfProperties }).cf;
  const geo = devGeoOverride(c.env, c.req.raw.headers) ?? { country: cf?.country ?? null, regionCode: cf?.regionCode ?? null };
  headers.set(EDGE_HEADERS.requestId, crypto.randomUUID());
  headers.set(EDGE_HEADERS.nonce, nonce);
  headers.set(EDGE_HEADERS.clientIp, clientIp(c.env, c.req.raw.headers));
  if (geo.country) headers.set(EDGE_HEADERS.country, geo.country);
  if (geo.regionCode) headers.set(EDGE_HEADERS.region, geo.regionCode);
  if (cf?.city) headers.set(EDGE_HEADERS.city, cf.city);
  headers.set(EDGE_HEADERS.privacyOptOut, flag(isPrivacyOptOutDefault(geo, headers.get("sec-gpc"))));
  headers.set(EDGE_HEADERS.biometricTerms, flag(requiresBiometricTerms(geo)));
  headers.set(EDGE_HEADERS.flavour, productFlavourForHost(url.hostname));

  // Share links and billing webhooks go to their own workers; everything else to the app. The Stripe
  // stand-in's pages exist only where it is bound (development), and are a tool, not part of the site.
  const upstreamName = upstreamFor(url.pathname, c.env.STRIPE_LOCAL !== undefined);
  const target = upstreamName === "stripe-local" ? c.env.STRIPE_LOCAL! : upstreamName === "share" ? c.env.SHARE : upstreamName === "billing" ? c.env.BILLING : c.env.APP;
  const fetchUpstream = () => target.fetch(new Request(c.req.raw, { headers, redirect: "manual" }));
  // A WebSocket's 101 passes through untouched: no cache may hold it and it carries no page to secure.
  if (c.req.header("upgrade")?.toLowerCase() === "websocket") return fetchUpstream();
  // The stand-in's pages are plain HTML forms without scripts: the same headers hold for them.
  if (upstreamName === "stripe-local") return withSecurityHeaders(await fetchUpstream(), url, nonce);
  // Public pages of the app are kept near the visitor; share pages are not, so a revoked link is gone at once.
  if (upstreamName === "app" && requestMayUseCache(c.req.method, c.req.raw.headers)) {
    const version = await appBuildVersion(c.env.APP, url.origin);
    const { response, outcome } = await cachedFetch(c.req.raw, version, fetchUpstream, (work) => c.executionCtx.waitUntil(work), (caches as unknown as { default: Cache }).default);
    const served = outcome === "HIT" || outcome === "STALE" ? withFreshNonce(response, nonce) : response;
    const secured = withSecurityHeaders(served, url, nonce);
    secured.headers.set("x-edge-cache", outcome);
    return secured;
  }
  return withSecurityHeaders(await fetchUpstream(), url, nonce);
});

function withSecurityHeaders(response: Response, url: URL, nonce: string): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(nonce, url.protocol === "https:"))) {
    secured.headers.set(name, value);
  }
  return secured;
}

/**
 * Offline, request.cf is a fixed placeholder. In development only, `x-dev-geo: US-IL` stands in for it so
 * regional journeys can be tried and tested in a browser; production ignores the header.
 */
function devGeoOverride(env: EdgeEnv, headers: Headers): { country: string; regionCode: string | null } | null {
  if (env.ENVIRONMENT !== "development") return null;
  const value = headers.get("x-dev-geo")?.trim();
  const match = value?.match(/^([A-Za-z]{2})(?:-([A-Za-z0-9]{1,3}))?$/);
  return match ? { country: match[1]!.toUpperCase(), regionCode: match[2]?.toUpperCase() ?? null } : null;
}

/**
 * The caller's address for per-address limits. Cloudflare sets cf-connecting-ip itself (overwriting what a
 * client sent); locally nothing does, so a client-sent value is ignored and every local caller is "local".
 */
function clientIp(env: EdgeEnv, headers: Headers): string {
  if (env.ENVIRONMENT === "development") return "local";
  return headers.get("cf-connecting-ip") ?? "local";
}

function flag(value: boolean): "1" | "0" {
  return value ? "1" : "0";
}

function randomNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

export default edge;
