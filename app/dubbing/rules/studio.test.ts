import { describe, expect, it } from "vitest";
import { dubbingCredits, type DubSegment } from "../../../core/dubbing/dub-rules";
import { editSegment, editTranslation, missingTranslationProblem, moveSegments, needsTranslation, nextId, redubbed, redubCredits, saveAllEdits, segmentsToRedub, segmentTimesProblem, speakerVoiceChanged, STUDIO_TEXTS, studioLanguages, unknownSegmentIds, untranslatedSegments } from "./studio";

const segments: DubSegment[] = [
  { id: "seg_0", start: 0.5, end: 2.5, speakerId: "speaker_0", text: "hello", translations: { es: "hola" } },
  { id: "seg_1", start: 3, end: 4, speakerId: "speaker_1", text: "bye", translations: { es: "adiós" } },
];

describe("the dubbing studio's rules", () => {
  it("an edited translation makes only that segment's line stale, and a re-dub clears it", () => {
    const edited = editTranslation(segments, "seg_0", "es", "buenos días");
    expect(edited[0]).toMatchObject({ translations: { es: "buenos días" }, stale: ["es"] });
    expect(edited[1]!.stale).toBeUndefined();
    expect(segmentsToRedub(edited, [], ["es"]).map((s) => s.id)).toEqual(["seg_0"]);
    expect(redubbed(edited, ["seg_0"], ["es"])[0]!.stale).toBeUndefined();
  });

  it("moved times, another speaker or another voice make lines stale; source text alone does not", () => {
    expect(editSegment(segments, "seg_1", { text: "goodbye" }, ["es"])[1]).toMatchObject({ text: "goodbye" });
    expect(editSegment(segments, "seg_1", { text: "goodbye" }, ["es"])[1]!.stale).toBeUndefined();
    expect(editSegment(segments, "seg_1", { end: 4.5 }, ["es"])[1]!.stale).toEqual(["es"]);
    expect(moveSegments(segments, ["seg_0"], "speaker_1", ["es"])[0]).toMatchObject({ speakerId: "speaker_1", stale: ["es"] });
    expect(speakerVoiceChanged(segments, "speaker_1", ["es"]).map((s) => s.stale ?? [])).toEqual([[], ["es"]]);
  });

  it("charges a re-dub by its duration in every language, once; checks ids, times and languages", () => {
    expect(redubCredits([segments[0]!], ["es"])).toBe(dubbingCredits(2));
    expect(redubCredits(segments, ["es", "fr"])).toBe(dubbingCredits(6));
    expect(redubCredits([], ["es"])).toBe(0);
    expect(unknownSegmentIds(segments, ["seg_0", "seg_9"])).toEqual(["seg_9"]);
    expect(segmentTimesProblem(1, 1.05, 10)).toMatch(/0.1 seconds/);
    expect(segmentTimesProblem(-1, 2, 10)).toMatch(/within the media/);
    expect(segmentTimesProblem(1, 2, 10)).toBeNull();
    expect(studioLanguages([{ ...segments[0]!, translations: { es: "x", fr: "y" } }], "es")).toEqual(["es", "fr"]);
    expect(nextId("seg_", ["seg_0", "seg_2"])).toBe("seg_3");
  });

  it("a line with source text and no translation needs translation (decision 0083); a silent segment does not", () => {
    const waiting: DubSegment[] = [...segments, { id: "seg_2", start: 5, end: 6, speakerId: "speaker_0", text: "see you", translations: { es: " " } }, { id: "seg_3", start: 7, end: 8, speakerId: "speaker_0", text: "", translations: {} }];
    expect(needsTranslation(waiting[2]!, "es")).toBe(true);
    expect(needsTranslation(waiting[2]!, "fr")).toBe(true);
    expect(needsTranslation(waiting[3]!, "es")).toBe(false);
    expect(untranslatedSegments(waiting, "es").map((s) => s.id)).toEqual(["seg_2"]);
    expect(missingTranslationProblem(waiting, ["es"], () => "Spanish")).toBe(STUDIO_TEXTS.needsTranslation("Spanish", 1));
    expect(missingTranslationProblem(segments, ["es"], () => "Spanish")).toBeNull();
    expect(STUDIO_TEXTS.needsTranslation("Spanish", 3)).toMatch(/^3 lines have no Spanish translation yet/);
  });

  it("save all takes the lines that differ as edits, keeps a waiting line waiting, and refuses emptied, unknown or over-long lines", () => {
    const saved = saveAllEdits(segments, "es", { seg_0: "buenos días", seg_1: "adiós" });
    expect(saved).toMatchObject({ ok: true, edited: ["seg_0"] });
    if (saved.ok) expect(segmentsToRedub(saved.segments, [], ["es"]).map((s) => s.id)).toEqual(["seg_0"]);
    expect(saveAllEdits(segments, "es", { seg_0: "hola", seg_1: "adiós" })).toMatchObject({ ok: true, edited: [] });
    expect(saveAllEdits(segments, "es", { seg_0: " " })).toMatchObject({ ok: false, problem: { httpStatus: 400, status: "empty_line" } });
    expect(saveAllEdits(segments, "es", { seg_7: "x" })).toMatchObject({ ok: false, problem: { httpStatus: 404 } });
    expect(saveAllEdits(segments, "es", { seg_0: "x".repeat(1001) })).toMatchObject({ ok: false, problem: { httpStatus: 400, status: "text_too_long" } });
    const waiting: DubSegment[] = [{ ...segments[0]!, translations: { es: "" } }];
    expect(saveAllEdits(waiting, "es", { seg_0: "" })).toMatchObject({ ok: true, edited: [] });
  });
});
