// Voiceover studio (decision 0062): the only way into the voiceover tables for the pages and the API. Every read and
// write is scoped to the actor's workspace. A render is accepted here, in the request: its voices resolved into
// the plan the video worker reads, its clips not spoken before charged once with its row, then queued on
// video-jobs (queues/video/voiceover.ts makes it).
import { database } from "../../db/client";
import * as repo from "../../db/repositories/voiceover";
import type { VoiceoverProjectRow, VoiceoverRenderRow } from "../../db/repositories/voiceover";
import { QuotaExhausted } from "../../db/repositories/history";
import type { SubscriptionStatus } from "../../core/billing/plans";
import { nowSeconds } from "../../core/clock";
import { originalSoundProblem, voiceoverMediaPrefix, type PlannedClip, type PlannedSpeech, type RenderPlan, type VoiceoverRenderMessage } from "../../core/voiceover/render";
import type { RemuxContainer } from "../../core/dubbing/remux";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { keyCapRefusal, permissionRefusal, randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { currentQuota, speakingVoice, speechModel } from "~/speech/speech.server";
import { engineTextFor, splitSentences } from "../../core/speech/speech-text";
import { engineParameters, engineVoiceFor, externalVoiceFor } from "../../core/voices/voice-rules";
import { hasNeuralCloning, settingsOfVoice } from "~/voices/voices.server";
import { soundModels } from "~/sound-effects/sound-effects.server";
import { PROMPT_INFLUENCE_DEFAULT } from "~/sound-effects/rules/sound-effects";
import { LIVE_MODERATION_REFUSAL, PROJECTS_API_REFUSAL } from "../../core/studio/studio-rules";
import type { Voice } from "../../core/voices/voices";
import {
  allowedToUseVoiceoverApi,
  clipCredits,
  renderCredits,
  timelineProblem,
  voiceoverProjectLimit,
  withIds,
  type ClipInput,
  type DialogueClip,
  type OriginalAudioMode,
  type VoiceoverClip,
} from "./rules/voiceover";

export type { VoiceoverProjectRow, VoiceoverRenderRow };

export type VoiceoverRefusal = { httpStatus: 400 | 401 | 402 | 403 | 404 | 409 | 500; status: string; message: string; detail?: Record<string, string> };
export type VoiceoverResult<T> = { ok: true; value: T } | { ok: false; refusal: VoiceoverRefusal };

const refuse = (httpStatus: VoiceoverRefusal["httpStatus"], status: string, message: string, detail?: Record<string, string>): { ok: false; refusal: VoiceoverRefusal } => ({ ok: false, refusal: { httpStatus, status, message, ...(detail ? { detail } : {}) } });
const db = (env: Env) => database(env.DB);
const wsOf = (actor: Actor) => actor.membership.workspace.id;

/** The voiceover API on a plan without allowed_to_use_projects_api (the pages stay open on every plan): Studio's rule. */
export function voiceoverApiRefusal(actor: Actor): VoiceoverRefusal | null {
  if (actor.via === "session" || allowedToUseVoiceoverApi(actor.membership.workspace.tier)) return null;
  return { httpStatus: 403, status: "projects_api_not_allowed", message: PROJECTS_API_REFUSAL };
}

/** Changing a project, or rendering it, needs the Studio permission (a group may withhold it). */
export async function projectsPermissionRefusal(env: Env, actor: Actor): Promise<VoiceoverRefusal | null> {
  const denied = await permissionRefusal(db(env), actor, "projects");
  return denied ? { httpStatus: denied.httpStatus, status: denied.status, message: denied.message } : null;
}

/** Room for one more project on the workspace's plan, or the refusal. */
export async function projectLimitRefusal(env: Env, actor: Actor): Promise<VoiceoverRefusal | null> {
  const limit = voiceoverProjectLimit(actor.membership.workspace.tier);
  if ((await repo.countProjects(db(env), wsOf(actor))) < limit) return null;
  return { httpStatus: 403, status: "project_limit_reached", message: `Your plan allows ${limit} voiceover projects. Delete a project or upgrade your plan to create more.` };
}

export const newVoiceoverId = (prefix: "vo" | "vor") => `${prefix}_${Date.now().toString(36)}${randomHex(6)}`;

export async function insertProject(env: Env, row: VoiceoverProjectRow): Promise<void> {
  await repo.insertProject(db(env), row);
}

export function findProject(env: Env, actor: Actor, id: string): Promise<VoiceoverProjectRow | undefined> {
  return repo.findProject(db(env), wsOf(actor), id);
}

export const projectClips = (row: Pick<VoiceoverProjectRow, "clips">) => JSON.parse(row.clips) as VoiceoverClip[];
export const renderPlan = (row: Pick<VoiceoverRenderRow, "plan">) => JSON.parse(row.plan) as RenderPlan;

/** The workspace's projects, newest first, each with its newest render. */
export async function listProjects(env: Env, actor: Actor): Promise<{ project: VoiceoverProjectRow; render: VoiceoverRenderRow | null }[]> {
  const projects = await repo.listProjects(db(env), wsOf(actor), 500);
  const renders = await repo.latestRenders(db(env), wsOf(actor), projects.map((p) => p.id));
  return projects.map((project) => ({ project, render: renders.get(project.id) ?? null }));
}

/** A project's newest render (what the page follows) and newest finished one (what it plays and downloads). */
export async function projectRenders(env: Env, actor: Actor, project: VoiceoverProjectRow): Promise<{ latest: VoiceoverRenderRow | null; done: VoiceoverRenderRow | null }> {
  const latest = (await repo.latestRenders(db(env), wsOf(actor), [project.id])).get(project.id) ?? null;
  const done = latest?.status === "done" ? latest : ((await repo.latestDoneRender(db(env), wsOf(actor), project.id)) ?? null);
  return { latest, done };
}

export function findRender(env: Env, actor: Actor, projectId: string, renderId: string): Promise<VoiceoverRenderRow | undefined> {
  return repo.findRender(db(env), wsOf(actor), projectId, renderId);
}

/** A voice a dialogue clip may speak with: the workspace's, usable, not live-moderated (spec §8, as in Studio). */
async function clipVoice(env: Env, actor: Actor, clip: DialogueClip): Promise<{ ok: true; voice: Voice } | { ok: false; refusal: VoiceoverRefusal }> {
  const usable = await speakingVoice(env, actor, clip.voice_id);
  const at = `The dialogue clip at ${clip.start} s`;
  if (!usable.ok) {
    const { status, message, detail } = usable.refusal;
    // An unknown voice is a mistake in the timeline (400), whatever the speech API answers for it.
    const httpStatus = status === "voice_not_found" ? 400 : (usable.refusal.httpStatus as VoiceoverRefusal["httpStatus"]);
    return refuse(httpStatus, status, `${at}: ${message}`, detail);
  }
  if (usable.voice.liveModerationEnabled) return refuse(400, "live_moderation_voice", `${at}: ${LIVE_MODERATION_REFUSAL}`);
  return usable;
}

export type TimelineChange = { name?: string; clips?: ClipInput[]; originalAudio?: OriginalAudioMode };

/**
 * Saves a project's name, timeline or sound treatment: every clip within the video, every voice usable by the
 * workspace, and the original sound kept or ducked only when the video has one the decoders read.
 */
export async function saveProject(env: Env, actor: Actor, project: VoiceoverProjectRow, change: TimelineChange): Promise<VoiceoverResult<VoiceoverProjectRow>> {
  const denied = await projectsPermissionRefusal(env, actor);
  if (denied) return { ok: false, refusal: denied };
  const patch: Partial<VoiceoverProjectRow> = { updatedAt: nowSeconds() };
  if (change.name !== undefined) patch.name = change.name;
  if (change.clips !== undefined) {
    const clips = withIds(change.clips);
    const problem = timelineProblem(clips, project.durationSeconds);
    if (problem) return refuse(400, "clip_outside_video", problem);
    for (const clip of clips) {
      if (clip.kind !== "dialogue") continue;
      const voice = await clipVoice(env, actor, clip);
      if (!voice.ok) return voice;
    }
    patch.clips = JSON.stringify(clips);
  }
  if (change.originalAudio !== undefined) {
    const problem = change.originalAudio === "drop" ? null : originalSoundProblem(project);
    if (problem) return refuse(400, "original_audio_unavailable", problem);
    patch.originalAudio = change.originalAudio;
  }
  await repo.updateProject(db(env), wsOf(actor), project.id, patch);
  return { ok: true, value: { ...project, ...patch } };
}

/** A string's SHA-256, hex: the name of a clip's audio, from everything that makes it. */
async function hashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].slice(0, 16).map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A dialogue clip's sentences as the speech path speaks them (generation.server.ts): engine, voice, settings, cloning. */
async function dialogueSpeech(env: Env, actor: Actor, clip: DialogueClip, voice: Voice, engine: PlannedSpeech["engine"], cloning: boolean): Promise<PlannedSpeech[]> {
  const settings = { ...(await settingsOfVoice(env, actor, voice)), ...clip.voice_settings };
  // A voice cloned on the neural cloning server is spoken by it while it is configured, at its own pace (decision 0051).
  const clone = cloning ? voice.engineParameters.neuralClone : undefined;
  const speaks = clone ? "xtts" : engine;
  const params = engineParameters(settings, clone ? { ...voice.engineParameters, rate: undefined } : voice.engineParameters);
  const sentences = splitSentences(clip.text).filter((s) => s.trim() !== "");
  return sentences.map((sentence, index) => ({
    text: engineTextFor(sentence, index < sentences.length - 1),
    engineVoice: engineVoiceFor(voice),
    engine: speaks,
    ...(speaks === "embedded" || speaks === "xtts" || speaks === undefined ? {} : { externalVoice: externalVoiceFor(voice, speaks) }),
    ...(clone ? { clonedSpeakerKey: clone.key, language: voice.language.slice(0, 2) } : {}),
    seed: 1,
    ...params,
  }));
}

