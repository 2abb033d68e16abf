import { describe, expect, it } from "vitest";
import {
  clampTime,
  estimateDurationMs,
  feedbackCounterText,
  feedbackTextError,
  FEEDBACK_TOO_SHORT,
  HISTORY_POLL_DELAYS_MS,
  isTypingTarget,
  keyAction,
  opensFeedbackDialog,
  PLAYER_SPEEDS,
  showFeedbackControls,
  thumbsChanged,
} from "./player";

describe("player rules", () => {
  it("has the spec's speeds and polling schedule", () => {
    expect(PLAYER_SPEEDS).toEqual([0.8, 1, 1.2, 1.5, 2]);
    expect(HISTORY_POLL_DELAYS_MS).toEqual([1000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000]);
  });
  it("estimates duration at 140 words per minute", () => {
    expect(estimateDurationMs(Array.from({ length: 140 }, () => "word").join(" "))).toBe(60_000);
    expect(estimateDurationMs("   ")).toBe(0);
  });
  it("clamps seeking", () => {
    expect(clampTime(-5, 10)).toBe(0);
    expect(clampTime(15, 10)).toBe(10);
    expect(clampTime(5, Number.NaN)).toBe(5);
  });
  it("shows feedback after 3 s or at the end", () => {
    expect(showFeedbackControls(2.9, false)).toBe(false);
    expect(showFeedbackControls(3, false)).toBe(true);
    expect(showFeedbackControls(0.5, true)).toBe(true);
  });
  it("maps keys, but not while typing", () => {
    expect(keyAction(" ")).toEqual({ type: "toggle" });
    expect(keyAction("ArrowLeft")).toEqual({ type: "seekBy", seconds: -3 });
    expect(keyAction("ArrowRight")).toEqual({ type: "seekBy", seconds: 3 });
    expect(keyAction("a")).toBeNull();
    expect(isTypingTarget({ tagName: "textarea" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
  });
  it("applies the feedback rules", () => {
    expect(opensFeedbackDialog(false, 5000)).toBe(true);
    expect(opensFeedbackDialog(true, 400)).toBe(true);
    expect(opensFeedbackDialog(true, 401)).toBe(false);
    expect(thumbsChanged(null, true)).toBe(true);
    expect(thumbsChanged(true, true)).toBe(false);
    expect(feedbackTextError("")).toBeNull();
    expect(feedbackTextError("too short")).toBe(FEEDBACK_TOO_SHORT);
    expect(feedbackTextError("x".repeat(20))).toBeNull();
    expect(feedbackTextError("x".repeat(201))).toMatch(/at most 200/);
  });
  it("counts towards the 20-character minimum from the start, then towards the 200 maximum", () => {
    expect(feedbackCounterText("")).toBe("0/20 characters minimum");
    expect(feedbackCounterText("  twelve chars  ".padEnd(14))).toBe("12/20 characters minimum");
    expect(feedbackCounterText("x".repeat(20))).toBe("20/200 characters");
    expect(feedbackCounterText("é".repeat(47))).toBe("47/200 characters");
  });
});
