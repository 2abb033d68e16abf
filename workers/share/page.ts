import { PRODUCT_NAME } from "../../core/brand";
import { KEYBOARD_SKIP_SECONDS, WAVEFORM_BARS, WAVEFORM_FLOOR } from "../../core/audio/waveform";
import {
  SHARE_NOT_FOUND_HEADING,
  SHARE_NOT_FOUND_TEXT,
  SHARE_PAGE_CTA_HEADING,
  SHARE_PAGE_CTA_TEXT,
  SHARE_PAGE_HEADING,
  SHARE_PAGE_SIGN_UP,
  SHARE_PAGE_TRY_IT,
  SHARE_PAGE_VOICE_LABEL,
  SHARED_BY,
  sharedBy,
} from "../../core/sharing/sharing";
import { THEME_STORAGE_KEY, THEME_TOKENS, tokenDeclarations } from "../../core/theme";

/**
 * The share worker's HTML: a small server-rendered page with the product's header, a player (play/pause and
 * the waveform as its seek surface, a few lines of script, no framework) and both colour themes. Kept apart
 * from index.ts so that file reads as the list of what the worker answers.
 */

export const SIGN_IN_PATH = "/app/sign-in";
export const SIGN_UP_PATH = "/app/sign-up";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** m:ss, as the app's player shows times. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// The dark theme follows the system unless the visitor chose a theme in the app (the class set below wins).
const STYLE = `:root{${tokenDeclarations(THEME_TOKENS.light)};--bar:#d4d4d8;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not(.light){${tokenDeclarations(THEME_TOKENS.dark)};--bar:#52525b;color-scheme:dark}}
:root.dark{${tokenDeclarations(THEME_TOKENS.dark)};--bar:#52525b;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--background);color:var(--foreground);font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;line-height:1.5}
a{color:inherit}
:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
.wrap{width:100%;max-width:72rem;margin:0 auto;padding:0 1rem}
.narrow{max-width:40rem}
.row{display:flex;align-items:center;justify-content:space-between;gap:.5rem}
.site{border-bottom:1px solid var(--border)}
.site .row{padding-top:.75rem;padding-bottom:.75rem}
.logo{display:flex;align-items:center;gap:.5rem;font-size:1.125rem;font-weight:700;letter-spacing:-.025em;text-decoration:none}
.mark{display:inline-block;width:1.5rem;height:1.5rem;border-radius:.375rem;background:linear-gradient(to bottom right,#8b5cf6,#38bdf8)}
.btn{display:inline-flex;align-items:center;justify-content:center;height:2.25rem;padding:0 1rem;border-radius:999px;font-size:.875rem;font-weight:500;text-decoration:none;white-space:nowrap}
.btn.lg{height:2.75rem;padding:0 1.5rem;font-size:1rem}
.primary{background:var(--primary);color:var(--primary-foreground)}
.primary:hover{opacity:.9}
.ghost:hover,.secondary:hover{background:var(--muted)}
.secondary{border:1px solid var(--input);background:var(--background)}
main.wrap{flex:1;padding-top:2.5rem;padding-bottom:3rem}
.byline{display:flex;align-items:center;gap:.625rem;margin:0 0 .75rem;font-size:.875rem;color:var(--muted-foreground)}
.byline strong{color:var(--foreground);font-weight:600}
.avatar{display:inline-flex;align-items:center;justify-content:center;width:2rem;height:2rem;border-radius:999px;background:var(--accent-soft);color:var(--accent-foreground);font-weight:600;font-size:.875rem}
h1{margin:0 0 1.5rem;font-size:1.875rem;line-height:1.2;font-weight:700;letter-spacing:-.025em}
h2{margin:0;font-size:1.125rem;font-weight:600}
.card{border:1px solid var(--border);border-radius:1rem;background:var(--card)}
.listen{padding:1rem 1.25rem 1.25rem}
.player{display:flex;align-items:center;gap:.75rem}
.play{flex:none;display:inline-flex;align-items:center;justify-content:center;width:3rem;height:3rem;border:0;border-radius:999px;background:var(--primary);color:var(--primary-foreground);cursor:pointer}
.play:hover{opacity:.9}
.play svg{width:1.25rem;height:1.25rem}
.play .pause,[data-state=playing] .play .start{display:none}
[data-state=playing] .play .pause{display:block}
.seek{position:relative;flex:1;min-width:0;height:3rem;cursor:pointer;touch-action:none;border-radius:.375rem}
.seek svg{display:block;width:100%;height:100%}
.seek rect{fill:var(--bar)}
.seek rect.played{fill:var(--accent)}
.time{flex:none;font-size:.75rem;font-variant-numeric:tabular-nums;color:var(--muted-foreground)}
audio{display:none;width:100%}
html:not(.js) audio{display:block}
html:not(.js) .player{display:none}
.voice{margin:1rem 0 .5rem;font-size:.75rem;font-weight:500;text-transform:uppercase;letter-spacing:.05em;color:var(--muted-foreground)}
blockquote{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font-size:1.0625rem;line-height:1.7}
.cta{margin-top:1.5rem;padding:1.25rem;background:var(--muted);border-color:transparent}
.cta p{margin:.25rem 0 1rem;font-size:.875rem;color:var(--muted-foreground)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem}
.muted{color:var(--muted-foreground)}
footer{border-top:1px solid var(--border);padding:1.5rem 0;font-size:.875rem;color:var(--muted-foreground)}
@media (min-width:640px){h1{font-size:2.25rem}.listen{padding:1.25rem 1.5rem 1.5rem}}
@media (max-width:479px){.logo .name{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}}`;

