// What a person may change in a kept transcript (decision 0074): its name, a word the recogniser got wrong, and a
// passage retyped whole.
// The stored answer stays the API's JSON, so GET /v1/speech-to-text/transcripts/{id} and the exports read the
// corrected words.
import { additionalFormat, ADDITIONAL_FORMATS, characterTimings, type AdditionalFormat, type ResponseWord } from "./transcription";

/** A transcript's name: the upload's file name until it is renamed (the list's title). */
export const TRANSCRIPT_NAME_MAX_CHARS = 200;
/** The list's search: words of a name or of the text. */
export const TRANSCRIPT_SEARCH_MAX_CHARS = 100;
/** One corrected word (or a few, when the recogniser heard one word for several). */
export const CORRECTED_WORD_MAX_CHARS = 100;
/** A retyped passage (a speaker's turn). */
export const RETYPED_PASSAGE_MAX_CHARS = 4000;

/** How many edits of a transcript's words are kept to undo (decision 0093): the oldest go first. */
export const TRANSCRIPT_UNDO_DEPTH = 20;

export const TRANSCRIPT_EDIT_TEXTS = {
  nameEmpty: "Give the transcript a name.",
  nameTooLong: `A name has at most ${TRANSCRIPT_NAME_MAX_CHARS} characters.`,
  wordTooLong: `A word has at most ${CORRECTED_WORD_MAX_CHARS} characters.`,
  notAWord: "That part of the transcript is not a word: only words can be corrected.",
  lastWord: "This is the transcript's only word: correct it instead of removing it.",
  searchTooLong: `Search for at most ${TRANSCRIPT_SEARCH_MAX_CHARS} characters.`,
  changedMeanwhile: "The transcript was changed at the same time; open it again and repeat the correction.",
  notAPassage: "That part of the transcript is not a passage of words: only words can be retyped.",
  passageTooLong: `A retyped passage has at most ${RETYPED_PASSAGE_MAX_CHARS} characters.`,
  allWords: "These are all of the transcript's words: retype them instead of removing them.",
  nothingToUndo: "There is no correction of this transcript left to undo.",
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
  return { ok: true, value: withWords(stored, next) };
}

/** The stored answer with new words: its text and any additional formats the request asked for made again from them. */
function withWords(stored: StoredTranscript, next: ResponseWord[]): StoredTranscript {
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
  return result;
}

/** How two spellings of a word compare when a passage is retyped: case and punctuation aside. */
const sameWord = (a: string, b: string) => a.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "") === b.toLowerCase().replace(/[^\p{L}\p{N}']/gu, "");

/** A stretch of the retyped passage: a word kept (maybe respelt) or old words replaced by new ones. */
type Stretch = { kept: true; old: ResponseWord; typed: string } | { kept: false; old: ResponseWord[]; typed: string[] };

/**
 * The longest common subsequence of old and typed words, as kept words and the replaced stretches between them.
 * `lineStarts` holds the typed words that begin a line (after the first): a line break is where the person put a
 * turn's start, so new words never share time across one when they can keep to their own side (decision 0093).
 */
function stretchesOf(old: ResponseWord[], typed: string[], lineStarts: ReadonlySet<number> = new Set()): Stretch[] {
  const n = old.length;
  const m = typed.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) table[i]![j] = sameWord(old[i]!.text, typed[j]!) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const out: Stretch[] = [];
  const replaced = () => {
    const last = out[out.length - 1];
    if (last && !last.kept) return last;
    const fresh: Stretch = { kept: false, old: [], typed: [] };
    out.push(fresh);
    return fresh;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sameWord(old[i]!.text, typed[j]!) && table[i]![j] === table[i + 1]![j + 1]! + 1) out.push({ kept: true, old: old[i++]!, typed: typed[j++]! });
    else if (j < m && (i === n || table[i]![j + 1]! >= table[i + 1]![j]!)) (replaced() as { typed: string[] }).typed.push(typed[j++]!);
    else (replaced() as { old: ResponseWord[] }).old.push(old[i++]!);
  }
  // Where each stretch's typed words begin in the typed text, to find the line breaks among them.
  const firstTyped: number[] = [];
  let at = 0;
  for (const stretch of out) {
    firstTyped.push(at);
    at += stretch.kept ? 1 : stretch.typed.length;
  }
  // New words with no old ones to take their time from borrow a kept neighbour: the one before, else after; with a
  // line break among them (or just before them), those from the break on borrow the one after.
  const merged: Stretch[] = [];
  out.forEach((stretch, k) => {
    if (stretch.kept || stretch.old.length || !stretch.typed.length) return void merged.push(stretch);
    const before = merged[merged.length - 1];
    const after = out[k + 1];
    let split = before?.kept ? stretch.typed.length : 0;
    if (before?.kept && after?.kept) {
      const lineStart = stretch.typed.findIndex((_, j) => lineStarts.has(firstTyped[k]! + j));
      if (lineStart >= 0) split = lineStart;
    }
    if (split > 0 && before?.kept) merged[merged.length - 1] = { kept: false, old: [before.old], typed: [before.typed, ...stretch.typed.slice(0, split)] };
    const rest = stretch.typed.slice(split);
    if (!rest.length) return;
    if (after?.kept) out[k + 1] = { kept: false, old: [after.old], typed: [...rest, after.typed] };
    else merged.push({ kept: false, old: [], typed: rest });
  });
  // A stretch replacing words of two speakers, typed over a line break: each side shares only its own speaker's
  // time, so the words after the break go to the turn that starts there.
  const result: Stretch[] = [];
  at = 0;
  for (const stretch of merged) {
    const from = at;
    at += stretch.kept ? 1 : stretch.typed.length;
    if (stretch.kept) {
      result.push(stretch);
      continue;
    }
    let old = stretch.old;
    let typedWords = stretch.typed;
    let offset = from;
    for (;;) {
      const turn = old.findIndex((w, i) => i > 0 && w.speaker_id !== old[i - 1]!.speaker_id);
      const line = typedWords.findIndex((_, j) => j > 0 && lineStarts.has(offset + j));
      if (turn < 0 || line < 0) break;
      result.push({ kept: false, old: old.slice(0, turn), typed: typedWords.slice(0, line) });
      old = old.slice(turn);
      typedWords = typedWords.slice(line);
      offset += line;
    }
    result.push({ kept: false, old, typed: typedWords });
  }
  return result;
}

