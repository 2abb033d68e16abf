import { describe, expect, it } from "vitest";
import { hasFreeVoiceSlot, voiceLimitFor } from "./voice-limits";

describe("the plan's custom voice limit", () => {
  it("is 3, 10, 30, 160, 660 by plan; Business, enterprise and trial take 660", () => {
    expect(["free", "starter", "creator", "pro", "growing_business", "scale_2024_08_10", "enterprise", "trial"].map((tier) => voiceLimitFor(tier as never))).toEqual([
      3, 10, 30, 160, 660, 660, 660, 660,
    ]);
  });

  it("has a free slot below the limit only", () => {
    expect(hasFreeVoiceSlot(2, "free")).toBe(true);
    expect(hasFreeVoiceSlot(3, "free")).toBe(false);
  });
});
