// What a person may change in a kept transcript (decision 0074): its name, and a word the recogniser got wrong.
// The stored answer stays the API's JSON, so GET /v1/speech-to-text/transcripts/{id} and the exports read the
// corrected words.
import { additionalFormat, ADDITIONAL_FORMATS, characterTimings, type AdditionalFormat, type ResponseWord } from "./transcription";

/** A transcript's name: the upload's file name until it is renamed (the list's title). */
export const TRANSCRIPT_NAME_MAX_CHARS = 200;
/** The list's search: words of a name or of the text. */
export const TRANSCRIPT_SEARCH_MAX_CHARS = 100;
/** One corrected word (or a few, when the recogniser heard one word for several). */
export const CORRECTED_WORD_MAX_CHARS = 100;

export const TRANSCRIPT_EDIT_TEXTS = {
  nameEmpty: "Give the transcript a name.",
  nameTooLong: `A name has at most ${TRANSCRIPT_NAME_MAX_CHARS} characters.`,
  wordTooLong: `A word has at most ${CORRECTED_WORD_MAX_CHARS} characters.`,
  notAWord: "That part of the transcript is not a word: only words can be corrected.",
  lastWord: "This is the transcript's only word: correct it instead of removing it.",
  searchTooLong: `Search for at most ${TRANSCRIPT_SEARCH_MAX_CHARS} characters.`,
  changedMeanwhile: "The transcript was changed at the same time; open it again and repeat the correction.",
} as const;

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/** A new name, trimmed and on one line; refused when empty or too long. */
export function parseTranscriptName(raw: unknown): Outcome<string> {
  const name = collapse(typeof raw === "string" ? raw : "");
  if (!name) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.nameEmpty };
  if ([...name].length > TRANSCRIPT_NAME_MAX_CHARS) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.nameTooLong };
  return { ok: true, value: name };
}

/** The list's search from the address (?q=): "" when absent, null when too long. */
export function transcriptSearch(value: string | null): string | null {
  const search = collapse(value ?? "");
  return [...search].length > TRANSCRIPT_SEARCH_MAX_CHARS ? null : search;
}

/** The stored answer as far as a correction touches it. */
export type StoredTranscript = {
  text?: string;
  words?: ResponseWord[];
  audio_duration_secs?: number;
  additional_formats?: { requested_format: string }[];
  [key: string]: unknown;
};

/** The text as the words now say it: words and the spaces between them (audio events are not speech). */
export function textOfWords(words: readonly ResponseWord[]): string {
  return collapse(words.filter((w) => w.type !== "audio_event").map((w) => (w.type === "spacing" ? " " : w.text)).join(""));
}

/**
 * Corrects the word at `index` of the stored answer: the new text keeps the word's time, speaker and (at character
 * granularity) gets its letters spread over that time again; an empty text removes the word with the space before
 * it (after it, for the first word). The text and any additional formats the request asked for are made again from
 * the corrected words, so every reader of the transcript agrees.
 */
export function correctWord(stored: StoredTranscript, index: number, raw: string): Outcome<StoredTranscript> {
  const words = stored.words ?? [];
  const target = words[index];
  if (!Number.isInteger(index) || !target || target.type !== "word") return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAWord };
  const text = collapse(raw);
  if ([...text].length > CORRECTED_WORD_MAX_CHARS) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.wordTooLong };
  let next: ResponseWord[];
  if (text) {
    const corrected: ResponseWord = { ...target, text };
    if (target.characters) {
      corrected.characters = characterTimings({ text, startMs: target.start * 1000, endMs: target.end * 1000 });
    }
    next = words.map((w, i) => (i === index ? corrected : w));
  } else {
    if (words.filter((w) => w.type === "word").length === 1) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.lastWord };
    const spaceBefore = words[index - 1]?.type === "spacing";
    const from = spaceBefore ? index - 1 : index;
    const count = spaceBefore || words[index + 1]?.type !== "spacing" ? index - from + 1 : 2;
    next = [...words.slice(0, from), ...words.slice(from + count)];
  }
  const newText = textOfWords(next);
  const result: StoredTranscript = { ...stored, text: newText, words: next };
  if (stored.additional_formats?.length) {
    const timed = next.filter((w) => w.type === "word").map((w) => ({ text: w.text, startMs: Math.round(w.start * 1000), endMs: Math.round(w.end * 1000) }));
    const durationMs = (stored.audio_duration_secs ?? 0) * 1000;
    result.additional_formats = stored.additional_formats
      .map((f) => f.requested_format)
      .filter((f): f is AdditionalFormat => (ADDITIONAL_FORMATS as readonly string[]).includes(f))
      .map((f) => additionalFormat(f, newText, timed, durationMs));
  }
  return { ok: true, value: result };
}