/** The typed passage as words, and which of them begin a new line (the first line's first word aside). */
function typedWordsOf(raw: string): { typed: string[]; lineStarts: Set<number> } {
  const typed: string[] = [];
  const lineStarts = new Set<number>();
  for (const line of raw.split(/\r\n|\r|\n/)) {
    const words = collapse(line);
    if (!words) continue;
    if (typed.length) lineStarts.add(typed.length);
    typed.push(...words.split(" "));
  }
  return { typed, lineStarts };
}

/**
 * Retypes the passage from word `first` to word `last` (a speaker's turn): words the person kept (case and
 * punctuation aside) keep their times; each run of new words shares the time of the old words it replaces, by
 * length; a word typed where there was none shares a neighbour's. A passage may span speakers' turns: a kept word
 * keeps its speaker, a new one takes the speaker of the old word heard at its middle (the nearest one between
 * words). Audio events stay; new words are typed by a person, so certain (logprob 0).
 */
export function retypePassage(stored: StoredTranscript, first: number, last: number, raw: string): Outcome<StoredTranscript> {
  const words = stored.words ?? [];
  if (!Number.isInteger(first) || !Number.isInteger(last) || first > last || words[first]?.type !== "word" || words[last]?.type !== "word") return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAPassage };
  const text = collapse(raw);
  if ([...text].length > RETYPED_PASSAGE_MAX_CHARS) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.passageTooLong };
  const { typed, lineStarts } = typedWordsOf(raw);
  if (typed.some((word) => [...word].length > CORRECTED_WORD_MAX_CHARS)) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.wordTooLong };
  const passage = words.slice(first, last + 1);
  const old = passage.filter((w) => w.type === "word");
  if (!typed.length && old.length === words.filter((w) => w.type === "word").length) return { ok: false, message: TRANSCRIPT_EDIT_TEXTS.allWords };
  const characters = old[0]!.characters !== undefined;
  const speakerAt = (start: number, end: number) => {
    const middle = (start + end) / 2;
    const distance = (w: ResponseWord) => (middle < w.start ? w.start - middle : middle > w.end ? middle - w.end : 0);
    const heard = old.reduce((best, w) => (distance(w) < distance(best) ? w : best), old[0]!);
    return heard.speaker_id === undefined ? {} : { speaker_id: heard.speaker_id };
  };
  const word = (text: string, start: number, end: number, logprob = 0): ResponseWord => ({
    text,
    start,
    end,
    type: "word",
    ...speakerAt(start, end),
    logprob,
    ...(characters ? { characters: characterTimings({ text, startMs: start * 1000, endMs: end * 1000 }) } : {}),
  });
  const items: ResponseWord[] = [];
  for (const stretch of stretchesOf(old, typed, lineStarts)) {
    if (stretch.kept) {
      items.push(stretch.typed === stretch.old.text ? stretch.old : word(stretch.typed, stretch.old.start, stretch.old.end, stretch.old.logprob));
      continue;
    }
    if (!stretch.typed.length) continue;
    const start = stretch.old[0]!.start;
    const span = stretch.old[stretch.old.length - 1]!.end - start;
    const weights = stretch.typed.map((t) => [...t].length + 1);
    const total = weights.reduce((a, b) => a + b, 0);
    let at = 0;
    stretch.typed.forEach((t, k) => {
      const from = start + (span * at) / total;
      at += weights[k]!;
      items.push(word(t, round(from), round(start + (span * at) / total)));
    });
  }
  // The passage's audio events stay where they were heard, among the words by time.
  for (const event of passage.filter((w) => w.type === "audio_event")) {
    const at = items.findIndex((item) => item.start > event.start);
    items.splice(at < 0 ? items.length : at, 0, event);
  }
  const rebuilt: ResponseWord[] = [];
  items.forEach((item, k) => {
    const previous = items[k - 1];
    if (previous) rebuilt.push({ text: " ", start: previous.end, end: Math.max(previous.end, item.start), type: "spacing", ...(previous.speaker_id === undefined ? {} : { speaker_id: previous.speaker_id }), logprob: 0 });
    rebuilt.push(item);
  });
  // With the passage gone entirely, the space before it goes too (after it, at the start).
  let from = first;
  let to = last + 1;
  if (!rebuilt.length) {
    if (words[first - 1]?.type === "spacing") from -= 1;
    else if (words[to]?.type === "spacing") to += 1;
  }
  return { ok: true, value: withWords(stored, [...words.slice(0, from), ...rebuilt, ...words.slice(to)]) };
}

/** Times as the API gives them: milliseconds in seconds. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
