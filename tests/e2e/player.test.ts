import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { chooseOption } from "./controls";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

const TEXT = "The player keeps going while you move around the app. It has a long enough passage to measure how fast it advances at different speeds, and to pause, skip and rate it.";

function audioState(page: Page) {
  return page.evaluate(() => {
    const a = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
    return { time: a.currentTime, paused: a.paused, rate: a.playbackRate };
  });
}

/** Seconds of audio played during `ms` of wall time. */
async function advanceOver(page: Page, ms: number): Promise<number> {
  const before = (await audioState(page)).time;
  await page.waitForTimeout(ms);
  return (await audioState(page)).time - before;
}

describe("global player", () => {
  it("plays faster at 1.5x, pauses, survives navigation, downloads valid audio, and locks reviewed feedback", async () => {
    const email = uniqueEmail("player-journey");
    const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
    const made = await fetch(`${baseUrl}/v1/text-to-speech/pv02roger00000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: TEXT }) });
    expect(made.status).toBe(200);
    const historyId = made.headers.get("history-item-id")!;
    // Feedback given earlier and already reviewed by the team.
    const rated = await fetch(`${baseUrl}/v1/history/${historyId}/feedback`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ thumbs_up: true }) });
    expect(rated.status).toBe(200);
    await executeSql(stateDir, `UPDATE history_items SET feedback = json_set(feedback, '$.review_status', 'reviewed') WHERE id = '${historyId}'`);

    const { context, page } = await newPage(browser(), baseUrl);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
    await page.goto("/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    await page.getByTestId("history-item").first().getByRole("button", { name: /^Play / }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });

    // Speed 1.5 advances faster than 1.
    const normal = await advanceOver(page, 1200);
    await chooseOption(page, "Playback speed", "1.5×");
    const fast = await advanceOver(page, 1200);
    expect(fast).toBeGreaterThan(normal * 1.25);
    await chooseOption(page, "Playback speed", "1×");

    // Seeking is the waveform's (a slider named Seek, no range input): Home goes back to the start, a click to that point.
    const seek = page.getByRole("slider", { name: "Seek" });
    await seek.focus();
    await page.keyboard.press("Home");
    expect((await audioState(page)).time).toBeLessThan(1);
    const box = (await seek.boundingBox())!;
    await seek.click({ position: { x: box.width / 2, y: box.height / 2 } });
    const duration = await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.duration);
    expect(Math.abs((await audioState(page)).time - duration / 2)).toBeLessThan(1);

    // Pause stops it.
    await page.getByTestId("player-toggle").click();
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused);
    expect(await advanceOver(page, 500)).toBe(0);
    await page.getByTestId("player-toggle").click();

    // Moving to another /app page keeps it playing.
    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Subscription" }).click();
    await page.waitForURL(/\/app\/subscription$/);
    expect(await advanceOver(page, 800)).toBeGreaterThan(0.4);
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("The player keeps going");

    // The download has the built name and is MP3 audio.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("player").getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Roger_.*\.mp3$/);
    const bytes = readFileSync((await download.path())!);
    const mp3 = bytes.subarray(0, 3).toString() === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    expect(mp3).toBe(true);

    // Reviewed feedback cannot be changed.
    await page.getByRole("button", { name: "Forward 10 seconds" }).click();
    await page.getByTestId("feedback-controls").waitFor();
    await page.getByRole("button", { name: "Bad generation" }).click();
    await page.getByText("This feedback cannot be changed as it was already reviewed.").waitFor();
    await screenshot(page, "player-reviewed-feedback");
    await context.close();
  });
});
