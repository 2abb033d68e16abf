import { describe, expect, it } from "vitest";
import { estimatedVideoProgress, qualifiesForVideo, videoErrorText, videoJobMessage, videoKey, videoPreviewErrorText, videoRetryDelaySeconds, videoUrl, workspaceVideoPrefix } from "./video";

describe("share video rules", () => {
  it("estimates progress at 130 ms per character, capped at full", () => {
    expect(estimatedVideoProgress(0, 100)).toBe(0);
    expect(estimatedVideoProgress(6500, 100)).toBe(50);
    expect(estimatedVideoProgress(13000, 100)).toBe(100);
    expect(estimatedVideoProgress(60000, 100)).toBe(100);
    expect(estimatedVideoProgress(65, 0)).toBe(50);
  });

  it("gives videos only to text-to-speech items", () => {
    expect(qualifiesForVideo({ voiceId: "v", dialogue: null })).toBe(true);
    expect(qualifiesForVideo({ voiceId: "v", dialogue: "[]" })).toBe(false);
    expect(qualifiesForVideo({ voiceId: null, dialogue: null })).toBe(false);
  });

  it("keeps videos under the workspace's prefix, one per theme", () => {
    expect(videoKey("ws1", "item1", "dark")).toBe("videos/ws1/item1/dark.mp4");
    expect(videoKey("ws1", "item1", "dark").startsWith(workspaceVideoPrefix("ws1"))).toBe(true);
    expect(videoUrl("item1", "light")).toBe("/v1/history/item1/video?theme=light");
  });

  it("validates queue messages", () => {
    expect(videoJobMessage.safeParse({ version: 1, jobId: "vid_1" }).success).toBe(true);
    expect(videoJobMessage.safeParse({ version: 2, jobId: "vid_1" }).success).toBe(false);
    expect(videoJobMessage.safeParse({ version: 1, jobId: "" }).success).toBe(false);
  });

  it("words errors as the spec does", () => {
    expect(videoErrorText("boom")).toBe("Error generating video: boom");
    expect(videoErrorText(null)).toBe("Unknown error generating video");
    expect(videoPreviewErrorText("boom")).toBe("Error generating video preview: boom");
    expect(videoPreviewErrorText("")).toBe("Unknown error generating video preview");
  });
});

describe("videoRetryDelaySeconds", () => {
  it("doubles from 10 s and stops at 5 minutes", () => {
    expect([1, 2, 3, 4].map(videoRetryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(videoRetryDelaySeconds(20)).toBe(300);
  });
});
