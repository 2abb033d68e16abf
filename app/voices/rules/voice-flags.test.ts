import { describe, expect, it } from "vitest";
import { inProbation, voiceFlag, VOICE_FLAG_TEXTS } from "./voice-flags";

describe("voice flags", () => {
  it("flags an unverified voice that requires verification before its owner's probation", () => {
    expect(voiceFlag({ requiresVerification: true, isVerified: false }, false)).toBe("unverified");
    expect(voiceFlag({ requiresVerification: true, isVerified: false }, true)).toBe("unverified");
    expect(voiceFlag({ requiresVerification: true, isVerified: true }, true)).toBe("owner_in_probation");
    expect(voiceFlag({ requiresVerification: false, isVerified: false }, true)).toBe("owner_in_probation");
    expect(voiceFlag({ requiresVerification: true, isVerified: true }, false)).toBeNull();
    expect(voiceFlag({ requiresVerification: false, isVerified: false }, false)).toBeNull();
  });

  it("counts probation until its end, not after", () => {
    expect(inProbation(null, 1000)).toBe(false);
    expect(inProbation(1001, 1000)).toBe(true);
    expect(inProbation(1000, 1000)).toBe(false);
    expect(inProbation(999, 1000)).toBe(false);
  });

  it("names each flag", () => {
    expect(VOICE_FLAG_TEXTS.unverified.label).toBe("Unverified");
    expect(VOICE_FLAG_TEXTS.owner_in_probation.label).toBe("Owner in probation");
  });
});
