import { describe, expect, it } from "vitest";
import { correctWord, parseTranscriptName, textOfWords, transcriptSearch, TRANSCRIPT_EDIT_TEXTS, type StoredTranscript } from "./transcript-edits";
import { responseWords } from "./transcription";

const heard = [
  { text: "good", startMs: 0, endMs: 400 },
  { text: "mourning", startMs: 500, endMs: 1000 },
  { text: "all", startMs: 1100, endMs: 1400 },
];

function stored(granularity: "word" | "character" = "word", formats: string[] = []): StoredTranscript {
  const words = responseWords(heard, { granularity, speakers: [0, 0, 1] });
  return {
    language_code: "en",
    text: "good mourning all",
    words,
    audio_duration_secs: 1.5,
    transcription_id: "t1",
    ...(formats.length ? { additional_formats: formats.map((f) => ({ requested_format: f, content: "old" })) } : {}),
  };
}

describe("transcript names and search", () => {
  it("takes a trimmed one-line name, refusing an empty or too long one", () => {
    expect(parseTranscriptName("  Interview \n with  Ada ")).toEqual({ ok: true, value: "Interview with Ada" });
    expect(parseTranscriptName("   ")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.nameEmpty });
    expect(parseTranscriptName(undefined)).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.nameEmpty });
    expect(parseTranscriptName("x".repeat(200))).toMatchObject({ ok: true });
    expect(parseTranscriptName("x".repeat(201))).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.nameTooLong });
  });

  it("reads the search from the address, refusing one past 100 characters", () => {
    expect(transcriptSearch(null)).toBe("");
    expect(transcriptSearch("  morning  call ")).toBe("morning call");
    expect(transcriptSearch("y".repeat(100))).toBe("y".repeat(100));
    expect(transcriptSearch("y".repeat(101))).toBeNull();
  });
});

describe("correcting a word", () => {
  it("keeps the word's time and speaker and makes the text again", () => {
    const before = stored();
    const index = before.words!.findIndex((w) => w.text === "mourning");
    const result = correctWord(before, index, " morning ");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const word = result.value.words![index]!;
    expect(word).toMatchObject({ text: "morning", start: 0.5, end: 1, type: "word", speaker_id: "speaker_0" });
    expect(result.value.text).toBe("good morning all");
    expect(result.value.transcription_id).toBe("t1");
    expect(before.words![index]!.text).toBe("mourning");
  });

  it("spreads the letters of the new word over its time at character granularity", () => {
    const before = stored("character");
    const index = before.words!.findIndex((w) => w.text === "all");
    const result = correctWord(before, index, "y'all");
    if (!result.ok) throw new Error(result.message);
    const characters = result.value.words![index]!.characters!;
    expect(characters.map((c) => c.text).join("")).toBe("y'all");
    expect(characters[0]!.start).toBe(1.1);
    expect(characters.at(-1)!.end).toBe(1.4);
  });

  it("removes a word and one space next to it; refuses to remove the only word", () => {
    const before = stored();
    const first = correctWord(before, 0, "");
    if (!first.ok) throw new Error(first.message);
    expect(first.value.words!.map((w) => w.type)).toEqual(["word", "spacing", "word"]);
    expect(first.value.text).toBe("mourning all");
    const last = correctWord(before, before.words!.length - 1, "  ");
    if (!last.ok) throw new Error(last.message);
    expect(last.value.text).toBe("good mourning");
    expect(last.value.words!.at(-1)!.type).toBe("word");
    const single: StoredTranscript = { text: "hi", words: [{ text: "hi", start: 0, end: 0.3, type: "word", logprob: 0 }] };
    expect(correctWord(single, 0, "")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.lastWord });
  });

  it("refuses a spacing, an index out of range and a word that is too long", () => {
    const before = stored();
    expect(correctWord(before, 1, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAWord });
    expect(correctWord(before, 99, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAWord });
    expect(correctWord(before, -1, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAWord });
    expect(correctWord(before, 0.5, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAWord });
    expect(correctWord(before, 0, "z".repeat(101))).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.wordTooLong });
  });

  it("makes the additional formats the request asked for again from the corrected words", () => {
    const before = stored("word", ["srt", "txt"]);
    const result = correctWord(before, 2, "morning");
    if (!result.ok) throw new Error(result.message);
    const formats = result.value.additional_formats as { requested_format: string; content: string }[];
    expect(formats.map((f) => f.requested_format)).toEqual(["srt", "txt"]);
    expect(formats[0]!.content).toContain("good morning all");
    expect(formats[1]!.content).toBe("good morning all\n");
  });

  it("leaves audio events out of the text", () => {
    expect(textOfWords([
      { text: "hello", start: 0, end: 1, type: "word", logprob: 0 },
      { text: " ", start: 1, end: 2, type: "spacing", logprob: 0 },
      { text: "(music)", start: 2, end: 3, type: "audio_event", logprob: 0 },
      { text: " ", start: 3, end: 3, type: "spacing", logprob: 0 },
      { text: "there", start: 3, end: 4, type: "word", logprob: 0 },
    ])).toBe("hello there");
  });
});
