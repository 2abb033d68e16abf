// Dubbing projects as the SDK calls them (client.dubbing.project.*, decision 0063): /v1/dubbing/project/... over
// app/dubbing/project.server.ts (reads, create, delete) and app/dubbing/studio.server.ts (edits, languages,
// regeneration). A project is a dub of the same id; a language target's id is its language code.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { readForm, readMedia } from "~/dubbing/api";
import { addProjectLanguage, createProject, deleteProject, findProject, findProjectLanguage, languagePage, listProjects, projectDub } from "~/dubbing/project.server";
import { createStudioSegment, deleteStudioSegment, editStudioSource, editStudioTranslations, regenerateStudioLanguage, removeStudioLanguage, type StudioRefusal } from "~/dubbing/studio.server";
import { MAX_LINE_CHARACTERS } from "~/dubbing/rules/studio";
import {
  LANGUAGE_STATUSES,
  languageJson,
  MAX_BULK_EDITS,
  PROJECT_MODEL_IDS,
  PROJECT_STATUSES,
  projectJson,
  sourceSegmentJson,
  targetSegmentJson,
  type LanguageStatus,
  type ProjectStatus,
} from "~/dubbing/rules/project";

const doc = apiDocs("Dubbing");

const COMMON = { 404: "dubbing_project_not_found (also another workspace's), language_not_found" };
const EDITS = { 403: "can_not_use_dubbing_studio (the free plan)", 404: "dubbing_not_found (also another workspace's), segment_not_found, speaker_not_found, language_not_found", 409: "dubbing_not_editable (still dubbing or failed), version_conflict" };

const refusal = (c: Context, r: StudioRefusal) => apiError(c, r.httpStatus, r.status, r.message);
const pageSize = z.coerce.number().int().catch(20).transform((n) => Math.min(100, Math.max(1, n)));
const projectParam = z.object({ project_id: z.string().min(1).max(100) });
const languageParam = projectParam.extend({ language_id: z.string().min(1).max(20) });
const segmentParam = projectParam.extend({ segment_id: z.string().min(1).max(100) });
const seconds = z.number().min(0).max(86_400);
const line = z.string().max(MAX_LINE_CHARACTERS);
const sourceEdit = z.object({ text: line.optional(), speaker_id: z.string().min(1).max(100).optional(), start_s: seconds.optional(), end_s: seconds.optional() });
const sourceEdits = (edits: Record<string, z.infer<typeof sourceEdit>>) =>
  Object.fromEntries(Object.entries(edits).map(([id, e]) => [id, { text: e.text, speakerId: e.speaker_id, start: e.start_s, end: e.end_s }]));
const bulk = <T extends z.ZodType>(edit: T) =>
  z.object({ segments: z.record(z.string().min(1).max(100), edit).refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= MAX_BULK_EDITS, `From 1 to ${MAX_BULK_EDITS} segments`) });
const targetEdit = z.object({ translation: line.nullable().optional() });

/** The project after an edit, read again (its revision and segments as written). */
async function reread(c: Context<AuthedEnv>, id: string) {
  const found = await findProject(c.env, c.get("caller"), id);
  return found.ok ? found.dub : null;
}

export const dubbingProjectApi = new Hono<AuthedEnv>();
dubbingProjectApi.use("*", requireCaller);

dubbingProjectApi.get(
  "/",
  doc("List the workspace's dubbing projects (its dubs), newest first, cursor-paginated", { success: { description: "JSON: projects, next_cursor" } }),
  valid("query", z.object({ cursor: z.string().max(200).optional(), page_size: pageSize.optional(), status: z.enum(PROJECT_STATUSES as [ProjectStatus, ...ProjectStatus[]]).optional(), sort_direction: z.enum(["asc", "desc"]).default("desc") })),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listProjects(c.env, c.get("caller"), { cursor: q.cursor ?? null, pageSize: q.page_size ?? 20, status: q.status ?? null, ascending: q.sort_direction === "asc" });
    return c.json({ projects: page.projects.map((p) => projectJson(p, true)), next_cursor: page.nextCursor });
  },
);

