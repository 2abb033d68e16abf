import { and, eq } from "drizzle-orm";
import { database } from "../../db/client";
import { findVideoJobById } from "../../db/repositories/video-jobs";
import { historyItems } from "../../db/schema";
import { formatSpec, isOutputFormat } from "../../core/audio/output-formats";
import { VIDEO_MAX_ATTEMPTS, videoJobMessage, videoKey, videoRetryDelaySeconds, type VideoTheme } from "../../core/sharing/video";
import { h264Module } from "./encoder";
import { failAttempt, finishJob, reportProgress, startAttempt } from "./jobs";
import { renderShareVideo } from "./render";
import { voiceoverRenderMessage } from "../../core/voiceover/render";
import { buryVoiceover, renderVoiceover } from "./voiceover";

/** The renderer's bindings: D1 and R2, and the speech worker for voiceover renders' speech, sounds and decoding. */
export type VideoEnv = { DB: D1Database; MEDIA: R2Bucket; SPEECH: Fetcher };

/** The queue that receives a job's message once its last retry has failed. */
const DEAD_LETTER_QUEUE = "video-jobs-dead";

function log(fields: Record<string, unknown>) {
  console.log(JSON.stringify({ worker: "video", time: new Date().toISOString(), ...fields }));
}

/** Renders one job: everything it needs is read from D1 and R2, the result written to R2, then the row. */
async function renderJob(env: VideoEnv, message: Message<unknown>): Promise<void> {
  // A voiceover render (decision 0062) shares the queue: its message names the render, not a share-video job.
  const voiceover = voiceoverRenderMessage.safeParse(message.body);
  if (voiceover.success) return renderVoiceover(env, message, voiceover.data, log);
  const parsed = videoJobMessage.safeParse(message.body);
  if (!parsed.success) {
    log({ level: "warn", message: "malformed video job message, dropped" });
    return message.ack();
  }
  const db = database(env.DB);
  const { jobId } = parsed.data;
  const existing = await findVideoJobById(db, jobId);
  if (!existing || existing.status === "done") {
    log({ level: "info", message: existing ? "video already rendered" : "unknown video job, dropped", jobId });
    return message.ack();
  }
  const job = await startAttempt(db, jobId);
  if (!job) return message.ack();
  try {
    const item = await db.query.historyItems.findFirst({ where: and(eq(historyItems.id, job.historyItemId), eq(historyItems.workspaceId, job.workspaceId)) });
    if (!item || !isOutputFormat(item.outputFormat)) throw new Error("The history item no longer exists");
    const audio = await env.MEDIA.get(item.audioKey);
    if (!audio) throw new Error("The item's audio is missing");
    const theme = job.theme as VideoTheme;
    const mp4 = await renderShareVideo(h264Module(), { audio: new Uint8Array(await audio.arrayBuffer()), spec: formatSpec(item.outputFormat), text: item.text, theme }, (percent) => reportProgress(db, jobId, percent));
    const key = videoKey(job.workspaceId, item.id, theme);
    await env.MEDIA.put(key, mp4, { httpMetadata: { contentType: "video/mp4" } });
    await finishJob(db, jobId, key, mp4.byteLength);
    log({ level: "info", message: "video rendered", jobId, bytes: mp4.byteLength, attempt: job.attempts });
    message.ack();
  } catch (failure) {
    const error = failure instanceof Error ? failure.message : String(failure);
    const final = job.attempts >= VIDEO_MAX_ATTEMPTS;
    await failAttempt(db, jobId, error, final);
    log({ level: "error", message: "video render failed", jobId, attempt: job.attempts, final, error });
    if (final) message.ack();
    else message.retry({ delaySeconds: videoRetryDelaySeconds(job.attempts) });
  }
}

/** The dead-letter queue: a job whose deliveries all failed is marked failed, if it is not already. */
async function buryJob(env: VideoEnv, message: Message<unknown>): Promise<void> {
  const voiceover = voiceoverRenderMessage.safeParse(message.body);
  if (voiceover.success) {
    await buryVoiceover(env, voiceover.data);
    return message.ack();
  }
  const parsed = videoJobMessage.safeParse(message.body);
  if (parsed.success) await failAttempt(database(env.DB), parsed.data.jobId, "The video could not be rendered.", true);
  message.ack();
}

export default {
  async queue(batch: MessageBatch<unknown>, env: VideoEnv): Promise<void> {
    for (const message of batch.messages) {
      if (batch.queue === DEAD_LETTER_QUEUE) await buryJob(env, message);
      else await renderJob(env, message);
    }
  },
} satisfies ExportedHandler<VideoEnv>;