/** Before the body paints: the visitor's stored theme, and a class saying the player's script will run. */
const HEAD_SCRIPT = `(function(){var d=document.documentElement;d.classList.add("js");try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="dark"||t==="light")d.classList.add(t)}catch(e){}})()`;

const PLAY_ICON = `<svg class="start" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z"/></svg>`;
const PAUSE_ICON = `<svg class="pause" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><rect x="6" y="4.5" width="4" height="15" rx="1"/><rect x="14" y="4.5" width="4" height="15" rx="1"/></svg>`;

/**
 * The player's behaviour: play/pause, the played bars (the app's playedBars rule: whole bars up to the
 * position), click or drag to seek, arrow keys, Home and End. Plain script, so the page loads no framework.
 */
function playerScript(fallbackSeconds: number): string {
  return `(function(){var r=document.querySelector("[data-share-player]"),a=document.querySelector("[data-testid=shared-audio]");if(!r||!a)return;
var b=r.querySelector("button"),s=r.querySelector("[role=slider]"),bars=s.querySelectorAll("rect"),t=r.querySelector("[data-time]"),step=${KEYBOARD_SKIP_SECONDS},raf=0;
function d(){return isFinite(a.duration)&&a.duration>0?a.duration:${fallbackSeconds}}
function f(x){x=Math.max(0,Math.floor(x));return Math.floor(x/60)+":"+String(x%60).padStart(2,"0")}
function paint(){var n=d(),c=a.currentTime,k=n>0?Math.min(bars.length,Math.floor(c/n*bars.length)):0;for(var i=0;i<bars.length;i++)bars[i].classList.toggle("played",i<k);s.setAttribute("aria-valuemax",String(Math.round(n)));s.setAttribute("aria-valuenow",String(Math.round(c)));s.setAttribute("aria-valuetext",Math.floor(c)+" of "+Math.floor(n)+" seconds");t.textContent=f(c)+" / "+f(n)}
function tick(){paint();if(!a.paused)raf=requestAnimationFrame(tick)}
function state(){var p=!a.paused;b.setAttribute("aria-label",p?"Pause":"Play");r.setAttribute("data-state",p?"playing":"paused");cancelAnimationFrame(raf);tick()}
function to(x){var n=d();if(n>0)a.currentTime=Math.min(n,Math.max(0,x));paint()}
function at(e){var box=s.getBoundingClientRect();if(box.width>0)to((e.clientX-box.left)/box.width*d())}
b.addEventListener("click",function(){if(a.paused){var p=a.play();if(p)p.catch(function(){})}else a.pause()});
["play","pause","ended"].forEach(function(e){a.addEventListener(e,state)});
["timeupdate","seeked","loadedmetadata","durationchange"].forEach(function(e){a.addEventListener(e,paint)});
s.addEventListener("pointerdown",function(e){s.setPointerCapture(e.pointerId);at(e)});
s.addEventListener("pointermove",function(e){if(e.buttons===1)at(e)});
s.addEventListener("keydown",function(e){var k=e.key;if(k==="ArrowRight"||k==="ArrowUp")to(a.currentTime+step);else if(k==="ArrowLeft"||k==="ArrowDown")to(a.currentTime-step);else if(k==="Home")to(0);else if(k==="End")to(d());else return;e.preventDefault()});
paint()})()`;
}

function header(): string {
  return `<header class="site"><div class="wrap row"><a class="logo" href="/"><span class="mark" aria-hidden="true"></span><span class="name">${PRODUCT_NAME}</span></a><nav class="row" aria-label="Account"><a class="btn ghost" href="${SIGN_IN_PATH}">Sign in</a><a class="btn primary" href="${SIGN_UP_PATH}">Sign up</a></nav></div></header>`;
}