dubbingProjectApi.post(
  "/",
  doc("Create a dubbing project: a dub made for the studio, dubbed into target_language", {
    description:
      "Multipart: file or source_url (fetched from a public host), target_language (required here: the source is prepared together with its first language), source_language (omit to detect), reference (the project's name), model_id (dubbing_v1 or dubbing_v2: both are this platform's one pipeline). keyterms and webhook_ids are accepted and not used (the embedded recogniser takes no hints; the workspace's webhooks subscribed to `dubbing` are told). A transcript of one's own is refused. Charged as POST /v1/dubbing.",
    success: { description: "JSON: DubbingProjectResponse" },
    responses: { 400: "as POST /v1/dubbing, transcript_unsupported", 401: "quota_exceeded", 403: "can_not_use_dubbing_studio (the free plan)", 422: "target_language missing, reference too long, unsupported_language" },
  }),
  async (c) => {
    const read = await readForm(c);
    if ("error" in read) return read.error;
    const form = read.form;
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() ? value.trim() : null;
    };
    const target = field("target_language");
    const reference = field("reference");
    const model = field("model_id");
    const checkFields = () => {
      if (form.get("transcript")) return apiError(c, 400, "transcript_unsupported", "A transcript of your own is not taken: the project's source is transcribed by the platform's recogniser (edit the transcript afterwards).");
      const issues = [
        ...(target ? [] : [{ loc: ["body", "target_language"], msg: "Field required here: this platform prepares the source together with its first language target", type: "missing" }]),
        ...(reference && reference.length > 500 ? [{ loc: ["body", "reference"], msg: "At most 500 characters", type: "string_too_long" }] : []),
        ...(model && !(PROJECT_MODEL_IDS as readonly string[]).includes(model) ? [{ loc: ["body", "model_id"], msg: `Input should be one of ${PROJECT_MODEL_IDS.join(", ")}`, type: "enum" }] : []),
      ];
      return issues.length ? validationError(c, issues) : null;
    };
    const media = await readMedia(c, form, checkFields);
    if ("error" in media) return media.error;
    const result = await createProject(c.env, c.get("caller"), { ...media.media, name: reference, sourceLang: field("source_language") ?? "auto", targetLang: target! });
    if (!result.ok) return apiError(c, result.refusal.httpStatus, result.refusal.status, result.refusal.message, result.refusal.detail);
    return c.json(projectJson(projectDub(result.row)));
  },
);

dubbingProjectApi.get("/:project_id", doc("A dubbing project with its language ids", { success: { description: "JSON: DubbingProjectResponse" }, responses: COMMON }), valid("param", projectParam), async (c) => {
  const found = await findProject(c.env, c.get("caller"), c.req.valid("param").project_id);
  return found.ok ? c.json(projectJson(found.dub)) : refusal(c, found.refusal);
});

dubbingProjectApi.delete("/:project_id", doc("Delete a dubbing project (the dub), its languages and media", { success: { description: "No content" }, responses: COMMON }), valid("param", projectParam), async (c) => {
  const deleted = await deleteProject(c.env, c.get("caller"), c.req.valid("param").project_id);
  return deleted ? c.body(null, 204) : apiError(c, 404, "dubbing_project_not_found", "Dubbing project not found");
});

dubbingProjectApi.get(
  "/:project_id/language",
  doc("A project's language targets, cursor-paginated", { success: { description: "JSON: languages, next_cursor" }, responses: COMMON }),
  valid("param", projectParam),
  valid("query", z.object({ cursor: z.string().max(20).optional(), page_size: pageSize.optional(), status: z.enum(LANGUAGE_STATUSES as [LanguageStatus, ...LanguageStatus[]]).optional() })),
  async (c) => {
    const found = await findProject(c.env, c.get("caller"), c.req.valid("param").project_id);
    if (!found.ok) return refusal(c, found.refusal);
    const q = c.req.valid("query");
    const page = languagePage(found.dub, { cursor: q.cursor ?? null, pageSize: q.page_size ?? 20, status: q.status ?? null });
    return c.json({ languages: page.codes.map((code) => languageJson(found.dub, code)), next_cursor: page.nextCursor });
  },
);

dubbingProjectApi.post(
  "/:project_id/language",
  doc("Add a language target and dub it: every segment translated (or given by id in `translations`), spoken, charged as dubbing its whole duration, and rendered", {
    success: { description: "JSON: DubbingLanguageResponse" },
    responses: { ...EDITS, 400: "invalid_language, invalid_translations", 401: "quota_exceeded (nothing added)", 409: "language_exists, dubbing_not_editable", 422: "unsupported_language, voice_settings_unsupported" },
  }),
  valid("param", projectParam),
  valid("json", z.object({ target_language: z.string().min(1).max(20), voice_settings: z.record(z.string(), z.unknown()).nullable().optional(), translations: z.record(z.string(), line).optional() })),
  async (c) => {
    const id = c.req.valid("param").project_id;
    const body = c.req.valid("json");
    if (body.voice_settings) return apiError(c, 422, "voice_settings_unsupported", "Per-language voice settings are not applied here: each speaker keeps its voice (change it with PATCH /v1/dubbing/resource/{id}/speaker/{speaker_id}).");
    const added = await addProjectLanguage(c.env, c.get("caller"), id, body.target_language, body.translations);
    if (!added.ok) return refusal(c, added.refusal);
    const dub = await reread(c, id);
    return dub ? c.json(languageJson(dub, added.code)) : apiError(c, 404, "dubbing_project_not_found", "Dubbing project not found");
  },
);

