// Speech to text's constants and pure rules (decision 0030): the request's limits, the charge, and the
// response's words, speakers and additional formats built from the engine's timed words.
import { standardTierFor, type StandardTier, type Tier } from "../../../core/billing/plans";
import { srtOf, transcriptSegments, vttOf, type TranscriptWord } from "~/speech/rules/openai";
import type { AudioEvent } from "../../../core/transcription/audio-events";

/** Credits per minute of audio: the voice isolator's rate (decision 0030 records why). */
export const TRANSCRIPTION_CREDITS_PER_MINUTE = 1000;

/** The credits a transcription of `seconds` of audio costs: by the second, rounded up, at least one. */
export function transcriptionCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds * TRANSCRIPTION_CREDITS_PER_MINUTE) / 60));
}

/** The longest recording one request may transcribe, by plan (the embedded recogniser runs at about 0.2x real time). */
export const MAX_TRANSCRIPTION_SECONDS: Record<StandardTier, number> = {
  free: 300,
  starter: 600,
  creator: 1200,
  pro: 1800,
  growing_business: 1800,
  scale_2024_08_10: 1800,
};

export function maxTranscriptionSeconds(tier: Tier): number {
  return MAX_TRANSCRIPTION_SECONDS[standardTierFor(tier)];
}

export const MAX_TRANSCRIPTION_UPLOAD_BYTES = 100 * 1000 * 1000;

/**
 * The commercial API's speech-to-text model ids, served by the deployment's default provider (the embedded
 * recogniser unless only a server is configured); any other model_id must be one of the engine catalog's.
 */
export const SCRIBE_MODEL_IDS = ["scribe_v1", "scribe_v1_experimental", "scribe_v2", "scribe_v2_realtime"] as const;

/** The languages the embedded recogniser hears (PocketSphinx's US English model); others need a neural provider. */
export const EMBEDDED_LANGUAGES = ["en", "eng"] as const;

/** language_code as the request gives it (ISO 639-1 or 639-3), normalised to lower case; null when absent. */
export function embeddedHears(languageCode: string | null): boolean {
  return languageCode === null || (EMBEDDED_LANGUAGES as readonly string[]).includes(languageCode.toLowerCase());
}

export const TIMESTAMP_GRANULARITIES = ["none", "word", "character"] as const;
export type TimestampGranularity = (typeof TIMESTAMP_GRANULARITIES)[number];

/** The additional formats made here; docx, pdf and html are refused (no document writer in the platform). */
export const ADDITIONAL_FORMATS = ["srt", "vtt", "txt", "segmented_json"] as const;
export type AdditionalFormat = (typeof ADDITIONAL_FORMATS)[number];

export type TranscriptCharacter = { text: string; start: number; end: number };
export type ResponseWord = {
  text: string;
  start: number;
  end: number;
  type: "word" | "spacing" | "audio_event";
  speaker_id?: string;
  logprob: number;
  characters?: TranscriptCharacter[];
};

/** The API's name for a speaker number of the diarization (core/transcription/diarization.ts): speaker_0 is heard first. */
export const speakerId = (speaker: number) => `speaker_${speaker}`;

const seconds = (ms: number) => Math.round(ms) / 1000;

/** A word's characters spread evenly over its time (the recogniser times words, not letters). */
export function characterTimings(word: TranscriptWord): TranscriptCharacter[] {
  const letters = [...word.text];
  const step = (word.endMs - word.startMs) / Math.max(1, letters.length);
  return letters.map((text, i) => ({ text, start: seconds(word.startMs + i * step), end: seconds(word.startMs + (i + 1) * step) }));
}

/**
 * The response's words: each word, and between two words a "spacing" entry over the gap, as the commercial API
 * lists them; speaker ids when diarising (`speakers`: each word's speaker number; a spacing belongs to the word
 * before it), characters at character granularity, none of either otherwise. Audio events (tag_audio_events,
 * decision 0057) stand among the words in time order as entries of type "audio_event" with the label as text.
 */