function footer(): string {
  return `<footer><div class="wrap narrow">© ${new Date().getUTCFullYear()} ${PRODUCT_NAME} · <a href="/">Home</a></div></footer>`;
}

function htmlDocument(title: string, nonce: string, head: string, body: string): string {
  const n = escapeHtml(nonce);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="${THEME_TOKENS.light.background}" media="(prefers-color-scheme: light)"><meta name="theme-color" content="${THEME_TOKENS.dark.background}" media="(prefers-color-scheme: dark)"><script nonce="${n}">${HEAD_SCRIPT}</script><style nonce="${n}">${STYLE}</style></head><body>${header()}${body}${footer()}</body></html>`;
}

/** The waveform's bars as an SVG (the same geometry as the app's player). */
export function waveformSvg(peaks: readonly number[]): string {
  const rects = peaks.map((peak, i) => {
    const height = Math.max(1, peak * 38);
    return `<rect x="${i * 3}" y="${((40 - height) / 2).toFixed(2)}" width="2" height="${height.toFixed(2)}" rx="1"/>`;
  });
  return `<svg viewBox="0 0 ${peaks.length * 3} 40" preserveAspectRatio="none" aria-hidden="true" data-testid="share-waveform" data-bars="${peaks.length}">${rects.join("")}</svg>`;
}

export type SharedItemView = {
  text: string;
  voiceName: string;
  publicUserName: string | null;
  durationMs: number | null;
  /** The audio's loudness in WAVEFORM_BARS bars; flat when it could not be read. */
  peaks: readonly number[];
  audioPath: string;
};

export function sharePage(item: SharedItemView, options: { title: string; head: string; nonce: string }): string {
  const seconds = Math.max(0, (item.durationMs ?? 0) / 1000);
  const initial = (item.publicUserName?.trim()[0] ?? PRODUCT_NAME[0]!).toUpperCase();
  const byline = item.publicUserName ? `${SHARED_BY} <strong>${escapeHtml(item.publicUserName)}</strong>` : escapeHtml(sharedBy(null));
  const body = `<main class="wrap narrow">
<p class="byline" data-testid="shared-by"><span class="avatar" aria-hidden="true">${escapeHtml(initial)}</span><span>${byline}</span></p>
<h1>${escapeHtml(SHARE_PAGE_HEADING)}</h1>
<section class="card listen" aria-label="${escapeHtml(SHARE_PAGE_HEADING)}">
<div class="player" data-share-player data-state="paused"><button type="button" class="play" aria-label="Play" data-testid="share-play">${PLAY_ICON}${PAUSE_ICON}</button><div class="seek" role="slider" tabindex="0" aria-label="Seek" aria-valuemin="0" aria-valuemax="${Math.round(seconds)}" aria-valuenow="0" aria-valuetext="0 of ${Math.floor(seconds)} seconds" data-testid="share-seek">${waveformSvg(item.peaks.length ? item.peaks : new Array<number>(WAVEFORM_BARS).fill(WAVEFORM_FLOOR))}</div><span class="time" data-time>${clock(0)} / ${clock(seconds)}</span></div>
<audio controls preload="metadata" src="${escapeHtml(item.audioPath)}" data-testid="shared-audio"></audio>
<p class="voice">${escapeHtml(SHARE_PAGE_VOICE_LABEL)} · <span data-testid="shared-voice">${escapeHtml(item.voiceName)}</span></p>
<blockquote data-testid="shared-text">${escapeHtml(item.text)}</blockquote>
</section>
<section class="card cta" aria-labelledby="cta-heading"><h2 id="cta-heading">${escapeHtml(SHARE_PAGE_CTA_HEADING)}</h2><p>${escapeHtml(SHARE_PAGE_CTA_TEXT)}</p><div class="actions"><a class="btn lg primary" href="${SIGN_UP_PATH}" data-testid="share-cta">${escapeHtml(SHARE_PAGE_SIGN_UP)}</a><a class="btn lg secondary" href="/">${escapeHtml(SHARE_PAGE_TRY_IT)}</a></div></section>
</main><script nonce="${escapeHtml(options.nonce)}">${playerScript(seconds)}</script>`;
  return htmlDocument(options.title, options.nonce, options.head, body);
}

export function notFoundPage(nonce: string): string {
  const body = `<main class="wrap narrow"><h1>${escapeHtml(SHARE_NOT_FOUND_HEADING)}</h1><p class="muted">${escapeHtml(SHARE_NOT_FOUND_TEXT)}</p><div class="actions"><a class="btn lg primary" href="/">Go to ${PRODUCT_NAME}</a></div></main>`;
  return htmlDocument(`Not found · ${PRODUCT_NAME}`, nonce, "", body);
}
