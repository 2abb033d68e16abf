import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { rangedObjectResponse } from "~/history/history.server";
import { clipAudioKey } from "../../core/voiceover/render";
import { createProject } from "./upload.server";
import * as voiceover from "./voiceover.server";
import type { VoiceoverProjectRow, VoiceoverRefusal, VoiceoverRenderRow } from "./voiceover.server";
import { clipsInput, ORIGINAL_AUDIO_MODES, PROJECT_NAME_MAX, renderFileName, VOICEOVER_MAX_SECONDS, VOICEOVER_MAX_UPLOAD_BYTES } from "./rules/voiceover";

const doc = apiDocs("Voiceover");

const refusal = (c: Context, r: VoiceoverRefusal) => apiError(c, r.httpStatus, r.status, r.message, r.detail);
const notFound = (c: Context, what = "Voiceover project") => apiError(c, 404, "not_found", `${what} not found`);

/** A render as the API answers it: its state, charge and, once done, where its video is. */
export function renderJson(row: VoiceoverRenderRow) {
  return {
    render_id: row.id,
    project_id: row.projectId,
    status: row.status,
    progress: row.progress,
    error: row.error,
    credits: row.credits,
    refunded: row.refunded,
    created_at_unix: row.createdAt,
    content_type: row.outputContentType,
    video_url: row.status === "done" ? `/v1/voiceover/projects/${row.projectId}/renders/${row.id}/video` : null,
  };
}

/** A project as the API answers it: the video's facts, the timeline and the newest render. */
export function projectJson(row: VoiceoverProjectRow, latest: VoiceoverRenderRow | null) {
  return {
    project_id: row.id,
    name: row.name,
    created_at_unix: row.createdAt,
    updated_at_unix: row.updatedAt,
    video: {
      url: `/v1/voiceover/projects/${row.id}/video`,
      content_type: row.videoContentType,
      bytes: row.videoBytes,
      duration_seconds: row.durationSeconds,
      width: row.width,
      height: row.height,
      video_codec: row.videoCodec,
      audio_codec: row.audioCodec,
      audio_readable: row.audioReadable,
    },
    original_audio: row.originalAudio,
    clips: voiceover.projectClips(row),
    latest_render: latest ? renderJson(latest) : null,
  };
}

export const voiceoverApi = new Hono<AuthedEnv>();
voiceoverApi.use("*", requireCaller);
// Studio's plan rule: the API from Starter (allowed_to_use_projects_api); the pages use the same server module on any plan.
voiceoverApi.use("*", async (c, next) => {
  const refused = voiceover.voiceoverApiRefusal(c.get("caller"));
  return refused ? refusal(c, refused) : next();
});

const projectParam = z.object({ project_id: z.string().min(1).max(100) });
const renderParam = projectParam.extend({ render_id: z.string().min(1).max(100) });
const clipParam = projectParam.extend({ file: z.string().regex(/^[0-9a-f]{32}\.wav$/, "a clip's audio is named by its hash") });

voiceoverApi.get("/", doc("List the workspace's voiceover projects, newest first", { success: { description: "JSON: projects (each with its newest render)" } }), async (c) => {
  const projects = await voiceover.listProjects(c.env, c.get("caller"));
  return c.json({ projects: projects.map((p) => projectJson(p.project, p.render)) });
});

voiceoverApi.post(
  "/",
  doc("Create a voiceover project from a video", {
    description: `Multipart: file (an MP4 or WebM video, at most ${VOICEOVER_MAX_SECONDS} s and ${VOICEOVER_MAX_UPLOAD_BYTES / 1_000_000} MB) and an optional name. The picture is kept as it is in every render.`,
    success: { description: "JSON: the project" },
    responses: {
      400: "empty_file, file_too_large, invalid_file_type (not a video), not_a_video (audio, or no picture), unsupported_video (another container or a picture codec that cannot be copied), invalid_video (damaged), video_too_long",
      403: "project_limit_reached, projects_api_not_allowed, missing_permissions",
    },
  }),
  async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return validationError(c, [{ loc: ["body"], msg: "Expected a multipart/form-data body with a file", type: "model_attributes_type" }]);
    }
    const file = form.get("file");
    if (file === null || typeof file === "string") return validationError(c, [{ loc: ["body", "file"], msg: "Field required: a video file", type: "missing" }]);
    const name = form.get("name");
    const created = await createProject(c.env, c.get("caller"), { file: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null, name: typeof name === "string" ? name : null });
    if (!created.ok) return refusal(c, created.refusal);
    return c.json(projectJson(created.value, null));
  },
);

async function projectOf(c: Context<AuthedEnv>, id: string) {
  return voiceover.findProject(c.env, c.get("caller"), id);
}