export function responseWords(
  words: readonly TranscriptWord[],
  options: { granularity: TimestampGranularity; speakers: readonly number[] | null; events?: readonly AudioEvent[] },
): ResponseWord[] {
  const speakerOf = (i: number) => (options.speakers ? { speaker_id: speakerId(options.speakers[i] ?? 0) } : {});
  const timed = (startMs: number, endMs: number) => (options.granularity === "none" ? { start: 0, end: 0 } : { start: seconds(startMs), end: seconds(endMs) });
  type Item = { startMs: number; endMs: number; entry: ResponseWord; speaker: object };
  const items: Item[] = words.map((word, i) => ({
    startMs: word.startMs,
    endMs: word.endMs,
    speaker: speakerOf(i),
    entry: { text: word.text, ...timed(word.startMs, word.endMs), type: "word", ...speakerOf(i), logprob: 0, ...(options.granularity === "character" ? { characters: characterTimings(word) } : {}) },
  }));
  for (const event of options.events ?? []) {
    // An event takes the speaker of the word before it (the SDK's entries all carry one when diarising).
    const before = items.filter((item) => item.entry.type === "word" && item.startMs <= event.startMs).pop() ?? items[0];
    const speaker = before?.speaker ?? (options.speakers ? { speaker_id: speakerId(0) } : {});
    const at = items.findIndex((item) => item.startMs > event.startMs);
    const item: Item = { startMs: event.startMs, endMs: event.endMs, speaker, entry: { text: event.label, ...timed(event.startMs, event.endMs), type: "audio_event", ...speaker, logprob: 0 } };
    items.splice(at < 0 ? items.length : at, 0, item);
  }
  const out: ResponseWord[] = [];
  items.forEach((item, i) => {
    if (i > 0) {
      const previous = items[i - 1]!;
      out.push({ text: " ", start: seconds(previous.endMs), end: seconds(Math.max(previous.endMs, item.startMs)), type: "spacing", ...previous.speaker, logprob: 0 });
    }
    out.push(item.entry);
  });
  return out;
}

export type AdditionalFormatResponse = { requested_format: AdditionalFormat; file_extension: string; content_type: string; is_base64_encoded: false; content: string };

/** One additional format of the transcript, as text. */
export function additionalFormat(format: AdditionalFormat, text: string, words: readonly TranscriptWord[], durationMs: number): AdditionalFormatResponse {
  const segments = transcriptSegments(text, words, durationMs);
  const made = (extension: string, contentType: string, content: string): AdditionalFormatResponse => ({
    requested_format: format,
    file_extension: extension,
    content_type: contentType,
    is_base64_encoded: false,
    content,
  });
  switch (format) {
    case "srt":
      return made("srt", "application/x-subrip", srtOf(segments));
    case "vtt":
      return made("vtt", "text/vtt", vttOf(segments));
    case "txt":
      return made("txt", "text/plain", segments.map((s) => s.text).join("\n") + (segments.length ? "\n" : ""));
    case "segmented_json":
      return made(
        "json",
        "application/json",
        JSON.stringify({
          segments: segments.map((s) => ({ text: s.text, start_time: s.start, end_time: s.end, words: words.filter((w) => w.startMs / 1000 >= s.start && w.endMs / 1000 <= s.end).map((w) => ({ text: w.text, start: seconds(w.startMs), end: seconds(w.endMs) })) })),
        }),
      );
  }
}

