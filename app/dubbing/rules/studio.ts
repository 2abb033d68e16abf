// The dubbing studio's pure rules (decision 0048): editing segments marks their dubbed lines stale, re-dubbing
// charges by the duration it re-speaks, and the DubbingResource the SDK reads is built from the stored dub.
import { dubbingCredits, type DubSegment, type DubSpeaker } from "../../../core/dubbing/dub-rules";

/** The render types the studio produces: the dubbed MP3, and the remuxed video when the upload was MP4 or WebM. */
export const STUDIO_RENDER_TYPES = ["mp3", "mp4"] as const;
export type StudioRenderType = (typeof STUDIO_RENDER_TYPES)[number];

/**
 * The container of an accepted video upload by its type (the app worker has no decoders to sniff it; the upload
 * was measured by the speech worker when it was accepted): what the render remuxes into.
 */
export function containerOfType(contentType: string): "mp4" | "webm" | null {
  const type = contentType.toLowerCase();
  if (type.includes("webm")) return "webm";
  return type.includes("mp4") || type.includes("quicktime") ? "mp4" : null;
}

/** The longest translation a segment may hold (a line of dialogue, with room). */
export const MAX_LINE_CHARACTERS = 1000;

/** The most media one transcribe request hears again (PocketSphinx runs at about 0.2x real time, in the request). */
export const MAX_TRANSCRIBE_SECONDS = 120;
/** How much of a speaker's speech its similar voices are measured from. */
export const MAX_SPEAKER_SAMPLE_SECONDS = 60;
/** Speech before a segment handed to the noise suppressor with it, so it has settled when the segment starts. */
export const SPEECH_LEAD_SECONDS = 0.3;

/** The studio's texts, shown by the editor and in the API's errors. */
export const STUDIO_TEXTS = {
  needsStarter: "The dubbing studio (editing a dub's lines and voices) starts with the Starter plan.",
  notEditable: "The dub is still running or failed: the studio edits finished dubs only.",
  staleHint: "Edited since it was spoken: re-dub it to hear the change.",
  unsaved: "You have unsaved translation edits. Leave the page and lose them?",
  renderHint: "Rendering mixes the current lines over the background again (and puts the sound back into the video).",
  addLanguageHint: "Every line is translated and spoken in its speaker's voice, then the track is rendered; charged once, as dubbing every line.",
  noLanguageToAdd: "Every language a translation engine here reaches from the source is in this dub already.",
  addingLanguage: (language: string, lines: number) => `Adding ${language}: translating ${lines === 1 ? "the line" : `${lines} lines`}, speaking ${lines === 1 ? "it" : "each"} in its speaker's voice, then rendering the track. This runs in one go: keep the page open.`,
  languageAdded: (language: string) => `${language} added: every line translated, spoken and rendered. Its lines are below; its dub plays above.`,
  // Decision 0072: removing a language from the editor, typing a language's translations.
  lastLanguage: "A dub keeps at least one target language: delete the whole dub instead.",
  removeLanguage: (language: string) => `Its ${language} translations, spoken lines, track and subtitles are deleted. The other languages stay. This cannot be undone.`,
  languageRemoved: (language: string) => `${language} removed: its lines, track and subtitles are deleted.`,
  typedGroup: "You type the translations",
  translatedGroup: "Translated here",
  typedHint: "No translation engine here reaches the languages under “You type the translations”: choosing one opens a box for every line first.",
  typeLanguage: (language: string, lines: number) => `No translation engine here translates into ${language}: type ${lines === 1 ? "the line's translation" : `each of the ${lines} lines' translations`}, then the lines are spoken in their speakers' voices and the track is rendered in one go.`,
  typedLanguageAdded: (language: string) => `${language} added: your translations spoken and rendered. Its lines are below; its dub plays above.`,
  typeEveryLine: "Type a translation for every line.",
  typeInstead: "Type the translations yourself",
  typeLines: "Type its lines…",
  dubbingTyped: (language: string, lines: number) => `Dubbing ${language}: speaking ${lines === 1 ? "the line" : `${lines} lines`} in ${lines === 1 ? "its speaker's voice" : "their speakers' voices"}, then rendering the track. This runs in one go: keep the page open.`,
  // Decision 0083: "Save all and re-dub", and lines waiting for their translation.
  saveAll: (credits: number) => `Save all and re-dub (${credits.toLocaleString("en")} credits)`,
  savingAll: (language: string, saved: number, lines: number) =>
    `${saved ? `Saving ${saved === 1 ? "1 edited line" : `${saved} edited lines`} and ` : ""}${saved ? "re-dubbing" : "Re-dubbing"} ${lines === 1 ? "1 segment" : `${lines} segments`} in ${language}, each in its speaker's voice. This runs in one go: keep the page open.`,
  savedAll: (lines: number) => `Saved and re-dubbed ${lines === 1 ? "1 segment" : `${lines} segments`}. Render to hear ${lines === 1 ? "it" : "them"} in the track.`,
  nothingChanged: "Nothing to save or re-dub: no line was edited and no speaker's voice changed since the last re-dub.",
  changedMeanwhile: "The dub was changed elsewhere since this page was loaded (another tab, a teammate or the API): nothing was saved. Load it again; your edits are kept below to copy.",
  emptyLine: "A line cannot be saved empty: type its translation.",
  needsTranslationBadge: "Needs translation",
  needsTranslation: (language: string, missing: number) =>
    `${missing === 1 ? "1 line has" : `${missing} lines have`} no ${language} translation yet: type ${missing === 1 ? "it" : "them"} below and re-dub before rendering, so the dub does not speak blanks.`,
} as const;

