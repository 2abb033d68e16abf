// Voiceover studio's rules (issue 20 item 6, decision 0062): the timeline's clips and their limits, what a render
// costs, and Studio's plan rule applied to voiceover projects. The API, the page and the render acceptance read them.
import { z } from "zod";
import { SPEED_RANGE } from "../../../core/voices/voice-rules";
import { SOUND_DURATION_RANGE, SOUND_TEXT_MAX_CHARACTERS, soundCredits } from "~/sound-effects/rules/sound-effects";
import { allowedToUseProjectsApi, projectLimit } from "../../../core/studio/studio-rules";
import { ORIGINAL_AUDIO_MODES, type OriginalAudioMode, type RenderStatus } from "../../../core/voiceover/render";
import type { Tier } from "../../../core/billing/plans";

export { ORIGINAL_AUDIO_MODES, type OriginalAudioMode, type RenderStatus };

/** The longest video and the largest file a project takes: the render holds the video, its copy and the track in one isolate (128 MB). */
export const VOICEOVER_MAX_SECONDS = 300;
export const VOICEOVER_MAX_UPLOAD_BYTES = 50 * 1000 * 1000;
export const VOICEOVER_ACCEPT = "video/mp4,video/webm,video/quicktime,.mp4,.m4v,.mov,.webm";
export const PROJECT_NAME_MAX = 200;
export const MAX_CLIPS = 100;
export const DIALOGUE_TEXT_MAX = 1000;
/** A clip starts before the video ends; an effect also ends by then (this much over is rounding, not a mistake). */
const END_TOLERANCE_SECONDS = 0.05;

const settings = z.object({ speed: z.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max).optional(), stability: z.number().min(0).max(1).optional() }).strict();
const start = z.number().min(0, "start must be 0 or more").max(86_400);
const clipId = z.string().trim().min(1).max(40).regex(/^[\w-]+$/, "a clip id is letters, digits, - and _");

/** A dialogue clip: text spoken by a voice from `start` (seconds); speed and stability as the voice's settings take them. */
export const dialogueClip = z.object({
  id: clipId.optional(),
  kind: z.literal("dialogue"),
  start,
  text: z.string().trim().min(1, "a dialogue clip needs text").max(DIALOGUE_TEXT_MAX, `a dialogue clip's text is at most ${DIALOGUE_TEXT_MAX} characters`),
  voice_id: z.string().trim().min(1, "a dialogue clip needs a voice_id").max(100),
  voice_settings: settings.nullish(),
});

/** A sound-effect clip: a description the sound-effects engine makes into `duration_seconds` of sound from `start`. */
export const effectClip = z.object({
  id: clipId.optional(),
  kind: z.literal("effect"),
  start,
  text: z.string().trim().min(1, "a sound-effect clip needs a description").max(SOUND_TEXT_MAX_CHARACTERS, `a sound-effect description is at most ${SOUND_TEXT_MAX_CHARACTERS} characters`),
  duration_seconds: z.number().min(SOUND_DURATION_RANGE.min).max(SOUND_DURATION_RANGE.max),
});

export const clipInput = z.discriminatedUnion("kind", [dialogueClip, effectClip]);
export const clipsInput = z.array(clipInput).max(MAX_CLIPS, `a timeline holds at most ${MAX_CLIPS} clips`);
export type ClipInput = z.infer<typeof clipInput>;

/** A clip as the project keeps it: the input with its id. */
export type VoiceoverClip = (z.infer<typeof dialogueClip> | z.infer<typeof effectClip>) & { id: string };
export type DialogueClip = Extract<VoiceoverClip, { kind: "dialogue" }>;

