import { z } from "zod";

/** Share videos (spec accounts §2.7, §3 Video result, §4.8). */
export const VIDEO_THEMES = ["colour", "light", "dark"] as const;
export type VideoTheme = (typeof VIDEO_THEMES)[number];
export const DEFAULT_VIDEO_THEME: VideoTheme = "colour";
export const VIDEO_THEME_LABELS: Record<VideoTheme, string> = { colour: "Multicolor", light: "White", dark: "Black" };

export const VIDEO_JOB_STATUSES = ["queued", "rendering", "done", "failed"] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];

/** The message on the video-jobs queue: only the job id; the consumer reads everything else from D1. */
export const videoJobMessage = z.object({ version: z.literal(1), jobId: z.string().min(1).max(64) });
export type VideoJobMessage = z.infer<typeof videoJobMessage>;

/** Where a rendered video lives in R2. */
export function videoKey(workspaceId: string, historyItemId: string, theme: VideoTheme): string {
  return `${workspaceVideoPrefix(workspaceId)}${historyItemId}/${theme}.mp4`;
}

export function workspaceVideoPrefix(workspaceId: string): string {
  return `videos/${workspaceId}/`;
}

/** Deliveries before a job is marked failed (the queue's max_retries + 1). */
export const VIDEO_MAX_ATTEMPTS = 4;

/** The dialog's progress estimate: 130 ms per character, ticking every 100 ms, capped at full. */
export const VIDEO_MS_PER_CHARACTER = 130;
export const VIDEO_PROGRESS_TICK_MS = 100;
export function estimatedVideoProgress(elapsedMs: number, characters: number): number {
  const total = Math.max(1, characters) * VIDEO_MS_PER_CHARACTER;
  return Math.min(100, Math.max(0, (elapsedMs / total) * 100));
}

/** The fixed name a downloaded share video is saved under. */
export const VIDEO_DOWNLOAD_NAME = "parlance-text-to-speech.mp4";

/** Only text-to-speech items get a video: dialogue items (several voices) do not. */
export function qualifiesForVideo(item: { voiceId: string | null; dialogue: string | null }): boolean {
  return Boolean(item.voiceId) && item.dialogue === null;
}

/** Where the app serves a rendered video (session or API key), for the dialog's player and download. */
export function videoUrl(historyItemId: string, theme: VideoTheme): string {
  return `/v1/history/${historyItemId}/video?theme=${theme}`;
}

/** How long POST generate-video waits for the render before answering 202 (the client then asks again). */
export const VIDEO_WAIT_DEFAULT_SECONDS = 20;
export const VIDEO_WAIT_MAX_SECONDS = 25;

/** Error texts of spec accounts §8. */
export function videoErrorText(message: string | null | undefined): string {
  return message ? `Error generating video: ${message}` : "Unknown error generating video";
}
export function videoPreviewErrorText(message: string | null | undefined): string {
  return message ? `Error generating video preview: ${message}` : "Unknown error generating video preview";
}
export const SHARE_VIDEO_DIALOG_TITLE = "Share video";
export const VIDEO_PREVIEW_SIZE = 320;

/** Wait before the next delivery of a failed render: 10 s, 20 s, 40 s (a queue retry with backoff). */
export function videoRetryDelaySeconds(attempt: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempt - 1));
}