/** The typed-translations form's field for a segment's line: this prefix and the segment's id (decision 0072). */
export const TYPED_LINE_FIELD = "line:";

/** The target languages a dub has: those its segments are translated into, the dub's own first. */
export function studioLanguages(segments: DubSegment[], target: string): string[] {
  const languages = new Set([target]);
  for (const segment of segments) for (const language of Object.keys(segment.translations)) languages.add(language);
  return [...languages];
}

/**
 * Whether a segment waits for its translation into `language` (decision 0083): it has something to say and no
 * translation (a new segment, a source edit that discarded it, a language added by typing with lines since).
 */
export function needsTranslation(segment: DubSegment, language: string): boolean {
  return segment.text.trim() !== "" && !(segment.translations[language] ?? "").trim();
}

/** The segments waiting for their translation into `language`. */
export function untranslatedSegments(segments: readonly DubSegment[], language: string): DubSegment[] {
  return segments.filter((s) => needsTranslation(s, language));
}

/** Why a set of lines cannot be spoken or rendered in these languages: the first language missing translations, or null. */
export function missingTranslationProblem(segments: readonly DubSegment[], languages: readonly string[], name: (code: string) => string): string | null {
  for (const language of languages) {
    const missing = untranslatedSegments(segments, language).length;
    if (missing) return STUDIO_TEXTS.needsTranslation(name(language), missing);
  }
  return null;
}

export type SaveAllProblem = { httpStatus: 400 | 404; status: string; message: string };

/**
 * "Save all and re-dub" (decision 0083) over one language's lines as the editor posts them (every line, by
 * segment id): the lines whose text differs from the stored translation are the edits (each becomes stale);
 * an unknown id is 404, an emptied line 400. Returns the segments after the edits and the ids edited.
 */
