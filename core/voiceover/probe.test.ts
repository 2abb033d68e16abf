import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { originalSoundProblem } from "./render";
import { probeVideo } from "./probe";

/** A short test video made by ffmpeg (a test dependency, .ci/run installs it): `audio` names the sound's codec, or none. */
function video(extension: "mp4" | "webm" | "mkv" | "wav", args: string[]): Uint8Array {
  const out = join(mkdtempSync(join(tmpdir(), "voiceover-probe-")), `clip.${extension}`);
  const run = spawnSync("ffmpeg", ["-v", "error", "-y", ...args, out]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  return new Uint8Array(readFileSync(out));
}
const picture = ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=2"];
const tone = ["-f", "lavfi", "-i", "sine=frequency=300:duration=2"];

describe("probeVideo", () => {
  it("reads an MP4's picture, length and whether its sound can be kept", async () => {
    const mp3 = await probeVideo(video("mp4", [...picture, ...tone, "-c:v", "libx264", "-c:a", "libmp3lame", "-shortest"]));
    expect(mp3).toMatchObject({ ok: true, container: "mp4", width: 160, height: 120, videoCodec: "avc", audioCodec: "mp3", audioReadable: true });
    expect(mp3.ok && Math.abs(mp3.durationSeconds - 2)).toBeLessThan(0.15);
    expect(mp3.ok && originalSoundProblem(mp3)).toBeNull();

    const aac = await probeVideo(video("mp4", [...picture, ...tone, "-c:v", "libx264", "-c:a", "aac", "-shortest"]));
    expect(aac).toMatchObject({ ok: true, audioCodec: "aac", audioReadable: false });
    expect(aac.ok && originalSoundProblem(aac)).toMatch(/AAC, which the embedded decoders do not read/);

    const silent = await probeVideo(video("mp4", [...picture, "-c:v", "libx264"]));
    expect(silent).toMatchObject({ ok: true, audioCodec: null, audioReadable: false });
    expect(silent.ok && originalSoundProblem(silent)).toBe("The video has no sound of its own.");
  });

  it("reads a WebM with Opus sound", async () => {
    const webm = await probeVideo(video("webm", [...picture, ...tone, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus", "-shortest"]));
    expect(webm).toMatchObject({ ok: true, container: "webm", videoCodec: "vp9", audioCodec: "opus", audioReadable: true });
  });

  it("refuses what is not a video it can remux, saying why", async () => {
    expect(await probeVideo(new TextEncoder().encode("just some text, not a video"))).toMatchObject({ ok: false, status: "invalid_file_type" });
    expect(await probeVideo(video("wav", tone))).toMatchObject({ ok: false, status: "not_a_video" });
    const mp4 = video("mp4", [...picture, "-c:v", "libx264"]);
    expect(await probeVideo(mp4.slice(0, 600))).toMatchObject({ ok: false, status: "invalid_video" });
    // An MP4 holding only sound (an .m4a) has no picture to keep.
    expect(await probeVideo(video("mp4", [...tone, "-c:a", "libmp3lame"]))).toMatchObject({ ok: false, status: "not_a_video" });
  });
});
