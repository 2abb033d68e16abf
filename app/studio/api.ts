import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { zipSync } from "fflate";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { pronunciationLocator } from "~/api/schemas";
import { database } from "../../db/client";
import { versionsJson } from "~/pronunciation/pronunciation.server";
import { MAX_PROJECT_DICTIONARIES } from "../../core/pronunciation/rules";
import * as studio from "~/studio/studio.server";
import type { ChapterWithBlocks, NewContent, StudioRefusal } from "~/studio/studio.server";
import { documentKind, parseDocument } from "~/studio/rules/documents";
import { PODCAST_DURATION_SCALES, PODCAST_SOURCE_MAX, PODCAST_TEXTS } from "~/studio/rules/podcast";
import { BLOCK_SUB_TYPES, BLOCK_TEXT_MAX, DOCUMENT_MAX_BYTES, PROJECT_NAME_MAX, QUALITY_PRESETS, TARGET_AUDIENCES } from "../../core/studio/studio-rules";

const doc = apiDocs("Studio");

const refusal = (c: Context, r: StudioRefusal) => apiError(c, r.httpStatus, r.status, r.message);
const notFound = (c: Context, what = "Project") => apiError(c, 404, "not_found", `${what} not found`);

const ttsNode = z.object({ type: z.literal("tts_node").default("tts_node"), voice_id: z.string().min(1).max(100), text: z.string().max(BLOCK_TEXT_MAX, `A node's text must be at most ${BLOCK_TEXT_MAX} characters.`) });
const contentBlock = z.object({ sub_type: z.enum(BLOCK_SUB_TYPES).nullish().transform((v) => v ?? "p"), nodes: z.array(ttsNode).min(1, "A block needs at least one node."), block_id: z.string().max(100).nullish() });
const contentChapters = z.array(z.object({ name: z.string().trim().min(1).max(PROJECT_NAME_MAX), blocks: z.array(contentBlock).max(5000) })).min(1).max(500);

/** Multipart booleans arrive as "true" / "false". */
const formBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()).optional();
const formList = z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(z.string().max(200)).max(50)).optional();
const optionalText = (max = 500) => z.string().max(max).optional();

const projectForm = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(PROJECT_NAME_MAX),
  default_title_voice_id: optionalText(100),
  default_paragraph_voice_id: optionalText(100),
  default_model_id: optionalText(100),
  from_url: optionalText(2000),
  from_document: z.any().optional(),
  from_content_json: optionalText(5_000_000),
  quality_preset: z.enum(QUALITY_PRESETS).optional(),
  title: optionalText(),
  author: optionalText(),
  description: optionalText(5000),
  genres: formList,
  target_audience: z.enum(TARGET_AUDIENCES).optional(),
  language: optionalText(20),
  content_type: optionalText(100),
  original_publication_date: optionalText(50),
  mature_content: formBool,
  isbn_number: optionalText(40),
  acx_volume_normalization: formBool,
  volume_normalization: formBool,
  fiction: z.enum(["fiction", "non-fiction"]).optional(),
  auto_convert: formBool,
  /** The SDK sends each locator as a JSON string in its own form field. */
  pronunciation_dictionary_locators: formList,
});

type ContentInput = { from_url?: string; from_document?: unknown; from_content_json?: string };

