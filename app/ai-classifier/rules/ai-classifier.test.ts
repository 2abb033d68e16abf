import { describe, expect, it } from "vitest";
import { MIN_WATERMARK_FRAMES, verdictOf } from "./ai-classifier";

const enough = { landmarks: 100, minLandmarks: 30, watermarkFrames: 10 };

describe("verdictOf", () => {
  it("says which method recognised the recording, and takes the likelier probability", () => {
    expect(verdictOf({ ...enough, fingerprint: 0.99, watermark: 0.97 })).toMatchObject({ verdict: "made_here", evidence: "both", probability: 0.99 });
    expect(verdictOf({ ...enough, fingerprint: 0.01, watermark: 0.97 })).toMatchObject({ verdict: "made_here", evidence: "watermark", probability: 0.97 });
    expect(verdictOf({ ...enough, fingerprint: 0.8, watermark: 0.02 })).toMatchObject({ verdict: "made_here", evidence: "fingerprint", probability: 0.8 });
    expect(verdictOf({ ...enough, fingerprint: 0.1, watermark: 0.2 })).toMatchObject({ verdict: "not_recognised", evidence: "none", probability: 0.2 });
  });

  it("cannot tell only when neither method had enough sound, and ignores a method that had too little", () => {
    expect(verdictOf({ fingerprint: 0.9, watermark: 0.9, landmarks: 5, minLandmarks: 30, watermarkFrames: MIN_WATERMARK_FRAMES - 1 })).toMatchObject({ verdict: "too_short", probability: 0 });
    // Few landmarks (a quiet clip) but enough voiced frames for the watermark.
    expect(verdictOf({ fingerprint: 0.9, watermark: 0.95, landmarks: 5, minLandmarks: 30, watermarkFrames: MIN_WATERMARK_FRAMES })).toMatchObject({ verdict: "made_here", evidence: "watermark" });
    expect(verdictOf({ fingerprint: 0.9, watermark: 0.95, landmarks: 5, minLandmarks: 30, watermarkFrames: 1 })).toMatchObject({ verdict: "too_short" });
  });
});
