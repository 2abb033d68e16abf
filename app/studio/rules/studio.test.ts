import { describe, expect, it } from "vitest";
import { LONG_TEXT_CHARACTERS, projectNameFromText, suggestsStudio, leavesEditor, moveInOrder, placeInOrder, coverImageType, allowedToUseProjectsApi, blockCharacters, conversionKey, conversionProgress, defaultVoiceFor, projectLimit, queuePositions, projectConvertRefusal, projectConvertSummary, PROJECT_CONVERT_TEXTS } from "../../../core/studio/studio-rules";

describe("studio rules", () => {
  it("gates the projects API and the projects limit by tier", () => {
    expect(allowedToUseProjectsApi("free")).toBe(false);
    expect(allowedToUseProjectsApi("starter")).toBe(true);
    expect(projectLimit("free")).toBe(3);
    expect(projectLimit("enterprise")).toBe(projectLimit("scale_2024_08_10"));
  });

  it("charges each character once and reconverts only a changed block", () => {
    const nodes = [{ type: "tts_node" as const, voice_id: "a", text: "Héllo " }, { type: "tts_node" as const, voice_id: "b", text: "🙂" }];
    expect(blockCharacters(nodes)).toBe(7);
    const key = conversionKey(nodes, "m", "mp3_44100_128");
    expect(conversionKey(structuredClone(nodes), "m", "mp3_44100_128")).toBe(key);
    expect(conversionKey([{ ...nodes[0]!, voice_id: "c" }, nodes[1]!], "m", "mp3_44100_128")).not.toBe(key);
    expect(conversionKey(nodes, "m", "mp3_44100_192")).not.toBe(key);
  });

  it("gives titles the title voice, paragraphs the paragraph voice, and progress in thousandths", () => {
    expect(defaultVoiceFor("h1", { title: "t", paragraph: "p" })).toBe("t");
    expect(defaultVoiceFor("p", { title: "t", paragraph: "p" })).toBe("p");
    expect(conversionProgress(1, 3)).toBe(0.333);
    expect(conversionProgress(0, 0)).toBe(1);
  });

  it("numbers the queued projects oldest first", () => {
    const positions = queuePositions([
      { id: "a", addedToQueueAtUnix: 20, state: "in_queue" },
      { id: "b", addedToQueueAtUnix: 10, state: "converting" },
      { id: "c", addedToQueueAtUnix: 5, state: "default" },
    ]);
    expect([...positions]).toEqual([["b", 1], ["a", 2]]);
  });

  it("reads a cover's type from its bytes", () => {
    expect(coverImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(coverImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(coverImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe("image/webp");
    expect(coverImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("moves a chapter one place, staying put at either end", () => {
    expect(moveInOrder(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(moveInOrder(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(moveInOrder(["a", "b"], "a", -1)).toEqual(["a", "b"]);
    expect(moveInOrder(["a", "b"], "z", 1)).toBeNull();
  });

  it("holds a navigation to another page or chapter, not a form posted to the page", () => {
    const here = { pathname: "/app/studio/p1", search: "?chapter=c1" };
    expect(leavesEditor(here, { ...here })).toBe(false);
    expect(leavesEditor(here, { pathname: "/app/studio/p1", search: "?chapter=c2" })).toBe(true);
    expect(leavesEditor(here, { pathname: "/app/studio", search: "" })).toBe(true);
  });

  it("suggests Studio for long text until the prompt is closed, and names the project from the text", () => {
    expect(suggestsStudio(LONG_TEXT_CHARACTERS - 1, false)).toBe(false);
    expect(suggestsStudio(LONG_TEXT_CHARACTERS, false)).toBe(true);
    expect(suggestsStudio(LONG_TEXT_CHARACTERS * 3, true)).toBe(false);
    expect(projectNameFromText("\n  \n  Chapter   One \n\nText")).toBe("Chapter One");
    expect(projectNameFromText("— \n...")).toBe("Untitled project");
    const long = projectNameFromText("It was a bright cold day in April, and the clocks were striking thirteen while Winston hurried home.");
    expect(long).toBe("It was a bright cold day in April, and the clocks were…");
    expect(long.length).toBeLessThanOrEqual(61);
  });

  it("lets the editor convert the whole project only when a chapter has work and none is converting, and says why not", () => {
    const chapter = (state: string, toConvert: number, remake = false, hasText = true) => ({ state, toConvert, remake, hasText });
    expect(projectConvertRefusal([chapter("default", 2), chapter("default", 0)])).toBeNull();
    expect(projectConvertSummary([chapter("default", 2), chapter("default", 0), chapter("default", 1)])).toBe("3 paragraphs in 2 chapters.");
    expect(projectConvertSummary([chapter("default", 1)])).toBe("1 paragraph in 1 chapter.");
    // Only the loudness setting changed: converting re-makes the chapters' audio without charging.
    expect(projectConvertRefusal([chapter("default", 0, true)])).toBeNull();
    expect(projectConvertSummary([chapter("default", 0, true), chapter("default", 0)])).toBe("Re-makes 1 chapter for the loudness setting, without charge.");
    expect(projectConvertRefusal([chapter("default", 2), chapter("converting", 1)])).toEqual({ httpStatus: 409, status: "conversion_running", message: PROJECT_CONVERT_TEXTS.running });
    expect(projectConvertRefusal([chapter("default", 0)])?.message).toBe(PROJECT_CONVERT_TEXTS.done);
    expect(projectConvertRefusal([chapter("default", 0, false, false)])?.message).toBe(PROJECT_CONVERT_TEXTS.empty);
    expect(projectConvertRefusal([])?.message).toBe(PROJECT_CONVERT_TEXTS.empty);
  });
});

describe("placeInOrder", () => {
  it("moves a chapter to a 0-based index of the new order, refusing unknown chapters and positions outside", () => {
    expect(placeInOrder(["a", "b", "c"], "c", 0)).toEqual({ ok: true, order: ["c", "a", "b"] });
    expect(placeInOrder(["a", "b", "c"], "a", 2)).toEqual({ ok: true, order: ["b", "c", "a"] });
    expect(placeInOrder(["a", "b", "c"], "b", 1)).toEqual({ ok: true, order: ["a", "b", "c"] });
    expect(placeInOrder(["a", "b"], "z", 0)).toMatchObject({ ok: false, httpStatus: 404 });
    expect(placeInOrder(["a", "b"], "a", 2)).toMatchObject({ ok: false, httpStatus: 422 });
    expect(placeInOrder(["a", "b"], "a", -1)).toMatchObject({ ok: false, httpStatus: 422 });
    expect(placeInOrder(["a", "b"], "a", 0.5)).toMatchObject({ ok: false, httpStatus: 422 });
  });
});