/** additional_formats as the SDK sends it: a JSON list of {format, ...options}; the formats asked, or why not. */
export function parseAdditionalFormats(value: string | null): { ok: true; formats: AdditionalFormat[] } | { ok: false; message: string } {
  if (value === null || value.trim() === "") return { ok: true, formats: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { ok: false, message: "additional_formats must be a JSON list such as [{\"format\": \"srt\"}]" };
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const formats: AdditionalFormat[] = [];
  for (const item of list) {
    const format = (item as { format?: unknown } | null)?.format;
    if (typeof format !== "string" || !(ADDITIONAL_FORMATS as readonly string[]).includes(format)) {
      return { ok: false, message: `additional_formats: ${JSON.stringify(format ?? null)} is not made here; choose from ${ADDITIONAL_FORMATS.join(", ")}` };
    }
    formats.push(format as AdditionalFormat);
  }
  return { ok: true, formats };
}

/** Form booleans as the SDK sends them ("true"/"false"), default when absent, null when neither. */
export function formBoolean(value: string | null, fallback: boolean): boolean | null {
  if (value === null) return fallback;
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

/** Words of a text for comparison: lower case, letters, digits and apostrophes only. */
export function comparableWords(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9' ]+/g, " ").split(/\s+/).filter(Boolean);
}

/** Word error rate: the word-level edit distance from the reference to the hypothesis over the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = comparableWords(reference);
  const hyp = comparableWords(hypothesis);
  if (!ref.length) return hyp.length ? 1 : 0;
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    row = next;
  }
  return row[hyp.length]! / ref.length;
}

/** webhook_metadata: a JSON object of at most two levels and 16 KB, returned in the webhook's body. */
export const MAX_WEBHOOK_METADATA_BYTES = 16 * 1024;

export function parseWebhookMetadata(raw: string | null): { ok: true; value: unknown } | { ok: false; message: string } {
  if (raw === null || raw.trim() === "") return { ok: true, value: undefined };
  if (new TextEncoder().encode(raw).byteLength > MAX_WEBHOOK_METADATA_BYTES) return { ok: false, message: `webhook_metadata must be at most ${MAX_WEBHOOK_METADATA_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: "webhook_metadata must be a JSON object" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: "webhook_metadata must be a JSON object" };
  const depth = (v: unknown): number => (typeof v === "object" && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);
  if (depth(value) > 2) return { ok: false, message: "webhook_metadata may nest at most 2 levels" };
  return { ok: true, value };
}

/** A speaker's turn in a transcript: consecutive entries (words and spacings) of one speaker_id, in order. */
export type SpeakerTurn<W> = { speakerId: string | null; entries: { word: W; index: number }[] };

/** The transcript's entries grouped into turns by speaker_id (one turn, speaker null, when no entry has one). */
export function speakerTurns<W extends { speaker_id?: string; type: string }>(words: readonly W[]): SpeakerTurn<W>[] {
  const turns: SpeakerTurn<W>[] = [];
  words.forEach((word, index) => {
    const speakerId = word.speaker_id ?? null;
    const open = turns.at(-1);
    // A spacing never opens a turn: it belongs with the words around it.
    if (open && (open.speakerId === speakerId || word.type === "spacing")) open.entries.push({ word, index });
    else turns.push({ speakerId, entries: [{ word, index }] });
  });
  return turns;
}

/** "speaker_0" as people read it: Speaker 1. */
export const speakerLabel = (speakerId: string) => `Speaker ${Number(speakerId.replace(/^speaker_/, "")) + 1}`;

/** The list of the workspace's transcripts on /app/speech-to-text (decision 0069): a page of rows, newest first. */
export const TRANSCRIPT_LIST_PAGE_SIZE = 20;
/** The list's page from the address (?page=2): 1 when absent, null when not a whole number from 1 to 10,000. */
export function transcriptListPage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000 ? Number(value) : null;
}

/** How much of a transcript's text its row in the list shows. */
export const TRANSCRIPT_PREVIEW_CHARS = 140;

/** What a transcript is called when no file name came with it. */
export const REALTIME_TRANSCRIPT_TITLE = "Realtime session";
export const UNTITLED_TRANSCRIPT_TITLE = "Untitled recording";

/** A transcript's name in the list: the uploaded file's name, else where it came from (a realtime session's model id starts "realtime:"). */
export function transcriptTitle(fileName: string | null, modelId: string): string {
  const name = (fileName ?? "").trim().slice(0, 200);
  if (name) return name;
  return modelId.startsWith("realtime:") ? REALTIME_TRANSCRIPT_TITLE : UNTITLED_TRANSCRIPT_TITLE;
}

/** The file name without its extension, for the exports' names ("interview.wav" → "interview"). */
export const exportBaseName = (title: string) => title.replace(/\.[^.]{1,5}$/, "").trim() || "transcript";

/** How many speakers diarization told apart (stored with the transcript); null when it was not asked or nothing was heard. */
export function speakerCount(speakers: readonly number[] | null): number | null {
  return speakers && speakers.length ? new Set(speakers).size : null;
}

/** The speakers column of the list. */
export function speakerCountLabel(count: number | null): string {
  if (count === null) return "Speakers not separated";
  return `${count} speaker${count === 1 ? "" : "s"}`;
}

/** The exports the transcript view offers, made from the stored words as the API's additional_formats are. */
export const TRANSCRIPT_EXPORTS = ["srt", "vtt", "txt"] as const satisfies readonly AdditionalFormat[];

/**
 * SRT, VTT and TXT of a stored transcript: its words (the response's, in seconds) back to timed words and through
 * additionalFormat, so a reopened transcript exports exactly what the API's additional_formats gave for it.
 */
export function transcriptExports(transcript: { text: string; words: readonly { text: string; start: number; end: number; type: string }[] }, durationSeconds: number): AdditionalFormatResponse[] {
  const words = transcript.words.filter((w) => w.type === "word").map((w) => ({ text: w.text, startMs: Math.round(w.start * 1000), endMs: Math.round(w.end * 1000) }));
  return TRANSCRIPT_EXPORTS.map((format) => additionalFormat(format, transcript.text, words, durationSeconds * 1000));
}

/** A transcript's row in the page's list (the language by name). */
export type TranscriptListItem = { id: string; title: string; createdAt: number; durationSeconds: number; language: string; speakerCount: number | null; preview: string };

/** What the transcript view shows of one transcript: its words (without log-probabilities or characters) and where its recording plays. */
export type OpenedTranscript = TranscriptListItem & {
  baseName: string;
  text: string;
  words: { text: string; start: number; end: number; type: "word" | "spacing" | "audio_event"; speaker_id?: string }[];
  /** The kept recording's URL, or null (a realtime session, or a transcript from before recordings were kept). */
  audioUrl: string | null;
  /** How many edits of the words can be undone, newest first (decision 0093). */
  undoable: number;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 27, 2026, 18:44 UTC": the same text on the server and in every browser (no locale or clock drift at hydration). */
export function transcriptDate(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** A recording's length as the list shows it: "0:07", "12:30", "1:02:03"; whole seconds down, as the player counts. */
export function transcriptLength(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(whole % 60)}` : `${m}:${two(whole % 60)}`;
}
