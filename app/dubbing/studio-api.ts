// The dubbing studio's resource calls as the SDK makes them (client.dubbing.resource.*, decision 0048):
// /v1/dubbing/resource/{dubbing_id}/... over app/dubbing/studio.server.ts.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import {
  addStudioLanguage,
  createStudioSegment,
  createStudioSpeaker,
  deleteStudioSegment,
  moveStudioSegments,
  redubStudioSegments,
  renderStudioLanguage,
  similarVoicesForSpeaker,
  studioResource,
  transcribeStudioSegments,
  translateStudioSegments,
  updateStudioSegment,
  updateStudioSpeaker,
  type StudioRefusal,
} from "~/dubbing/studio.server";
import { MAX_LINE_CHARACTERS, MAX_TRANSCRIBE_SECONDS, STUDIO_RENDER_TYPES } from "~/dubbing/rules/studio";
import { similarVoicePreviewUrl } from "~/voices/library-json";

const doc = apiDocs("Dubbing");

const COMMON = { 403: "can_not_use_dubbing_studio (the free plan)", 404: "dubbing_not_found (also another workspace's dub), segment_not_found, speaker_not_found, language_not_found", 409: "dubbing_not_editable (still dubbing or failed), version_conflict" };

const refusal = (c: Context, r: StudioRefusal) => apiError(c, r.httpStatus, r.status, r.message);
type Answer = { ok: true; version: number } | { ok: false; refusal: StudioRefusal };
const answer = <T extends Answer>(c: Context, result: T, body: (ok: Extract<T, { ok: true }>) => object = (ok) => ({ version: ok.version })) =>
  result.ok ? c.json(body(result as Extract<T, { ok: true }>)) : refusal(c, (result as { refusal: StudioRefusal }).refusal);

const idParam = z.object({ dubbing_id: z.string().min(1).max(100) });
const ids = z.array(z.string().min(1).max(100)).max(1000);
const languages = z.array(z.string().min(1).max(20)).max(50).optional().nullable();
const line = z.string().max(MAX_LINE_CHARACTERS);
const seconds = z.number().min(0).max(86_400);

export const dubbingStudioApi = new Hono<AuthedEnv>();
dubbingStudioApi.use("*", requireCaller);

dubbingStudioApi.get("/:dubbing_id", doc("The dubbing studio's resource: speakers, segments with their translations (audio_stale per language), renders", { success: { description: "JSON: DubbingResource" }, responses: COMMON }), valid("param", idParam), async (c) => {
  const result = await studioResource(c.env, c.get("caller"), c.req.valid("param").dubbing_id);
  return result.ok ? c.json(result.resource) : refusal(c, result.refusal);
});

dubbingStudioApi.patch(
  "/:dubbing_id/segment/:segment_id/:language",
  doc("Edit a segment's text in one language (the source's transcript or a translation) and its times; the edited line becomes stale", { success: { description: "JSON: version" }, responses: { ...COMMON, 400: "invalid_segment_times, text_too_long" } }),
  valid("param", idParam.extend({ segment_id: z.string().min(1).max(100), language: z.string().min(1).max(20) })),
  valid("json", z.object({ start_time: seconds.optional(), end_time: seconds.optional(), text: line.optional() })),
  async (c) => {
    const { dubbing_id, segment_id, language } = c.req.valid("param");
    const body = c.req.valid("json");
    return answer(c, await updateStudioSegment(c.env, c.get("caller"), dubbing_id, segment_id, language, { text: body.text, start: body.start_time, end: body.end_time }));
  },
);

dubbingStudioApi.delete("/:dubbing_id/segment/:segment_id", doc("Delete a segment and its dubbed lines", { success: { description: "JSON: version" }, responses: COMMON }), valid("param", idParam.extend({ segment_id: z.string().min(1).max(100) })), async (c) => {
  const { dubbing_id, segment_id } = c.req.valid("param");
  return answer(c, await deleteStudioSegment(c.env, c.get("caller"), dubbing_id, segment_id));
});

