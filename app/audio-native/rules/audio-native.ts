// Audio Native's pure rules: player defaults and limits, colours, allowed sites, the embed snippet, the player's
// markup (the embed and the settings preview render the same), the article's blocks and their reuse on an
// update, and the listening counts.
import { parseHtml, parsePlainText, type ParsedChapter } from "~/studio/rules/documents";
import type { BlockSubType } from "../../../core/studio/studio-rules";
import { PRODUCT_NAME } from "../../../core/brand";

/** A player's look (the SDK's AudioNativeProjectSettingsResponseModel without the audio). */
export type PlayerLook = { title: string; author: string; image: string; small: boolean; textColor: string; backgroundColor: string; sessionization: number };

/** The player settings a workspace starts with (settings/player changes them). */
export const DEFAULT_PLAYER: PlayerLook = { title: "", author: "", image: "", small: false, textColor: "#1F2937", backgroundColor: "#FFFFFF", sessionization: 0 };

/** Sessionization: minutes a listener's position is kept in their own browser across reloads (0: not kept). */
export const SESSIONIZATION_MAX_MINUTES = 1440;
export const TITLE_MAX = 200;
export const IMAGE_URL_MAX = 2000;
export const ALLOWED_SITES_MAX = 50;

/** The embed's paths, served by the app worker without a session. */
export const EMBED_SCRIPT_PATH = "/audio-native/embed.js";
export const embedConfigPath = (projectId: string) => `/audio-native/${encodeURIComponent(projectId)}/config`;
export const embedEventsPath = (projectId: string) => `/audio-native/${encodeURIComponent(projectId)}/events`;
export const embedAudioPath = (projectId: string, snapshotId: string) => `/audio-native/${encodeURIComponent(projectId)}/audio/${encodeURIComponent(snapshotId)}.mp3`;
/** The element the snippet places and the script fills. */
export const WIDGET_ELEMENT_ID = "parlance-audionative-widget";

/** The script is the same for every player: kept at the edge for a day, revalidated in the background for a week. */
export const EMBED_SCRIPT_CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";
/** A snapshot's audio never changes (a new conversion is a new snapshot id); kept by the browser, not shared. */
export const EMBED_AUDIO_CACHE_CONTROL = "private, max-age=31536000, immutable";

export const SITE_NOT_ALLOWED = "This player is not allowed on this site. Its owner lists the allowed sites in Audio Native settings.";

/** #RGB or #RRGGBB, returned as #RRGGBB upper case; null when it is not a colour. */
export function normalizeColor(input: string): string | null {
  const value = input.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toUpperCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : null;
}

/**
 * A site as its origin: "example.com" reads as https://example.com; a path is dropped. Only http(s) origins;
 * null for anything else.
 */