/** The content of a create or content update: blank, content JSON, or a document (never more than one). */
async function readContent(env: Env, input: ContentInput, fallbackName: string): Promise<{ ok: true; content: NewContent } | { ok: false; refusal: StudioRefusal }> {
  const given = [input.from_url, input.from_document, input.from_content_json].filter((v) => v !== undefined && v !== "");
  if (given.length > 1) return { ok: false, refusal: { httpStatus: 400, status: "invalid_content", message: "Give at most one of from_url, from_document and from_content_json." } };
  if (input.from_url) return studio.contentFromUrl(env, input.from_url, fallbackName);
  if (input.from_content_json) {
    let json: unknown;
    try {
      json = JSON.parse(input.from_content_json);
    } catch {
      return { ok: false, refusal: { httpStatus: 400, status: "invalid_content", message: "from_content_json is not valid JSON." } };
    }
    const parsed = contentChapters.safeParse(json);
    if (!parsed.success) return { ok: false, refusal: { httpStatus: 400, status: "invalid_content", message: `from_content_json: ${parsed.error.issues[0]!.path.join(".")} ${parsed.error.issues[0]!.message}` } };
    return { ok: true, content: { kind: "json", chapters: parsed.data } };
  }
  if (input.from_document !== undefined) {
    const file = input.from_document;
    if (!(file instanceof File)) return { ok: false, refusal: { httpStatus: 400, status: "invalid_document", message: "from_document must be a file." } };
    if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, refusal: { httpStatus: 400, status: "document_too_large", message: `The document must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.` } };
    const kind = documentKind(file.name, file.type);
    if (!kind) return { ok: false, refusal: { httpStatus: 400, status: "unsupported_document", message: "The document must be plain text (.txt), Markdown (.md), HTML (.html) or EPUB (.epub)." } };
    const parsed = parseDocument(kind, new Uint8Array(await file.arrayBuffer()), fallbackName);
    if (!parsed.ok) return { ok: false, refusal: { httpStatus: 400, status: "invalid_document", message: parsed.message } };
    return { ok: true, content: { kind: "document", chapters: parsed.chapters, sourceType: kind } };
  }
  return { ok: true, content: { kind: "blank" } };
}

/** pronunciation_dictionary_locators of a multipart create: each field one JSON-encoded locator. */
function readLocators(fields: string[]): { ok: true; value: z.infer<typeof pronunciationLocator>[] } | { ok: false; message: string } {
  const value: z.infer<typeof pronunciationLocator>[] = [];
  for (const field of fields) {
    let json: unknown;
    try {
      json = JSON.parse(field);
    } catch {
      return { ok: false, message: "Each pronunciation_dictionary_locators field must be a JSON object with pronunciation_dictionary_id and version_id." };
    }
    const parsed = pronunciationLocator.safeParse(json);
    if (!parsed.success) return { ok: false, message: `pronunciation_dictionary_locators: ${parsed.error.issues[0]!.path.join(".")} ${parsed.error.issues[0]!.message}` };
    value.push(parsed.data);
  }
  return { ok: true, value };
}

// The Studio API (projects and podcasts) is for plans with allowed_to_use_projects_api (the pages use the same server
// module on any plan).
const projectsApiAllowed: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  const refused = studio.projectsApiRefusal(c.get("caller"));
  if (refused) return refusal(c, refused);
  return next();
};

export const studioApi = new Hono<AuthedEnv>();
studioApi.use("*", requireCaller, projectsApiAllowed);

const projectParam = z.object({ project_id: z.string().min(1).max(100) });
const chapterParam = projectParam.extend({ chapter_id: z.string().min(1).max(100) });

/**
 * Sharing (decision 0039): a project's routes need the viewer role to read (and to stream or archive its
 * snapshots), the editor role to change it, the admin role to delete it. A project not shared with the caller is
 * 404, as an unknown one.
 */
studioApi.use("/:project_id/*", async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return next();
  const project = await projectOf(c, c.req.param("project_id") ?? "");
  if (!project) return next();
  const path = c.req.path.replace(/\/+$/, "");
  const need = method === "DELETE" && path.endsWith(`/${project.id}`) ? "admin" : /\/(stream|archive|audiobook)$/.test(path) ? "viewer" : "editor";
  const refused = await studio.projectRefusal(c.env, c.get("caller"), project, need);
  return refused ? refusal(c, refused) : next();
});

async function projectOf(c: Context<AuthedEnv>, projectId: string) {
  return studio.findProject(c.env, c.get("caller"), projectId);
}

studioApi.get("/", doc("List Studio projects", { success: { description: "JSON: projects" } }), async (c) => {
  const positions = await studio.queuePositionsOf(c.env, c.get("caller"));
  const projects = await studio.listProjects(c.env, c.get("caller"));
  return c.json({ projects: projects.map((p) => studio.projectJson(p, positions.get(p.id) ?? null)) });
});

