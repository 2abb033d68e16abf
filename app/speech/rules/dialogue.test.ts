import { describe, expect, it } from "vitest";
import { DRAFT_TTL_SECONDS, MAX_DIALOGUE_LINES, parseDraft, serializeDraft, speakableLines } from "./dialogue";

describe("dialogue", () => {
  it("drops lines with empty text", () => {
    expect(speakableLines([{ text: "Hi", voice_id: "a" }, { text: "  ", voice_id: "b" }])).toEqual([{ text: "Hi", voice_id: "a" }]);
  });
  it("keeps a draft for 7 days, at most 50 lines", () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ text: `line ${i}`, voice_id: "v" }));
    const raw = serializeDraft(lines, 1000);
    expect(parseDraft(raw, 1000 + DRAFT_TTL_SECONDS)).toHaveLength(MAX_DIALOGUE_LINES);
    expect(parseDraft(raw, 1001 + DRAFT_TTL_SECONDS)).toBeNull();
  });
  it("ignores drafts that do not parse", () => {
    expect(parseDraft(null, 0)).toBeNull();
    expect(parseDraft("{not json", 0)).toBeNull();
    expect(parseDraft(JSON.stringify({ savedAt: 0, lines: [{ text: 1 }] }), 0)).toBeNull();
    expect(parseDraft(JSON.stringify([{ text: "a", voice_id: "b" }]), 0)).toBeNull();
  });
});
