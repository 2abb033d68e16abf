import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import * as native from "~/audio-native/audio-native.server";
import type { StudioRefusal } from "~/studio/studio.server";
import { documentKind, parseDocument, type ParsedChapter } from "~/studio/rules/documents";
import { DOCUMENT_MAX_BYTES, PROJECT_NAME_MAX } from "../../core/studio/studio-rules";
import { embedAudioPath, htmlSnippet, IMAGE_URL_MAX, normalizeColor, SESSIONIZATION_MAX_MINUTES, TITLE_MAX } from "~/audio-native/rules/audio-native";

const doc = apiDocs("Audio Native");
const refusal = (c: Context, r: StudioRefusal) => apiError(c, r.httpStatus, r.status, r.message);
const notFound = (c: Context) => apiError(c, 404, "not_found", "Audio Native project not found");

const formBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()).optional();
const color = z
  .string()
  .max(20)
  .transform((v, ctx) => normalizeColor(v) ?? (ctx.addIssue({ code: "custom", message: "must be a colour like #1F2937" }), z.NEVER))
  .optional();

const createForm = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(PROJECT_NAME_MAX),
  image: z.string().max(IMAGE_URL_MAX).url().optional().or(z.literal("").transform(() => undefined)),
  author: z.string().max(TITLE_MAX).optional(),
  title: z.string().max(TITLE_MAX).optional(),
  small: formBool,
  text_color: color,
  background_color: color,
  sessionization: z.coerce.number().int().min(0).max(SESSIONIZATION_MAX_MINUTES).optional(),
  voice_id: z.string().max(100).optional(),
  model_id: z.string().max(100).optional(),
  file: z.any().optional(),
  auto_convert: formBool,
  apply_text_normalization: z.enum(["auto", "on", "off", "apply_english"]).optional(),
  pronunciation_dictionary_locators: z.any().optional(),
});

/** The article from an uploaded text or HTML file (the SDK's `file`). */
async function readArticle(file: unknown, fallbackName: string): Promise<{ ok: true; article: ParsedChapter[] | null; sourceType: string } | { ok: false; refusal: StudioRefusal }> {
  if (file === undefined || file === "") return { ok: true, article: null, sourceType: "blank" };
  const bad = (status: string, message: string) => ({ ok: false as const, refusal: { httpStatus: 400 as const, status, message } });
  if (!(file instanceof File)) return bad("invalid_document", "file must be a text or HTML file.");
  if (file.size > DOCUMENT_MAX_BYTES) return bad("document_too_large", `The file must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
  const kind = documentKind(file.name, file.type);
  if (kind !== "text" && kind !== "html") return bad("unsupported_document", "The article must be a plain text (.txt) or HTML (.html) file.");
  const parsed = parseDocument(kind, new Uint8Array(await file.arrayBuffer()), fallbackName);
  if (!parsed.ok) return bad("invalid_document", parsed.message);
  return { ok: true, article: parsed.chapters, sourceType: kind };
}

export const audioNativeApi = new Hono<AuthedEnv>();
audioNativeApi.use("*", requireCaller);

const origin = (c: Context) => new URL(c.req.url).origin;

audioNativeApi.post(
  "/",
  doc("Create an Audio Native player for an article: a Studio project, optionally converted at once", {
    success: { description: "JSON: project_id, converting, html_snippet" },
    responses: { 400: "invalid_document, unsupported_document, voice_not_found, model_not_found", 401: "quota_exceeded (auto_convert)", 403: "project_limit_reached" },
  }),
  valid("form", createForm),
  async (c) => {
    const form = c.req.valid("form");
    if (form.apply_text_normalization && form.apply_text_normalization !== "auto") {
      return apiError(c, 400, "text_normalization_not_supported", "Only apply_text_normalization 'auto' is available: the engine reads numbers as written.");
    }
    if (form.pronunciation_dictionary_locators !== undefined) return apiError(c, 400, "pronunciation_dictionaries_not_supported", "Pronunciation dictionaries are not available yet.");
    const article = await readArticle(form.file, form.name);
    if (!article.ok) return refusal(c, article.refusal);
    const created = await native.createPlayer(c.env, c.get("caller"), {
      name: form.name,
      title: form.title,
      author: form.author,
      image: form.image,
      small: form.small,
      textColor: form.text_color,
      backgroundColor: form.background_color,
      sessionization: form.sessionization,
      voiceId: form.voice_id || undefined,
      modelId: form.model_id || undefined,
      article: article.article,
      sourceType: article.sourceType,
      autoConvert: form.auto_convert ?? false,
    });
    if (!created.ok) return refusal(c, created.refusal);
    const { project, player, converting } = created.value;
    return c.json({ project_id: project.id, converting, html_snippet: htmlSnippet(origin(c), project.id, player.small) });
  },
);

const projectParam = z.object({ project_id: z.string().min(1).max(100) });

audioNativeApi.get(
  "/:project_id/settings",
  doc("An Audio Native player's settings and the audio it plays", { success: { description: "JSON: enabled, snapshot_id, settings" }, responses: { 404: "not_found" } }),
  valid("param", projectParam),
  async (c) => {
    const found = await native.findPlayer(c.env, c.get("caller"), c.req.valid("param").project_id);
    if (!found) return notFound(c);
    const { project, player } = found;
    const snapshot = await native.playedSnapshot(c.env, project, player);
    const audioPath = snapshot ? embedAudioPath(project.id, snapshot.id) : null;
    return c.json({
      enabled: player.enabled,
      snapshot_id: snapshot?.id ?? null,
      settings: {
        title: player.title,
        image: player.image,
        author: player.author,
        small: player.small,
        text_color: player.textColor,
        background_color: player.backgroundColor,
        sessionization: player.sessionization,
        audio_path: audioPath,
        audio_url: audioPath ? `${origin(c)}${audioPath}` : null,
        status: snapshot && !native.isConverting(project) ? "ready" : "processing",
      },
    });
  },
);

audioNativeApi.post(
  "/:project_id/content",
  doc("Replace an Audio Native player's article; unchanged paragraphs keep their audio", {
    success: { description: "JSON: project_id, converting, publishing, html_snippet" },
    responses: { 400: "invalid_document, unsupported_document, empty_chapter", 401: "quota_exceeded", 404: "not_found" },
  }),
  valid("param", projectParam),
  valid("form", z.object({ file: z.any().optional(), auto_convert: formBool, auto_publish: formBool })),
  async (c) => {
    const found = await native.findPlayer(c.env, c.get("caller"), c.req.valid("param").project_id);
    if (!found) return notFound(c);
    const form = c.req.valid("form");
    const article = await readArticle(form.file, found.project.name);
    if (!article.ok) return refusal(c, article.refusal);
    if (!article.article) return apiError(c, 400, "invalid_document", "Send the article's new content as file (text or HTML).");
    const updated = await native.updateContent(c.env, c.get("caller"), found, article.article, { autoConvert: form.auto_convert ?? false, autoPublish: form.auto_publish ?? false });
    if (!updated.ok) return refusal(c, updated.refusal);
    return c.json({ project_id: found.project.id, ...updated.value, html_snippet: htmlSnippet(origin(c), found.project.id, found.player.small) });
  },
);

audioNativeApi.post(
  "/content",
  doc("Update a player's content from a page's URL (not available: send the page as an HTML file)", { success: { description: "never: refused" }, responses: { 400: "from_url_not_supported" } }),
  (c) => apiError(c, 400, "from_url_not_supported", "Fetching an article from its URL is not available yet: send its HTML as file to POST /v1/audio-native/{project_id}/content."),
);
