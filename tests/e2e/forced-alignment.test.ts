import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** A real recording with known words from PocketSphinx's test data (the build unpacks its source into the cache). */
const RECORDING = fileURLToPath(new URL("../../node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0930.wav", import.meta.url));
const TEXT = "He might even have been made amiable himself.";

describe("forced alignment page", () => {
  it("aligns a recording to its text, lists each word with its times, and plays from a clicked word", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("alignment-page"), "/app/forced-alignment");
    await waitForHydration(page);
    await screenshotsOf(page, "/app/forced-alignment", "forced-alignment-empty");

    await page.getByTestId("alignment-file").setInputFiles({ name: "austen.wav", mimeType: "audio/wav", buffer: readFileSync(RECORDING) });
    await page.getByLabel("Text spoken in the recording").fill(TEXT);
    await page.getByRole("button", { name: "Align words" }).click();
    const words = page.getByTestId("alignment-words");
    await words.waitFor({ timeout: 60_000 });
    await expect(words.getByRole("button").count()).resolves.toBe(8);

    const word = words.getByRole("button", { name: /^amiable/ });
    const start = Number(await word.getAttribute("data-start"));
    expect(start).toBeGreaterThan(0.5);
    await word.click();
    const audio = page.getByTestId("alignment-audio");
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
    expect(Math.abs((await audio.evaluate((element: HTMLAudioElement) => element.currentTime)) - start)).toBeLessThan(0.5);
    await expect.poll(() => words.locator("[aria-current=true]").count()).toBe(1);

    await screenshot(page, "forced-alignment-result-desktop-light");
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "forced-alignment-result-phone-light");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/forced-alignment")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
