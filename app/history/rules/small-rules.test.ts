import { describe, expect, it } from "vitest";
import { breakpointFor } from "~/common/rules/breakpoints";
import { audioFileName, downloadFileName, shortAudioName } from "./file-names";
import { compactCount, formatSize } from "~/common/rules/format";
import { checkDownloadContentType, isAcceptedAudioType, isAcceptedVideoType } from "./media-types";

describe("file names", () => {
  it("cleans download names", () => {
    expect(downloadFileName('my: "file"?.mp3')).toBe("my_file.mp3");
    expect(downloadFileName("a/b\\c|d*e<f>.mp3")).toBe("abcdef.mp3");
    const long = downloadFileName("x".repeat(300) + ".mp3");
    expect(long.length).toBe(255);
    expect(long.endsWith(".mp3")).toBe(true);
  });
  it("makes short audio names", () => {
    expect(shortAudioName('  my / great: "take" <1>  ')).toBe("my_great_take_1");
    expect(shortAudioName("a very long name that goes on and on")).toBe("a_very_long_name_tha");
  });
  it("builds audio file names from the spec's parts", () => {
    const name = audioFileName(
      { name: "Aria", date: new Date("2026-01-02T03:04:05Z"), category: "premade", model: "m1", settings: { speed: 1, stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true }, outputFormat: "mp3_44100_128" },
      "mp3",
    );
    expect(name).toBe("Aria_2026-01-02T03-04-05_premade_m1_sp100_s50_sb75_se0_b_mp3_44100_128.mp3");
  });
});

describe("formatting", () => {
  it("formats sizes in base 1000 or 1024", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1500)).toBe("1.5 kB");
    expect(formatSize(1536, 1024)).toBe("1.5 KiB");
    expect(formatSize(2_000_000)).toBe("2 MB");
  });
  it("compacts counts", () => {
    expect([999, 1000, 1500, 12_000, 1_000_000, 2_340_000, -1500].map(compactCount)).toEqual(["999", "1K", "1.5K", "12K", "1M", "2.3M", "-1.5K"]);
  });
  it("finds the breakpoint", () => {
    expect([320, 480, 700, 1024, 1600, 2000].map(breakpointFor)).toEqual(["base", "xs", "sm", "lg", "2xl", "4xl"]);
  });
});

describe("media types", () => {
  it("accepts the spec's audio and video types", () => {
    expect(isAcceptedAudioType("audio/mpeg")).toBe(true);
    expect(isAcceptedAudioType("Audio/WAV; codecs=1")).toBe(true);
    expect(isAcceptedAudioType("text/html")).toBe(false);
    expect(isAcceptedVideoType("video/quicktime")).toBe(true);
    expect(isAcceptedVideoType("audio/mpeg")).toBe(false);
  });
  it("checks download responses", () => {
    expect(checkDownloadContentType("application/zip")).toEqual({ ok: true, kind: "zip" });
    expect(checkDownloadContentType("audio/mpeg")).toEqual({ ok: true, kind: "audio" });
    expect(checkDownloadContentType("text/html")).toEqual({ ok: false, message: "Invalid response type received: text/html is not supported." });
  });
});