export function normalizeSite(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (!url.hostname || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The allowed sites from a textarea (one a line, or commas): the valid origins, deduplicated, and the invalid lines. */
export function parseAllowedSites(text: string): { sites: string[]; invalid: string[] } {
  const sites: string[] = [];
  const invalid: string[] = [];
  for (const line of text.split(/[\n,]/).map((l) => l.trim()).filter(Boolean)) {
    const site = normalizeSite(line);
    if (!site) invalid.push(line);
    else if (!sites.includes(site)) sites.push(site);
  }
  return { sites, invalid };
}

/**
 * Whether a request for a player comes from an allowed page: its Origin (a browser's CORS request always sends
 * it), else its Referer's origin. The platform's own pages (the preview) are always allowed; a request with
 * neither header is not.
 */
export function embedAllowed(headers: { origin: string | null; referer: string | null }, allowedSites: readonly string[], ownOrigin: string): { allowed: boolean; origin: string | null } {
  let origin = headers.origin && headers.origin !== "null" ? headers.origin : null;
  if (!origin && headers.referer) origin = normalizeSite(headers.referer);
  if (!origin) return { allowed: false, origin: null };
  return { allowed: origin === ownOrigin || allowedSites.includes(origin), origin };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The snippet a site pastes: the element the script fills, and the script (html_snippet). */
export function htmlSnippet(origin: string, projectId: string, small: boolean): string {
  return `<div id="${WIDGET_ELEMENT_ID}" data-projectid="${escapeHtml(projectId)}" data-height="${small ? 64 : 96}" data-width="100%"></div>\n<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`;
}

/** m:ss */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The player's markup and style, placed in a shadow root by the embed script (and shown by the settings preview):
 * the script finds its parts by their data-part attribute.
 */
export function playerMarkup(look: PlayerLook & { durationSeconds: number | null; status: "ready" | "processing" }): string {
  const fg = normalizeColor(look.textColor) ?? DEFAULT_PLAYER.textColor;
  const bg = normalizeColor(look.backgroundColor) ?? DEFAULT_PLAYER.backgroundColor;
  const image = look.image && !look.small ? `<img data-part="image" src="${escapeHtml(look.image)}" alt="" width="56" height="56">` : "";
  const author = look.author && !look.small ? `<div data-part="author">${escapeHtml(look.author)}</div>` : "";
  const time = look.status === "ready" ? `0:00 / ${clock(look.durationSeconds ?? 0)}` : "Audio is being prepared";
  return `<style>
.an{box-sizing:border-box;display:flex;align-items:center;gap:12px;width:100%;padding:${look.small ? "8px 12px" : "14px 16px"};border-radius:12px;border:1px solid color-mix(in srgb,${fg} 18%,transparent);background:${bg};color:${fg};font:14px/1.3 system-ui,-apple-system,Segoe UI,sans-serif}
.an img{border-radius:8px;object-fit:cover;flex:none}
.an button{flex:none;width:${look.small ? 36 : 44}px;height:${look.small ? 36 : 44}px;border-radius:50%;border:0;background:${fg};color:${bg};font-size:16px;cursor:pointer;display:grid;place-items:center}
.an button:disabled{opacity:.45;cursor:default}
.an button:focus-visible{outline:2px solid ${fg};outline-offset:2px}
.an .body{flex:1;min-width:0;display:flex;flex-direction:column;gap:4px}
.an [data-part=title]{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.an [data-part=author],.an .foot{font-size:12px;opacity:.75}
.an .bar{height:4px;border-radius:2px;background:color-mix(in srgb,${fg} 20%,transparent);cursor:pointer}
.an [data-part=fill]{height:100%;width:0;border-radius:2px;background:${fg}}
.an .foot{display:flex;justify-content:space-between;gap:8px}
</style><div class="an" role="group" aria-label="Listen to this article">${image}<button type="button" data-part="play" aria-label="Play"${look.status === "ready" ? "" : " disabled"}>&#9654;</button><div class="body"><div data-part="title">${escapeHtml(look.title || "Listen to this article")}</div>${author}<div class="bar" data-part="bar"><div data-part="fill"></div></div><div class="foot"><span data-part="time">${time}</span><span>Voiced by ${PRODUCT_NAME}</span></div></div></div>`;
}

export type ArticleBlock = { subType: BlockSubType; text: string };

/**
 * The article as one list of blocks: the title at the top and the author after it (as the SDK describes), then
 * the document's blocks, its chapters joined (a player reads one article).
 */
export function articleBlocks(chapters: readonly ParsedChapter[], title: string, author: string): ArticleBlock[] {
  const body: ArticleBlock[] = [];
  for (const chapter of chapters) for (const block of chapter.blocks) if (block.text.trim()) body.push({ subType: block.subType, text: block.text });
  // An article that already starts with them (the page shows the whole article for editing) gets them once.
  const head: ArticleBlock[] = [];
  if (title.trim() && body[0]?.text.trim() !== title.trim()) head.push({ subType: "h1", text: title.trim() });
  const byline = `By ${author.trim()}`;
  if (author.trim() && !body.slice(0, 2).some((b) => b.text.trim() === byline)) head.push({ subType: "p", text: byline });
  return [...head, ...body];
}

/**
 * The new article's blocks, each given the id of an existing block with the same text when one is left (so its
 * audio is kept and only changed paragraphs are converted again; the kind, h1 or p, does not change the audio);
 * null for a new block.
 */
export function reuseBlocks(existing: readonly { id: string; subType: string; text: string }[], next: readonly ArticleBlock[]): { blockId: string | null; subType: BlockSubType; text: string }[] {
  const pool = new Map<string, string[]>();
  for (const block of existing) {
    pool.set(block.text, [...(pool.get(block.text) ?? []), block.id]);
  }
  return next.map((block) => {
    const ids = pool.get(block.text);
    return { blockId: ids?.shift() ?? null, subType: block.subType, text: block.text };
  });
}

/** The UTC day of a moment, as the statistics' key. */
export function statsDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/** The script reports listening at least every LISTEN_REPORT_SECONDS; a report counts at most this much. */
export const LISTEN_REPORT_SECONDS = 15;
export const LISTEN_REPORT_MAX_MS = 60_000;

/** A listening report's milliseconds as counted: whole, non-negative, at most LISTEN_REPORT_MAX_MS. */
export function countedListenMs(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(LISTEN_REPORT_MAX_MS, Math.round(seconds * 1000));
}

/** The days from `fromDay` to `toDay` (inclusive) with zeros where nothing was counted. */
export function dailySeries<T extends { day: string }>(rows: readonly T[], fromDay: string, toDay: string, empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: T[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? empty(day));
  }
  return out;
}

/** An article pasted on the page: HTML when it has tags, else plain text (paragraphs at blank lines). */
export function articleFromPaste(text: string, name: string): ParsedChapter[] {
  return /<(p|div|h[1-6]|li|blockquote|article|body|html)\b[^>]*>/i.test(text) ? parseHtml(text, name) : parsePlainText(text, name);
}

/** The article's length limit on the page (the API takes files up to the document limit). */
export const PASTED_ARTICLE_MAX = 100_000;
