import { describe, expect, it } from "vitest";
import { paragraphsOf, PODCAST_DURATION_SCALES, PODCAST_SOURCES_MAX, PODCAST_TEXTS, podcastDurationLabel, podcastForm, podcastFormField, podcastRequestOf, podcastScript, podcastSourceField, podcastSourceRows, podcastValuesRemovingSource, sentencesOf } from "./podcast";
import { BLOCK_TEXT_MAX } from "../../../core/studio/studio-rules";

const speakers = (blocks: ReturnType<typeof podcastScript>) => blocks.map((b) => `${b.nodes[0]!.voice_id}:${b.nodes[0]!.text}`);

describe("podcast script", () => {
  it("splits paragraphs at blank lines, or at line breaks when there is none", () => {
    expect(paragraphsOf("One.\n\nTwo\nstill two.\n\n\nThree.")).toEqual(["One.", "Two still two.", "Three."]);
    expect(paragraphsOf("One.\nTwo.")).toEqual(["One.", "Two."]);
    expect(sentencesOf("Hello there.  How are you? Fine!")).toEqual(["Hello there.", "How are you?", "Fine!"]);
  });

  it("alternates host and guest by paragraph, with the intro and outro by the host", () => {
    const script = podcastScript(["First part.\n\nSecond part.\n\nThird part."], { host: "h", guest: "g" }, { intro: "Welcome.", outro: "Bye." });
    expect(speakers(script)).toEqual(["h:Welcome.", "h:First part.", "g:Second part.", "h:Third part.", "h:Bye."]);
  });

  it("alternates by sentence when the source is one paragraph, and a bulletin is the host alone", () => {
    expect(speakers(podcastScript(["This is a test podcast. It has two sentences."], { host: "h", guest: "g" }, {}))).toEqual(["h:This is a test podcast.", "g:It has two sentences."]);
    expect(speakers(podcastScript(["One.\n\nTwo."], { host: "h", guest: null }, {}))).toEqual(["h:One.", "h:Two."]);
  });

  it("stops at the duration's word cap after the sentence reaching it, and keeps everything when long", () => {
    const paragraph = Array.from({ length: 100 }, (_, i) => `Sentence number ${i} has six words.`).join(" ");
    const source = [Array.from({ length: 10 }, () => paragraph).join("\n\n")];
    const wordsIn = (blocks: ReturnType<typeof podcastScript>) => blocks.reduce((n, b) => n + b.nodes[0]!.text.split(" ").length, 0);
    expect(wordsIn(podcastScript(source, { host: "h", guest: "g" }, { durationScale: "short" }))).toBe(450);
    expect(wordsIn(podcastScript(source, { host: "h", guest: "g" }, { durationScale: "default" }))).toBe(1050);
    expect(wordsIn(podcastScript(source, { host: "h", guest: "g" }, { durationScale: "long" }))).toBe(6000);
  });

  it("keeps each block within a block's length, one speaker's turn in several blocks", () => {
    const long = Array.from({ length: 400 }, (_, i) => `Words of sentence ${i}.`).join(" ");
    const script = podcastScript([`${long}\n\nReply.`], { host: "h", guest: "g" }, { durationScale: "long" });
    expect(script.every((b) => b.nodes[0]!.text.length <= BLOCK_TEXT_MAX)).toBe(true);
    expect(script.at(-1)!.nodes[0]).toMatchObject({ voice_id: "g", text: "Reply." });
    expect(new Set(script.slice(0, -1).map((b) => b.nodes[0]!.voice_id))).toEqual(new Set(["h"]));
  });
});

