import type { Context } from "hono";
import { Hono } from "hono";
import * as native from "~/audio-native/audio-native.server";
import { embedScript } from "~/audio-native/rules/embed-script";
import { EMBED_AUDIO_CACHE_CONTROL, EMBED_SCRIPT_CACHE_CONTROL, embedAllowed, embedAudioPath, playerMarkup, SITE_NOT_ALLOWED } from "~/audio-native/rules/audio-native";
import { serveStoredObject } from "../../core/http/range";

/**
 * The public side of Audio Native, without a session: the script, each player's config, its audio and the
 * listening counts. A player answers only the sites its workspace lists (by Origin, else Referer), with CORS
 * headers for exactly that origin.
 */
export const audioNativeEmbed = new Hono<{ Bindings: Env }>();

const MAX_EVENT_BYTES = 200;

audioNativeEmbed.get("/audio-native/embed.js", (c) =>
  c.body(embedScript(new URL(c.req.url).origin), 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": EMBED_SCRIPT_CACHE_CONTROL }),
);

function corsHeaders(origin: string | null): Record<string, string> {
  return origin ? { "access-control-allow-origin": origin, vary: "Origin" } : { vary: "Origin" };
}

/** The player and whether this request's page may show it; an answer when it may not. */
async function guarded(c: Context<{ Bindings: Env }>): Promise<{ embed: native.EmbedPlayer; origin: string | null } | Response> {
  const embed = await native.findEmbedPlayer(c.env, c.req.param("project_id")!);
  const check = embedAllowed({ origin: c.req.header("origin") ?? null, referer: c.req.header("referer") ?? null }, embed?.allowedSites ?? [], new URL(c.req.url).origin);
  const headers = { ...corsHeaders(check.origin), "cache-control": "no-store" };
  if (!embed) return c.json({ status: "not_found", message: "This player does not exist or is turned off." }, 404, headers);
  if (!check.allowed) return c.json({ status: "site_not_allowed", message: SITE_NOT_ALLOWED }, 403, headers);
  return { embed, origin: check.origin };
}

audioNativeEmbed.options("/audio-native/:project_id/*", (c) => {
  return c.body(null, 204, { ...corsHeaders(c.req.header("origin") ?? null), "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "content-type", "access-control-max-age": "600" });
});

/** A page loaded the player: its markup and audio. Counted as a load. */
audioNativeEmbed.get("/audio-native/:project_id/config", async (c) => {
  const found = await guarded(c);
  if (found instanceof Response) return found;
  const { project, player } = found.embed;
  const snapshot = await native.embedSnapshot(c.env, found.embed);
  const status = snapshot ? "ready" : "processing";
  const durationSeconds = snapshot ? snapshot.durationMs / 1000 : null;
  // The owner's own preview (the platform's origin) is not a listener: it is not counted.
  if (found.origin !== new URL(c.req.url).origin) c.executionCtx.waitUntil(native.recordListenEvent(c.env, project.id, { type: "load" }));
  return c.json(
    {
      project_id: project.id,
      status,
      title: player.title || project.name,
      snapshot_id: snapshot?.id ?? null,
      audio_url: snapshot ? embedAudioPath(project.id, snapshot.id) : null,
      duration_seconds: durationSeconds,
      sessionization: player.sessionization,
      html: playerMarkup({ ...player, title: player.title || project.name, durationSeconds, status }),
    },
    200,
    { ...corsHeaders(found.origin), "cache-control": "no-store" },
  );
});

audioNativeEmbed.get("/audio-native/:project_id/audio/:file", async (c) => {
  const found = await guarded(c);
  if (found instanceof Response) return found;
  const snapshot = await native.embedSnapshot(c.env, found.embed);
  // Only the audio the player plays now: an older snapshot's URL stops working once it is replaced.
  if (!snapshot || c.req.param("file") !== `${snapshot.id}.mp3`) return c.json({ status: "not_found", message: "This audio is not the player's." }, 404, corsHeaders(found.origin));
  const response = await serveStoredObject(c.env.MEDIA, snapshot.audioKey, { range: c.req.header("range"), size: snapshot.audioBytes, conditional: c.req.raw.headers, headers: { "content-type": "audio/mpeg", "cache-control": EMBED_AUDIO_CACHE_CONTROL, ...corsHeaders(found.origin) } });
  return response ?? c.json({ status: "not_found", message: "The audio is missing." }, 404, corsHeaders(found.origin));
});

/** A play or a listening report from an allowed page (text/plain JSON, so no preflight). */
audioNativeEmbed.post("/audio-native/:project_id/events", async (c) => {
  const found = await guarded(c);
  if (found instanceof Response) return found;
  const text = await c.req.text();
  let event: unknown;
  try {
    event = text.length <= MAX_EVENT_BYTES ? JSON.parse(text) : null;
  } catch {
    event = null;
  }
  const e = event as { type?: unknown; seconds?: unknown } | null;
  const parsed: native.ListenEvent | null = e?.type === "play" ? { type: "play" } : e?.type === "listen" && typeof e.seconds === "number" ? { type: "listen", seconds: e.seconds } : null;
  if (!parsed) return c.json({ status: "invalid_event", message: 'Send {"type":"play"} or {"type":"listen","seconds":n}.' }, 400, corsHeaders(found.origin));
  if (found.origin !== new URL(c.req.url).origin) await native.recordListenEvent(c.env, found.embed.project.id, parsed);
  return c.body(null, 204, corsHeaders(found.origin));
});
