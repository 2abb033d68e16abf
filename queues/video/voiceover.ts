// Voiceover renders (decision 0062): a render's plan, fixed by the app when it accepted (and charged) the render,
// made into a video: each clip spoken or sounded by the speech worker (clips already spoken are read back from R2),
// mixed over the video's own sound (kept, ducked or dropped), encoded, and put into a copy of the video beside its
// untouched picture (core/dubbing/remux.ts). Failures retry with backoff; the last one fails the render and gives
// its charge back.
import { database, type Database } from "../../db/client";
import * as repo from "../../db/repositories/voiceover";
import type { VoiceoverRenderRow } from "../../db/repositories/voiceover";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import type { SoundGenerationRequest, SoundGenerationResult } from "../../core/engines/sound-generation";
import type { EngineChoice } from "../../core/engines/registry";
import type { IsolationUpload } from "../../core/engines/noise-isolation";
import type { XttsSpeaker } from "../../core/engines/providers/xtts";
import type { DecodedForDubbing } from "../../core/dubbing/decoded";
import { remuxWithAudio } from "../../core/dubbing/remux";
import { concatBytes, StreamingEncoder } from "../../core/audio/encoder";
import { int16FromBytes, resample } from "../../core/audio/pcm";
import { parseWav, wavFile } from "../../core/audio/wav";
import { nowSeconds } from "../../core/clock";
import { VIDEO_MAX_ATTEMPTS, videoRetryDelaySeconds } from "../../core/sharing/video";
import { mixVoiceover, type MixClip } from "../../core/voiceover/mix";
import { clipAudioKey, renderOutputKey, renderProgress, VOICEOVER_RATE, type PlannedClip, type RenderPlan, type VoiceoverRenderMessage } from "../../core/voiceover/render";

/** The speech worker's calls a render makes (service binding SPEECH, RPC). */
export type VoiceoverRpc = {
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  generateSound(request: SoundGenerationRequest, choice?: EngineChoice): Promise<SoundGenerationResult>;
  decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing>;
};

export type VoiceoverEnv = { DB: D1Database; MEDIA: R2Bucket; SPEECH: Fetcher };

type Log = (fields: Record<string, unknown>) => void;

const engine = (env: VoiceoverEnv) => env.SPEECH as unknown as VoiceoverRpc;

/** Gives the isolate back between clips, so requests sharing it locally (progress polls) are answered. */
const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A clip's audio at the mix rate: read back when an earlier render made it, else made now and kept (as WAV). */
async function clipAudio(env: VoiceoverEnv, render: VoiceoverRenderRow, clip: PlannedClip): Promise<Int16Array> {
  const key = clipAudioKey(render.workspaceId, render.projectId, clip.hash);
  const kept = await env.MEDIA.get(key);
  if (kept) {
    const { samples, sampleRate } = parseWav(new Uint8Array(await kept.arrayBuffer()));
    return resample(samples, sampleRate, VOICEOVER_RATE);
  }
  const parts: Int16Array[] = [];
  if (clip.kind === "dialogue") {
    for (const { clonedSpeakerKey, ...request } of clip.speech) {
      const spoken = await engine(env).synthesize({ ...request, ...(clonedSpeakerKey ? { clonedSpeaker: await clonedSpeaker(env, clonedSpeakerKey) } : {}) });
      parts.push(resample(int16FromBytes(spoken.pcm), spoken.sampleRate, VOICEOVER_RATE));
    }
  } else {
    const sound = await engine(env).generateSound(clip.sound, { model: clip.model });
    parts.push(resample(int16FromBytes(sound.pcm), sound.sampleRate, VOICEOVER_RATE));
  }
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  await env.MEDIA.put(key, wavFile(samples, VOICEOVER_RATE), { httpMetadata: { contentType: "audio/wav" } });
  return samples;
}

async function clonedSpeaker(env: VoiceoverEnv, key: string): Promise<XttsSpeaker> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error("A cloned voice's conditioning is gone: the voice was deleted or cloned again.");
  return (await object.json()) as XttsSpeaker;
}

/** The video's own sound at the mix rate, when the plan keeps it (the speech worker's decoders read it). */
async function originalSound(env: VoiceoverEnv, plan: RenderPlan, video: Uint8Array): Promise<Int16Array | null> {
  if (plan.originalAudio === "drop") return null;
  const decoded = await engine(env).decodeForDubbing({ audio: video, pcm16k: false });
  if (!decoded.ok) throw new Error(`The video's own sound cannot be read: ${decoded.message}`);
  return resample(int16FromBytes(decoded.pcm), decoded.sampleRate, VOICEOVER_RATE);
}

