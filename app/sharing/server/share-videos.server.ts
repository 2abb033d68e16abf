import type { Database } from "../../../db/client";
import { deleteVideoJob, findVideoJob, findVideoJobById, queueVideoJob, type VideoJobRow } from "../../../db/repositories/video-jobs";
import type { VideoJobMessage, VideoTheme } from "../../../core/sharing/video";
import { randomHex, type Actor } from "~/accounts/accounts.server";

export type { VideoJobRow };

const POLL_MS = 250;

/**
 * Queues the render of an item's share video once per theme (asking again never queues a second one), then
 * waits up to `waitSeconds` for it to finish: the job as it stands then, or null when it could not be queued.
 */
export async function renderShareVideo(env: Env, db: Database, actor: Actor, historyItemId: string, theme: VideoTheme, waitSeconds: number): Promise<VideoJobRow | null> {
  const queued = await queueVideoJob(db, { id: `vid_${randomHex(12)}`, workspaceId: actor.membership.workspace.id, historyItemId, theme });
  let job = queued.job;
  if (queued.enqueue) {
    try {
      await env.VIDEO_JOBS.send({ version: 1, jobId: job.id } satisfies VideoJobMessage);
    } catch (failure) {
      await deleteVideoJob(db, job.id);
      console.error(JSON.stringify({ message: "video job not queued", jobId: job.id, error: String(failure) }));
      return null;
    }
  }
  const deadline = Date.now() + waitSeconds * 1000;
  while (job.status !== "done" && job.status !== "failed" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = (await findVideoJobById(db, job.id)) ?? job;
  }
  return job;
}

/** The render job of an item's video in one theme, in the actor's workspace (undefined when never asked for). */
export async function shareVideoJob(db: Database, actor: Actor, historyItemId: string, theme: VideoTheme): Promise<VideoJobRow | undefined> {
  return findVideoJob(db, actor.membership.workspace.id, historyItemId, theme);
}
