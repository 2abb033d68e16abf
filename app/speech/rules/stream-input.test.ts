import { describe, expect, it } from "vitest";
import { charactersToSpeak, DEFAULT_CHUNK_LENGTH_SCHEDULE, lastSentenceEnd, socketAlignment, TRY_TRIGGER_MINIMUM } from "./stream-input";
import { alignmentFromWords } from "../../../core/speech/speech-text";

const state = (buffer: string, more: { generations?: number; autoMode?: boolean; schedule?: number[] } = {}) => ({
  buffer,
  schedule: more.schedule ?? DEFAULT_CHUNK_LENGTH_SCHEDULE,
  generations: more.generations ?? 0,
  autoMode: more.autoMode ?? false,
});

describe("stream-input buffering", () => {
  it("waits for the schedule's length, then cuts after the last sentence end", () => {
    const short = "Hello there. How are ";
    expect(charactersToSpeak(state(short))).toBe(0);
    const long = "A first sentence that is long enough to matter. ".repeat(3) + "And a half";
    expect(long.length).toBeGreaterThanOrEqual(120);
    expect(long.slice(0, charactersToSpeak(state(long)))).toBe("A first sentence that is long enough to matter. ".repeat(3));
  });

  it("follows the schedule's position, and its last entry from then on", () => {
    const text = "word ".repeat(30); // 150 characters, no sentence end
    expect(charactersToSpeak(state(text, { generations: 0 }))).toBe(150);
    expect(charactersToSpeak(state(text, { generations: 1 }))).toBe(0); // needs 160
    expect(charactersToSpeak(state("word ".repeat(50), { generations: 9, schedule: [50, 290] }))).toBe(0);
    expect(charactersToSpeak(state("word ".repeat(60), { generations: 9, schedule: [50, 100] }))).toBe(300);
  });

  it("never cuts a word in two", () => {
    const text = "word ".repeat(25) + "unfinis";
    expect(text.slice(0, charactersToSpeak(state(text)))).toBe("word ".repeat(25));
  });

  it("flush speaks everything; whitespace alone is never spoken", () => {
    expect(charactersToSpeak(state("Hi"), { flush: true })).toBe(2);
    expect(charactersToSpeak(state("   "), { flush: true })).toBe(0);
  });

  it("try_trigger_generation speaks early from its minimum", () => {
    const text = "x ".repeat(TRY_TRIGGER_MINIMUM / 2);
    expect(charactersToSpeak(state(text), { tryTrigger: true })).toBe(text.length);
    expect(charactersToSpeak(state("Too short. "), { tryTrigger: true })).toBe(0);
  });

  it("auto_mode speaks each finished sentence at once", () => {
    expect(charactersToSpeak(state("Hi. How are", { autoMode: true }))).toBe(4);
    expect(charactersToSpeak(state("No end yet", { autoMode: true }))).toBe(0);
    expect(lastSentenceEnd("One! Two?” Three\n\nfour")).toBe("One! Two?” Three\n\n".length);
  });
});

describe("stream-input alignment", () => {
  it("is in milliseconds from the message's own start, and spells its text", () => {
    const alignment = alignmentFromWords("Hi you", [{ position: 1, length: 2, startMs: 0 }, { position: 4, length: 3, startMs: 300 }], 600, 2);
    const out = socketAlignment(alignment);
    expect(out.chars.join("")).toBe("Hi you");
    expect(out.charStartTimesMs[0]).toBe(0);
    expect(out.charStartTimesMs[3]).toBe(300);
    expect(out.charDurationsMs.reduce((a, b) => a + b, 0)).toBeCloseTo(600, -1);
  });
});