studioApi.post(
  "/",
  doc("Create a Studio project: blank, from content JSON or from a document (text, Markdown, HTML, EPUB)", {
    success: { description: "JSON: project" },
    responses: { 400: "invalid_content, invalid_document, unsupported_document, voice_not_found, live_moderation_voice, model_not_found, invalid_url, url_unreachable", 401: "quota_exceeded (auto_convert)", 403: "project_limit_reached, projects_api_not_allowed" },
  }),
  valid("form", projectForm),
  async (c) => {
    const form = c.req.valid("form");
    const locators = readLocators(form.pronunciation_dictionary_locators ?? []);
    if (!locators.ok) return apiError(c, 400, "invalid_pronunciation_dictionary_locators", locators.message);
    const content = await readContent(c.env, form, form.name);
    if (!content.ok) return refusal(c, content.refusal);
    const created = await studio.createProject(
      c.env,
      c.get("caller"),
      {
        name: form.name,
        defaultTitleVoiceId: form.default_title_voice_id || null,
        defaultParagraphVoiceId: form.default_paragraph_voice_id || null,
        defaultModelId: form.default_model_id || null,
        qualityPreset: form.quality_preset,
        title: form.title,
        author: form.author,
        description: form.description,
        genres: form.genres,
        targetAudience: form.target_audience,
        language: form.language,
        contentType: form.content_type,
        originalPublicationDate: form.original_publication_date,
        matureContent: form.mature_content,
        isbnNumber: form.isbn_number,
        acxVolumeNormalization: form.acx_volume_normalization,
        volumeNormalization: form.volume_normalization,
        fiction: form.fiction,
        pronunciationDictionaryLocators: locators.value,
      },
      content.content,
    );
    if (!created.ok) return refusal(c, created.refusal);
    if (form.auto_convert) {
      const queued = await studio.queueConversion(c.env, c.get("caller"), created.value, null);
      if (!queued.ok && queued.refusal.status !== "empty_chapter") return refusal(c, queued.refusal);
    }
    const project = (await projectOf(c, created.value.id))!;
    return c.json({ project: studio.projectJson(project) });
  },
);

studioApi.get(
  "/:project_id",
  doc("A Studio project with its chapters", { success: { description: "JSON: the project, its chapters and settings" }, responses: { 404: "not_found" } }),
  valid("param", projectParam),
  valid("query", z.object({ share_id: z.string().max(100).optional() })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const positions = await studio.queuePositionsOf(c.env, c.get("caller"));
    const content = await studio.projectContent(c.env, project);
    return c.json({
      ...studio.projectJson(project, positions.get(project.id) ?? null),
      chapters: content.map((ch) => studio.chapterJson(ch, project)),
      pronunciation_dictionary_versions: await versionsJson(database(c.env.DB), project.workspaceId, JSON.parse(project.pronunciationDictionaries) as { pronunciation_dictionary_id: string; version_id: string }[]),
      pronunciation_dictionary_locators: JSON.parse(project.pronunciationDictionaries) as unknown[],
      apply_text_normalization: "auto",
      assets: [],
      voices: [],
    });
  },
);

studioApi.post(
  "/:project_id",
  doc("Update a Studio project's name, default voices and book metadata", { success: { description: "JSON: project" }, responses: { 400: "voice_not_found, live_moderation_voice", 404: "not_found" } }),
  valid("param", projectParam),
  valid(
    "json",
    z.object({
      name: z.string().trim().min(1).max(PROJECT_NAME_MAX).optional(),
      default_title_voice_id: z.string().max(100).optional(),
      default_paragraph_voice_id: z.string().max(100).optional(),
      title: z.string().max(500).nullish(),
      author: z.string().max(500).nullish(),
      isbn_number: z.string().max(40).nullish(),
      volume_normalization: z.boolean().nullish(),
      acx_volume_normalization: z.boolean().nullish(),
      description: z.string().max(5000).nullish(),
      genres: z.array(z.string().max(200)).max(50).nullish(),
      target_audience: z.enum(TARGET_AUDIENCES).nullish(),
      language: z.string().max(20).nullish(),
      content_type: z.string().max(100).nullish(),
      original_publication_date: z.string().max(50).nullish(),
      mature_content: z.boolean().nullish(),
      quality_preset: z.enum(QUALITY_PRESETS).nullish(),
      project_settings: z.object({ continue_playing: z.boolean().nullish() }).nullish(),
    }),
  ),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const b = c.req.valid("json");
    const updated = await studio.updateProject(c.env, c.get("caller"), project, {
      name: b.name,
      defaultTitleVoiceId: b.default_title_voice_id,
      defaultParagraphVoiceId: b.default_paragraph_voice_id,
      title: b.title,
      author: b.author,
      isbnNumber: b.isbn_number,
      volumeNormalization: b.volume_normalization,
      acxVolumeNormalization: b.acx_volume_normalization,
      description: b.description,
      genres: b.genres,
      targetAudience: b.target_audience,
      language: b.language,
      contentType: b.content_type,
      originalPublicationDate: b.original_publication_date,
      matureContent: b.mature_content,
      qualityPreset: b.quality_preset,
      continuePlaying: b.project_settings?.continue_playing,
    });
    if (!updated.ok) return refusal(c, updated.refusal);
    return c.json({ project: studio.projectJson(updated.value) });
  },
);