dubbingProjectApi.get("/:project_id/language/:language_id", doc("A language target: status, revisions and download paths", { success: { description: "JSON: DubbingLanguageResponse" }, responses: COMMON }), valid("param", languageParam), async (c) => {
  const { project_id, language_id } = c.req.valid("param");
  const found = await findProjectLanguage(c.env, c.get("caller"), project_id, language_id);
  return found.ok ? c.json(languageJson(found.dub, found.code)) : refusal(c, found.refusal);
});

dubbingProjectApi.delete(
  "/:project_id/language/:language_id",
  doc("Delete a language target: its translations, lines and outputs", { success: { description: "No content" }, responses: { ...EDITS, 409: "last_language (delete the project instead), dubbing_not_editable" } }),
  valid("param", languageParam),
  async (c) => {
    const { project_id, language_id } = c.req.valid("param");
    const removed = await removeStudioLanguage(c.env, c.get("caller"), project_id, language_id);
    return removed.ok ? c.body(null, 204) : refusal(c, removed.refusal);
  },
);

dubbingProjectApi.get(
  "/:project_id/transcript",
  doc("A project's source transcript as editable segments", { success: { description: "JSON: language, segments, revision" }, responses: { ...COMMON, 409: "project_not_ready" } }),
  valid("param", projectParam),
  async (c) => {
    const found = await findProject(c.env, c.get("caller"), c.req.valid("param").project_id);
    if (!found.ok) return refusal(c, found.refusal);
    const dub = found.dub;
    if (dub.status !== "dubbed") return apiError(c, 409, "project_not_ready", "The transcript is available once the project is ready.");
    return c.json({ language: dub.detectedSourceLang ?? dub.sourceLang, segments: dub.segments.map(sourceSegmentJson), revision: dub.version });
  },
);

dubbingProjectApi.post(
  "/:project_id/transcript/segment",
  doc("Add a source segment (0.1 to 25 s inside the media, not over its speaker's others); its translations wait for regeneration", { success: { description: "JSON: segment, revision" }, responses: { ...EDITS, 400: "invalid_segment_times" } }),
  valid("param", projectParam),
  valid("json", z.object({ text: line, speaker_id: z.string().min(1).max(100), start_s: seconds, end_s: seconds })),
  async (c) => {
    const body = c.req.valid("json");
    const result = await createStudioSegment(c.env, c.get("caller"), c.req.valid("param").project_id, body.speaker_id, { start: body.start_s, end: body.end_s, text: body.text, translations: {} }, true);
    return result.ok ? c.json({ segment: sourceSegmentJson(result.segment), revision: result.version }) : refusal(c, result.refusal);
  },
);

dubbingProjectApi.patch(
  "/:project_id/transcript/segment/:segment_id",
  doc("Edit a source segment's text, speaker or times: new text discards its translations; every language's line becomes stale", { success: { description: "JSON: segment, revision" }, responses: { ...EDITS, 400: "invalid_segment_times, text_too_long" } }),
  valid("param", segmentParam),
  valid("json", sourceEdit),
  async (c) => {
    const { project_id, segment_id } = c.req.valid("param");
    const result = await editStudioSource(c.env, c.get("caller"), project_id, sourceEdits({ [segment_id]: c.req.valid("json") }));
    if (!result.ok) return refusal(c, result.refusal);
    return c.json({ segment: sourceSegmentJson(result.segments.find((s) => s.id === segment_id)!), revision: result.version });
  },
);

dubbingProjectApi.delete("/:project_id/transcript/segment/:segment_id", doc("Remove a source segment and its dubbed lines", { success: { description: "JSON: revision" }, responses: EDITS }), valid("param", segmentParam), async (c) => {
  const { project_id, segment_id } = c.req.valid("param");
  const result = await deleteStudioSegment(c.env, c.get("caller"), project_id, segment_id);
  return result.ok ? c.json({ revision: result.version }) : refusal(c, result.refusal);
});