/** A sound effect's seed from its project and clip: the same clip sounds the same in every render. */
function effectSeed(projectId: string, clipId: string): number {
  let hash = 2166136261;
  for (const ch of `${projectId}/${clipId}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** The plan of a project's render: each clip resolved (voices, settings, engines) and named by the hash of it. */
async function planRender(env: Env, actor: Actor, project: VoiceoverProjectRow, clips: VoiceoverClip[]): Promise<VoiceoverResult<{ plan: RenderPlan; hashes: { clip: VoiceoverClip; hash: string }[] }>> {
  const model = await speechModel(env, null);
  if (!model.ok) return refuse(400, model.refusal.status, model.refusal.message);
  const cloning = await hasNeuralCloning(env);
  const soundModel = (await soundModels(env))[0];
  const planned: PlannedClip[] = [];
  const hashes: { clip: VoiceoverClip; hash: string }[] = [];
  for (const clip of clips) {
    let made: { kind: "dialogue"; speech: PlannedSpeech[] } | { kind: "effect"; sound: Extract<PlannedClip, { kind: "effect" }>["sound"]; model: string };
    if (clip.kind === "dialogue") {
      const voice = await clipVoice(env, actor, clip);
      if (!voice.ok) return voice;
      made = { kind: "dialogue", speech: await dialogueSpeech(env, actor, clip, voice.voice, model.model.engine, cloning) };
    } else {
      if (!soundModel) return refuse(400, "model_not_found", "No sound-effects engine is configured on this deployment.");
      made = { kind: "effect", sound: { prompt: clip.text, durationSeconds: clip.duration_seconds, promptInfluence: PROMPT_INFLUENCE_DEFAULT, loop: false, seed: effectSeed(project.id, clip.id) }, model: soundModel };
    }
    const hash = await hashOf(JSON.stringify(made));
    hashes.push({ clip, hash });
    planned.push({ id: clip.id, start: clip.start, hash, source: JSON.stringify({ ...clip, start: 0 }), ...made });
  }
  const originalAudio: OriginalAudioMode = originalSoundProblem(project) ? "drop" : (project.originalAudio as OriginalAudioMode);
  return { ok: true, value: { plan: { videoKey: project.videoKey, container: project.container as RemuxContainer, durationSeconds: project.durationSeconds, originalAudio, clips: planned }, hashes } };
}

/**
 * Accepts a render of the project as it is saved: checks everything that can refuse (permission, payment, clips,
 * voices, quota, another render running), then writes the render with its charge in one batch and queues it.
 * Nothing is charged or written when it refuses; a render that cannot be queued is failed and refunded at once.
 */
export async function startRender(env: Env, actor: Actor, project: VoiceoverProjectRow): Promise<VoiceoverResult<VoiceoverRenderRow>> {
  const workspace = actor.membership.workspace;
  const denied = await projectsPermissionRefusal(env, actor);
  if (denied) return { ok: false, refusal: denied };
  if (isRestricted(workspace.status as SubscriptionStatus)) return refuse(402, "payment_required", STATUS_NOTICES[workspace.status] ?? "This workspace cannot generate until its payment is settled.");
  const clips = projectClips(project);
  if (clips.length === 0) return refuse(400, "no_clips", "The timeline has no clips: add a dialogue or sound-effect clip before rendering.");
  const problem = timelineProblem(clips, project.durationSeconds);
  if (problem) return refuse(400, "clip_outside_video", problem);
  const planned = await planRender(env, actor, project, clips);
  if (!planned.ok) return planned;
  const { plan, hashes } = planned.value;
  const credits = renderCredits(hashes, new Set(JSON.parse(project.spokenKeys) as string[]));
  const database = db(env);
  const quota = await currentQuota(database, workspace, workspace.tier);
  const quotaRefusal = (remaining: number) =>
    refuse(401, "quota_exceeded", `This render exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for the clips not spoken before.`);
  if (quota.used + credits > quota.usable) return quotaRefusal(workspace.characterLimit - quota.used);
  const capped = await keyCapRefusal(database, actor, credits);
  if (capped) return { ok: false, refusal: capped };
  const now = nowSeconds();
  const row: VoiceoverRenderRow = {
    id: newVoiceoverId("vor"),
    projectId: project.id,
    workspaceId: workspace.id,
    userId: actor.user.id,
    status: "queued",
    progress: 0,
    error: null,
    attempts: 0,
    credits,
    refunded: false,
    plan: JSON.stringify(plan),
    outputKey: null,
    outputBytes: null,
    outputContentType: plan.container === "mp4" ? "video/mp4" : "video/webm",
    createdAt: now,
    updatedAt: now,
  };
  try {
    await repo.acceptRender(database, row, { beyondLimit: Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null, apiKeyId: actor.apiKeyId });
  } catch (error) {
    if (error instanceof QuotaExhausted) return quotaRefusal(0);
    if (error instanceof repo.RenderInProgress) return refuse(409, "render_in_progress", "This project is rendering already: wait for that render to finish.");
    throw error;
  }
  try {
    await env.VIDEO_JOBS.send({ version: 1, kind: "voiceover", renderId: row.id } satisfies VoiceoverRenderMessage);
  } catch (error) {
    log("error", "voiceover render not queued", { render_id: row.id, error: String(error) });
    await repo.failRender(database, row.id, "The render could not be queued; nothing was charged.", true, nowSeconds());
    return refuse(500, "render_failed", "The render could not be queued; nothing was charged. Try again.");
  }
  return { ok: true, value: row };
}

/** What rendering the project now would cost: the credits of its clips not spoken before (an estimate: voices unresolved). */
export function pendingCredits(project: VoiceoverProjectRow, rendered: VoiceoverRenderRow | null): number {
  const previous = new Map((rendered ? renderPlan(rendered).clips : []).map((c) => [c.id, c.source]));
  return projectClips(project)
    .filter((clip) => previous.get(clip.id) !== JSON.stringify({ ...clip, start: 0 }))
    .reduce((sum, clip) => sum + clipCredits(clip), 0);
}

/**
 * The clips of the newest finished render that still sound as the timeline says (same text, voice, settings or
 * description; moved clips count), each with the address of its audio: what the page's preview plays.
 */
export function spokenClips(project: VoiceoverProjectRow, rendered: VoiceoverRenderRow | null): Record<string, string> {
  if (!rendered) return {};
  const byId = new Map(renderPlan(rendered).clips.map((c) => [c.id, c]));
  const spoken: Record<string, string> = {};
  for (const clip of projectClips(project)) {
    const planned = byId.get(clip.id);
    if (planned && planned.source === JSON.stringify({ ...clip, start: 0 })) spoken[clip.id] = `/v1/voiceover/projects/${project.id}/clips/${planned.hash}.wav`;
  }
  return spoken;
}

/** Deletes a project, its renders and everything of it in R2; a render still queued or running is refunded first. */
export async function deleteProject(env: Env, actor: Actor, id: string): Promise<VoiceoverResult<true>> {
  const denied = await projectsPermissionRefusal(env, actor);
  if (denied) return { ok: false, refusal: denied };
  const active = (await repo.latestRenders(db(env), wsOf(actor), [id])).get(id);
  if (active && (active.status === "queued" || active.status === "rendering")) await repo.failRender(db(env), active.id, "The project was deleted.", true, nowSeconds());
  const deleted = await repo.deleteProject(db(env), wsOf(actor), id);
  if (!deleted) return refuse(404, "not_found", "Voiceover project not found");
  await deletePrefix(env.MEDIA, voiceoverMediaPrefix(deleted.workspaceId, deleted.id));
  return { ok: true, value: true };
}

async function deletePrefix(media: R2Bucket, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await media.list({ prefix, cursor });
    if (listed.objects.length) await media.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
