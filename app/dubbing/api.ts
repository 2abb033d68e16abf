import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { rangedObjectResponse } from "~/history/history.server";
import { srtSubtitles, webVttSubtitles } from "../../core/dubbing/segments";
import { createDub, deleteDub, dubOutputs, dubSegments, findDub, listDubs, type DubRow } from "~/dubbing/dubbing.server";
import { studioLanguages } from "~/dubbing/rules/studio";
import { fetchPublic, publicUrlProblem } from "../../core/http/public-fetch";
import { DUB_STATUSES, MAX_DUBBING_UPLOAD_BYTES, MAX_SPEAKERS, subtitleLines, urlFileName, TRANSCRIPT_FORMATS, type DubStatus } from "../../core/dubbing/dub-rules";

const doc = apiDocs("Dubbing");

/** A dub as GET /v1/dubbing/{id} returns it: the SDK's DubbingMetadataResponse and the spec's fields (§3). */
export function dubJson(row: DubRow) {
  const outputs = dubOutputs(row);
  return {
    dubbing_id: row.id,
    name: row.name,
    status: row.status,
    error: row.error,
    refunded: row.refunded,
    source_language: row.detectedSourceLang ?? (row.sourceLang === "auto" ? undefined : row.sourceLang),
    // Every target language the dub has (the first, then those the studio added), finished or not.
    target_languages: studioLanguages(dubSegments(row), row.targetLang),
    editable: true,
    created_at: new Date(row.createdAt * 1000).toISOString(),
    creation_date_unix: row.createdAt,
    expected_duration: row.expectedDuration,
    progress: row.progress,
    progress_message: row.progressMessage,
    media_metadata: { content_type: row.contentType, duration: Math.round(row.durationSeconds * 1000) / 1000 },
    input: { content_type: row.contentType, duration: row.durationSeconds, had_video: row.hadVideo },
    usage: { credits: row.credits },
    targets: Object.fromEntries(Object.entries(outputs).map(([language, output]) => [language, { audio: `/v1/dubbing/${row.id}/audio/${language}`, has_video: output.videoKey !== null }])),
  };
}

const REFUSALS = {
  400: "invalid_file_type, empty_file, file_too_large, invalid_source_url (not http(s), or a private, loopback or local host), source_url_unreachable, file_and_source_url, invalid_audio, unsupported_audio_codec, no_audio_track, invalid_language (an unknown code), same_language, invalid_range, audio_too_long (detail.max_duration_seconds); nothing is charged or stored",
  401: "quota_exceeded",
  402: "payment_required",
  403: "can_not_use_dubbing_studio (dubbing_studio on the free plan)",
  422: "unsupported_language (a known language no configured engine hears, translates or speaks), or a field out of range",
};

const SOURCE_URL_STATUS = { invalid_url: "invalid_source_url", unreachable: "source_url_unreachable", too_large: "file_too_large" } as const;

const bool = (value: FormDataEntryValue | null) => value === "true" || value === "1";

/** A multipart body as the dubbing calls send it, or the 422 for a body that is not one. */
export async function readForm(c: Context<AuthedEnv>): Promise<{ form: FormData } | { error: Response }> {
  try {
    return { form: await c.req.formData() };
  } catch {
    return { error: validationError(c, [{ loc: ["body"], msg: "Expected a multipart/form-data body with a file", type: "model_attributes_type" }]) };
  }
}

/**
 * The media of a dub's multipart body: `file`, or `source_url` fetched by the server from a public host with the
 * upload's cap (decision 0052). Its bytes then meet the upload's checks in createDub.
 */
