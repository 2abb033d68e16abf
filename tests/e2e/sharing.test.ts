import { spawnSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { THEME_STORAGE_KEY } from "../../core/theme";
import { newPage, screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";
import { ANALYTICS_CONSENT_LABELS } from "~/accounts/rules/privacy";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("sharing", () => {
  it("shares an item from the dialog; a signed-out recipient hears it; revoking answers 404", async () => {
    const email = uniqueEmail("share");
    const cookie = await signUpOverHttp(baseUrl, email);
    const key = await createApiKeyOverHttp(baseUrl, cookie);
    const text = "A sentence worth sharing with friends.";
    const made = await fetch(`${baseUrl}/v1/text-to-speech/pv02roger00000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
    const historyId = made.headers.get("history-item-id")!;

    const owner = await newPage(browser(), baseUrl);
    await signInInBrowser(owner.page, email);
    await owner.page.waitForURL(/\/app\/home/);
    await owner.page.goto("/app/speech-synthesis/text-to-speech");
    await waitForHydration(owner.page);
    // With the tts-video-generation flag on, Share offers the link and the video; the link comes first.
    await owner.page.getByTestId("history-item").first().getByRole("button", { name: "Share", exact: true }).click();
    await expect(owner.page.getByRole("menuitem").allTextContents()).resolves.toEqual(["Copy share link", "Create share video"]);
    await owner.page.getByRole("menuitem", { name: "Copy share link" }).click();
    const dialog = owner.page.getByTestId("share-dialog");
    await expect(dialog.getByRole("heading").textContent()).resolves.toBe("Share with your community");
    const linkRow = dialog.getByTestId("share-link");
    await owner.page.waitForFunction(() => document.querySelector('[data-testid="share-link"]')?.getAttribute("data-link"));
    const link = (await linkRow.getAttribute("data-link"))!;
    expect(link).toMatch(new RegExp(`^${baseUrl}/share/[0-9a-f]{32}$`));
    await expect(linkRow.textContent()).resolves.toBe(link.slice(0, 38) + "...");
    await dialog.getByLabel("Your public name").fill("Roger Fan");
    await dialog.getByRole("button", { name: "Save" }).click();
    await owner.page.getByText("Public name updated").waitFor();
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await dialog.getByRole("button", { name: "Copy" }).click();
    await owner.page.getByText("Share link copied to clipboard").waitFor();
    await expect(owner.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    await screenshot(owner.page, "share-dialog");
    await owner.context.close();

    // A stranger, signed out.
    const stranger = await newPage(browser(), baseUrl);
    const response = await stranger.page.goto(link);
    expect(response?.status()).toBe(200);
    await expect(stranger.page.getByTestId("shared-text").textContent()).resolves.toBe(text);
    await expect(stranger.page.locator('meta[property="og:audio"]').getAttribute("content")).resolves.toBe(`${link}/audio`);
    const html = await stranger.page.content();
    expect(html).toContain("Roger Fan");
    expect(html).not.toContain(email);
    // A branded page: the header's logo leads home, the sharer's name, the call to action.
    await expect(stranger.page.locator("header a.logo").getAttribute("href")).resolves.toBe("/");
    await expect(stranger.page.getByTestId("shared-by").locator("span:not([aria-hidden])").textContent()).resolves.toBe("Shared by Roger Fan");
    await expect(stranger.page.getByTestId("share-cta").getAttribute("href")).resolves.toBe("/app/sign-up");
    // The player: the native control is hidden, the waveform (the MP3's outline, not flat bars) is the seek surface.
    await expect(stranger.page.getByTestId("shared-audio").isVisible()).resolves.toBe(false);
    const heights = await stranger.page.locator('[data-testid="share-waveform"] rect').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("height"))));
    expect(heights).toHaveLength(64);
    expect(new Set(heights).size).toBeGreaterThan(5);
    const play = stranger.page.getByTestId("share-play");
    // The clip lasts about a second: played at a quarter speed it cannot end before the pause below.
    await stranger.page.evaluate(() => (document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!.playbackRate = 0.25));
    await play.click();
    await stranger.page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!.currentTime > 0.2);
    await expect(play.getAttribute("aria-label")).resolves.toBe("Pause");
    await play.click();
    // The label follows the audio's pause event, which comes a moment after the click.
    await stranger.page.locator('[data-testid="share-play"][aria-label="Play"]').waitFor();
    await expect(stranger.page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!.paused)).resolves.toBe(true);
    // A click at three quarters of the waveform seeks there; the played bars follow.
    const seek = stranger.page.getByTestId("share-seek");
    const box = (await seek.boundingBox())!;
    await stranger.page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const position = await stranger.page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!;
      return { ratio: audio.currentTime / audio.duration, played: document.querySelectorAll('[data-testid="share-waveform"] rect.played').length };
    });
    expect(position.ratio).toBeGreaterThan(0.7);
    expect(position.ratio).toBeLessThan(0.8);
    expect(position.played).toBeGreaterThanOrEqual(46);
    await seek.press("Home");
    await expect(seek.getAttribute("aria-valuenow")).resolves.toBe("0");
    await screenshot(stranger.page, "share-page");
    await stranger.context.close();

    // Both sizes, both themes: dark follows the system unless the visitor chose a theme in the app.
    for (const [size, viewport] of [["desktop", { width: 1440, height: 900 }], ["phone", { width: 375, height: 812 }]] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser().newContext({ viewport, colorScheme });
        const page = await context.newPage();
        await page.goto(link);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(colorScheme === "dark" ? "rgb(9, 9, 11)" : "rgb(255, 255, 255)");
        await screenshot(page, `share-page-${size}-${colorScheme}`);
        if (colorScheme === "dark") {
          await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
          await page.reload();
          await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe("rgb(255, 255, 255)");
        }
        await context.close();
      }
    }

    const ranged = await fetch(`${link}/audio`, { headers: { range: "bytes=0-9" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("etag")).toBeTruthy();
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);

    await fetch(`${baseUrl}/v1/history/${historyId}/share-link`, { method: "DELETE", headers: { "xi-api-key": key } });
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(`${link}/audio`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/share/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("on a phone, shares through the device share sheet (cancel and failure handled); analytics follow consent", async () => {
    const email = uniqueEmail("mobile-share");
    const cookie = await signUpOverHttp(baseUrl, email);
    const key = await createApiKeyOverHttp(baseUrl, cookie);
    await fetch(`${baseUrl}/v1/text-to-speech/pv01aria000000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: "Shared from a phone." }) });

    const context = await browser().newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    });
    // The device share sheet is the OS's: stand in for it, answering in turn (across page loads) success, cancel, failure.
    await context.addInitScript(() => {
      const w = window as unknown as { shared: unknown[]; events: string[] };
      w.shared = [];
      w.events = [];
      window.addEventListener("parlance:analytics", (event) => w.events.push((event as CustomEvent<{ event: string }>).detail.event));
      const answers = ["ok", "AbortError", "NotAllowedError"];
      Object.defineProperty(navigator, "share", {
        value: async (data: unknown) => {
          w.shared.push(data);
          const calls = Number(sessionStorage.getItem("share-calls") ?? 0);
          sessionStorage.setItem("share-calls", String(calls + 1));
          const answer = answers[calls % answers.length];
          if (answer !== "ok") throw new DOMException("share", answer);
        },
      });
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const page = await context.newPage();
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);

    const openDialog = async () => {
      await page.goto("/app/speech-synthesis/text-to-speech");
      await waitForHydration(page);
      await page.getByTestId("history-item").first().getByRole("button", { name: "Share", exact: true }).click();
      await page.getByRole("menuitem", { name: "Copy share link" }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="share-link"]')?.getAttribute("data-link"));
      return page.getByTestId("share-dialog");
    };
    const state = () =>
      page.evaluate(() => {
        const w = window as unknown as { shared: { title: string; url: string }[]; events: string[] };
        return { shared: w.shared, events: w.events };
      });

    // Consent undecided (a new account): nothing is recorded.
    let dialog = await openDialog();
    await dialog.getByRole("button", { name: "Share Public Link" }).click();
    await expect(state()).resolves.toMatchObject({ events: [] });
    const link = (await dialog.getByTestId("share-link").getAttribute("data-link"))!;
    expect((await state()).shared[0]).toEqual({ title: "Share Text to Speech", url: link });
    await screenshot(page, "share-dialog-mobile");

    // Consent granted in the settings: the same actions are recorded.
    await page.goto("/app/settings");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Analytics", exact: true }).click();
    await page.getByRole("option", { name: ANALYTICS_CONSENT_LABELS.granted, exact: true }).click();
    await page.getByRole("button", { name: "Save privacy choices" }).click();
    await page.waitForLoadState("networkidle");
    dialog = await openDialog();
    await dialog.getByRole("button", { name: "Share Public Link" }).click(); // the sheet is cancelled
    await page.waitForFunction(() => (window as unknown as { events: string[] }).events.includes("share_native_aborted"));
    await dialog.getByRole("button", { name: "Share Public Link" }).click(); // the sheet fails: the link is copied
    await page.getByText("Share link copied to clipboard").waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    expect((await state()).events).toEqual(["share_modal_opened", "share_native_started", "share_native_aborted", "share_native_started", "share_native_failed", "share_link_copied"]);
    await context.close();
  });

  it("generates a share video: preview, progress, a looping video, download as MP4; a new theme starts over", async () => {
    const email = uniqueEmail("video");
    const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
    const text = "A short video of this sentence, with bars that follow the voice.";
    const made = await fetch(`${baseUrl}/v1/text-to-speech/pv01aria000000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
    const audioSeconds = Number(made.headers.get("content-length")) / 16000; // mp3 at 128 kbps
    expect(made.status).toBe(200);

    const { context, page } = await newPage(browser(), baseUrl);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
    await page.goto("/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    await page.getByTestId("history-item").first().getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("menuitem", { name: "Create share video" }).click();
    const dialog = page.getByTestId("share-video-dialog");
    await expect(dialog.getByRole("heading").textContent()).resolves.toBe("Share video");
    const preview = dialog.getByTestId("share-video-preview");
    await preview.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="share-video-preview"]')?.naturalWidth === 320);

    await dialog.getByRole("button", { name: "Generate video" }).click();
    await dialog.getByRole("progressbar", { name: "Generating video" }).waitFor();
    const video = dialog.getByTestId("share-video");
    await video.waitFor({ timeout: 30_000 });
    await expect(video.evaluate((v: HTMLVideoElement) => v.loop && v.muted)).resolves.toBe(true);
    // It plays, reaches its end and starts again.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="share-video"]')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15_000 });
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(duration - audioSeconds)).toBeLessThan(1);
    await page.waitForFunction((d) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="share-video"]') as HTMLVideoElement & { maxSeen?: number };
      v.maxSeen = Math.max(v.maxSeen ?? 0, v.currentTime);
      return v.maxSeen > d - 1 && v.currentTime < v.maxSeen - 1;
    }, duration, { timeout: 20_000, polling: 50 });
    await screenshot(page, "share-video");

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("parlance-text-to-speech.mp4");
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,duration", "-of", "json", (await download.path())!], { encoding: "utf8" });
    expect(probe.status, probe.stderr).toBe(0);
    const streams = (JSON.parse(probe.stdout) as { streams: { codec_name: string; duration: string }[] }).streams;
    expect(streams.map((stream) => stream.codec_name).sort()).toEqual(["h264", "mp3"]);
    for (const stream of streams) expect(Math.abs(Number(stream.duration) - duration)).toBeLessThan(0.3);

    // Another theme clears the video and shows its own preview.
    await dialog.getByText("Black").click();
    await preview.waitFor();
    await expect(video.count()).resolves.toBe(0);

    // The video dialog leads on to the public link.
    await dialog.getByRole("button", { name: "Share public link" }).click();
    await page.getByTestId("share-dialog").getByRole("heading", { name: "Share with your community" }).waitFor();
    await context.close();
  });
});