studioApi.delete("/:project_id", doc("Delete a Studio project and its audio", { success: { description: "JSON: status ok" }, responses: { 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const project = await projectOf(c, c.req.valid("param").project_id);
  if (!project) return notFound(c);
  await studio.deleteProject(c.env, c.get("caller"), project);
  return c.json({ status: "ok" });
});

studioApi.post(
  "/:project_id/content",
  doc("Replace a project's content from content JSON or a document", { success: { description: "JSON: project" }, responses: { 400: "invalid_content, invalid_document, unsupported_document, voice_not_found", 404: "not_found" } }),
  valid("param", projectParam),
  valid("form", z.object({ from_url: optionalText(2000), from_document: z.any().optional(), from_content_json: optionalText(5_000_000), auto_convert: formBool })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const form = c.req.valid("form");
    const content = await readContent(c.env, form, project.name);
    if (!content.ok) return refusal(c, content.refusal);
    const updated = await studio.replaceProjectContent(c.env, c.get("caller"), project, content.content);
    if (!updated.ok) return refusal(c, updated.refusal);
    if (form.auto_convert) {
      const queued = await studio.queueConversion(c.env, c.get("caller"), updated.value, null);
      if (!queued.ok) return refusal(c, queued.refusal);
    }
    return c.json({ project: studio.projectJson((await projectOf(c, project.id))!) });
  },
);

studioApi.post(
  "/:project_id/convert",
  doc("Convert every chapter of a project (queued; chapters in parallel)", { success: { description: "JSON: status ok" }, responses: { 400: "empty_chapter", 401: "quota_exceeded", 402: "payment_required", 404: "not_found", 409: "conversion_running: a chapter is converting" } }),
  valid("param", projectParam),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const queued = await studio.queueConversion(c.env, c.get("caller"), project, null);
    if (!queued.ok) return refusal(c, queued.refusal);
    return c.json({ status: "ok" });
  },
);

studioApi.post(
  "/:project_id/pronunciation-dictionaries",
  doc("Set the pronunciation dictionaries a project's conversion applies (paragraphs they change reconvert)", { success: { description: "JSON: status ok" }, responses: { 404: "not_found, pronunciation_dictionary_not_found" } }),
  valid("param", projectParam),
  valid("json", z.object({ pronunciation_dictionary_locators: z.array(pronunciationLocator).max(MAX_PROJECT_DICTIONARIES), invalidate_affected_text: z.boolean().nullish() })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const set = await studio.setProjectDictionaries(c.env, project, c.req.valid("json").pronunciation_dictionary_locators);
    if (!set.ok) return refusal(c, set.refusal);
    return c.json({ status: "ok" });
  },
);

studioApi.get(
  "/:project_id/cover",
  doc("A project's cover image", { success: { contentTypes: ["image/png", "image/jpeg", "image/webp"], description: "The image" }, responses: { 404: "not_found" } }),
  valid("param", projectParam),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    const object = project?.coverImageKey ? await c.env.MEDIA.get(project.coverImageKey) : null;
    if (!object) return notFound(c, "Cover image");
    return new Response(object.body, { headers: { "content-type": project!.coverImageType ?? "application/octet-stream", "cache-control": "private, no-cache" } });
  },
);

