import { zipSync } from "fflate";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { formatSpec, type OutputFormat } from "../../core/audio/output-formats";
import { FEEDBACK_ALREADY_REVIEWED, feedbackTextError } from "~/player/rules/player";
import { decodeToSamples } from "../../core/audio/decodable";
import { wavFile } from "../../core/audio/wav";
import { deleteHistoryEntry, giveFeedback, historyItem, historyPage, memberHistoryItem, rangedObjectResponse, type HistoryRow } from "~/history/history.server";
import { revokeShareLink, shareLinkOfItem } from "~/sharing/sharing.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { historyFileName, historyItemJson } from "./history-json";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

export const historyApi = new Hono<AuthedEnv>();
historyApi.use("*", requireCaller);
const doc = apiDocs("History");

historyApi.get(
  "/",
  doc("List generated items, newest first", { success: { description: "JSON: history, has_more, last_history_item_id" } }),
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(1000).default(100),
      start_after_history_item_id: z.string().max(100).optional(),
      voice_id: z.string().max(100).optional(),
      search: z.string().max(200).optional(),
      source: z.enum(["TTS", "API", "Dialogue", "OpenAI", "STS"]).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const { items, hasMore } = await historyPage(database(c.env.DB), c.get("caller"), {
      pageSize: q.page_size,
      startAfter: q.start_after_history_item_id,
      voiceId: q.voice_id,
      search: q.search,
      source: q.source,
    });
    return c.json({ history: items.map(historyItemJson), has_more: hasMore, last_history_item_id: items.at(-1)?.id ?? null });
  },
);

const idParam = z.object({ history_item_id: z.string().min(1).max(100) });

historyApi.get("/:history_item_id", doc("Get an item", { success: { description: "JSON item" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const row = await historyItem(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id);
  if (!row) return apiError(c, 404, "not_found", "History item not found");
  return c.json(historyItemJson(row));
});

const AUDIO_TYPES = ["audio/mpeg", "audio/ogg", "audio/pcm", "audio/basic", "audio/x-alaw-basic"];

/** An item's audio from R2, with HTTP Range support for seeking players. */
async function itemAudio(c: Context<AuthedEnv>, row: HistoryRow | undefined) {
  if (!row) return apiError(c, 404, "not_found", "History item not found");
  const response = await rangedObjectResponse(c.env.MEDIA, row.audioKey, row.audioBytes, c.req.header("range"), {
    "content-type": row.contentType,
    "cache-control": "private, max-age=3600",
    "content-disposition": `inline; filename="${historyFileName(row)}"`,
  });
  return response ?? apiError(c, 404, "not_found", "Audio not found");
}

historyApi.get("/:history_item_id/audio", doc("An item's audio (HTTP Range supported)", { success: { contentTypes: AUDIO_TYPES, description: "The stored audio; 206 for a Range" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) =>
  itemAudio(c, await historyItem(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id)),
);

/** /v1/admin/history: the admin-only path to another member's history audio (spec §6: an admin URL prefix). */
export const adminHistoryApi = new Hono<AuthedEnv>();
adminHistoryApi.use("*", requireCaller);

adminHistoryApi.get(
  "/:history_item_id/audio",
  doc("Any member's history item's audio (workspace admins)", { success: { contentTypes: AUDIO_TYPES, description: "The stored audio; 206 for a Range" }, responses: { 403: "forbidden (admins only)", 404: "not_found" } }),
  valid("param", idParam),
  async (c) => {
    const found = await memberHistoryItem(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id);
    if (!found.ok) return apiError(c, found.httpStatus, found.status, found.message);
    return itemAudio(c, found.item);
  },
);

/** `output_format` of a download, as the commercial API names it: "wav" transcodes, "default" keeps the stored format. */
const DOWNLOAD_FORMATS = ["wav", "default"] as const;

/** One item's file for a download: stored audio as it is, or transcoded to WAV. */
async function downloadFile(env: Env, row: HistoryRow, wav: boolean): Promise<{ name: string; bytes: Uint8Array; contentType: string } | null> {
  const object = await env.MEDIA.get(row.audioKey);
  if (!object) return null;
  const stored = new Uint8Array(await object.arrayBuffer());
  if (!wav) return { name: historyFileName(row), bytes: stored, contentType: row.contentType };
  const { samples, sampleRate } = await decodeToSamples(stored, formatSpec(row.outputFormat as OutputFormat));
  return { name: historyFileName(row).replace(/\.[a-z0-9]+$/, "") + ".wav", bytes: wavFile(samples, sampleRate), contentType: "audio/wav" };
}

historyApi.post(
  "/download",
  doc("Download one item as audio or several as a zip", {
    description: 'output_format "wav" transcodes to WAV; "default" (or none) keeps the stored format.',
    success: { contentTypes: ["audio/mpeg", "audio/wav", "application/zip"], description: "One item: its audio; several: a zip" },
    responses: { 404: "not_found" },
  }),
  valid("json", z.object({ history_item_ids: z.array(z.string().min(1).max(100)).min(1).max(100), output_format: z.enum(DOWNLOAD_FORMATS).nullish() })),
  async (c) => {
    const db = database(c.env.DB);
    const body = c.req.valid("json");
    const ids = [...new Set(body.history_item_ids)];
    const wav = body.output_format === "wav";
    const rows: HistoryRow[] = [];
    for (const id of ids) {
      const row = await historyItem(db, c.get("caller"), id);
      if (!row) return apiError(c, 404, "not_found", `History item ${id} not found`);
      rows.push(row);
    }
    if (rows.length === 1) {
      if (!wav) {
        // Stored audio streams straight from R2.
        const object = await c.env.MEDIA.get(rows[0]!.audioKey);
        if (!object) return apiError(c, 404, "not_found", "Audio not found");
        return new Response(object.body, {
          headers: { "content-type": rows[0]!.contentType, "content-disposition": `attachment; filename="${historyFileName(rows[0]!)}"` },
        });
      }
      const file = await downloadFile(c.env, rows[0]!, true);
      if (!file) return apiError(c, 404, "not_found", "Audio not found");
      return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.name}"` } });
    }
    const files: Record<string, Uint8Array> = {};
    for (const row of rows) {
      const file = await downloadFile(c.env, row, wav);
      if (!file) return apiError(c, 404, "not_found", `Audio of ${row.id} not found`);
      let name = file.name;
      for (let n = 2; files[name]; n++) name = name.replace(/(\.[a-z0-9]+)?$/, `_${n}$1`);
      files[name] = file.bytes;
    }
    // Audio is already compressed (and WAV gains little): store, do not deflate.
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: 0 }]])));
    return new Response(zip, { headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="history.zip"' } });
  },
);

