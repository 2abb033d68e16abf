// Voiceover renders (decision 0062): what the app fixes when it accepts a render and the video worker reads to make
// it. The app resolves every voice and charge in the request; the consumer (queues/video/voiceover.ts) only speaks,
// mixes and remuxes what the plan says, so it never needs the app's voice rules.
import { z } from "zod";
import type { SynthesisRequest } from "../engines/speech";
import type { SoundGenerationRequest } from "../engines/sound-generation";
import type { RemuxContainer } from "../dubbing/remux";
import { DUBBING_RATE } from "../dubbing/decoded";
import { workspaceVideoPrefix } from "../sharing/video";
import { audioCodecName } from "../audio/track-codecs";

/** The video-jobs queue's second kind of message: a voiceover render's id (share videos send `jobId`). */
export const voiceoverRenderMessage = z.object({ version: z.literal(1), kind: z.literal("voiceover"), renderId: z.string().min(1).max(64) });
export type VoiceoverRenderMessage = z.infer<typeof voiceoverRenderMessage>;

/** What happens to the video's own sound: kept as it is, lowered under the dialogue, or left out. */
export const ORIGINAL_AUDIO_MODES = ["keep", "duck", "drop"] as const;
export type OriginalAudioMode = (typeof ORIGINAL_AUDIO_MODES)[number];

export const RENDER_STATUSES = ["queued", "rendering", "done", "failed"] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** The rate the track is mixed at: the speech worker decodes the original to it (decodeForDubbing), espeak-ng speaks it. */
export const VOICEOVER_RATE = DUBBING_RATE;

/** One sentence's synthesis, as the app resolved it; a voice cloned on the neural server names its conditioning in R2. */
export type PlannedSpeech = Omit<SynthesisRequest, "clonedSpeaker"> & { clonedSpeakerKey?: string };

/** A clip of the plan: where it starts, the hash of what makes its audio (which names it in R2), and how it is made. */
export type PlannedClip = {
  id: string;
  start: number;
  hash: string;
  /** The clip as the timeline had it, its start left out: the page tells by it which clips still sound as rendered. */
  source: string;
} & (
  | { kind: "dialogue"; speech: PlannedSpeech[] }
  | { kind: "effect"; sound: SoundGenerationRequest; model: string }
);

/** Everything a render needs besides the video's bytes. */
export type RenderPlan = {
  videoKey: string;
  container: RemuxContainer;
  durationSeconds: number;
  /** The original sound's treatment; "drop" when the video has no sound the embedded decoders read. */
  originalAudio: OriginalAudioMode;
  clips: PlannedClip[];
};

/** Where a project's media lives: under the workspace's videos, so deleting the workspace deletes it. */
export function voiceoverMediaPrefix(workspaceId: string, projectId: string): string {
  return `${workspaceVideoPrefix(workspaceId)}voiceover/${projectId}/`;
}

/** A clip's audio (WAV, so the page's preview plays it as it is), named by the hash of what makes it. */
export function clipAudioKey(workspaceId: string, projectId: string, clipHash: string): string {
  return `${voiceoverMediaPrefix(workspaceId, projectId)}clips/${clipHash}.wav`;
}

export function renderOutputKey(workspaceId: string, projectId: string, renderId: string, container: RemuxContainer): string {
  return `${voiceoverMediaPrefix(workspaceId, projectId)}renders/${renderId}.${container}`;
}

/** Progress of a render, 0 to 100: the clips take most of it, the mix and the remux the rest. */
export function renderProgress(clipsDone: number, clips: number): number {
  return Math.round(5 + (clips === 0 ? 1 : clipsDone / clips) * 80);
}

/** Why a video's own sound cannot be kept or ducked (none, or one the embedded decoders do not read), or null. */
export function originalSoundProblem(video: { audioCodec: string | null; audioReadable: boolean }): string | null {
  if (video.audioCodec === null) return "The video has no sound of its own.";
  if (!video.audioReadable) return `The video's sound is ${audioCodecName(video.audioCodec)}, which the embedded decoders do not read: the render replaces it with the clips.`;
  return null;
}
