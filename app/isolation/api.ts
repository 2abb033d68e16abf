import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { answerRefusal, audioResponse, fileFormatField, formFile, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { storedAudioResponse } from "~/history/history.server";
import { deleteIsolationItem, findIsolationItem, isolateRecording, isolationHistory, type IsolationRow } from "~/isolation/isolation.server";
import { ISOLATION_PAGE_SIZE } from "~/isolation/rules/isolation";

const doc = apiDocs("Voice isolator");
const REFUSALS = {
  400: "invalid_file_type, empty_file, file_too_large, invalid_audio (damaged or truncated), unsupported_audio_codec, no_audio_track, audio_too_long (detail.max_duration_seconds); nothing is charged",
  401: "quota_exceeded",
  402: "payment_required",
  429: "too_many_concurrent_requests",
  500: "isolation_failed (nothing is charged)",
};

/** The multipart body: `audio` (a file), `file_format`; anything else is ignored as the commercial API does. */
async function isolate(c: Context<AuthedEnv>, stream: boolean) {
  const form = await readMultipart(c, "an audio file");
  if (form instanceof Response) return form;
  const audio = formFile(form, "audio", "an audio file");
  if ("issue" in audio) return validationError(c, [audio.issue]);
  const format = fileFormatField(form);
  if ("issue" in format) return validationError(c, [format.issue]);
  const { file } = audio;
  const upload = { audio: new Uint8Array(await file.arrayBuffer()), contentType: file.type, fileName: file.name, fileFormat: format.fileFormat, requestId: c.get("requestId") };
  const result = await isolateRecording(c.env, c.get("caller"), upload, (promise) => c.executionCtx.waitUntil(promise));
  if (!result.ok) return answerRefusal(c, result.refusal);
  const headers = {
    "content-type": result.row.contentType,
    "history-item-id": result.row.id,
    "character-cost": String(result.row.credits),
    "current-concurrent-requests": String(result.concurrency.active),
    "maximum-concurrent-requests": String(result.concurrency.limit),
  };
  return audioResponse(result.audio, headers, stream);
}

/** A history item in the commercial API's shape (GET /v1/audio-isolation/history). */
function itemJson(row: IsolationRow) {
  return {
    id: row.id,
    title: row.title,
    created_at_unix: row.createdAt,
    format: "mp3",
    duration_seconds: row.durationSeconds,
    download_url: `/v1/audio-isolation/history/${row.id}/audio`,
    supports_video: false,
    processing: false,
    video_processing_failed: false,
  };
}

const AUDIO = { success: { contentTypes: ["audio/mpeg"], description: "The isolated voice, MP3 44.1 kHz 128 kbps mono" }, responses: REFUSALS };

export const audioIsolationApi = new Hono<AuthedEnv>();
audioIsolationApi.use("*", requireCaller);
audioIsolationApi.post("/", doc("Isolate the voice of a recording", { description: "Multipart: audio (an accepted audio or video file), file_format (pcm_s16le_16 or other). Charged 1,000 credits per minute of audio.", ...AUDIO }), (c) => isolate(c, false));
audioIsolationApi.post("/stream", doc("Isolate the voice of a recording, streamed", AUDIO), (c) => isolate(c, true));

audioIsolationApi.get(
  "/history",
  doc("List isolations, newest first", { success: { description: "JSON: items, has_more" } }),
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(ISOLATION_PAGE_SIZE.max).default(ISOLATION_PAGE_SIZE.default),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      search: z.string().max(200).optional(),
    }),
  ),
  async (c) => {
    const query = c.req.valid("query");
    const { items, hasMore } = await isolationHistory(c.env, c.get("caller"), { page: query.page, pageSize: query.page_size, search: query.search || undefined });
    return c.json({ items: items.map(itemJson), has_more: hasMore });
  },
);

const idParam = z.object({ history_item_id: z.string().min(1).max(100) });

audioIsolationApi.get(
  "/history/:history_item_id/audio",
  doc("An isolation's audio (HTTP Range supported)", { success: { contentTypes: ["audio/mpeg"], description: "The isolated voice; 206 for a Range" }, responses: { 404: "not_found" } }),
  valid("param", idParam),
  async (c) => {
    const row = await findIsolationItem(c.env, c.get("caller"), c.req.valid("param").history_item_id);
    if (!row) return apiError(c, 404, "not_found", "Audio isolation item not found");
    const stored = { key: row.audioKey, bytes: row.audioBytes, contentType: row.contentType };
    const response = await storedAudioResponse(c.env.MEDIA, stored, c.req.header("range"), { name: `${row.title}_isolated.mp3`, disposition: "attachment" });
    return response ?? apiError(c, 404, "not_found", "Audio not found");
  },
);

audioIsolationApi.delete("/history/:history_item_id", doc("Delete an isolation and its audio", { success: { description: "JSON: status ok" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const deleted = await deleteIsolationItem(c.env, c.get("caller"), c.req.valid("param").history_item_id);
  if (!deleted) return apiError(c, 404, "not_found", "Audio isolation item not found");
  return c.json({ status: "ok" });
});
