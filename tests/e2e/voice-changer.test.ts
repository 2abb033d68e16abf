import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { pickVoice } from "./controls";
import { uniqueEmail } from "./http";
import { wavFile } from "../../core/audio/wav";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("voice changer page", () => {
  it("changes a recording's voice: upload a WAV, pick a voice, hear it in the player, find it in history", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("changer"), "/app/speech-synthesis/speech-to-speech");
    await waitForHydration(page);
    await expect(page.getByText("No conversions yet").count()).resolves.toBe(1);
    await expect(page.getByText("not a neural voice model").first().isVisible()).resolves.toBe(true);
    await screenshotsOf(page, "/app/speech-synthesis/speech-to-speech", "voice-changer-empty");

    // The recording: the platform's own male voice, as a 16 kHz WAV.
    const speech = await page.evaluate(async () => {
      const response = await fetch("/v1/text-to-speech/pv02roger00000000000?output_format=pcm_16000", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "This is my own voice, and soon it will be someone else's." }) });
      return Array.from(new Int16Array(await response.arrayBuffer()));
    });
    await page.getByTestId("voice-changer-file").setInputFiles({ name: "my take.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile(Int16Array.from(speech), 16000)) });
    await pickVoice(page, "Alice");
    await page.getByRole("button", { name: "Change voice" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.3;
    }, undefined, { timeout: 30_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("my take in Alice's voice");
    // The result is as long as the recording (the player's audio element reads the stored MP3).
    const seconds = await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.duration);
    expect(Math.abs(seconds - speech.length / 16000)).toBeLessThan(0.15);
    await page.getByTestId("voice-changer-recent").getByText("Voice changed: my take").waitFor({ timeout: 15_000 });
    await screenshot(page, "voice-changer-result");

    // A file that is not audio: the server's reason as a toast.
    await page.getByTestId("voice-changer-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
    await page.getByRole("button", { name: "Change voice" }).click();
    await page.getByText("are not accepted").first().waitFor();

    // The history page lists the conversion and plays it.
    await page.getByRole("link", { name: "History" }).click();
    await page.waitForURL(/speech-to-speech\/history/);
    await waitForHydration(page);
    await page.getByText("Voice changed: my take").first().waitFor();
    await screenshotsOf(page, "/app/speech-synthesis/speech-to-speech/history", "voice-changer-history");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/speech-synthesis/speech-to-speech")).toEqual([]);

    // The app's navigation leads to the page, and its result page again with the item.
    await page.goto("/app/home");
    await page.getByRole("link", { name: "Voice Changer", exact: true }).first().click();
    await page.waitForURL(/\/app\/speech-synthesis\/speech-to-speech$/);
    await screenshotsOf(page, "/app/speech-synthesis/speech-to-speech", "voice-changer");
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
