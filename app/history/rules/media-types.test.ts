import { describe, expect, it } from "vitest";
import {
  ACCEPTED_AUDIO_TYPES,
  ACCEPTED_VIDEO_TYPES,
  checkDownloadContentType,
  isAcceptedAudioType,
  isAcceptedVideoType,
  isZipType,
  mediaTypeEssence,
  ZIP_TYPES,
} from "./media-types";

describe("accepted audio types", () => {
  it("cover the spec's formats and their aliases", () => {
    for (const type of [
      "audio/mpeg",
      "audio/mp3",
      "audio/aac",
      "audio/aiff",
      "audio/x-aiff",
      "audio/ogg",
      "audio/opus",
      "audio/wav",
      "audio/x-wav",
      "audio/wave",
      "audio/webm",
      "audio/flac",
      "audio/x-flac",
      "audio/mp4",
      "audio/x-m4a",
      "audio/m4a",
    ]) {
      expect(isAcceptedAudioType(type)).toBe(true);
    }
    expect(ACCEPTED_AUDIO_TYPES).toHaveLength(16);
  });

  it("ignore case, whitespace and parameters", () => {
    expect(isAcceptedAudioType("Audio/WAV; codecs=1")).toBe(true);
    expect(isAcceptedAudioType("  audio/ogg ;codecs=opus")).toBe(true);
  });

  it("refuse the rest", () => {
    for (const type of ["text/html", "audio/pcm", "audio/midi", "video/mp4", "audio", "", "audio/mpeg3x"]) expect(isAcceptedAudioType(type)).toBe(false);
    expect(isAcceptedAudioType(null)).toBe(false);
    expect(isAcceptedAudioType(undefined)).toBe(false);
  });
});

describe("accepted video types", () => {
  it("cover the spec's formats", () => {
    for (const type of ACCEPTED_VIDEO_TYPES) expect(isAcceptedVideoType(type.toUpperCase() + "; x=1")).toBe(true);
    expect([...ACCEPTED_VIDEO_TYPES].sort()).toEqual(
      ["video/mp4", "video/x-msvideo", "video/avi", "video/x-matroska", "video/quicktime", "video/x-ms-wmv", "video/x-flv", "video/webm", "video/mpeg", "video/3gpp"].sort(),
    );
  });

  it("refuse audio and others", () => {
    expect(isAcceptedVideoType("audio/mpeg")).toBe(false);
    expect(isAcceptedVideoType("video/ogg")).toBe(false);
    expect(isAcceptedVideoType(null)).toBe(false);
  });
});

describe("checkDownloadContentType", () => {
  it("knows zips", () => {
    expect([...ZIP_TYPES]).toEqual(["application/zip", "application/x-zip-compressed"]);
    expect(checkDownloadContentType("application/zip")).toEqual({ ok: true, kind: "zip" });
    expect(checkDownloadContentType("application/x-zip-compressed")).toEqual({ ok: true, kind: "zip" });
    expect(isZipType("Application/ZIP; charset=binary")).toBe(true);
  });

  it("knows audio", () => {
    expect(checkDownloadContentType("audio/mpeg")).toEqual({ ok: true, kind: "audio" });
    expect(checkDownloadContentType("audio/wav;rate=44100")).toEqual({ ok: true, kind: "audio" });
  });

  it("gives the spec's message for anything else, with the type as received", () => {
    expect(checkDownloadContentType("text/html")).toEqual({ ok: false, message: "Invalid response type received: text/html is not supported." });
    expect(checkDownloadContentType("Text/HTML; charset=utf-8")).toEqual({
      ok: false,
      message: "Invalid response type received: Text/HTML; charset=utf-8 is not supported.",
    });
    expect(checkDownloadContentType("video/mp4")).toEqual({ ok: false, message: "Invalid response type received: video/mp4 is not supported." });
    expect(checkDownloadContentType(null)).toEqual({ ok: false, message: "Invalid response type received: null is not supported." });
  });
});

describe("mediaTypeEssence", () => {
  it("keeps only the lower-cased type/subtype", () => {
    expect(mediaTypeEssence(" Audio/MPEG ; charset=x")).toBe("audio/mpeg");
    expect(mediaTypeEssence(null)).toBe("");
  });
});