/** The clips in time order, each with an id (kept when given, else the next free `clip_<n>`). */
export function withIds(clips: readonly ClipInput[]): VoiceoverClip[] {
  const taken = new Set(clips.flatMap((c) => (c.id ? [c.id] : [])));
  let next = 1;
  const fresh = () => {
    while (taken.has(`clip_${next}`)) next++;
    taken.add(`clip_${next}`);
    return `clip_${next}`;
  };
  return clips.map((c) => ({ ...c, id: c.id ?? fresh() }) as VoiceoverClip).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

/** The next free clip id of a timeline (clip_1, clip_2, ...), for a clip added on the page. */
export function nextClipId(clips: readonly { id?: string }[]): string {
  const taken = new Set(clips.map((c) => c.id));
  let n = clips.length + 1;
  while (taken.has(`clip_${n}`)) n++;
  return `clip_${n}`;
}

/** espeak-ng's normal pace (175 words a minute) at the clip's speed: how long the timeline draws an unspoken line. */
export function estimatedSpeechSeconds(text: string, speed = 1): number {
  const words = text.trim() ? text.trim().split(/\s+/).length : 0;
  return Math.round((words / ((175 * speed) / 60) + 0.3) * 10) / 10;
}

/** Where a clip ends on the timeline: an effect by its length, a line by its spoken length (or the estimate). */
export function clipEnd(clip: VoiceoverClip, spokenSeconds?: number): number {
  if (clip.kind === "effect") return clip.start + clip.duration_seconds;
  return clip.start + (spokenSeconds ?? estimatedSpeechSeconds(clip.text, clip.voice_settings?.speed ?? 1));
}

const seconds = (value: number) => `${Math.round(value * 100) / 100} s`;

/** What is wrong with a timeline for a video of `durationSeconds`: a clip past its end or a repeated id; null when nothing. */
export function timelineProblem(clips: readonly VoiceoverClip[], durationSeconds: number): string | null {
  const ids = new Set<string>();
  for (const clip of clips) {
    if (ids.has(clip.id)) return `Two clips have the id ${clip.id}.`;
    ids.add(clip.id);
    if (clip.start >= durationSeconds) return `The clip at ${seconds(clip.start)} starts after the video ends (${seconds(durationSeconds)}).`;
    if (clip.kind === "effect" && clip.start + clip.duration_seconds > durationSeconds + END_TOLERANCE_SECONDS) {
      return `The sound effect at ${seconds(clip.start)} lasts ${seconds(clip.duration_seconds)} and runs past the video's end (${seconds(durationSeconds)}).`;
    }
  }
  return null;
}

/** What speaking a clip costs: a dialogue clip its characters, a sound effect the sound-effects rate for its length. */
export function clipCredits(clip: VoiceoverClip): number {
  return clip.kind === "dialogue" ? [...clip.text].length : soundCredits(clip.duration_seconds);
}

/**
 * The credits of a render: each clip whose audio is not paid for yet (its hash, from everything that makes the
 * audio, not among the spoken ones), once: two clips that sound alike are made and charged once.
 */
export function renderCredits(clips: readonly { clip: VoiceoverClip; hash: string }[], spokenHashes: ReadonlySet<string>): number {
  const charged = new Set(spokenHashes);
  let credits = 0;
  for (const { clip, hash } of clips) {
    if (charged.has(hash)) continue;
    charged.add(hash);
    credits += clipCredits(clip);
  }
  return credits;
}

/** Voiceover projects a workspace may hold: Studio's limit for its tier (accounts §9 "Studio by plan"). */
export function voiceoverProjectLimit(tier: Tier): number {
  return projectLimit(tier);
}

/** Studio's plan rule: the API from Starter (allowed_to_use_projects_api), the pages on every plan (decision 0033). */
export const allowedToUseVoiceoverApi = allowedToUseProjectsApi;

export const ORIGINAL_AUDIO_LABELS: Record<OriginalAudioMode, string> = {
  keep: "Keep the video's sound",
  duck: "Lower it under the dialogue",
  drop: "Replace it with the clips",
};

export const RENDER_STATUS_LABELS: Record<RenderStatus, string> = { queued: "Queued", rendering: "Rendering", done: "Rendered", failed: "Failed" };

/** The name a rendered file downloads under: the project's name, made safe for a file system. */
export function renderFileName(projectName: string, container: string): string {
  const base = projectName.replace(/[^\w .-]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 80) || "voiceover";
  return `${base}.${container}`;
}

/** A project's default name from the uploaded file's. */
export function defaultProjectName(fileName: string | null): string {
  const base = (fileName ?? "").replace(/\.[a-z0-9]{2,4}$/i, "").trim();
  return base.slice(0, PROJECT_NAME_MAX) || "Voiceover";
}

/** m:ss.s, as the timeline shows times. */
export function clock(secondsValue: number): string {
  const whole = Math.max(0, secondsValue);
  return `${Math.floor(whole / 60)}:${(whole % 60).toFixed(1).padStart(4, "0")}`;
}
