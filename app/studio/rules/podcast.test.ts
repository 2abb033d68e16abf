import { describe, expect, it } from "vitest";
import { paragraphsOf, PODCAST_DURATION_SCALES, PODCAST_TEXTS, podcastDurationLabel, podcastForm, podcastFormField, podcastRequestOf, podcastScript, sentencesOf } from "./podcast";
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

  it("names the missing field: the text or the address (whichever source was chosen), the host, the guest in a conversation", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = podcastForm.safeParse(fields);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    };
    expect(errors({ ...good, text: "  \n " })).toEqual([`text: ${PODCAST_TEXTS.noText}`]);
    expect(errors({ ...good, source_type: "url" })).toEqual([`url: ${PODCAST_TEXTS.noUrl}`]);
    expect(errors({ ...good, host_voice_id: "", guest_voice_id: "" })).toEqual([`host_voice_id: ${PODCAST_TEXTS.noHost}`, `guest_voice_id: ${PODCAST_TEXTS.noGuest}`]);
    expect(errors({ ...good, mode: "bulletin", guest_voice_id: "" })).toEqual([]);
    expect(errors({ ...good, duration_scale: "endless" })).toHaveLength(1);
  });

  it("puts a refusal under the field it is about", () => {
    expect(podcastFormField("guest", { source_type: "text" })).toBe("guest_voice_id");
    expect(podcastFormField("host", { source_type: "text" })).toBe("host_voice_id");
    expect(podcastFormField("source", { source_type: "url" })).toBe("url");
    expect(podcastFormField(undefined, { source_type: "text" })).toBe("form");
  });

  it("labels the lengths from their word caps", () => {
    expect(PODCAST_DURATION_SCALES.map((s) => podcastDurationLabel(s))).toEqual([
      { name: "Short", detail: "Up to about 3 minutes" },
      { name: "Default", detail: "Up to about 7 minutes" },
      { name: "Long", detail: "The whole source" },
    ]);
  });
});
