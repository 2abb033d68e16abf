import { describe, expect, it } from "vitest";
import type { DubSegment, DubSpeaker } from "../../../core/dubbing/dub-rules";
import { applySourceEdits, applyTranslationEdits, languageStatus, projectJson, projectSegmentProblem, projectStatus, segmentsToRegenerate, targetSegmentJson, type ProjectDub } from "./project";

const segments: DubSegment[] = [
  { id: "seg_0", start: 0.5, end: 2.5, speakerId: "speaker_0", text: "hello", translations: { es: "hola", fr: "bonjour" } },
  { id: "seg_1", start: 3, end: 4, speakerId: "speaker_1", text: "bye", translations: { es: "adiós", fr: "au revoir" } },
];
const speakers = [{ id: "speaker_0" }, { id: "speaker_1" }] as DubSpeaker[];
const dub: ProjectDub = {
  id: "dub_1", name: "Clip", status: "dubbed", error: null, progress: 1, sourceLang: "auto", detectedSourceLang: "en", targetLang: "es", contentType: "audio/wav",
  hadVideo: false, durationSeconds: 10, version: 3, createdAt: 1_800_000_000, updatedAt: 1_800_000_100, segments, outputs: { es: {} }, renders: {},
};

describe("dubbing projects' rules", () => {
  it("reads a dub's status as a project's and each language's", () => {
    expect([projectStatus("dubbing", 0), projectStatus("dubbing", 0.3), projectStatus("dubbed", 1), projectStatus("failed", 0.5)]).toEqual(["queued", "preparing", "ready", "failed"]);
    expect(languageStatus(dub, "es")).toBe("completed");
    expect(languageStatus(dub, "fr")).toBe("queued"); // translated, no output yet
    expect(languageStatus({ ...dub, segments: [{ ...segments[0]!, stale: ["es"] }] }, "es")).toBe("stale");
    expect(languageStatus({ ...dub, status: "dubbing", progress: 0.4 }, "es")).toBe("processing");
    expect(projectJson(dub)).toMatchObject({ project_id: "dub_1", status: "ready", source_language: "en", language_ids: ["es", "fr"], revision: 3, created_at: "2027-01-15T08:00:00.000Z" });
    expect(projectJson(dub, true).language_ids).toEqual([]);
  });

  it("new source text discards the segment's translations; a new speaker or times make its lines stale; all or nothing", () => {
    const text = applySourceEdits(segments, speakers, { seg_1: { text: "goodbye" } }, ["es", "fr"], 10);
    expect(text.ok && text.segments[1]).toMatchObject({ text: "goodbye", translations: { es: "", fr: "" }, stale: ["es", "fr"] });
    expect(text.ok && targetSegmentJson(text.segments[1]!, "es").translation).toBeNull();
    const moved = applySourceEdits(segments, speakers, { seg_0: { speakerId: "speaker_1", start: 0.4 } }, ["es"], 10);
    expect(moved.ok && moved.segments[0]).toMatchObject({ speakerId: "speaker_1", start: 0.4, translations: { es: "hola" }, stale: ["es"] });
    expect(applySourceEdits(segments, speakers, { seg_0: { text: "x" }, seg_9: { text: "y" } }, ["es"], 10)).toMatchObject({ ok: false, problem: { status: "segment_not_found" } });
    expect(applySourceEdits(segments, speakers, { seg_0: { speakerId: "speaker_1", end: 3.5 } }, ["es"], 10)).toMatchObject({ ok: false, problem: { status: "invalid_segment_times" } });
    expect(applySourceEdits(segments, speakers, { seg_0: { speakerId: "speaker_7" } }, ["es"], 10)).toMatchObject({ ok: false, problem: { status: "speaker_not_found" } });
  });

  it("bounds new segments and finds what a regeneration covers", () => {
    expect(projectSegmentProblem(segments, { id: null, speakerId: "speaker_0", start: 2, end: 3 }, 10)).toMatch(/overlap seg_0/);
    expect(projectSegmentProblem(segments, { id: null, speakerId: "speaker_1", start: 2, end: 2.9 }, 10)).toBeNull();
    expect(projectSegmentProblem(segments, { id: null, speakerId: "speaker_0", start: 3, end: 29 }, 60)).toMatch(/25 seconds/);
    const edited = applyTranslationEdits(segments, { seg_0: null }, "es");
    expect(edited.ok && segmentsToRegenerate(edited.segments, "es").map((s) => s.id)).toEqual(["seg_0"]);
    expect(edited.ok && segmentsToRegenerate(edited.segments, "fr")).toEqual([]);
  });
});
