import { describe, expect, it } from "vitest";
import { dubbingCredits, type DubSegment } from "../../../core/dubbing/dub-rules";
import { editSegment, editTranslation, moveSegments, nextId, redubbed, redubCredits, segmentsToRedub, segmentTimesProblem, speakerVoiceChanged, studioLanguages, unknownSegmentIds } from "./studio";

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
});
