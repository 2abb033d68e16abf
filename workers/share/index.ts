import { Hono } from "hono";
import { serveStoredObject } from "../../core/http/range";
import { database } from "../../db/client";
import { findPublicShare } from "../../db/repositories/shares";
import { PRODUCT_NAME } from "../../core/brand";
import { EDGE_HEADERS } from "../../core/edge/edge-context";
import { SHARE_PREFILLED_TEXT } from "../../core/sharing/sharing";
import { mp3Levels } from "../../core/audio/audio-levels";
import { waveformPeaks } from "../../core/audio/waveform";
import { escapeHtml, notFoundPage, sharePage } from "./page";

type ShareEnv = { DB: D1Database; MEDIA: R2Bucket };

/**
 * Public pages of shared items, for signed-out recipients. They reveal only what was shared: the text, the
 * voice name, the sharer's public name and the audio; an unknown or revoked token is a 404.
 */
const share = new Hono<{ Bindings: ShareEnv }>();

const TOKEN = ":token{[0-9a-f]{32}}";

/** Larger audio is not read for its outline: the page then shows flat bars (the player still seeks). */
const WAVEFORM_MAX_BYTES = 8_000_000;

/** The loudness outline of an MP3 from its frames' side information (no decoding); flat for other formats. */
async function sharedPeaks(media: R2Bucket, item: { audioKey: string; audioBytes: number | null; contentType: string }): Promise<number[]> {
  if (item.contentType !== "audio/mpeg" || (item.audioBytes ?? 0) > WAVEFORM_MAX_BYTES) return [];
  try {
    const object = await media.get(item.audioKey);
    if (!object) return [];
    const levels = mp3Levels(new Uint8Array(await object.arrayBuffer()));
    return levels.levels.length ? waveformPeaks(Float32Array.from(levels.levels)) : [];
  } catch {
    return [];
  }
}

function notFound(nonce: string): Response {
  return new Response(notFoundPage(nonce), {
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
  const peaks = await sharedPeaks(c.env.MEDIA, item);
  const html = sharePage({ text: item.text, voiceName: item.voiceName, publicUserName: item.publicUserName, durationMs: item.durationMs, peaks, audioPath: `${url.pathname}/audio` }, { title, head, nonce });
  return new Response(html, {
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