export function saveAllEdits(segments: DubSegment[], language: string, posted: Record<string, string>): { ok: true; segments: DubSegment[]; edited: string[] } | { ok: false; problem: SaveAllProblem } {
  const unknown = unknownSegmentIds(segments, Object.keys(posted));
  if (unknown.length) return { ok: false, problem: { httpStatus: 404, status: "segment_not_found", message: `The dub has no segment ${unknown.join(", ")}.` } };
  let next = segments;
  const edited: string[] = [];
  for (const segment of segments) {
    const text = posted[segment.id];
    if (text === undefined || text === (segment.translations[language] ?? "")) continue;
    if (!text.trim()) {
      // A line that had no translation and is posted empty is simply still waiting; emptying a line is refused.
      if (!(segment.translations[language] ?? "").trim()) continue;
      return { ok: false, problem: { httpStatus: 400, status: "empty_line", message: STUDIO_TEXTS.emptyLine } };
    }
    if (text.length > MAX_LINE_CHARACTERS) return { ok: false, problem: { httpStatus: 400, status: "text_too_long", message: `A line holds at most ${MAX_LINE_CHARACTERS} characters.` } };
    next = editTranslation(next, segment.id, language, text);
    edited.push(segment.id);
  }
  return { ok: true, segments: next, edited };
}

/** The ids among `ids` that the dub has no segment for. */
export function unknownSegmentIds(segments: DubSegment[], ids: readonly string[]): string[] {
  const known = new Set(segments.map((s) => s.id));
  return ids.filter((id) => !known.has(id));
}

const withStale = (segment: DubSegment, languages: readonly string[]): DubSegment => ({ ...segment, stale: [...new Set([...(segment.stale ?? []), ...languages])] });

/** The segments after one translation is edited: that language's line of that segment is stale. */
export function editTranslation(segments: DubSegment[], id: string, language: string, text: string): DubSegment[] {
  return segments.map((s) => (s.id === id ? withStale({ ...s, translations: { ...s.translations, [language]: text } }, [language]) : s));
}

/**
 * The segments after a segment's source text or times change: its source text is replaced (its translations
 * stay until the person asks for new ones) and, when the times move, every language's line is stale.
 */
export function editSegment(segments: DubSegment[], id: string, patch: { text?: string; start?: number; end?: number }, languages: readonly string[]): DubSegment[] {
  return segments.map((s) => {
    if (s.id !== id) return s;
    const moved = (patch.start !== undefined && patch.start !== s.start) || (patch.end !== undefined && patch.end !== s.end);
    const next = { ...s, text: patch.text ?? s.text, start: patch.start ?? s.start, end: patch.end ?? s.end };
    return moved ? withStale(next, languages) : next;
  });
}

/** Why a segment's new times are refused (start before end, inside the media, at least a tenth of a second), or null. */
export function segmentTimesProblem(start: number, end: number, mediaSeconds: number): string | null {
  if (!(start >= 0) || !(end <= mediaSeconds + 0.001)) return `A segment must lie within the media (0 to ${Math.round(mediaSeconds * 100) / 100} seconds).`;
  if (end - start < 0.1) return "A segment must end at least 0.1 seconds after it starts.";
  return null;
}

/** The segments after some are given to another speaker: their lines are spoken again in that speaker's voice. */
export function moveSegments(segments: DubSegment[], ids: readonly string[], speakerId: string, languages: readonly string[]): DubSegment[] {
  const moving = new Set(ids);
  return segments.map((s) => (moving.has(s.id) && s.speakerId !== speakerId ? withStale({ ...s, speakerId }, languages) : s));
}

/** The segments after a speaker's voice changes: every line of that speaker is stale in the given languages. */
export function speakerVoiceChanged(segments: DubSegment[], speakerId: string, languages: readonly string[]): DubSegment[] {
  return segments.map((s) => (s.speakerId === speakerId ? withStale(s, languages) : s));
}

/** The segments after lines were spoken again: those languages of those segments are no longer stale. */
export function redubbed(segments: DubSegment[], ids: readonly string[], languages: readonly string[]): DubSegment[] {
  const done = new Set(ids);
  return segments.map((s) => {
    if (!done.has(s.id)) return s;
    const stale = (s.stale ?? []).filter((l) => !languages.includes(l));
    const { stale: _old, ...rest } = s;
    return stale.length ? { ...rest, stale } : rest;
  });
}

