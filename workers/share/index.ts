import { Hono } from "hono";
import { serveStoredObject } from "../../core/http/range";
import { database } from "../../db/client";
import { findPublicShare } from "../../db/repositories/shares";
import { PRODUCT_NAME } from "../../core/brand";
import { EDGE_HEADERS } from "../../core/edge/edge-context";
import { SHARE_PREFILLED_TEXT } from "../../core/sharing/sharing";

type ShareEnv = { DB: D1Database; MEDIA: R2Bucket };

/**
 * Public pages of shared items, for signed-out recipients. They reveal only what was shared: the text, the
 * voice name, the sharer's public name and the audio; an unknown or revoked token is a 404.
 */
const share = new Hono<{ Bindings: ShareEnv }>();

const TOKEN = ":token{[0-9a-f]{32}}";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

function page(title: string, body: string, nonce: string, head = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#18181b}main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.5rem}blockquote{white-space:pre-wrap;background:#fff;border:1px solid #e4e4e7;border-radius:1rem;padding:1rem 1.25rem;margin:1.5rem 0}audio{width:100%}a.cta{display:inline-block;margin-top:2rem;background:#18181b;color:#fff;border-radius:999px;padding:.6rem 1.2rem;text-decoration:none}.muted{color:#71717a;font-size:.875rem}</style></head><body><main>${body}</main></body></html>`;
}

function notFound(nonce: string): Response {
  return new Response(page(`Not found · ${PRODUCT_NAME}`, `<h1>This link does not exist</h1><p class="muted">It may have been removed by the person who shared it.</p><a class="cta" href="/">Go to ${PRODUCT_NAME}</a>`, nonce), {
    status: 404,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

share.get(`/share/${TOKEN}`, async (c) => {
  const nonce = c.req.header(EDGE_HEADERS.nonce) ?? "";
  const item = await findPublicShare(database(c.env.DB), c.req.param("token"));
  if (!item) return notFound(nonce);
  const url = new URL(c.req.url);
  const audioUrl = `${url.origin}${url.pathname}/audio`;
  const by = item.publicUserName ? ` by ${item.publicUserName}` : "";
  const title = `${item.voiceName}${by} · ${PRODUCT_NAME}`;
  const description = item.text.length > 160 ? `${item.text.slice(0, 157)}...` : item.text;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="music.song"><meta property="og:site_name" content="${PRODUCT_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(SHARE_PREFILLED_TEXT)}"><meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url.toString())}"><meta property="og:audio" content="${escapeHtml(audioUrl)}"><meta property="og:audio:type" content="${escapeHtml(item.contentType)}">`,
    `<meta name="twitter:card" content="player"><meta name="twitter:title" content="${escapeHtml(SHARE_PREFILLED_TEXT)}"><meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<meta name="twitter:player:stream" content="${escapeHtml(audioUrl)}"><meta name="twitter:player:stream:content_type" content="${escapeHtml(item.contentType)}">`,
    `<link rel="canonical" href="${escapeHtml(url.toString())}">`,
  ].join("");
  const body = `<p class="muted">${PRODUCT_NAME} · shared${escapeHtml(by)}</p><h1>${escapeHtml(item.voiceName)}</h1><blockquote data-testid="shared-text">${escapeHtml(item.text)}</blockquote><audio controls preload="metadata" src="${escapeHtml(url.pathname)}/audio" data-testid="shared-audio"></audio><a class="cta" href="/app/sign-up">Make your own with ${PRODUCT_NAME}</a>`;
  return new Response(page(title, body, nonce, head), {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60, s-maxage=300, stale-while-revalidate=600" },
  });
});

/** The shared audio from R2, with Range and ETag so players can seek and edge caches can revalidate. */
share.get(`/share/${TOKEN}/audio`, async (c) => {
  const item = await findPublicShare(database(c.env.DB), c.req.param("token"));
  if (!item) return c.text("Not found", 404, { "cache-control": "no-store" });
  const response = await serveStoredObject(c.env.MEDIA, item.audioKey, {
    range: c.req.header("range"),
    conditional: c.req.raw.headers,
    headers: { "content-type": item.contentType, "cache-control": "public, max-age=3600, s-maxage=86400" },
  });
  return response ?? c.text("Not found", 404);
});

share.all("*", (c) => notFound(c.req.header(EDGE_HEADERS.nonce) ?? ""));

export default share;