export async function readMedia(c: Context<AuthedEnv>, form: FormData, checkFields: () => Response | null = () => null): Promise<{ media: { file: Uint8Array; contentType: string | null; fileName: string | null } } | { error: Response }> {
  const file = form.get("file");
  const sourceUrl = form.get("source_url");
  const url = typeof sourceUrl === "string" ? sourceUrl.trim() : "";
  const hasFile = file !== null && typeof file !== "string";
  if (hasFile && url) return { error: apiError(c, 400, "file_and_source_url", "Send either a file or a source_url, not both.") };
  if (!hasFile && !url) return { error: validationError(c, [{ loc: ["body", "file"], msg: "Field required: an audio or video file, or a source_url", type: "missing" }]) };
  const urlProblem = url ? publicUrlProblem(url, "source_url") : null;
  if (urlProblem) return { error: apiError(c, 400, "invalid_source_url", urlProblem) };
  // The other fields are checked before anything is read or fetched.
  const fieldsError = checkFields();
  if (fieldsError) return { error: fieldsError };
  if (hasFile) return { media: { file: new Uint8Array(await file.arrayBuffer()), contentType: file.type || null, fileName: file.name || null } };
  const fetched = await fetchPublic(url, { maxBytes: MAX_DUBBING_UPLOAD_BYTES, field: "source_url", accept: "audio/*, video/*" });
  if (!fetched.ok) return { error: apiError(c, 400, SOURCE_URL_STATUS[fetched.reason], fetched.message) };
  return { media: { file: fetched.bytes, contentType: fetched.contentType?.split(";")[0]!.trim() || null, fileName: urlFileName(fetched.url) } };
}

/** The multipart body of POST /v1/dubbing: file, source_lang, target_lang, num_speakers, start_time, end_time, ... */
async function readCreate(c: Context<AuthedEnv>) {
  const read = await readForm(c);
  if ("error" in read) return read;
  const form = read.form;
  if (form.get("csv_file")) return { error: apiError(c, 400, "csv_unsupported", "Manual (CSV) dubbing is not available: upload the media and let the pipeline transcribe it.") };
  const target = form.get("target_lang");
  const number = (name: string, min: number, max: number, integer = false) => {
    const raw = form.get(name);
    if (raw === null || raw === "") return { value: null };
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) return { issue: { loc: ["body", name], msg: `Input should be ${integer ? "an integer" : "a number"} from ${min} to ${max}`, type: "value_error" } };
    return { value };
  };
  const speakers = number("num_speakers", 0, MAX_SPEAKERS, true);
  const start = number("start_time", 0, 86_400);
  const end = number("end_time", 0, 86_400);
  const issues = [
    ...(typeof target !== "string" || !target.trim() ? [{ loc: ["body", "target_lang"], msg: "Field required: the language to dub into", type: "missing" }] : []),
    ...[speakers, start, end].flatMap((n) => ("issue" in n && n.issue ? [n.issue] : [])),
  ];
  const source = form.get("source_lang");
  const name = form.get("name");
  const media = await readMedia(c, form, () => (issues.length ? validationError(c, issues) : null));
  if ("error" in media) return media;
  return {
    request: {
      ...media.media,
      name: typeof name === "string" ? name.slice(0, 200) : null,
      sourceLang: typeof source === "string" && source.trim() ? source.trim() : "auto",
      targetLang: (target as string).trim(),
      numSpeakers: ("value" in speakers && speakers.value) || 0,
      startTime: "value" in start ? (start.value ?? null) : null,
      endTime: "value" in end ? (end.value ?? null) : null,
      dropBackgroundAudio: bool(form.get("drop_background_audio")),
      dubbingStudio: bool(form.get("dubbing_studio")),
    },
  };
}

export const dubbingApi = new Hono<AuthedEnv>();
dubbingApi.use("*", requireCaller);

dubbingApi.post(
  "/",
  doc("Dub a video or audio file", {
    description:
      "Multipart: file (audio or video) or source_url (fetched by the server from a public host, with the upload's size cap and checks), target_lang, source_lang (or auto), num_speakers (0: automatic), start_time, end_time, drop_background_audio, dubbing_studio, name. The dub runs in a queue: poll GET /v1/dubbing/{id}. Charged 3,000 credits per minute of media, given back if the dub fails.",
    success: { description: "JSON: dubbing_id, expected_duration_sec" },
    responses: REFUSALS,
  }),
  async (c) => {
    const read = await readCreate(c);
    if ("error" in read) return read.error;
    const result = await createDub(c.env, c.get("caller"), read.request);
    if (!result.ok) return apiError(c, result.refusal.httpStatus, result.refusal.status, result.refusal.message, result.refusal.detail);
    return c.json({ dubbing_id: result.row.id, expected_duration_sec: result.row.expectedDuration });
  },
);

const statusSchema = z.enum(DUB_STATUSES as unknown as [DubStatus, ...DubStatus[]]);