/** The segments to re-dub for a request: the ones named, or with none named, every segment stale in those languages. */
export function segmentsToRedub(segments: DubSegment[], ids: readonly string[], languages: readonly string[]): DubSegment[] {
  if (ids.length) return segments.filter((s) => ids.includes(s.id));
  return segments.filter((s) => (s.stale ?? []).some((l) => languages.includes(l)));
}

/** What re-dubbing costs: the dubbing rate over the re-spoken duration (every segment in every language), once. */
export function redubCredits(segments: DubSegment[], languages: readonly string[]): number {
  const seconds = segments.reduce((sum, s) => sum + (s.end - s.start), 0) * languages.length;
  return seconds > 0 ? dubbingCredits(seconds) : 0;
}

/** The next free id among `taken` with a prefix ("seg_", "speaker_"). */
export function nextId(prefix: string, taken: readonly string[]): string {
  let n = taken.length;
  while (taken.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/** A dub's media as the DubbingResource's DubbingMediaReference describes it. */
export type MediaRef = { src: string; content_type: string; bucket_name: string; random_path_slug: string; duration_secs: number; is_audio: boolean; url: string };

export function mediaRef(url: string, contentType: string, seconds: number, isAudio: boolean): MediaRef {
  const slug = url.split("/").slice(-2).join("-");
  return { src: url, content_type: contentType, bucket_name: "media", random_path_slug: slug, duration_secs: Math.round(seconds * 1000) / 1000, is_audio: isAudio, url };
}

export type StudioRender = { id: string; version: number; language: string; type: StudioRenderType; status: "complete" | "processing" | "failed" };

/** The DubbingResource (GET /v1/dubbing/resource/{id}) from a finished dub's stored state. */
export function dubbingResource(dub: { id: string; version: number; sourceLang: string; target: string; contentType: string; hadVideo: boolean; durationSeconds: number; segments: DubSegment[]; speakers: DubSpeaker[]; renders: Record<string, StudioRender> }) {
  const base = `/v1/dubbing/${dub.id}`;
  const languages = studioLanguages(dub.segments, dub.target);
  return {
    id: dub.id,
    version: dub.version,
    source_language: dub.sourceLang,
    target_languages: languages,
    input: mediaRef(`${base}/audio/original`, dub.contentType, dub.durationSeconds, !dub.hadVideo),
    speaker_tracks: Object.fromEntries(
      dub.speakers.map((speaker) => [
        speaker.id,
        {
          id: speaker.id,
          media_ref: mediaRef(`${base}/audio/original`, dub.contentType, dub.durationSeconds, !dub.hadVideo),
          speaker_name: speaker.name,
          // A voice the person picked, or the engine voice matched to the speaker (no voice row of its own).
          voices: Object.fromEntries(languages.map((l) => [l, speaker.voiceId ?? `matched:${speaker.voice.variant}`])),
          segments: dub.segments.filter((s) => s.speakerId === speaker.id).map((s) => s.id),
        },
      ]),
    ),
    speaker_segments: Object.fromEntries(
      dub.segments.map((s) => [
        s.id,
        {
          id: s.id,
          start_time: s.start,
          end_time: s.end,
          text: s.text,
          subtitles: [{ start_time: s.start, end_time: s.end, lines: [s.text] }],
          dubs: Object.fromEntries(
            languages
              .filter((l) => s.translations[l] !== undefined)
              .map((l) => [l, { start_time: s.start, end_time: s.end, text: s.translations[l], subtitles: [{ start_time: s.start, end_time: s.end, lines: [s.translations[l]] }], audio_stale: (s.stale ?? []).includes(l) }]),
          ),
        },
      ]),
    ),
    renders: Object.fromEntries(
      Object.values(dub.renders).map((r) => [r.id, { id: r.id, version: r.version, language: r.language, type: r.type, status: r.status, media_ref: mediaRef(`${base}/audio/${r.language}${r.type === "mp3" ? "?format=audio" : ""}`, r.type === "mp3" ? "audio/mpeg" : "video/mp4", dub.durationSeconds, r.type === "mp3") }]),
    ),
  };
}