/** Makes one render from its plan; returns the output's key and size. */
async function makeRender(env: VoiceoverEnv, db: Database, render: VoiceoverRenderRow): Promise<{ key: string; bytes: number }> {
  const plan = JSON.parse(render.plan) as RenderPlan;
  const stored = await env.MEDIA.get(plan.videoKey);
  if (!stored) throw new Error("The project's video is gone.");
  const video = new Uint8Array(await stored.arrayBuffer());
  const clips: MixClip[] = [];
  for (const [index, clip] of plan.clips.entries()) {
    clips.push({ start: Math.round(clip.start * VOICEOVER_RATE), samples: await clipAudio(env, render, clip), kind: clip.kind });
    await repo.reportRenderProgress(db, render.id, renderProgress(index + 1, plan.clips.length), nowSeconds());
    await yieldToRequests();
  }
  const length = Math.round(plan.durationSeconds * VOICEOVER_RATE);
  const track = mixVoiceover(length, VOICEOVER_RATE, await originalSound(env, plan, video), plan.originalAudio, clips);
  await yieldToRequests();
  // MP4 carries an MP3 track, WebM an Opus one (what remuxWithAudio writes beside the copied picture).
  const encoder = await StreamingEncoder.create(plan.container === "mp4" ? "mp3_44100_128" : "opus_48000_64");
  const audio = concatBytes([encoder.push(track, VOICEOVER_RATE), encoder.finish()]);
  await repo.reportRenderProgress(db, render.id, 90, nowSeconds());
  const output = await remuxWithAudio(video, plan.container, audio);
  const key = renderOutputKey(render.workspaceId, render.projectId, render.id, plan.container);
  await env.MEDIA.put(key, output, { httpMetadata: { contentType: render.outputContentType } });
  return { key, bytes: output.byteLength };
}

/** The clips' audio an earlier render kept that this one no longer uses: deleted once this one is done. */
async function forgetUnusedClips(env: VoiceoverEnv, render: VoiceoverRenderRow, before: string[], now: string[]): Promise<void> {
  const stale = before.filter((hash) => !now.includes(hash)).map((hash) => clipAudioKey(render.workspaceId, render.projectId, hash));
  if (stale.length) await env.MEDIA.delete(stale);
}

/** One delivery of a voiceover render message. */
export async function renderVoiceover(env: VoiceoverEnv, message: Message<unknown>, body: VoiceoverRenderMessage, log: Log): Promise<void> {
  const db = database(env.DB);
  const existing = await repo.findRenderById(db, body.renderId);
  if (!existing || existing.status === "done" || existing.status === "failed") {
    log({ level: "info", message: existing ? "voiceover render already finished" : "unknown voiceover render, dropped", renderId: body.renderId });
    return message.ack();
  }
  const render = await repo.startRenderAttempt(db, body.renderId, nowSeconds());
  if (!render) return message.ack();
  try {
    const project = await db.query.voiceoverProjects.findFirst({ where: (p, { and, eq }) => and(eq(p.id, render.projectId), eq(p.workspaceId, render.workspaceId)) });
    if (!project) throw new Error("The project was deleted.");
    const output = await makeRender(env, db, render);
    // The project's paid clips are now this render's: the next one speaks and charges only what differs.
    const spokenKeys = [...new Set((JSON.parse(render.plan) as RenderPlan).clips.map((c) => c.hash))];
    await repo.finishRender(db, render, { ...output, spokenKeys }, nowSeconds());
    await forgetUnusedClips(env, render, JSON.parse(project.spokenKeys) as string[], spokenKeys);
    log({ level: "info", message: "voiceover rendered", renderId: render.id, bytes: output.bytes, attempt: render.attempts });
    message.ack();
  } catch (failure) {
    const error = failure instanceof Error ? failure.message : String(failure);
    const final = render.attempts >= VIDEO_MAX_ATTEMPTS;
    await repo.failRender(db, render.id, final ? `The render failed: ${error} Its credits were given back.` : error, final, nowSeconds());
    log({ level: "error", message: "voiceover render failed", renderId: render.id, attempt: render.attempts, final, error });
    if (final) message.ack();
    else message.retry({ delaySeconds: videoRetryDelaySeconds(render.attempts) });
  }
}

/** The dead-letter queue's delivery: a render whose deliveries all failed is failed and refunded, if it is not already. */
export async function buryVoiceover(env: VoiceoverEnv, body: VoiceoverRenderMessage): Promise<void> {
  await repo.failRender(database(env.DB), body.renderId, "The render failed after every retry; its credits were given back.", true, nowSeconds());
}