dubbingApi.get(
  "/",
  doc("List the workspace's dubs, newest first", { success: { description: "JSON: dubs, next_cursor, has_more" } }),
  valid(
    "query",
    z.object({
      cursor: z.string().max(200).optional(),
      page_size: z.coerce.number().int().min(1).max(200).default(100),
      dubbing_status: statusSchema.optional(),
      dubbing_statuses: z.union([statusSchema, z.array(statusSchema)]).optional(),
      target_language_codes: z.union([z.string(), z.array(z.string())]).optional(),
      filter_by_creator: z.enum(["personal", "others", "all"]).default("all"),
      order_by: z.literal("created_at").optional(),
      order_direction: z.enum(["DESCENDING"]).optional(),
    }),
  ),
  async (c) => {
    const query = c.req.valid("query");
    const caller = c.get("caller");
    const statuses = [...(query.dubbing_status ? [query.dubbing_status] : []), ...[query.dubbing_statuses ?? []].flat()];
    const { dubs, hasMore, nextCursor } = await listDubs(c.env, caller, { statuses: statuses.length ? statuses : null, cursor: query.cursor ?? null, pageSize: query.page_size });
    const targets = [query.target_language_codes ?? []].flat();
    const shown = dubs
      .filter((d) => (query.filter_by_creator === "personal" ? d.userId === caller.user.id : query.filter_by_creator === "others" ? d.userId !== caller.user.id : true))
      .filter((d) => targets.length === 0 || targets.includes(d.targetLang));
    return c.json({ dubs: shown.map(dubJson), next_cursor: nextCursor, has_more: hasMore });
  },
);

const idParam = z.object({ dubbing_id: z.string().min(1).max(100) });
const notFound = (c: Context) => apiError(c, 404, "dubbing_not_found", "Dubbing not found");

dubbingApi.get("/:dubbing_id", doc("A dub's metadata, status and progress", { success: { description: "JSON: dubbing_id, status, progress, ..." }, responses: { 404: "dubbing_not_found" } }), valid("param", idParam), async (c) => {
  const row = await findDub(c.env, c.get("caller"), c.req.valid("param").dubbing_id);
  return row ? c.json(dubJson(row)) : notFound(c);
});

dubbingApi.delete("/:dubbing_id", doc("Delete a dub and its media", { success: { description: "JSON: status ok" }, responses: { 404: "dubbing_not_found" } }), valid("param", idParam), async (c) => {
  const deleted = await deleteDub(c.env, c.get("caller"), c.req.valid("param").dubbing_id);
  return deleted ? c.json({ status: "ok" }) : notFound(c);
});

const languageParam = idParam.extend({ language_code: z.string().min(1).max(20) });

dubbingApi.get(
  "/:dubbing_id/audio/:language_code",
  doc("The dubbed file in one language: the video when the upload was MP4 or WebM video, else MP3 (HTTP Range supported); `original`: the upload", {
    success: { contentTypes: ["audio/mpeg", "video/mp4", "video/webm"], description: "The dub" },
    responses: { 404: "dubbing_not_found, language_not_found", 425: "dubbing_not_ready (still dubbing)" },
  }),
  valid("param", languageParam),
  async (c) => {
    const { dubbing_id: id, language_code: language } = c.req.valid("param");
    const row = await findDub(c.env, c.get("caller"), id);
    if (!row) return notFound(c);
    if (language === "original") {
      // The upload itself (the studio plays the original from a segment; the resource's input.url).
      const head = await c.env.MEDIA.head(row.sourceKey);
      const original = head ? await rangedObjectResponse(c.env.MEDIA, row.sourceKey, head.size, c.req.header("range"), { "content-type": row.contentType, "cache-control": "private, max-age=3600" }) : null;
      return original ?? notFound(c);
    }
    const output = dubOutputs(row)[language.toLowerCase()];
    if (!output) {
      if (row.status === "dubbing") return apiError(c, 425, "dubbing_not_ready", "The dub is still in progress.");
      return apiError(c, 404, "language_not_found", `The dub has no ${language} output.`);
    }
    const asVideo = output.videoKey !== null && c.req.query("format") !== "audio";
    const key = asVideo ? output.videoKey! : output.audioKey;
    const type = asVideo ? output.videoContentType! : output.contentType;
    const extension = asVideo ? type.split("/")[1] : "mp3";
    const response = await rangedObjectResponse(c.env.MEDIA, key, asVideo ? output.videoBytes : output.audioBytes, c.req.header("range"), {
      "content-type": type,
      // A studio render replaces the file at this address: revalidate.
      "cache-control": "private, no-cache",
      "content-disposition": `attachment; filename="${row.name.replace(/[^\w.-]+/g, "_")}_${language}.${extension}"`,
    });
    return response ?? notFound(c);
  },
);

