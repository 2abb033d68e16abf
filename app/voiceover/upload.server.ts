// A new voiceover project from an uploaded video, for the /v1 layer (the page's upload dialog posts there): the
// video is read with mediabunny (core/voiceover/probe.ts), which only the Hono side of the app worker bundles.
import { nowSeconds } from "../../core/clock";
import { probeVideo } from "../../core/voiceover/probe";
import { voiceoverMediaPrefix } from "../../core/voiceover/render";
import type { Actor } from "~/accounts/accounts.server";
import { insertProject, newVoiceoverId, projectLimitRefusal, projectsPermissionRefusal, type VoiceoverProjectRow, type VoiceoverResult } from "./voiceover.server";
import { defaultProjectName, PROJECT_NAME_MAX, VOICEOVER_MAX_SECONDS, VOICEOVER_MAX_UPLOAD_BYTES } from "./rules/voiceover";

export type NewVoiceover = { file: Uint8Array; fileName: string | null; name: string | null };

const refused = (httpStatus: 400 | 403, status: string, message: string) => ({ ok: false as const, refusal: { httpStatus, status, message } });

/** Checks the upload (a video the render can remux, within the length and size limits) and the plan, then stores it. */
export async function createProject(env: Env, actor: Actor, upload: NewVoiceover): Promise<VoiceoverResult<VoiceoverProjectRow>> {
  const denied = await projectsPermissionRefusal(env, actor);
  if (denied) return { ok: false, refusal: denied };
  if (upload.file.byteLength === 0) return refused(400, "empty_file", "The file is empty.");
  if (upload.file.byteLength > VOICEOVER_MAX_UPLOAD_BYTES) return refused(400, "file_too_large", `The video is ${upload.file.byteLength} bytes; at most ${VOICEOVER_MAX_UPLOAD_BYTES} are accepted.`);
  const video = await probeVideo(upload.file);
  if (!video.ok) return refused(400, video.status, video.message);
  if (video.durationSeconds > VOICEOVER_MAX_SECONDS) {
    return refused(400, "video_too_long", `The video is ${Math.round(video.durationSeconds)} seconds long; a voiceover project takes at most ${VOICEOVER_MAX_SECONDS} seconds.`);
  }
  const full = await projectLimitRefusal(env, actor);
  if (full) return { ok: false, refusal: full };
  const workspaceId = actor.membership.workspace.id;
  const id = newVoiceoverId("vo");
  const contentType = video.container === "mp4" ? "video/mp4" : "video/webm";
  const videoKey = `${voiceoverMediaPrefix(workspaceId, id)}video.${video.container}`;
  await env.MEDIA.put(videoKey, upload.file, { httpMetadata: { contentType } });
  const now = nowSeconds();
  const row: VoiceoverProjectRow = {
    id,
    workspaceId,
    userId: actor.user.id,
    name: upload.name?.trim().slice(0, PROJECT_NAME_MAX) || defaultProjectName(upload.fileName),
    createdAt: now,
    updatedAt: now,
    videoKey,
    videoContentType: contentType,
    videoBytes: upload.file.byteLength,
    container: video.container,
    durationSeconds: video.durationSeconds,
    width: video.width,
    height: video.height,
    videoCodec: video.videoCodec,
    audioCodec: video.audioCodec,
    audioReadable: video.audioReadable,
    // The original sound is lowered under the dialogue by default, when there is one to keep.
    originalAudio: video.audioReadable ? "duck" : "drop",
    clips: "[]",
    spokenKeys: "[]",
  };
  try {
    await insertProject(env, row);
  } catch (error) {
    await env.MEDIA.delete(videoKey);
    throw error;
  }
  return { ok: true, value: row };
}