describe("the podcast form", () => {
  const good = { source_type: "text", text: "One.\n\nTwo.", mode: "conversation", host_voice_id: "h", guest_voice_id: "g", duration_scale: "short", language: "fr", quality_preset: "high" };

  it("reads the dialog's choices as the server module's request: the chosen source only, the guest only in a conversation", () => {
    const form = podcastForm.parse({ ...good, url: "https://example.com/ignored" });
    expect(podcastRequestOf(form)).toEqual({ voices: { host: "h", guest: "g" }, sources: [{ type: "text", text: "One.\n\nTwo." }], durationScale: "short", language: "fr", qualityPreset: "high", intro: null, outro: null });
    expect(podcastRequestOf(podcastForm.parse({ ...good, intro: " Welcome. ", outro: "" }))).toMatchObject({ intro: "Welcome.", outro: null });
    expect(podcastForm.safeParse({ ...good, outro: "x".repeat(5001) }).success).toBe(false);
    const bulletin = podcastForm.parse({ ...good, mode: "bulletin", source_type: "url", url: " https://example.com/a ", language: "" });
    expect(podcastRequestOf(bulletin)).toMatchObject({ voices: { host: "h", guest: null }, sources: [{ type: "url", url: "https://example.com/a" }], language: null });
  });

  const errors = (fields: Record<string, string>) => {
    const parsed = podcastForm.safeParse(fields);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  };

  it("reads several sources from their numbered rows in order, each the kind its row chose, empty rows left out", () => {
    expect([0, 1, 9].map((i) => podcastSourceField(i, "text"))).toEqual(["text", "text_2", "text_10"]);
    const form = podcastForm.parse({
      ...good,
      source_type_2: "url",
      text_2: "ignored: the row chose a web page",
      url_2: " https://example.com/b ",
      source_type_3: "text",
      text_3: "  ",
      url_3: "https://example.com/ignored",
      source_type_4: "text",
      text_4: "Four.",
      // Past the API's limit of ten: not a row the dialog has.
      source_type_11: "text",
      text_11: "Eleven.",
    });
    expect(podcastRequestOf(form).sources).toEqual([
      { type: "text", text: "One.\n\nTwo." },
      { type: "url", url: "https://example.com/b" },
      { type: "text", text: "Four." },
    ]);
    expect(form.sources.map((s) => s.field)).toEqual(["text", "url_2", "text_4"]);
    // The first row may be the empty one.
    expect(podcastRequestOf(podcastForm.parse({ ...good, text: "", source_type_2: "text", text_2: "Two." })).sources).toEqual([{ type: "text", text: "Two." }]);
    // A refusal about a source goes under that source's field.
    expect(podcastFormField("source", form, 1)).toBe("url_2");
    expect(podcastFormField("source", form)).toBe("text");
  });

  it("errs under the row's own field: a text or address too long, an unknown kind", () => {
    expect(errors({ ...good, source_type_2: "text", text_2: "x".repeat(500_001) })).toEqual(["text_2: The text must be at most 500,000 characters."]);
    expect(errors({ ...good, source_type_3: "url", url_3: `https://example.com/${"a".repeat(2000)}` })).toEqual(["url_3: The address must be at most 2,000 characters."]);
    expect(errors({ ...good, source_type_2: "file" })).toEqual(["source_type_2: Choose pasted text or a web page."]);
  });

  it("shows as many source rows as were posted, one more after \"Add another source\", at most the API's limit", () => {
    expect(podcastSourceRows({})).toBe(1);
    expect(podcastSourceRows({ source_type: "text" })).toBe(1);
    expect(podcastSourceRows({ source_type: "text", add_source: "1" })).toBe(2);
    expect(podcastSourceRows({ source_type: "text", source_type_2: "url", source_type_3: "text" })).toBe(3);
    const full = Object.fromEntries(Array.from({ length: PODCAST_SOURCES_MAX }, (_, i) => [podcastSourceField(i, "source_type"), "text"]));
    expect(podcastSourceRows({ ...full, add_source: "1" })).toBe(PODCAST_SOURCES_MAX);
  });

  it("takes out the row \"Remove\" posted: the rows after it move up with what was typed, the rest of the form kept", () => {
    const three = { mode: "bulletin", source_type: "text", text: "One.", source_type_2: "url", url_2: "https://example.com/two", text_2: "", source_type_3: "text", text_3: "Three." };
    expect(podcastValuesRemovingSource({ ...three, remove_source: "2" })).toEqual({ mode: "bulletin", source_type: "text", text: "One.", source_type_2: "text", text_2: "Three." });
    expect(podcastValuesRemovingSource({ ...three, remove_source: "1" })).toEqual({ mode: "bulletin", source_type: "url", url: "https://example.com/two", text: "", source_type_2: "text", text_2: "Three." });
    const last = podcastValuesRemovingSource({ ...three, remove_source: "3" });
    expect(last).toEqual({ mode: "bulletin", source_type: "text", text: "One.", source_type_2: "url", url_2: "https://example.com/two", text_2: "" });
    expect(podcastSourceRows(last)).toBe(2);
    // The only row stays; an unknown number removes nothing; the buttons' names never add a row on the way.
    expect(podcastValuesRemovingSource({ source_type: "text", text: "Only.", remove_source: "1" })).toEqual({ source_type: "text", text: "Only." });
    for (const bad of ["0", "4", "x", "1.5", ""]) expect(podcastValuesRemovingSource({ ...three, remove_source: bad })).toEqual(three);
    expect(podcastSourceRows(podcastValuesRemovingSource({ ...three, add_source: "1", remove_source: "2" }))).toBe(2);
  });

  it("names the missing field: the text or the address (whichever source was chosen), the host, the guest in a conversation", () => {
    expect(errors({ ...good, text: "  \n " })).toEqual([`text: ${PODCAST_TEXTS.noText}`]);
    expect(errors({ ...good, source_type: "url" })).toEqual([`url: ${PODCAST_TEXTS.noUrl}`]);
    // Every row empty: the first row's field says so.
    expect(errors({ ...good, text: "", source_type_2: "url", url_2: " " })).toEqual([`text: ${PODCAST_TEXTS.noText}`]);
    expect(errors({ ...good, host_voice_id: "", guest_voice_id: "" })).toEqual([`host_voice_id: ${PODCAST_TEXTS.noHost}`, `guest_voice_id: ${PODCAST_TEXTS.noGuest}`]);
    expect(errors({ ...good, mode: "bulletin", guest_voice_id: "" })).toEqual([]);
    expect(errors({ ...good, duration_scale: "endless" })).toHaveLength(1);
  });

  it("puts a refusal under the field it is about", () => {
    const form = podcastForm.parse({ ...good, source_type: "url", url: "https://example.com/a" });
    expect(podcastFormField("guest", form)).toBe("guest_voice_id");
    expect(podcastFormField("host", form)).toBe("host_voice_id");
    expect(podcastFormField("source", form)).toBe("url");
    expect(podcastFormField(undefined, form)).toBe("form");
  });

  it("labels the lengths from their word caps", () => {
    expect(PODCAST_DURATION_SCALES.map((s) => podcastDurationLabel(s))).toEqual([
      { name: "Short", detail: "Up to about 3 minutes" },
      { name: "Default", detail: "Up to about 7 minutes" },
      { name: "Long", detail: "The whole source" },
    ]);
  });
});