async function transcript(c: Context<AuthedEnv>, id: string, language: string, format: string) {
  const row = await findDub(c.env, c.get("caller"), id);
  if (!row) return { error: notFound(c) };
  if (row.status !== "dubbed") return { error: apiError(c, 425, "dubbing_not_ready", row.status === "failed" ? "The dub failed: it has no transcript." : "The dub is still in progress.") };
  const source = row.detectedSourceLang ?? row.sourceLang;
  const lines = subtitleLines(dubSegments(row), language.toLowerCase(), source);
  if (!lines) return { error: apiError(c, 404, "language_not_found", `The dub has no ${language} transcript.`) };
  const code = language === "source" ? source : language.toLowerCase();
  if (format === "srt") return { text: srtSubtitles(lines), json: null, code };
  if (format === "webvtt") return { text: webVttSubtitles(lines), json: null, code };
  return { text: null, json: { language: code, utterances: lines.map((l) => ({ text: l.text, speaker_id: l.speakerId, start_s: l.startSeconds, end_s: l.endSeconds, words: [] })) }, code };
}

dubbingApi.get(
  "/:dubbing_id/transcript/:language_code",
  doc("A dub's subtitles in the source ('source' or its code) or a target language", { success: { contentTypes: ["text/plain", "application/json"], description: "SRT or WebVTT text, or JSON utterances" }, responses: { 404: "dubbing_not_found, language_not_found", 425: "dubbing_not_ready" } }),
  valid("param", languageParam),
  valid("query", z.object({ format_type: z.enum([...TRANSCRIPT_FORMATS, "json"]).default("srt") })),
  async (c) => {
    const { dubbing_id, language_code } = c.req.valid("param");
    const format = c.req.valid("query").format_type;
    const result = await transcript(c, dubbing_id, language_code, format);
    if ("error" in result) return result.error;
    if (result.json) return c.json(result.json);
    // The commercial API answers the subtitles as a JSON string (the SDK parses JSON); `as_file=true` (the pages'
    // downloads and the player's subtitle track) gets the file itself.
    if (c.req.query("as_file") !== "true") return c.json(result.text);
    return c.text(result.text!, 200, {
      "content-type": format === "srt" ? "application/x-subrip; charset=utf-8" : "text/vtt; charset=utf-8",
      "content-disposition": `attachment; filename="${result.code}.${format === "srt" ? "srt" : "vtt"}"`,
    });
  },
);

dubbingApi.get(
  "/:dubbing_id/transcripts/:language_code/format/:format_type",
  doc("A dub's subtitles as JSON: transcript_format and srt, webvtt or json", { success: { description: "JSON: transcript_format, srt | webvtt | json" }, responses: { 404: "dubbing_not_found, language_not_found", 425: "dubbing_not_ready" } }),
  valid("param", languageParam.extend({ format_type: z.enum([...TRANSCRIPT_FORMATS, "json"]) })),
  async (c) => {
    const { dubbing_id, language_code, format_type } = c.req.valid("param");
    const result = await transcript(c, dubbing_id, language_code, format_type);
    if ("error" in result) return result.error;
    return c.json({ transcript_format: format_type, ...(result.json ? { json: result.json } : { [format_type]: result.text }) });
  },
);

/** /v1/dubs/{id} (spec §2: the dub path a sign-in may return to): the dub's page. */
export const dubsRedirectApi = new Hono<AuthedEnv>();
dubsRedirectApi.get("/:dubbing_id", doc("The dub's page (a redirect to /app/dubbing/{id})", { success: { description: "302 to the page" } }), (c) =>
  c.redirect(`/app/dubbing/${encodeURIComponent(c.req.param("dubbing_id"))}`, 302),
);
