import { describe, expect, it } from "vitest";
import { medianVector, nearestSpeakers, rejectOutliers, speakerDistance } from "./speaker-similarity";

// Speaker vectors the analysis measured on the premade voices (Aria, Roger, Alice reading their previews).
const ARIA = [1.07, 0.55, 0.88, 0.03, 0.06, 0.24, 0.11];
const ROGER = [-0.06, 0.48, 0.95, -0.11, -0.12, -0.01, -0.08];
const ALICE = [0.94, 0.45, 0.91, 0.07, 0.05, 0.11, 0.07];

describe("speakerDistance", () => {
  it("is zero for one vector, symmetric, and ignores the speaking rate", () => {
    expect(speakerDistance(ARIA, ARIA)).toBe(0);
    expect(speakerDistance(ARIA, ROGER)).toBeCloseTo(speakerDistance(ROGER, ARIA));
    expect(speakerDistance(ARIA, [...ARIA.slice(0, 2), 3, ...ARIA.slice(3)])).toBe(0);
  });
  it("puts a woman's voice nearer another woman's than a man's", () => {
    expect(speakerDistance(ARIA, ALICE)).toBeLessThan(speakerDistance(ARIA, ROGER));
    expect(speakerDistance(ARIA, ROGER)).toBeGreaterThan(1);
  });
});

describe("nearestSpeakers", () => {
  const candidates = [
    { item: "roger", vector: ROGER },
    { item: "alice", vector: ALICE },
    { item: "aria", vector: ARIA },
  ];
  it("ranks nearest first, keeps top_k and drops those beyond the threshold", () => {
    expect(nearestSpeakers(ARIA, candidates, 2, 10).map((e) => e.item)).toEqual(["aria", "alice", "roger"]);
    expect(nearestSpeakers(ARIA, candidates, 2, 2).map((e) => e.item)).toEqual(["aria", "alice"]);
    expect(nearestSpeakers(ARIA, candidates, 0.5, 10).map((e) => e.item)).toEqual(["aria", "alice"]);
  });
});

describe("rejectOutliers", () => {
  it("takes the median as the centre and rejects another speaker among three or more samples", () => {
    expect(medianVector([[1], [5], [2]])).toEqual([2]);
    const samples = [
      { item: "a1", vector: ARIA },
      { item: "a2", vector: ARIA.map((v) => v + 0.03) },
      { item: "r", vector: ROGER },
    ];
    expect(rejectOutliers(samples, 0.35)).toEqual({ kept: ["a1", "a2"], rejected: ["r"] });
  });
  it("keeps everything with fewer than three samples (no majority)", () => {
    expect(rejectOutliers([{ item: 1, vector: ARIA }, { item: 2, vector: ROGER }], 0.35).rejected).toEqual([]);
  });
});