dubbingProjectApi.patch(
  "/:project_id/transcript/segments",
  doc("Edit several source segments at once: all apply or none", { success: { description: "JSON: segments, revision" }, responses: { ...EDITS, 400: "invalid_segment_times, text_too_long" } }),
  valid("param", projectParam),
  valid("json", bulk(sourceEdit)),
  async (c) => {
    const edits = c.req.valid("json").segments;
    const result = await editStudioSource(c.env, c.get("caller"), c.req.valid("param").project_id, sourceEdits(edits));
    if (!result.ok) return refusal(c, result.refusal);
    return c.json({ segments: result.segments.filter((s) => s.id in edits).map(sourceSegmentJson), revision: result.version });
  },
);

dubbingProjectApi.get(
  "/:project_id/language/:language_id/transcript",
  doc("A language target's transcript: each source segment with its translation (null: waiting to be translated)", { success: { description: "JSON: source_language, target_language, segments, revision" }, responses: { ...COMMON, 409: "language_not_ready (still on its first dub)" } }),
  valid("param", languageParam),
  async (c) => {
    const { project_id, language_id } = c.req.valid("param");
    const found = await findProjectLanguage(c.env, c.get("caller"), project_id, language_id);
    if (!found.ok) return refusal(c, found.refusal);
    const { dub, code } = found;
    if (dub.status !== "dubbed") return apiError(c, 409, "language_not_ready", "The language is still on its first dub (or failed): it has no translations yet.");
    return c.json({ source_language: dub.detectedSourceLang ?? dub.sourceLang, target_language: code, segments: dub.segments.map((s) => targetSegmentJson(s, code)), revision: dub.version });
  },
);

dubbingProjectApi.patch(
  "/:project_id/language/:language_id/transcript/segment/:segment_id",
  doc("Edit a segment's translation (null: translate it again at regeneration); its line becomes stale", { success: { description: "JSON: segment, revision" }, responses: { ...EDITS, 400: "text_too_long" } }),
  valid("param", languageParam.extend({ segment_id: z.string().min(1).max(100) })),
  valid("json", targetEdit),
  async (c) => {
    const { project_id, language_id, segment_id } = c.req.valid("param");
    const translation = c.req.valid("json").translation;
    if (translation === undefined) return validationError(c, [{ loc: ["body", "translation"], msg: "Field required: the translation, or null", type: "missing" }]);
    const result = await editStudioTranslations(c.env, c.get("caller"), project_id, language_id, { [segment_id]: translation });
    if (!result.ok) return refusal(c, result.refusal);
    return c.json({ segment: targetSegmentJson(result.segments.find((s) => s.id === segment_id)!, language_id.toLowerCase()), revision: result.version });
  },
);

dubbingProjectApi.patch(
  "/:project_id/language/:language_id/transcript/segments",
  doc("Edit several translations of a language at once: all apply or none", { success: { description: "JSON: segments, revision" }, responses: { ...EDITS, 400: "text_too_long" } }),
  valid("param", languageParam),
  valid("json", bulk(targetEdit)),
  async (c) => {
    const { project_id, language_id } = c.req.valid("param");
    const edits = c.req.valid("json").segments;
    const result = await editStudioTranslations(c.env, c.get("caller"), project_id, language_id, Object.fromEntries(Object.entries(edits).map(([id, e]) => [id, e.translation ?? null])));
    if (!result.ok) return refusal(c, result.refusal);
    const code = language_id.toLowerCase();
    return c.json({ segments: result.segments.filter((s) => s.id in edits).map((s) => targetSegmentJson(s, code)), revision: result.version });
  },
);

dubbingProjectApi.post(
  "/:project_id/language/:language_id/transcript/regenerate",
  doc("Re-dub a language from its edited transcript: stale segments translated where needed, spoken again (charged by their duration, no free allowance) and the language rendered", {
    success: { description: "JSON: regenerated_segment_ids, regenerated_seconds, charged_seconds, free_regeneration_seconds_remaining" },
    responses: { ...EDITS, 401: "quota_exceeded", 409: "nothing_to_regenerate, dubbing_not_editable, version_conflict", 422: "unsupported_language" },
  }),
  valid("param", languageParam),
  async (c) => {
    const { project_id, language_id } = c.req.valid("param");
    const result = await regenerateStudioLanguage(c.env, c.get("caller"), project_id, language_id);
    if (!result.ok) return refusal(c, result.refusal);
    const regenerated = Math.round(result.seconds * 1000) / 1000;
    return c.json({ regenerated_segment_ids: result.segments, regenerated_seconds: regenerated, charged_seconds: regenerated, free_regeneration_seconds_remaining: 0 });
  },
);