dubbingStudioApi.post(
  "/:dubbing_id/speaker",
  doc("Add a speaker (with a workspace voice)", { success: { description: "JSON: version, speaker_id" }, responses: { ...COMMON, 404: "voice_not_found" } }),
  valid("param", idParam),
  valid("json", z.object({ speaker_name: z.string().max(100).optional(), voice_id: z.string().max(100).optional() }).passthrough()),
  async (c) => {
    const body = c.req.valid("json");
    return answer(c, await createStudioSpeaker(c.env, c.get("caller"), c.req.valid("param").dubbing_id, { name: body.speaker_name, voiceId: body.voice_id }), (ok) => ({ version: ok.version, speaker_id: ok.speakerId }));
  },
);

dubbingStudioApi.patch(
  "/:dubbing_id/speaker/:speaker_id",
  doc("Rename a speaker or give it another voice (its lines become stale in `languages`, or all)", { success: { description: "JSON: version" }, responses: { ...COMMON, 404: "speaker_not_found, voice_not_found, language_not_found" } }),
  valid("param", idParam.extend({ speaker_id: z.string().min(1).max(100) })),
  valid("json", z.object({ speaker_name: z.string().max(100).optional(), voice_id: z.string().min(1).max(100).optional(), languages }).passthrough()),
  async (c) => {
    const { dubbing_id, speaker_id } = c.req.valid("param");
    const body = c.req.valid("json");
    return answer(c, await updateStudioSpeaker(c.env, c.get("caller"), dubbing_id, speaker_id, { name: body.speaker_name, voiceId: body.voice_id, languages: body.languages ?? undefined }));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/speaker/:speaker_id/segment",
  doc("Add a segment to a speaker (its lines stale until dubbed)", { success: { description: "JSON: version, new_segment" }, responses: { ...COMMON, 400: "invalid_segment_times" } }),
  valid("param", idParam.extend({ speaker_id: z.string().min(1).max(100) })),
  valid("json", z.object({ start_time: seconds, end_time: seconds, text: line.optional(), translations: z.record(z.string(), line).optional() })),
  async (c) => {
    const { dubbing_id, speaker_id } = c.req.valid("param");
    const body = c.req.valid("json");
    return answer(c, await createStudioSegment(c.env, c.get("caller"), dubbing_id, speaker_id, { start: body.start_time, end: body.end_time, text: body.text ?? "", translations: body.translations ?? {} }), (ok) => ({ version: ok.version, new_segment: ok.segment.id }));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/migrate-segments",
  doc("Give segments to another speaker", { success: { description: "JSON: version" }, responses: COMMON }),
  valid("param", idParam),
  valid("json", z.object({ segment_ids: ids.min(1), speaker_id: z.string().min(1).max(100) })),
  async (c) => {
    const body = c.req.valid("json");
    return answer(c, await moveStudioSegments(c.env, c.get("caller"), c.req.valid("param").dubbing_id, body.segment_ids, body.speaker_id));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/translate",
  doc("Translate segments again from their source text (all when the list is empty); their lines become stale", { success: { description: "JSON: version" }, responses: COMMON }),
  valid("param", idParam),
  valid("json", z.object({ segments: ids, languages })),
  async (c) => {
    const body = c.req.valid("json");
    return answer(c, await translateStudioSegments(c.env, c.get("caller"), c.req.valid("param").dubbing_id, body.segments, body.languages ?? null));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/dub",
  doc(
    "Speak segments again (every stale one when the list is empty), charged once by their duration. A line without its translation is translated first by the translation engine (422 unsupported_language when it cannot translate the pair); with `translations` (the editor's lines) a line left empty is refused instead (409 needs_translation). Beyond the SDK's body, `translations` (segment id to text, one language in `languages`) saves those lines first in the same write, and `version` refuses a dub changed since it was read (409): the studio editor's \"Save all and re-dub\" (decision 0083)",
    { success: { description: "JSON: version, segments (re-dubbed ids), edited (saved ids), credits" }, responses: { ...COMMON, 400: "invalid_languages, empty_line, text_too_long", 401: "quota_exceeded", 409: "version_conflict, nothing_to_redub, needs_translation, dubbing_not_editable", 422: "unsupported_language" } },
  ),
  valid("param", idParam),
  valid("json", z.object({ segments: ids, languages, translations: z.record(z.string().min(1).max(100), line).optional(), version: z.number().int().min(0).optional() })),
  async (c) => {
    const body = c.req.valid("json");
    const lines = body.translations ? { translations: body.translations, version: body.version } : undefined;
    return answer(c, await redubStudioSegments(c.env, c.get("caller"), c.req.valid("param").dubbing_id, body.segments, body.languages ?? null, lines), (ok) => ({ version: ok.version, segments: ok.segments, edited: ok.edited, credits: ok.credits }));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/render/:language",
  doc("Mix a language's current lines over the background again (and remux the video); mp3, or mp4 for a video upload", { success: { description: "JSON: version, render_id" }, responses: { ...COMMON, 409: "needs_translation (lines without a translation in that language; decision 0083), dubbing_not_editable, version_conflict", 422: "render_type_unsupported" } }),
  valid("param", idParam.extend({ language: z.string().min(1).max(20) })),
  valid("json", z.object({ render_type: z.enum(STUDIO_RENDER_TYPES), normalize_volume: z.boolean().optional() })),
  async (c) => {
    const { dubbing_id, language } = c.req.valid("param");
    return answer(c, await renderStudioLanguage(c.env, c.get("caller"), dubbing_id, language, c.req.valid("json").render_type), (ok) => ({ version: ok.version, render_id: ok.renderId }));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/language",
  doc("Add a target language: every segment translated into it (dub and render it next)", { success: { description: "JSON: version" }, responses: { ...COMMON, 400: "invalid_language", 409: "language_exists", 422: "unsupported_language" } }),
  valid("param", idParam),
  valid("json", z.object({ language: z.string().min(1).max(20).optional() })),
  async (c) => {
    const language = c.req.valid("json").language;
    if (!language) return apiError(c, 400, "invalid_language", "Name the language to add.");
    return answer(c, await addStudioLanguage(c.env, c.get("caller"), c.req.valid("param").dubbing_id, language));
  },
);

dubbingStudioApi.post(
  "/:dubbing_id/transcribe",
  doc("Hear segments again (all when the list is empty): their stretch of the upload isolated and transcribed; translations and lines stay", {
    success: { description: "JSON: version" },
    responses: { ...COMMON, 400: `too_much_to_transcribe (more than ${MAX_TRANSCRIBE_SECONDS} s in one request)`, 409: "dubbing_not_editable, version_conflict, source_missing" },
  }),
  valid("param", idParam),
  valid("json", z.object({ segments: ids })),
  async (c) => answer(c, await transcribeStudioSegments(c.env, c.get("caller"), c.req.valid("param").dubbing_id, c.req.valid("json").segments)),
);

dubbingStudioApi.get(
  "/:dubbing_id/speaker/:speaker_id/similar-voices",
  doc("The ten premade and library voices nearest a speaker (speaker vectors of its isolated speech), nearest first", {
    success: { description: "JSON: voices (voice_id, name, category, description, preview_url)" },
    responses: { ...COMMON, 404: "dubbing_not_found, speaker_not_found", 422: "speaker_not_measurable (too little voiced speech)" },
  }),
  valid("param", idParam.extend({ speaker_id: z.string().min(1).max(100) })),
  async (c) => {
    const { dubbing_id, speaker_id } = c.req.valid("param");
    const result = await similarVoicesForSpeaker(c.env, c.get("caller"), dubbing_id, speaker_id);
    if (!result.ok) return refusal(c, result.refusal);
    const origin = new URL(c.req.url).origin;
    return c.json({
      voices: result.voices.map(({ voice, premade }) => ({ voice_id: voice.voiceId, name: voice.name, category: voice.category, description: voice.description ?? null, preview_url: similarVoicePreviewUrl(voice, premade, origin) })),
    });
  },
);
