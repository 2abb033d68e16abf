import { describe, expect, it } from "vitest";
import { speakerLabel, speakerTurns, wordErrorRate, additionalFormat, characterTimings, embeddedHears, exportBaseName, formBoolean, parseAdditionalFormats, parseWebhookMetadata, responseWords, speakerCount, speakerCountLabel, transcriptExports, transcriptDate, transcriptionCredits, transcriptLength, transcriptListPage, transcriptTitle } from "./transcription";

const words = [
  { text: "hello", startMs: 100, endMs: 500 },
  { text: "world", startMs: 600, endMs: 1000 },
];

describe("speech to text rules", () => {
  it("charges by the second, rounded up, at least one credit", () => {
    expect(transcriptionCredits(0.01)).toBe(1);
    expect(transcriptionCredits(60)).toBe(1000);
    expect(transcriptionCredits(1.5)).toBe(25);
  });

  it("hears English only (or an unsaid language)", () => {
    expect(embeddedHears(null)).toBe(true);
    expect(embeddedHears("EN")).toBe(true);
    expect(embeddedHears("eng")).toBe(true);
    expect(embeddedHears("de")).toBe(false);
  });

  it("lists words with spacing between them, speakers when diarising and characters on request", () => {
    const listed = responseWords(words, { granularity: "word", speakers: [0, 0] });
    expect(listed.map((w) => [w.text, w.type, w.start, w.end, w.speaker_id])).toEqual([
      ["hello", "word", 0.1, 0.5, "speaker_0"],
      [" ", "spacing", 0.5, 0.6, "speaker_0"],
      ["world", "word", 0.6, 1, "speaker_0"],
    ]);
    expect(responseWords(words, { granularity: "word", speakers: [0, 1] }).map((w) => w.speaker_id)).toEqual(["speaker_0", "speaker_0", "speaker_1"]);
    expect(responseWords(words, { granularity: "word", speakers: null })[0]).not.toHaveProperty("speaker_id");
    expect(responseWords(words, { granularity: "character", speakers: null })[0]!.characters).toHaveLength(5);
    expect(characterTimings({ text: "ab", startMs: 0, endMs: 200 })).toEqual([
      { text: "a", start: 0, end: 0.1 },
      { text: "b", start: 0.1, end: 0.2 },
    ]);
  });

  it("puts audio events among the words in time order, with spacing around them and the speaker before them", () => {
    const events = [{ label: "(music)" as const, startMs: 1200, endMs: 3000 }];
    expect(responseWords(words, { granularity: "word", speakers: [0, 1], events }).map((w) => [w.text, w.type, w.start, w.end, w.speaker_id])).toEqual([
      ["hello", "word", 0.1, 0.5, "speaker_0"],
      [" ", "spacing", 0.5, 0.6, "speaker_0"],
      ["world", "word", 0.6, 1, "speaker_1"],
      [" ", "spacing", 1, 1.2, "speaker_1"],
      ["(music)", "audio_event", 1.2, 3, "speaker_1"],
    ]);
    expect(responseWords(words, { granularity: "word", speakers: null, events: [{ label: "(applause)", startMs: 0, endMs: 50 }] }).map((w) => w.type)).toEqual(["audio_event", "spacing", "word", "spacing", "word"]);
  });

  it("makes SRT, VTT, text and segmented JSON", () => {
    expect(additionalFormat("srt", "hello world", words, 1200).content).toBe("1\n00:00:00,100 --> 00:00:01,000\nhello world\n");
    expect(additionalFormat("vtt", "hello world", words, 1200).content).toBe("WEBVTT\n\n00:00:00.100 --> 00:00:01.000\nhello world\n");
    expect(additionalFormat("txt", "hello world", words, 1200).content).toBe("hello world\n");
    const segmented = JSON.parse(additionalFormat("segmented_json", "hello world", words, 1200).content) as { segments: { text: string; words: unknown[] }[] };
    expect(segmented.segments[0]).toMatchObject({ text: "hello world", start_time: 0.1, end_time: 1 });
    expect(segmented.segments[0]!.words).toHaveLength(2);
  });

  it("reads additional_formats and form booleans, refusing what it cannot make", () => {
    expect(parseAdditionalFormats('[{"format":"srt"},{"format":"txt","include_timestamps":true}]')).toEqual({ ok: true, formats: ["srt", "txt"] });
    expect(parseAdditionalFormats(null)).toEqual({ ok: true, formats: [] });
    expect(parseAdditionalFormats('[{"format":"pdf"}]').ok).toBe(false);
    expect(parseAdditionalFormats("nope").ok).toBe(false);
    expect(formBoolean(null, true)).toBe(true);
    expect(formBoolean("false", true)).toBe(false);
    expect(formBoolean("maybe", true)).toBeNull();
  });

  it("measures the word error rate", () => {
    expect(wordErrorRate("The quick brown fox.", "the quick brown fox")).toBe(0);
    expect(wordErrorRate("the quick brown fox", "the quick fox")).toBe(0.25);
    expect(wordErrorRate("the quick brown fox", "a quick brown fox jumps")).toBe(0.5);
  });
});

