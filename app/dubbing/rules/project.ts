// Dubbing projects (client.dubbing.project.*, decision 0063): a project is a dub seen through the SDK's
// project model. Its language targets are the dub's target languages, its source transcript the dub's
// segments; these pure rules build the SDK's shapes from the stored dub and apply transcript edits.
import { type DubSegment, type DubSpeaker, type DubStatus } from "../../../core/dubbing/dub-rules";
import { editSegment, editTranslation, moveSegments, segmentTimesProblem, studioLanguages, type StudioRender } from "./studio";

/** The pipeline every project is dubbed with (the SDK's model_id; dubbing_v1 and dubbing_v2 are accepted and mean it). */
export const DUBBING_PROJECT_MODEL = "parlance_dubbing_v1";
export const PROJECT_MODEL_IDS = ["dubbing_v1", "dubbing_v2", DUBBING_PROJECT_MODEL] as const;

/** The longest segment the source transcript takes (the SDK's documented bound). */
export const MAX_PROJECT_SEGMENT_SECONDS = 25;
/** Edits one bulk request may carry (the SDK's documented bound). */
export const MAX_BULK_EDITS = 500;

export type ProjectStatus = "queued" | "preparing" | "ready" | "failed";
export type LanguageStatus = "queued" | "processing" | "completed" | "stale" | "failed";
export const PROJECT_STATUSES: readonly ProjectStatus[] = ["queued", "preparing", "ready", "failed"];
export const LANGUAGE_STATUSES: readonly LanguageStatus[] = ["queued", "processing", "completed", "stale", "failed"];

/** The dub's fields the project shapes read (a DubRow has them all). */
export type ProjectDub = {
  id: string;
  name: string;
  status: string;
  error: string | null;
  progress: number;
  sourceLang: string;
  detectedSourceLang: string | null;
  targetLang: string;
  contentType: string;
  hadVideo: boolean;
  durationSeconds: number;
  version: number;
  createdAt: number;
  updatedAt: number;
  segments: DubSegment[];
  outputs: Record<string, unknown>;
  renders: Record<string, StudioRender>;
};

/** A dub's status as a project's: a dub not yet picked up is queued, a running one preparing, a finished one ready. */
export function projectStatus(status: string, progress: number): ProjectStatus {
  if (status === ("dubbed" satisfies DubStatus)) return "ready";
  if (status === ("failed" satisfies DubStatus)) return "failed";
  return progress > 0 ? "preparing" : "queued";
}

