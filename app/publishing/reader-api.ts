import { Hono } from "hono";
import * as publishing from "~/publishing/publishing.server";
import { parseMetricEvent } from "~/publishing/rules/publishing";
import { serveStoredObject } from "../../core/http/range";

/**
 * The public side of published reads, without a session (the listening page of the reader flavour calls it):
 * the cover, the audio, and the listening events. Only published reads answer; no cookie is read or set.
 */
export const readerApi = new Hono<{ Bindings: Env }>();

/** A read's audio never changes under its URL (a new conversion gives a new snapshot id): browsers may keep it. */
const AUDIO_CACHE_CONTROL = "public, max-age=86400";
const COVER_CACHE_CONTROL = "public, max-age=300";
const notFound = { status: "read_not_found", message: "This read is not published." };

readerApi.get("/reads/:read_id/cover", async (c) => {
  const found = await publishing.publishedRead(c.env, c.req.param("read_id"));
  if (!found?.read.coverImageKey) return c.json(notFound, 404);
  const response = await serveStoredObject(c.env.MEDIA, found.read.coverImageKey, { range: null, conditional: c.req.raw.headers, headers: { "content-type": found.read.coverImageType ?? "image/png", "cache-control": COVER_CACHE_CONTROL } });
  return response ?? c.json({ status: "not_found", message: "The cover is missing." }, 404);
});

readerApi.get("/reads/:read_id/audio/:file", async (c) => {
  const found = await publishing.publishedRead(c.env, c.req.param("read_id"));
  if (!found?.read.audioKey || c.req.param("file") !== `${found.read.snapshotId}.mp3`) return c.json(notFound, 404);
  const response = await serveStoredObject(c.env.MEDIA, found.read.audioKey, { range: c.req.header("range"), size: found.read.audioBytes ?? undefined, conditional: c.req.raw.headers, headers: { "content-type": "audio/mpeg", "cache-control": AUDIO_CACHE_CONTROL } });
  return response ?? c.json({ status: "not_found", message: "The audio is missing." }, 404);
});

/** A listening event from the page: {"type":"play"}, {"type":"listen","seconds":n} or {"type":"complete"} (text/plain, no preflight). */
readerApi.post("/reads/:read_id/events", async (c) => {
  const found = await publishing.publishedRead(c.env, c.req.param("read_id"));
  if (!found) return c.json(notFound, 404);
  const event = parseMetricEvent(await c.req.text());
  if (!event) return c.json({ status: "invalid_event", message: 'Send {"type":"play"}, {"type":"listen","seconds":n} or {"type":"complete"}.' }, 400);
  await publishing.recordMetric(c.env, found.read, event);
  return c.body(null, 204, { "cache-control": "no-store" });
});
