import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** A 4-second test video by ffmpeg (a test dependency): H.264 test pattern with a 300 Hz tone as MP3. */
function smallVideo(): { path: string; bytes: Buffer } {
  const path = join(mkdtempSync(join(tmpdir(), "voiceover-e2e-")), "street scene.mp4");
  const made = spawnSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=20:duration=4", "-f", "lavfi", "-i", "sine=frequency=300:duration=4", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "libmp3lame", "-shortest", "-movflags", "+faststart", path]);
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
  return { path, bytes: readFileSync(path) };
}

/** ffprobe's streams (codec, packets, duration) and the picture packets' times and checksums (times in seconds: the container's timescale may differ). */
function probe(path: string) {
  const streams = JSON.parse(spawnSync("ffprobe", ["-v", "error", "-count_packets", "-show_entries", "stream=codec_type,codec_name,nb_read_packets,duration", "-of", "json", path], { encoding: "utf8" }).stdout) as {
    streams: { codec_type: string; codec_name: string; nb_read_packets: string; duration: string }[];
  };
  const packets = spawnSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,data_hash", "-show_data_hash", "MD5", "-of", "csv=p=0", path], { encoding: "utf8" }).stdout.trim();
  return { streams: streams.streams, picture: packets };
}

describe("voiceover studio journey", () => {
  it("uploads a small video, adds a line and a sound effect, previews, renders with progress and downloads the MP4", async () => {
    const video = smallVideo();
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("voiceover"), "/app/voiceover-studio");
    await page.getByText("No voiceover projects yet").waitFor();
    // The sidebar leads here (Create group).
    await expect(page.getByRole("link", { name: "Voiceover studio" }).first().getAttribute("href")).resolves.toBe("/app/voiceover-studio");
    await screenshotsOf(page, "/app/voiceover-studio", "voiceover-empty");

    await page.getByTestId("new-voiceover").click();
    const dialog = page.getByTestId("new-voiceover-dialog");
    await dialog.waitFor();
    await page.getByTestId("voiceover-file").setInputFiles({ name: "street scene.mp4", mimeType: "video/mp4", buffer: video.bytes });
    await screenshot(page, "voiceover-new", { fullPage: false });
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/app\/voiceover-studio\/vo_/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("street scene");

    // A line of dialogue at 0.5 s and a sound effect at 2.5 s.
    await page.getByTestId("add-dialogue").click();
    const clips = page.getByTestId("voiceover-clip");
    await clips.first().getByTestId("clip-start").fill("0.5");
    await clips.first().getByTestId("clip-text").fill("Welcome to the street, where the morning traffic is slow.");
    await page.getByTestId("add-effect").click();
    const effect = clips.filter({ hasText: "Sound effect" });
    await effect.getByTestId("clip-duration").fill("1");
    await effect.getByTestId("clip-text").fill("A short beep");
    // A clip after the video's end is refused with the reason, and nothing is saved.
    await effect.getByTestId("clip-start").fill("9");
    await page.getByTestId("voiceover-save").click();
    await page.locator("#voiceover-error").getByText("starts after the video ends (4 s)").waitFor();
    await screenshot(page, "voiceover-refused");
    expect(errors.splice(0).filter((e) => !e.includes("status of 400"))).toEqual([]);
    await effect.getByTestId("clip-start").fill("2.5");
    await expect(page.getByTestId("track-dialogue").getByRole("button").count()).resolves.toBe(1);
    await expect(page.getByTestId("track-effect").getByRole("button").count()).resolves.toBe(1);

    await page.getByTestId("voiceover-render").click();
    await page.getByTestId("voiceover-progress").or(page.getByTestId("voiceover-output")).first().waitFor({ timeout: 30_000 });
    const output = page.getByTestId("voiceover-output");
    await expect.poll(async () => ((await output.count()) ? "rendered" : await page.getByTestId("voiceover-render-card").innerText()), { timeout: 120_000, interval: 1000 }).toBe("rendered");
    await page.getByTestId("voiceover-save-state").getByText("All changes saved.").waitFor();
    await expect(page.getByTestId("voiceover-credits").textContent()).resolves.toContain("rendering again costs nothing");

    // The preview: the spoken line plays in time with the video, its text as a caption.
    await expect(page.getByTestId("voiceover-clip-audio").count()).resolves.toBe(2);
    await page.getByTestId("voiceover-video").evaluate(async (element: HTMLVideoElement) => {
      element.currentTime = 0.4;
      await element.play();
    });
    await page.getByTestId("voiceover-caption").filter({ hasText: "Welcome to the street, where the morning traffic is slow." }).waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLAudioElement>('[data-testid="voiceover-clip-audio"]')].some((a) => !a.paused && a.currentTime > 0.1), undefined, { timeout: 10_000 });
    await page.getByTestId("voiceover-video").evaluate((element: HTMLVideoElement) => element.pause());
    await screenshot(page, "voiceover-preview");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("voiceover-download").click()]);
    expect(download.suggestedFilename()).toBe("street scene.mp4");
    const rendered = probe((await download.path())!);
    const original = probe(video.path);
    console.log(`voiceover download: ${JSON.stringify(rendered.streams)}`);
    expect(rendered.streams.map((s) => s.codec_name).sort()).toEqual(["h264", "mp3"]);
    // The picture's packets are the upload's, byte for byte.
    expect(rendered.picture).toBe(original.picture);
    for (const stream of rendered.streams) expect(Math.abs(Number(stream.duration) - 4)).toBeLessThan(0.15);

    await screenshotsOf(page, new URL(page.url()).pathname, "voiceover-editor");
    // Below the video: the timeline with its tracks and clips (the pages scroll inside the app's frame).
    for (const [size, width] of [["desktop", 1440], ["phone", 375]] as const) {
      await page.setViewportSize({ width, height: 2000 });
      await page.getByTestId("voiceover-timeline-card").screenshot({ path: join("tests/e2e/artifacts", `voiceover-timeline-${size}-light.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.goto("/app/voiceover-studio");
    await waitForHydration(page);
    await page.getByTestId("voiceover-projects").getByText("Rendered").waitFor();
    await screenshotsOf(page, "/app/voiceover-studio", "voiceover-list");
    expect(errors).toEqual([]);
    await context.close();
  });
});
