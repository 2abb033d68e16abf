import { describe, expect, it } from "vitest";
import { alignmentFromWords, engineTextFor, splitSentences } from "../../../core/speech/speech-text";

describe("splitSentences", () => {
  it("keeps the text exactly when joined", () => {
    for (const text of ["Hello world. How are you? Fine!", "One line\nTwo lines\n\nThree", "No punctuation at all", "Ünïcödé… ok. Done"]) {
      expect(splitSentences(text).join("")).toBe(text);
    }
    expect(splitSentences("Hello world. How are you? Fine!")).toEqual(["Hello world. ", "How are you? ", "Fine!"]);
  });
  it("cuts very long sentences at spaces", () => {
    const text = "word ".repeat(300);
    const parts = splitSentences(text, 100);
    expect(parts.every((p) => p.length <= 100)).toBe(true);
    expect(parts.join("")).toBe(text);
  });
});

describe("alignmentFromWords", () => {
  it("spells the text and has monotonic times within the duration", () => {
    const text = "Hello big world.";
    const a = alignmentFromWords(text, [
      { position: 1, length: 5, startMs: 0 },
      { position: 7, length: 3, startMs: 400 },
      { position: 11, length: 5, startMs: 700 },
    ], 1200, 2);
    expect(a.characters.join("")).toBe(text);
    expect(a.character_start_times_seconds[0]).toBe(2);
    expect(a.character_end_times_seconds.at(-1)).toBe(3.2);
    expect(a.character_start_times_seconds[6]).toBe(2.4);
    for (let i = 1; i < text.length; i++) expect(a.character_start_times_seconds[i]).toBeGreaterThanOrEqual(a.character_start_times_seconds[i - 1]!);
  });
  it("tolerates missing and out-of-order events", () => {
    const a = alignmentFromWords("of the cat", [{ position: 8, length: 3, startMs: 500 }, { position: 1, length: 2, startMs: 0 }], 900);
    expect(a.characters.length).toBe(10);
    expect(a.character_end_times_seconds.at(-1)).toBe(0.9);
  });
});

describe("engineTextFor", () => {
  it("ends an unfinished sentence that more text continues as a clause", () => {
    expect(engineTextFor("When the rain stopped ", true)).toBe("When the rain stopped,");
    expect(engineTextFor("When the rain stopped", true)).toBe("When the rain stopped,");
  });
  it("leaves finished sentences, line ends, whitespace and last pieces alone", () => {
    for (const piece of ["It stopped. ", "Did it stop? ", "Yes!", "He said \"stop.\" ", "Title\n", "Ende… ", "   "]) {
      expect(engineTextFor(piece, true)).toBe(piece);
    }
    expect(engineTextFor("When the rain stopped", false)).toBe("When the rain stopped");
  });
  it("marks every cut of a very long sentence but its last", () => {
    const pieces = splitSentences("word ".repeat(300).trim() + ".");
    const marked = pieces.map((piece, i) => engineTextFor(piece, i < pieces.length - 1));
    expect(marked.slice(0, -1).every((piece) => piece.endsWith("word,"))).toBe(true);
    expect(marked.at(-1)).toBe(pieces.at(-1));
  });
});