/** The dub statuses a project status filter reads (queued and preparing are both a running dub, told apart by progress). */
export function dubStatusOf(status: ProjectStatus): DubStatus {
  return status === "ready" ? "dubbed" : status === "failed" ? "failed" : "dubbing";
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const sourceOf = (dub: ProjectDub) => dub.detectedSourceLang ?? (dub.sourceLang === "auto" ? null : dub.sourceLang);

/** The project's language codes (its language ids): the dub's target languages, its first target first. */
export function projectLanguages(dub: ProjectDub): string[] {
  return studioLanguages(dub.segments, dub.targetLang);
}

/** DubbingProjectResponse. Listed projects carry no language_ids (as the SDK documents). */
export function projectJson(dub: ProjectDub, listed = false) {
  const status = projectStatus(dub.status, dub.progress);
  return {
    project_id: dub.id,
    status,
    reference: dub.name,
    source_language: sourceOf(dub),
    model_id: DUBBING_PROJECT_MODEL,
    media: { filename: null, duration_s: Math.round(dub.durationSeconds * 1000) / 1000, has_video: dub.hadVideo, mime_type: dub.contentType },
    language_ids: listed ? [] : projectLanguages(dub),
    webhook_ids: [],
    revision: dub.version,
    error: status === "failed" ? { message_type: "error", error: dub.error ?? "The dub failed." } : null,
    warnings: [],
    created_at: iso(dub.createdAt),
    updated_at: iso(dub.updatedAt),
  };
}

/**
 * A language target's status: the first target follows the running dub; on a finished dub a language whose lines
 * were edited since they were spoken is stale, one with output completed, one without output queued.
 */
export function languageStatus(dub: ProjectDub, code: string): LanguageStatus {
  if (dub.status === "failed") return "failed";
  if (dub.status !== "dubbed") return dub.progress > 0 ? "processing" : "queued";
  if (!dub.outputs[code]) return "queued";
  return dub.segments.some((s) => (s.stale ?? []).includes(code)) ? "stale" : "completed";
}

/** DubbingLanguageResponse: the language code is its id. Outputs are the platform's own download paths (API key). */
export function languageJson(dub: ProjectDub, code: string) {
  const status = languageStatus(dub, code);
  const hasOutput = Boolean(dub.outputs[code]);
  const base = `/v1/dubbing/${dub.id}`;
  return {
    language_id: code,
    project_id: dub.id,
    target_language: code,
    status,
    model_id: DUBBING_PROJECT_MODEL,
    voice_settings: null,
    outputs: hasOutput ? { lossless_audio: null, audio: `${base}/audio/${code}?format=audio`, video: dub.hadVideo ? `${base}/audio/${code}` : null, subtitles: `${base}/transcript/${code}?format_type=webvtt&as_file=true` } : null,
    revision: dub.version,
    // The version the output was last mixed at: a studio render's, or 0 for the pipeline's own.
    output_revision: hasOutput ? (dub.renders[code]?.version ?? 0) : null,
    error: status === "failed" ? { message_type: "error", error: dub.error ?? "The dub failed." } : null,
    warnings: [],
    created_at: iso(dub.createdAt),
    updated_at: iso(dub.updatedAt),
  };
}

/** DubbingTranscriptSegment. */
export function sourceSegmentJson(segment: DubSegment) {
  return { id: segment.id, text: segment.text, speaker_id: segment.speakerId, start_s: segment.start, end_s: segment.end };
}

/** DubbingTargetTranscriptSegment: an empty translation is one waiting to be translated (null). */
export function targetSegmentJson(segment: DubSegment, code: string) {
  const translation = segment.translations[code];
  return { id: segment.id, speaker_id: segment.speakerId, start_s: segment.start, end_s: segment.end, source_text: segment.text, translation: translation ? translation : null };
}

export type SourceEdit = { text?: string; speakerId?: string; start?: number; end?: number };
export type EditProblem = { httpStatus: 400 | 404; status: string; message: string };

/** Why a source segment's span is refused: inside the media, 0.1 to 25 seconds, not over another segment of its speaker. */
export function projectSegmentProblem(segments: readonly DubSegment[], candidate: { id: string | null; speakerId: string; start: number; end: number }, mediaSeconds: number): string | null {
  const times = segmentTimesProblem(candidate.start, candidate.end, mediaSeconds);
  if (times) return times;
  if (candidate.end - candidate.start > MAX_PROJECT_SEGMENT_SECONDS) return `A segment lasts at most ${MAX_PROJECT_SEGMENT_SECONDS} seconds.`;
  const over = segments.find((s) => s.id !== candidate.id && s.speakerId === candidate.speakerId && s.start < candidate.end && candidate.start < s.end);
  return over ? `The segment would overlap ${over.id} of the same speaker.` : null;
}

/**
 * The segments after source edits (one or many, applied together or not at all): new text discards the
 * segment's translations (they wait to be translated again) and makes its lines stale in every language; a new
 * speaker or new times make its lines stale.
 */
export function applySourceEdits(segments: DubSegment[], speakers: readonly DubSpeaker[], edits: Record<string, SourceEdit>, languages: readonly string[], mediaSeconds: number): { ok: true; segments: DubSegment[] } | { ok: false; problem: EditProblem } {
  let next = segments;
  for (const [id, edit] of Object.entries(edits)) {
    const segment = next.find((s) => s.id === id);
    if (!segment) return { ok: false, problem: { httpStatus: 404, status: "segment_not_found", message: `The transcript has no segment ${id}.` } };
    if (edit.speakerId !== undefined && !speakers.some((s) => s.id === edit.speakerId)) return { ok: false, problem: { httpStatus: 404, status: "speaker_not_found", message: `The project has no speaker ${edit.speakerId}.` } };
    const moved = { id, speakerId: edit.speakerId ?? segment.speakerId, start: edit.start ?? segment.start, end: edit.end ?? segment.end };
    if (moved.start !== segment.start || moved.end !== segment.end || moved.speakerId !== segment.speakerId) {
      const problem = projectSegmentProblem(next, moved, mediaSeconds);
      if (problem) return { ok: false, problem: { httpStatus: 400, status: "invalid_segment_times", message: `${id}: ${problem}` } };
    }
    next = editSegment(next, id, { text: edit.text, start: moved.start, end: moved.end }, languages);
    if (moved.speakerId !== segment.speakerId) next = moveSegments(next, [id], moved.speakerId, languages);
    if (edit.text !== undefined && edit.text !== segment.text) for (const language of languages) next = editTranslation(next, id, language, "");
  }
  return { ok: true, segments: [...next].sort((a, b) => a.start - b.start) };
}

/** The segments after translation edits of one language (all or none): null or "" waits to be translated again. */
export function applyTranslationEdits(segments: DubSegment[], edits: Record<string, string | null>, code: string): { ok: true; segments: DubSegment[] } | { ok: false; problem: EditProblem } {
  let next = segments;
  for (const [id, translation] of Object.entries(edits)) {
    if (!next.some((s) => s.id === id)) return { ok: false, problem: { httpStatus: 404, status: "segment_not_found", message: `The transcript has no segment ${id}.` } };
    next = editTranslation(next, id, code, translation ?? "");
  }
  return { ok: true, segments: next };
}

/** The segments a regeneration of one language covers: those whose line in it is stale. */
export function segmentsToRegenerate(segments: readonly DubSegment[], code: string): DubSegment[] {
  return segments.filter((s) => (s.stale ?? []).includes(code));
}