studioApi.post(
  "/:project_id/cover",
  doc("Set a project's cover image (multipart: cover, PNG, JPEG or WebP)", { success: { description: "JSON: project" }, responses: { 400: "invalid_cover_image", 404: "not_found" } }),
  valid("param", projectParam),
  valid("form", z.object({ cover: z.any() })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const file = c.req.valid("form").cover;
    if (!(file instanceof File)) return apiError(c, 400, "invalid_cover_image", "cover must be an image file.");
    const set = await studio.setCover(c.env, project, { bytes: new Uint8Array(await file.arrayBuffer()) });
    if (!set.ok) return refusal(c, set.refusal);
    return c.json({ project: studio.projectJson((await projectOf(c, project.id))!) });
  },
);

// Snapshots of the project.

studioApi.get("/:project_id/snapshots", doc("A project's snapshots, newest first", { success: { description: "JSON: snapshots" }, responses: { 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const project = await projectOf(c, c.req.valid("param").project_id);
  if (!project) return notFound(c);
  return c.json({ snapshots: (await studio.listSnapshots(c.env, project, null)).map(studio.snapshotJson) });
});

const projectSnapshotParam = projectParam.extend({ project_snapshot_id: z.string().min(1).max(100) });

async function projectSnapshot(c: Context<AuthedEnv>, params: z.infer<typeof projectSnapshotParam>) {
  const project = await projectOf(c, params.project_id);
  const snapshot = project ? await studio.findSnapshot(c.env, project, params.project_snapshot_id) : undefined;
  return project && snapshot && snapshot.chapterId === null ? { project, snapshot } : null;
}

studioApi.get("/:project_id/snapshots/:project_snapshot_id", doc("A project snapshot with its character alignments", { success: { description: "JSON: snapshot" }, responses: { 404: "not_found" } }), valid("param", projectSnapshotParam), async (c) => {
  const found = await projectSnapshot(c, c.req.valid("param"));
  if (!found) return notFound(c, "Snapshot");
  return c.json(studio.snapshotExtendedJson(found.snapshot));
});

/** A snapshot's audio from R2 as an MP3 stream. */
async function snapshotAudio(c: Context<AuthedEnv>, key: string, fileName: string) {
  const object = await c.env.MEDIA.get(key);
  if (!object) return notFound(c, "Snapshot audio");
  return new Response(object.body, { headers: { "content-type": "audio/mpeg", "content-length": String(object.size), "content-disposition": `attachment; filename="${fileName}.mp3"` } });
}

studioApi.post(
  "/:project_id/snapshots/:project_snapshot_id/stream",
  doc("A project snapshot's audio (MP3)", { success: { contentTypes: ["audio/mpeg"], description: "The whole project's audio" }, responses: { 404: "not_found" } }),
  valid("param", projectSnapshotParam),
  async (c) => {
    const found = await projectSnapshot(c, c.req.valid("param"));
    if (!found) return notFound(c, "Snapshot");
    return snapshotAudio(c, found.snapshot.audioKey, found.project.name.replace(/[^\w .-]/g, "_"));
  },
);

studioApi.post(
  "/:project_id/snapshots/:project_snapshot_id/archive",
  doc("A project snapshot as a ZIP of its chapters' MP3s", { success: { contentTypes: ["application/zip"], description: "One MP3 per chapter, numbered in reading order" }, responses: { 404: "not_found" } }),
  valid("param", projectSnapshotParam),
  async (c) => {
    const found = await projectSnapshot(c, c.req.valid("param"));
    if (!found) return notFound(c, "Snapshot");
    const files: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (const [index, { chapterName, snapshot }] of (await studio.chapterSnapshotsOf(c.env, found.project, found.snapshot)).entries()) {
      const object = await c.env.MEDIA.get(snapshot.audioKey);
      if (object) files[`${String(index + 1).padStart(2, "0")} ${chapterName.replace(/[^\w .-]/g, "_").slice(0, 80)}.mp3`] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
    }
    return new Response(zipSync(files), { headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="project.zip"' } });
  },
);

studioApi.on(
  ["GET", "POST"],
  "/:project_id/snapshots/:project_snapshot_id/audiobook",
  doc("A project snapshot as an audiobook: one MP3 with ID3 chapter marks (CTOC/CHAP), title, author and cover", {
    success: { contentTypes: ["audio/mpeg"], description: "The audiobook (decision 0049)" },
    responses: { 400: "too_many_chapters", 404: "not_found" },
  }),
  valid("param", projectSnapshotParam),
  async (c) => {
    const found = await projectSnapshot(c, c.req.valid("param"));
    if (!found) return notFound(c, "Snapshot");
    const book = await studio.audiobookOf(c.env, found.project, found.snapshot);
    if (!book.ok) return refusal(c, book.refusal);
    const fileName = found.project.name.replace(/[^\w .-]/g, "_");
    return new Response(book.value as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/mpeg", "content-length": String(book.value.byteLength), "content-disposition": `attachment; filename="${fileName}.mp3"` } });
  },
);

studioApi.get(
  "/:project_id/muted-tracks",
  doc("The project's chapters that have muted tracks: none, as a chapter here is one track of paragraphs that cannot be muted (decision 0073)", { success: { description: "JSON: chapter_ids" }, responses: { 404: "not_found" } }),
  valid("param", projectParam),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    // A chapter here is one track (its paragraphs in order) with no mute: no chapter ever has a muted track.
    return c.json({ chapter_ids: [] as string[] });
  },
);

// Chapters.

async function chapterOf(c: Context<AuthedEnv>, params: { project_id: string; chapter_id: string }) {
  const project = await projectOf(c, params.project_id);
  const chapter = project ? await studio.findChapter(c.env, project, params.chapter_id) : undefined;
  return project && chapter ? { project, chapter } : null;
}

studioApi.get("/:project_id/chapters", doc("A project's chapters in reading order", { success: { description: "JSON: chapters" }, responses: { 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const project = await projectOf(c, c.req.valid("param").project_id);
  if (!project) return notFound(c);
  return c.json({ chapters: (await studio.projectContent(c.env, project)).map((ch) => studio.chapterJson(ch, project)) });
});

studioApi.post(
  "/:project_id/chapters",
  doc("Add a chapter at the end of a project", { success: { description: "JSON: chapter with its content" }, responses: { 400: "invalid_url, url_unreachable", 404: "not_found" } }),
  valid("param", projectParam),
  valid("json", z.object({ name: z.string().trim().min(1).max(PROJECT_NAME_MAX), from_url: z.string().max(2000).nullish() })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const body = c.req.valid("json");
    if (body.from_url) return apiError(c, 400, "invalid_url, url_unreachable", "Importing from a URL is not available yet.");
    const chapter = await studio.addChapter(c.env, project, body.name, null);
    return c.json({ chapter: studio.chapterWithContentJson(chapter, project) });
  },
);

studioApi.get("/:project_id/chapters/:chapter_id", doc("A chapter with its blocks", { success: { description: "JSON: chapter with content" }, responses: { 404: "not_found" } }), valid("param", chapterParam), async (c) => {
  const found = await chapterOf(c, c.req.valid("param"));
  if (!found) return notFound(c, "Chapter");
  return c.json(studio.chapterWithContentJson(found.chapter, found.project));
});

studioApi.post(
  "/:project_id/chapters/:chapter_id",
  doc("Rename a chapter or replace its blocks (blocks keep their audio while unchanged)", { success: { description: "JSON: chapter with content" }, responses: { 400: "voice_not_found, live_moderation_voice", 404: "not_found" } }),
  valid("param", chapterParam),
  valid("json", z.object({ name: z.string().trim().min(1).max(PROJECT_NAME_MAX).nullish(), content: z.object({ blocks: z.array(contentBlock).max(5000) }).nullish() })),
  async (c) => {
    const found = await chapterOf(c, c.req.valid("param"));
    if (!found) return notFound(c, "Chapter");
    const body = c.req.valid("json");
    const updated = await studio.updateChapterContent(c.env, c.get("caller"), found.project, found.chapter, { name: body.name, blocks: body.content?.blocks });
    if (!updated.ok) return refusal(c, updated.refusal);
    return c.json({ chapter: studio.chapterWithContentJson(updated.value, found.project) });
  },
);

studioApi.delete("/:project_id/chapters/:chapter_id", doc("Delete a chapter", { success: { description: "JSON: status ok" }, responses: { 404: "not_found" } }), valid("param", chapterParam), async (c) => {
  const found = await chapterOf(c, c.req.valid("param"));
  if (!found) return notFound(c, "Chapter");
  await studio.deleteChapter(c.env, found.project, found.chapter);
  return c.json({ status: "ok" });
});

studioApi.post(
  "/:project_id/chapters/:chapter_id/convert",
  doc("Convert a chapter (queued); only blocks changed since their last conversion are synthesised and charged", {
    success: { description: "JSON: status ok" },
    responses: { 400: "empty_chapter", 401: "quota_exceeded", 402: "payment_required", 404: "not_found", 409: "conversion_running: the chapter is converting" },
  }),
  valid("param", chapterParam),
  valid("query", z.object({ block_id: z.string().max(100).optional() })),
  async (c) => {
    const found = await chapterOf(c, c.req.valid("param"));
    if (!found) return notFound(c, "Chapter");
    const blockId = c.req.valid("query").block_id;
    if (blockId && !found.chapter.blocks.some((b) => b.id === blockId)) return notFound(c, "Block");
    const queued = await studio.queueConversion(c.env, c.get("caller"), found.project, [found.chapter.chapter.id], blockId ? [blockId] : null);
    if (!queued.ok) return refusal(c, queued.refusal);
    return c.json({ status: "ok" });
  },
);

studioApi.get(
  "/:project_id/chapters/:chapter_id/audio",
  doc("A chapter's converted audio from one block on (to the chapter's end when the project's continue_playing is on, else that block)", {
    success: { contentTypes: ["audio/mpeg"], description: "MP3" },
    responses: { 404: "not_found (nothing converted from there)" },
  }),
  valid("param", chapterParam),
  valid("query", z.object({ from_block: z.string().max(100).optional(), continue_playing: z.enum(["true", "false"]).optional() })),
  async (c) => {
    const found = await chapterOf(c, c.req.valid("param"));
    if (!found) return notFound(c, "Chapter");
    const q = c.req.valid("query");
    const continuePlaying = q.continue_playing ? q.continue_playing === "true" : found.project.continuePlaying;
    const blocks = studio.blocksToPlay(found.chapter.blocks, q.from_block ?? null, continuePlaying);
    if (blocks.length === 0) return notFound(c, "Converted audio");
    const parts: Uint8Array[] = [];
    for (const b of blocks) {
      const object = await c.env.MEDIA.get(b.audioKey!);
      if (object) parts.push(new Uint8Array(await object.arrayBuffer()));
    }
    const body = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    parts.reduce((at, p) => (body.set(p, at), at + p.byteLength), 0);
    return new Response(body, { headers: { "content-type": "audio/mpeg", "cache-control": "private, no-cache" } });
  },
);

// Chapter snapshots.

studioApi.get("/:project_id/chapters/:chapter_id/snapshots", doc("A chapter's snapshots, newest first", { success: { description: "JSON: snapshots" }, responses: { 404: "not_found" } }), valid("param", chapterParam), async (c) => {
  const found = await chapterOf(c, c.req.valid("param"));
  if (!found) return notFound(c, "Chapter");
  return c.json({ snapshots: (await studio.listSnapshots(c.env, found.project, found.chapter.chapter.id)).map(studio.snapshotJson) });
});

const chapterSnapshotParam = chapterParam.extend({ chapter_snapshot_id: z.string().min(1).max(100) });

async function chapterSnapshot(c: Context<AuthedEnv>, params: z.infer<typeof chapterSnapshotParam>): Promise<{ found: { project: Awaited<ReturnType<typeof projectOf>> & object; chapter: ChapterWithBlocks }; snapshot: NonNullable<Awaited<ReturnType<typeof studio.findSnapshot>>> } | null> {
  const found = await chapterOf(c, params);
  const snapshot = found ? await studio.findSnapshot(c.env, found.project, params.chapter_snapshot_id) : undefined;
  return found && snapshot && snapshot.chapterId === found.chapter.chapter.id ? { found, snapshot } : null;
}

studioApi.get("/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id", doc("A chapter snapshot with its character alignments", { success: { description: "JSON: snapshot" }, responses: { 404: "not_found" } }), valid("param", chapterSnapshotParam), async (c) => {
  const got = await chapterSnapshot(c, c.req.valid("param"));
  if (!got) return notFound(c, "Snapshot");
  return c.json(studio.snapshotExtendedJson(got.snapshot));
});

studioApi.post(
  "/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id/stream",
  doc("A chapter snapshot's audio (MP3)", { success: { contentTypes: ["audio/mpeg"], description: "The chapter's audio" }, responses: { 404: "not_found" } }),
  valid("param", chapterSnapshotParam),
  async (c) => {
    const got = await chapterSnapshot(c, c.req.valid("param"));
    if (!got) return notFound(c, "Snapshot");
    return snapshotAudio(c, got.snapshot.audioKey, got.found.chapter.chapter.name.replace(/[^\w .-]/g, "_"));
  },
);


// Podcasts (/v1/studio/podcasts): a project made from a source in two voices' turns, converted at once.

const podcastSource = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().min(1, "source.text must not be empty").max(PODCAST_SOURCE_MAX) }),
  z.object({ type: z.literal("url"), url: z.string().min(1).max(2000) }),
]);
const podcastVoice = z.string().min(1).max(100);
const podcastBody = z.object({
  model_id: z.string().min(1).max(100),
  mode: z.discriminatedUnion("type", [
    z.object({ type: z.literal("conversation"), conversation: z.object({ host_voice_id: podcastVoice, guest_voice_id: podcastVoice }) }),
    z.object({ type: z.literal("bulletin"), bulletin: z.object({ host_voice_id: podcastVoice }) }),
  ]),
  source: z.union([podcastSource, z.array(podcastSource).min(1).max(10)]),
  quality_preset: z.enum(QUALITY_PRESETS).nullish(),
  duration_scale: z.enum(PODCAST_DURATION_SCALES).nullish(),
  language: z.string().max(20).nullish(),
  intro: z.string().max(BLOCK_TEXT_MAX).nullish(),
  outro: z.string().max(BLOCK_TEXT_MAX).nullish(),
  highlights: z.array(z.string().min(10, "Each highlight must be 10 to 70 characters.").max(70, "Each highlight must be 10 to 70 characters.")).max(10).nullish(),
  // Options this server cannot honour: refused when given (PODCAST_TEXTS says why), never ignored.
  instructions_prompt: z.string().max(5000).nullish(),
  safety_identifier: z.string().max(200).nullish(),
  callback_url: z.string().max(2000).nullish(),
  apply_text_normalization: z.enum(["auto", "on", "off", "apply_english"]).nullish(),
});

export const podcastApi = new Hono<AuthedEnv>();
podcastApi.use("*", requireCaller, projectsApiAllowed);

podcastApi.post(
  "/",
  doc("Create a podcast: a Studio project of the source read in turns by a host and a guest (conversation) or the host alone (bulletin), converted at once; the words are the source's own, not rewritten (decision 0073)", {
    success: { description: "JSON: project" },
    responses: { 400: "invalid_content, unsupported_option, voice_not_found, model_not_found, invalid_url, url_unreachable", 401: "quota_exceeded", 403: "project_limit_reached, projects_api_not_allowed" },
  }),
  valid("json", podcastBody),
  async (c) => {
    const body = c.req.valid("json");
    const unsupported = body.instructions_prompt?.trim()
      ? PODCAST_TEXTS.instructionsPrompt
      : body.safety_identifier
        ? PODCAST_TEXTS.safetyIdentifier
        : body.callback_url
          ? PODCAST_TEXTS.callbackUrl
          : body.apply_text_normalization && body.apply_text_normalization !== "auto"
            ? PODCAST_TEXTS.textNormalization
            : null;
    if (unsupported) return apiError(c, 400, "unsupported_option", unsupported);
    const voices = body.mode.type === "conversation" ? { host: body.mode.conversation.host_voice_id, guest: body.mode.conversation.guest_voice_id } : { host: body.mode.bulletin.host_voice_id, guest: null };
    const created = await studio.createPodcast(c.env, c.get("caller"), {
      modelId: body.model_id,
      voices,
      sources: Array.isArray(body.source) ? body.source : [body.source],
      qualityPreset: body.quality_preset,
      durationScale: body.duration_scale,
      language: body.language,
      intro: body.intro,
      outro: body.outro,
      highlights: body.highlights,
    });
    if (!created.ok) return refusal(c, created.refusal);
    const project = (await projectOf(c, created.value.id))!;
    return c.json({ project: studio.projectJson(project) });
  },
);