describe("parseWebhookMetadata", () => {
  it("takes a JSON object of at most two levels and 16 KB, or nothing", () => {
    expect(parseWebhookMetadata(null)).toEqual({ ok: true, value: undefined });
    expect(parseWebhookMetadata('{"job":{"id":"j1"}}')).toEqual({ ok: true, value: { job: { id: "j1" } } });
    expect(parseWebhookMetadata('{"a":{"b":{"c":1}}}').ok).toBe(false);
    expect(parseWebhookMetadata("[1]").ok).toBe(false);
    expect(parseWebhookMetadata("{oops").ok).toBe(false);
    expect(parseWebhookMetadata(JSON.stringify({ big: "x".repeat(17 * 1024) })).ok).toBe(false);
  });

  it("groups a diarised transcript into speaker turns, spacings with the words around them", () => {
    const entry = (text: string, speaker_id: string | undefined, type = "word") => ({ text, type, ...(speaker_id ? { speaker_id } : {}) });
    const words = [entry("hi", "speaker_0"), entry(" ", "speaker_0", "spacing"), entry("there", "speaker_0"), entry(" ", "speaker_0", "spacing"), entry("hello", "speaker_1"), entry(" ", "speaker_1", "spacing"), entry("back", "speaker_0")];
    expect(speakerTurns(words).map((t) => [t.speakerId, t.entries.map((e) => e.index)])).toEqual([
      ["speaker_0", [0, 1, 2, 3]],
      ["speaker_1", [4, 5]],
      ["speaker_0", [6]],
    ]);
    expect(speakerTurns([entry("a", undefined), entry(" ", undefined, "spacing"), entry("b", undefined)]).map((t) => t.speakerId)).toEqual([null]);
    expect(speakerLabel("speaker_1")).toBe("Speaker 2");
  });
});

describe("the list of transcripts", () => {
  it("names a transcript by its file, else by where it came from, and counts its speakers", () => {
    expect(transcriptTitle("interview.wav", "embedded:scribe_v1")).toBe("interview.wav");
    expect(transcriptTitle(null, "realtime:scribe_v2_realtime")).toBe("Realtime session");
    expect(transcriptTitle("  ", "pocketsphinx")).toBe("Untitled recording");
    expect(exportBaseName("interview.final.wav")).toBe("interview.final");
    expect(exportBaseName("Realtime session")).toBe("Realtime session");
    expect(speakerCount(null)).toBeNull();
    expect(speakerCount([])).toBeNull();
    expect(speakerCount([0, 1, 0, 2])).toBe(3);
    expect([null, 1, 2].map(speakerCountLabel)).toEqual(["Speakers not separated", "1 speaker", "2 speakers"]);
  });

  it("tells a transcript's date and length the same way everywhere", () => {
    expect(transcriptDate(Date.UTC(2026, 10, 27, 8, 4, 59) / 1000)).toBe("Nov 27, 2026, 08:04 UTC");
    expect([0, 7.4, 59.6, 750, 3723].map(transcriptLength)).toEqual(["0:00", "0:07", "0:59", "12:30", "1:02:03"]);
  });

  it("reads the list's page from the address, refusing what is not a page", () => {
    expect([null, "", "1", "3", "10000"].map(transcriptListPage)).toEqual([1, 1, 1, 3, 10000]);
    expect(["0", "-1", "2.5", "abc", "10001", "999999"].map(transcriptListPage)).toEqual([null, null, null, null, null, null]);
  });

  it("exports a stored transcript exactly as the API's additional_formats gave it", () => {
    const listed = responseWords(words, { granularity: "word", speakers: [0, 1], events: [{ label: "(music)", startMs: 1200, endMs: 2000 }] });
    const exported = transcriptExports({ text: "hello world", words: listed }, 2);
    expect(exported.map((f) => f.requested_format)).toEqual(["srt", "vtt", "txt"]);
    expect(exported).toEqual(["srt", "vtt", "txt"].map((f) => additionalFormat(f as "srt", "hello world", words, 2000)));
  });
});
