import { describe, expect, it } from "vitest";
import { availableActions, completionRate, metricIncrement, missingMetadata, parseMetricEvent, publishingCapacity, transition, validIsbn, type ReadMetadata } from "./publishing";

const complete: ReadMetadata = { title: "T", author: "A", description: "A description long enough.", genres: ["fiction"], language: "en", matureContent: false, isbn: null, hasCover: true, hasAudio: true };

describe("read states", () => {
  it("lets editors submit and unpublish, admins approve, and nothing skip review", () => {
    expect(transition("draft", "submit", "editor", true)).toEqual({ ok: true, to: "in_review" });
    expect(transition("in_review", "approve", "admin", false)).toEqual({ ok: true, to: "published" });
    expect(transition("published", "unpublish", "editor", false)).toEqual({ ok: true, to: "unpublished" });
    expect(transition("unpublished", "submit", "editor", false)).toEqual({ ok: true, to: "in_review" });
    const skip = transition("draft", "approve", "admin", true);
    expect(skip.ok ? null : skip.refusal.status).toBe("invalid_read_state");
    const unpublishedApprove = transition("unpublished", "approve", "admin", true);
    expect(unpublishedApprove.ok ? null : unpublishedApprove.refusal.status).toBe("invalid_read_state");
    const editorApprove = transition("in_review", "approve", "editor", true);
    expect(editorApprove.ok ? null : editorApprove.refusal.httpStatus).toBe(403);
  });

  it("lets the submitter take their read back, and only an admin return someone else's", () => {
    expect(transition("in_review", "return", "editor", true).ok).toBe(true);
    expect(transition("in_review", "return", "editor", false).ok).toBe(false);
    expect(availableActions("in_review", "admin", false)).toEqual(["approve", "return"]);
    expect(availableActions("draft", "editor", true)).toEqual(["submit"]);
  });
});

describe("metadata", () => {
  it("names every missing field", () => {
    expect(missingMetadata(complete)).toEqual([]);
    const missing = missingMetadata({ ...complete, title: " ", description: "short", genres: [], language: null, hasCover: false, hasAudio: false, isbn: "123" });
    expect(missing).toHaveLength(7);
  });

  it("checks ISBN check digits", () => {
    expect(validIsbn("978-0-306-40615-7")).toBe(true);
    expect(validIsbn("978-0-306-40615-8")).toBe(false);
    expect(validIsbn("0-306-40615-2")).toBe(true);
    expect(validIsbn("080442957X")).toBe(true);
    expect(validIsbn("abc")).toBe(false);
  });
});

describe("capacity and metrics", () => {
  it("grows with the plan", () => {
    expect(publishingCapacity("free")).toBe(1);
    expect(publishingCapacity("creator")).toBe(10);
    expect(publishingCapacity("scale_2024_08_10")).toBeGreaterThan(publishingCapacity("pro"));
  });

  it("parses events strictly and caps a listening report", () => {
    expect(parseMetricEvent('{"type":"play"}')).toEqual({ type: "play" });
    expect(parseMetricEvent('{"type":"listen","seconds":0}')).toBeNull();
    expect(parseMetricEvent('{"type":"other"}')).toBeNull();
    expect(parseMetricEvent("x".repeat(500))).toBeNull();
    expect(metricIncrement({ type: "listen", seconds: 3600 }).listenMs).toBe(60_000);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(4, 1)).toBe(0.25);
    expect(completionRate(1, 3)).toBe(1);
  });
});
