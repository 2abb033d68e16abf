import { describe, expect, it } from "vitest";
import { canUseDubbingStudio, defaultDubName, dubbingCredits, dubbingLanguage, maxDubbingSeconds, speakable, stepProgress } from "./dubbing";

describe("dubbing rules", () => {
  it("reads language codes, refuses unknown ones and knows which the engine speaks", () => {
    expect(dubbingLanguage("es")).toBe("es");
    expect(dubbingLanguage("ES-es")).toBe("es");
    expect(dubbingLanguage("xx")).toBeNull();
    expect(speakable("es")).toBe(true);
    expect(speakable("ja")).toBe(false);
  });

  it("charges 3,000 credits a minute by the second and limits the length by plan", () => {
    expect(dubbingCredits(60)).toBe(3000);
    expect(dubbingCredits(1.01)).toBe(51);
    expect(dubbingCredits(0)).toBe(1);
    expect(maxDubbingSeconds("free")).toBe(60);
    expect(maxDubbingSeconds("creator")).toBe(600);
    expect(canUseDubbingStudio("free")).toBe(false);
    expect(canUseDubbingStudio("starter")).toBe(true);
  });

  it("names a dub after its file and reports each step's progress", () => {
    expect(defaultDubName("talk.final.mp4")).toBe("talk.final");
    expect(defaultDubName(null)).toBe("Untitled dub");
    expect(stepProgress("decode")).toEqual({ progress: 0, message: "Reading the upload" });
    expect(stepProgress("transcribe").progress).toBe(0.25);
  });
});