voiceoverApi.get("/:project_id", doc("Get a voiceover project", { success: { description: "JSON: the project" }, responses: { 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const project = await projectOf(c, c.req.valid("param").project_id);
  if (!project) return notFound(c);
  const { latest } = await voiceover.projectRenders(c.env, c.get("caller"), project);
  return c.json(projectJson(project, latest));
});

voiceoverApi.patch(
  "/:project_id",
  doc("Change a project's name, timeline or original sound", {
    description:
      "JSON: name, clips (the whole timeline: dialogue clips {kind: dialogue, start, text, voice_id, voice_settings: {speed, stability}} and sound-effect clips {kind: effect, start, text, duration_seconds}; each may keep its id), original_audio (keep, duck or drop).",
    success: { description: "JSON: the project" },
    responses: {
      400: "clip_outside_video (a clip starts after the video ends, or an effect runs past it), voice_not_found, live_moderation_voice, voice_not_fine_tuned, original_audio_unavailable (the video has no sound the decoders read)",
      403: "voice_blocked, voice_captcha_required, missing_permissions",
      404: "not_found",
    },
  }),
  valid("param", projectParam),
  valid("json", z.object({ name: z.string().trim().min(1).max(PROJECT_NAME_MAX).optional(), clips: clipsInput.optional(), original_audio: z.enum(ORIGINAL_AUDIO_MODES).optional() })),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const body = c.req.valid("json");
    const saved = await voiceover.saveProject(c.env, c.get("caller"), project, { name: body.name, clips: body.clips, originalAudio: body.original_audio });
    if (!saved.ok) return refusal(c, saved.refusal);
    const { latest } = await voiceover.projectRenders(c.env, c.get("caller"), saved.value);
    return c.json(projectJson(saved.value, latest));
  },
);

voiceoverApi.delete("/:project_id", doc("Delete a voiceover project, its renders and media", { success: { description: "JSON: status ok" }, responses: { 403: "missing_permissions", 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const deleted = await voiceover.deleteProject(c.env, c.get("caller"), c.req.valid("param").project_id);
  if (!deleted.ok) return refusal(c, deleted.refusal);
  return c.json({ status: "ok" });
});

voiceoverApi.post(
  "/:project_id/render",
  doc("Render the project to a video", {
    description:
      "Queues a render of the saved timeline: each clip's speech (the voice and its settings) or sound effect over the video's own sound (kept, ducked or dropped), remuxed with the untouched picture. Charged once, when accepted, for the clips not spoken before (a dialogue clip its characters, an effect the sound-effects rate); given back if the render fails. Poll GET …/renders/{render_id}.",
    success: { description: "JSON: the render (status queued)" },
    responses: {
      400: "no_clips, clip_outside_video, voice_not_found, live_moderation_voice, voice_not_fine_tuned, model_not_found",
      401: "quota_exceeded",
      402: "payment_required",
      403: "voice_blocked, voice_captcha_required, missing_permissions",
      404: "not_found",
      409: "render_in_progress",
    },
  }),
  valid("param", projectParam),
  async (c) => {
    const project = await projectOf(c, c.req.valid("param").project_id);
    if (!project) return notFound(c);
    const started = await voiceover.startRender(c.env, c.get("caller"), project);
    if (!started.ok) return refusal(c, started.refusal);
    return c.json(renderJson(started.value));
  },
);

voiceoverApi.get("/:project_id/renders/:render_id", doc("A render's state and progress", { success: { description: "JSON: the render" }, responses: { 404: "not_found" } }), valid("param", renderParam), async (c) => {
  const { project_id: projectId, render_id: renderId } = c.req.valid("param");
  const render = await voiceover.findRender(c.env, c.get("caller"), projectId, renderId);
  return render ? c.json(renderJson(render)) : notFound(c, "Render");
});

voiceoverApi.get(
  "/:project_id/renders/:render_id/video",
  doc("A finished render's video (HTTP Range supported; download=true to save it)", { success: { contentTypes: ["video/mp4", "video/webm"], description: "The video" }, responses: { 404: "not_found", 425: "render_not_ready" } }),
  valid("param", renderParam),
  async (c) => {
    const { project_id: projectId, render_id: renderId } = c.req.valid("param");
    const caller = c.get("caller");
    const [project, render] = await Promise.all([voiceover.findProject(c.env, caller, projectId), voiceover.findRender(c.env, caller, projectId, renderId)]);
    if (!project || !render) return notFound(c, "Render");
    if (render.status !== "done" || !render.outputKey) return apiError(c, 425, "render_not_ready", render.status === "failed" ? "The render failed: it has no video." : "The render is still in progress.");
    const container = render.outputContentType.split("/")[1]!;
    const disposition = c.req.query("download") === "true" ? "attachment" : "inline";
    const response = await rangedObjectResponse(c.env.MEDIA, render.outputKey, render.outputBytes ?? 0, c.req.header("range"), {
      "content-type": render.outputContentType,
      "cache-control": "private, max-age=3600",
      "content-disposition": `${disposition}; filename="${renderFileName(project.name, container)}"`,
    });
    return response ?? notFound(c, "Render");
  },
);

voiceoverApi.get("/:project_id/video", doc("The project's uploaded video (HTTP Range supported)", { success: { contentTypes: ["video/mp4", "video/webm"], description: "The video" }, responses: { 404: "not_found" } }), valid("param", projectParam), async (c) => {
  const project = await projectOf(c, c.req.valid("param").project_id);
  if (!project) return notFound(c);
  const response = await rangedObjectResponse(c.env.MEDIA, project.videoKey, project.videoBytes, c.req.header("range"), { "content-type": project.videoContentType, "cache-control": "private, max-age=3600" });
  return response ?? notFound(c);
});

voiceoverApi.get(
  "/:project_id/clips/:file",
  doc("A spoken clip's audio (WAV), as the last render made it: the page's preview plays it", { success: { contentTypes: ["audio/wav"], description: "The clip" }, responses: { 404: "not_found" } }),
  valid("param", clipParam),
  async (c) => {
    const { project_id: projectId, file } = c.req.valid("param");
    const project = await projectOf(c, projectId);
    if (!project) return notFound(c);
    const key = clipAudioKey(project.workspaceId, project.id, file.replace(/\.wav$/, ""));
    const head = await c.env.MEDIA.head(key);
    // Named by the hash of what makes it: the same address always holds the same sound.
    const response = head ? await rangedObjectResponse(c.env.MEDIA, key, head.size, c.req.header("range"), { "content-type": "audio/wav", "cache-control": "private, max-age=86400, immutable" }) : null;
    return response ?? notFound(c, "Clip");
  },
);
