import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { darkViolations, launchBrowser, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** A real recording with known words from PocketSphinx's test data (the build unpacks its source into the cache). */
const LIBRIVOX = new URL("../../node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox/", import.meta.url);
const RECORDING = fileURLToPath(new URL("sense_and_sensibility_01_austen_64kb-0920.wav", LIBRIVOX));
/** What the microphone hears in the recording test: "he was not an ill disposed young man" (3 s), played once. */
const SPOKEN_TO_MICROPHONE = fileURLToPath(new URL("sense_and_sensibility_01_austen_64kb-0880.wav", LIBRIVOX));

describe("speech to text page", () => {
  it("transcribes an uploaded recording, marks the played word, seeks on a click, and exports subtitles", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("stt-page"), "/app/speech-to-text");
    await waitForHydration(page);
    await screenshotsOf(page, "/app/speech-to-text", "speech-to-text-empty");

    await page.getByTestId("stt-file").setInputFiles({ name: "austen.wav", mimeType: "audio/wav", buffer: readFileSync(RECORDING) });
    await page.getByRole("button", { name: "Transcribe", exact: true }).click();
    const transcript = page.getByTestId("stt-transcript");
    await transcript.waitFor({ timeout: 60_000 });
    await expect(transcript.textContent()).resolves.toContain("amiable woman");

    // A click on a word seeks the player to the word's start, and that word is marked as the one playing.
    const word = transcript.getByRole("button", { name: "respectable", exact: true });
    const start = Number(await word.getAttribute("data-start"));
    await word.click();
    await page.getByTestId("stt-audio").evaluate((audio: HTMLAudioElement) => audio.pause());
    const at = await page.getByTestId("stt-audio").evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(Math.abs(at - start)).toBeLessThan(0.5);
    await expect.poll(() => transcript.locator("[aria-current=true]").count()).toBe(1);

    for (const format of ["SRT", "VTT", "TXT"]) await expect(page.getByRole("link", { name: `Export ${format}` }).getAttribute("download")).resolves.toBe(`austen.${format.toLowerCase()}`);
    await screenshot(page, "speech-to-text-result-desktop-light");
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "speech-to-text-result-phone-light");

    // A file that is not audio: the server's reason on the page.
    await page.getByTestId("stt-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
    await page.getByRole("button", { name: "Transcribe", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "are not accepted" }).waitFor();

    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/speech-to-text")).toEqual([]);
    // The refused file answers 400, which the browser logs; nothing else may be.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  }, 120_000);

  it("records from the microphone with the Record button and transcribes what was said", async () => {
    // Chromium's fake microphone plays a real recording once, as if someone spoke it into the microphone.
    const microphone = await launchBrowser([`--use-file-for-fake-audio-capture=${SPOKEN_TO_MICROPHONE}%noloop`, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
    try {
      const { page } = await newPage(microphone, baseUrl);
      await signUpInBrowser(page, uniqueEmail("stt-record"), "/app/speech-to-text");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Record", exact: true }).click();
      await page.getByRole("button", { name: "Stop recording" }).waitFor();
      await page.waitForTimeout(4_000);
      await page.getByRole("button", { name: "Stop recording" }).click();
      await page.getByTestId("stt-drop-zone").getByText(/^Recording .*\.webm$/).waitFor();
      await page.getByRole("button", { name: "Transcribe", exact: true }).click();
      const transcript = page.getByTestId("stt-transcript");
      await transcript.waitFor({ timeout: 60_000 });
      // The classic recogniser misses some words of a re-encoded recording; it hears most of this sentence.
      const heard = ((await transcript.textContent()) ?? "").split(/\s+/);
      expect(["he", "was", "not", "ill", "disposed", "young", "man"].filter((word) => heard.includes(word)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await microphone.close();
    }
  }, 120_000);
});
