import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { VIDEO_ONLY_FOR_TTS } from "../../core/sharing/sharing";
import { DEFAULT_VIDEO_THEME, qualifiesForVideo, VIDEO_THEMES, VIDEO_WAIT_DEFAULT_SECONDS, VIDEO_WAIT_MAX_SECONDS, videoUrl } from "../../core/sharing/video";
import { audioLevels } from "../../core/audio/audio-levels";
import { formatSpec, type OutputFormat } from "../../core/audio/output-formats";
import { barLevelsAt, FRAME_SIZE, renderVideoFrame } from "../../core/sharing/video-frame";
import { directAudio } from "../../core/audio/decodable";
import { encodePng } from "~/sharing/rules/png";
import { historyItem, rangedObjectResponse } from "~/history/history.server";
import { renderShareVideo, shareVideoJob, type VideoJobRow } from "~/sharing/sharing.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

const idParam = z.object({ history_item_id: z.string().min(1).max(100) });
const themeQuery = z.object({ theme: z.enum(VIDEO_THEMES).default(DEFAULT_VIDEO_THEME) });
const generateQuery = themeQuery.extend({ wait_seconds: z.coerce.number().int().min(0).max(VIDEO_WAIT_MAX_SECONDS).default(VIDEO_WAIT_DEFAULT_SECONDS) });

/** Share videos of history items (spec accounts §4.8): rendered by queues/video, served from R2. */
export const historyVideoApi = new Hono<AuthedEnv>();
historyVideoApi.use("*", requireCaller);
const doc = apiDocs("Sharing");

function jobJson(historyItemId: string, job: VideoJobRow) {
  return { status: job.status, progress: job.progress, video_url: job.status === "done" ? videoUrl(historyItemId, job.theme as (typeof VIDEO_THEMES)[number]) : null };
}

/**
 * Queues the render once per item and theme, then waits for it: 200 with video_url when it exists, 202 with
 * the progress when it takes longer (asking again never queues a second render), 500 when it failed.
 */
historyVideoApi.post("/:history_item_id/generate-video", doc("Render the item's share video", {
  description: "Queues the render once per item and theme and waits up to wait_seconds for it.",
  success: { description: "JSON: status, progress, video_url (done)" },
  responses: { 202: "Still rendering: status, progress", 400: "invalid_request (not a text-to-speech item)", 404: "not_found", 500: "video_generation_failed", 503: "service_unavailable (not queued)" },
}), valid("param", idParam), valid("query", generateQuery), async (c) => {
  const db = database(c.env.DB);
  const actor = c.get("caller");
  const { theme, wait_seconds: waitSeconds } = c.req.valid("query");
  const item = await historyItem(db, actor, c.req.valid("param").history_item_id);
  if (!item) return apiError(c, 404, "not_found", "History item not found");
  if (!qualifiesForVideo(item)) return apiError(c, 400, "invalid_request", VIDEO_ONLY_FOR_TTS);

  const job = await renderShareVideo(c.env, db, actor, item.id, theme, waitSeconds);
  if (!job) return apiError(c, 503, "service_unavailable", "The video could not be queued; try again.");
  if (job.status === "failed") return apiError(c, 500, "video_generation_failed", job.error ?? "The video could not be rendered.");
  return c.json(jobJson(item.id, job), job.status === "done" ? 200 : 202);
});

/**
 * The dialog's preview: the first frame the video would show (the bars at a third of the audio), as a PNG of
 * VIDEO_PREVIEW_SIZE pixels. Rendered on demand: it costs a few milliseconds and depends only on the item.
 */
historyVideoApi.post("/:history_item_id/generate-video-preview-image", doc("The share video's first frame", { success: { contentTypes: ["image/png"], description: "PNG image" }, responses: { 400: "invalid_request", 404: "not_found" } }), valid("param", idParam), valid("query", themeQuery), async (c) => {
  const item = await historyItem(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id);
  if (!item) return apiError(c, 404, "not_found", "History item not found");
  if (!qualifiesForVideo(item)) return apiError(c, 400, "invalid_request", VIDEO_ONLY_FOR_TTS);
  const audio = await c.env.MEDIA.get(item.audioKey);
  if (!audio) return apiError(c, 404, "not_found", "The item's audio is missing");
  const direct = await directAudio(new Uint8Array(await audio.arrayBuffer()), formatSpec(item.outputFormat as OutputFormat));
  const levels = audioLevels(direct.audio, direct.spec);
  const frame = renderVideoFrame({ theme: c.req.valid("query").theme, text: item.text, levels: barLevelsAt(levels.levels, levels.perSecond, levels.durationSeconds / 3), progress: 1 / 3 });
  return new Response(encodePng(frame, FRAME_SIZE, FRAME_SIZE) as Uint8Array<ArrayBuffer>, { headers: { "content-type": "image/png", "cache-control": "private, max-age=3600" } });
});

/** The rendered MP4, with Range for seeking; 404 until it exists. */
historyVideoApi.get("/:history_item_id/video", doc("The rendered share video (HTTP Range supported)", { success: { contentTypes: ["video/mp4"], description: "MP4 video" }, responses: { 404: "not_found (not rendered yet)" } }), valid("param", idParam), valid("query", themeQuery), async (c) => {
  const { history_item_id: historyItemId } = c.req.valid("param");
  const job = await shareVideoJob(database(c.env.DB), c.get("caller"), historyItemId, c.req.valid("query").theme);
  if (!job || job.status !== "done" || !job.videoKey || !job.videoBytes) return apiError(c, 404, "not_found", "Video not found");
  const response = await rangedObjectResponse(c.env.MEDIA, job.videoKey, job.videoBytes, c.req.header("range"), {
    "content-type": "video/mp4",
    "cache-control": "private, max-age=3600",
  });
  return response ?? apiError(c, 404, "not_found", "Video not found");
});