/** Feedback on an item (spec §3 payload); once reviewed it can no longer change. */
historyApi.post(
  "/:history_item_id/feedback",
  doc("Rate an item", { success: { description: "JSON: status, feedback" }, responses: { 404: "not_found", 409: "feedback_already_reviewed" } }),
  valid("param", idParam),
  valid(
    "json",
    z.object({
      thumbs_up: z.boolean(),
      feedback: z
        .string()
        .max(1000)
        .default("")
        .superRefine((text, ctx) => {
          const error = feedbackTextError(text);
          if (error) ctx.addIssue({ code: "custom", message: error });
        }),
      emotions: z.boolean().default(false),
      inaccurate_clone: z.boolean().default(false),
      glitches: z.boolean().default(false),
      audio_quality: z.boolean().default(false),
      other: z.boolean().default(false),
    }),
  ),
  async (c) => {
    const result = await giveFeedback(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id, c.req.valid("json"));
    if (!result.ok) {
      return result.reason === "not_found"
        ? apiError(c, 404, "not_found", "History item not found")
        : apiError(c, 409, "feedback_already_reviewed", FEEDBACK_ALREADY_REVIEWED);
    }
    return c.json({ status: "ok", feedback: result.feedback });
  },
);

/** Creates the item's public link once (an unguessable token) and returns it with the sharer's public name. */
historyApi.get("/:history_item_id/share-link", doc("The item's public share link (created on first request)", { success: { description: "JSON: share_link, public_user_name" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const link = await shareLinkOfItem(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id);
  if (!link) return apiError(c, 404, "not_found", "History item not found");
  return c.json({ share_link: link.sharePath, public_user_name: link.publicUserName });
});

historyApi.delete("/:history_item_id/share-link", doc("Revoke the item's share link", { success: { description: "JSON: status" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const revoked = await revokeShareLink(database(c.env.DB), c.get("caller"), c.req.valid("param").history_item_id);
  return revoked ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "No share link to revoke");
});

historyApi.delete("/:history_item_id", doc("Delete an item and its audio", { success: { description: "JSON: status" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const deleted = await deleteHistoryEntry(database(c.env.DB), c.env.MEDIA, c.get("caller"), c.req.valid("param").history_item_id);
  return deleted ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "History item not found");
});
