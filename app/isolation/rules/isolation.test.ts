import { describe, expect, it } from "vitest";
import { acceptedUploadType, isolationCredits, isolationTitle, maxIsolationSeconds } from "./isolation";

describe("voice isolator rules", () => {
  it("charges 1,000 credits a minute, by the second, rounded up, at least one", () => {
    expect(isolationCredits(60)).toBe(1000);
    expect(isolationCredits(1)).toBe(17);
    expect(isolationCredits(0.001)).toBe(1);
    expect(isolationCredits(90)).toBe(1500);
  });

  it("limits the length by plan", () => {
    expect(maxIsolationSeconds("free")).toBe(120);
    expect(maxIsolationSeconds("creator")).toBe(600);
    expect(maxIsolationSeconds("enterprise")).toBe(600);
  });

  it("accepts the spec's audio and video types and unknown types, not others", () => {
    for (const type of ["audio/mpeg", "audio/wav; codecs=1", "video/mp4", "video/webm", "application/octet-stream", ""]) expect(acceptedUploadType(type)).toBe(true);
    for (const type of ["image/png", "text/plain", "application/pdf"]) expect(acceptedUploadType(type)).toBe(false);
  });

  it("titles an item by its file name", () => {
    expect(isolationTitle("interview take 2.mp3")).toBe("interview take 2");
    expect(isolationTitle("")).toBe("Isolated audio");
  });
});
