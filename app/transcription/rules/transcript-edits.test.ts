import { describe, expect, it } from "vitest";
import { correctWord, parseTranscriptName, retypePassage, textOfWords, transcriptSearch, TRANSCRIPT_EDIT_TEXTS, type StoredTranscript } from "./transcript-edits";
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

describe("retyping a passage", () => {
  // "we met on monday at the cafe" as heard: two words misheard, one missing.
  const said = [
    { text: "we", startMs: 0, endMs: 200 },
    { text: "mett", startMs: 300, endMs: 600 },
    { text: "on", startMs: 700, endMs: 800 },
    { text: "money", startMs: 900, endMs: 1400 },
    { text: "the", startMs: 1500, endMs: 1600 },
    { text: "cafe", startMs: 1700, endMs: 2200 },
    { text: "later", startMs: 2400, endMs: 2800 },
  ];
  const passage = (granularity: "word" | "character" = "word", formats: string[] = []): StoredTranscript => ({
    text: "we mett on money the cafe later",
    words: responseWords(said, { granularity, speakers: [0, 0, 0, 0, 0, 0, 1] }),
    audio_duration_secs: 3,
    ...(formats.length ? { additional_formats: formats.map((f) => ({ requested_format: f, content: "old" })) } : {}),
  });
  const wordsOf = (t: StoredTranscript) => t.words!.filter((w) => w.type === "word");
  const lastOfTurn = 10; // the 6th word ("cafe"): words and spacings alternate

  it("keeps the times of words kept, shares the replaced words' time among new ones, and a neighbour's for words added", () => {
    const result = retypePassage(passage(), 0, lastOfTurn, "We met on Monday at the café.");
    expect(result.ok).toBe(true);
    const out = result.ok ? result.value : passage();
    expect(out.text).toBe("We met on Monday at the café. later");
    const words = wordsOf(out);
    expect(words.map((w) => w.text)).toEqual(["We", "met", "on", "Monday", "at", "the", "café.", "later"]);
    // Kept (case aside): their own times.
    expect(words[0]).toMatchObject({ start: 0, end: 0.2 });
    expect(words[2]).toMatchObject({ start: 0.7, end: 0.8 });
    // Misheard and replaced one for one: the old word's time.
    expect(words[1]).toMatchObject({ start: 0.3, end: 0.6 });
    expect(words[6]).toMatchObject({ start: 1.7, end: 2.2 });
    // "at" was not heard: with "Monday" it shares the time of "money", by length (7 and 3 with a space each).
    expect(words[3]).toMatchObject({ start: 0.9, end: 1.25 });
    expect(words[4]).toMatchObject({ start: 1.25, end: 1.4 });
    expect(words[5]).toMatchObject({ text: "the", start: 1.5, end: 1.6 });
    // Every word of the passage keeps the passage's speaker; the next turn is untouched.
    expect(words.slice(0, 7).every((w) => w.speaker_id === "speaker_0")).toBe(true);
    expect(words[7]).toMatchObject({ text: "later", start: 2.4, speaker_id: "speaker_1" });
    // Spacings between words again, in time order.
    const entries = out.words!;
    entries.forEach((entry, i) => {
      if (i > 0) expect(entry.start).toBeGreaterThanOrEqual(entries[i - 1]!.start);
      expect(entry.type === "spacing").toBe(i % 2 === 1);
    });
  });

  it("retypes across two speakers' turns: kept words keep their speaker, new ones take the speaker heard at their time", () => {
    // "the cafe" (speaker 1) then "later" (speaker 2), retyped as one passage.
    const speakers = (typed: string) => {
      const result = retypePassage(passage(), 8, 12, typed);
      return result.ok ? wordsOf(result.value).slice(4).map((w) => [w.text, w.speaker_id]) : [];
    };
    expect(speakers("the café later then")).toEqual([
      ["the", "speaker_0"],
      ["café", "speaker_0"],
      ["later", "speaker_1"],
      ["then", "speaker_1"],
    ]);
    // Three new words over "cafe later" (1.7-2.8 s): each goes to the speaker heard nearest its middle.
    expect(speakers("the café latte then")).toEqual([
      ["the", "speaker_0"],
      ["café", "speaker_0"],
      ["latte", "speaker_0"],
      ["then", "speaker_1"],
    ]);
  });

  it("gives a word typed at the start of a line to the turn that begins there, not to the earlier one (issue #19)", () => {
    const words = (typed: string) => {
      const result = retypePassage(passage(), 8, 12, typed);
      return result.ok ? wordsOf(result.value).slice(4).map((w) => [w.text, w.speaker_id, w.start, w.end]) : [];
    };
    // The form's own text (each turn on its line) saved as it stands changes nothing.
    const same = retypePassage(passage(), 8, 12, "the cafe\nlater");
    expect(same.ok && same.value.words).toEqual(passage().words);
    // On one line, a word between the turns shares the earlier turn's last word, as before.
    expect(words("the cafe so later")).toEqual([
      ["the", "speaker_0", 1.5, 1.6],
      ["cafe", "speaker_0", 1.7, 2.013],
      ["so", "speaker_0", 2.013, 2.2],
      ["later", "speaker_1", 2.4, 2.8],
    ]);
    // Typed at the start of the next turn's line: it shares the later turn's first word, and its speaker.
    expect(words("the cafe\nso later")).toEqual([
      ["the", "speaker_0", 1.5, 1.6],
      ["cafe", "speaker_0", 1.7, 2.2],
      ["so", "speaker_1", 2.4, 2.533],
      ["later", "speaker_1", 2.533, 2.8],
    ]);
    // New words on both sides of the break: each side goes with its own turn.
    expect(words("the cafe yes\r\nso later").map(([text, speaker]) => [text, speaker])).toEqual([
      ["the", "speaker_0"],
      ["cafe", "speaker_0"],
      ["yes", "speaker_0"],
      ["so", "speaker_1"],
      ["later", "speaker_1"],
    ]);
    // Words replacing both turns' words, with the break between them: each side shares its own turn's time.
    expect(words("the café\nlatte then")).toEqual([
      ["the", "speaker_0", 1.5, 1.6],
      ["café", "speaker_0", 1.7, 2.2],
      ["latte", "speaker_1", 2.4, 2.618],
      ["then", "speaker_1", 2.618, 2.8],
    ]);
    // A break inside one turn's words moves nothing to another speaker.
    const within = retypePassage(passage(), 0, 12, "we met\non monday at the cafe\nlater");
    expect(within.ok && wordsOf(within.value).map((w) => w.speaker_id)).toEqual([...Array(7).fill("speaker_0"), "speaker_1"]);
  });

  it("gives a word typed before every kept word a share of its kept neighbour's time", () => {
    const result = retypePassage(passage(), 0, 2, "so we met");
    expect(result.ok && wordsOf(result.value).slice(0, 3)).toMatchObject([
      { text: "so", start: 0, end: 0.1 },
      { text: "we", start: 0.1, end: 0.2 },
      { text: "met", start: 0.3, end: 0.6 },
    ]);
  });

  it("removes words left out, and the whole passage with its space when nothing is typed", () => {
    const fewer = retypePassage(passage(), 0, lastOfTurn, "we met the cafe");
    expect(fewer.ok && wordsOf(fewer.value).map((w) => w.text)).toEqual(["we", "met", "the", "cafe", "later"]);
    const gone = retypePassage(passage(), 0, lastOfTurn, "   ");
    expect(gone.ok && gone.value.text).toBe("later");
    expect(gone.ok && gone.value.words![0]).toMatchObject({ text: "later", type: "word" });
    expect(retypePassage(passage(), 0, 12, "")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.allWords });
  });

  it("spreads the letters of new words over their time at character granularity, and remakes the additional formats", () => {
    const result = retypePassage(passage("character", ["srt"]), 0, lastOfTurn, "we met on monday the cafe");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const met = wordsOf(result.value)[1]!;
    expect(met.characters!.map((c) => c.text).join("")).toBe("met");
    expect(met.characters![0]!.start).toBe(0.3);
    expect(met.characters![2]!.end).toBeCloseTo(0.6, 3);
    expect((result.value.additional_formats as unknown as { content: string }[])[0]!.content).toContain("we met on monday the cafe");
  });

  it("refuses what is not a passage of words, and too much text", () => {
    expect(retypePassage(passage(), 1, 4, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAPassage });
    expect(retypePassage(passage(), 4, 2, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAPassage });
    expect(retypePassage(passage(), 0, 99, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAPassage });
    expect(retypePassage(passage(), 0.5, 2, "x")).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.notAPassage });
    expect(retypePassage(passage(), 0, 2, "y ".repeat(2001))).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.passageTooLong });
    expect(retypePassage(passage(), 0, 2, "z".repeat(101))).toEqual({ ok: false, message: TRANSCRIPT_EDIT_TEXTS.wordTooLong });
  });
});
