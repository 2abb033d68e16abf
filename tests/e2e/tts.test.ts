import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot, waitForHydration } from "./browser";
import { STRONG_PASSWORD, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("text to speech journey", () => {
  it("signs up, types text, picks a voice, generates, hears it play, finds it in history and downloads it", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const email = uniqueEmail("tts");
    await page.goto("/app/sign-up?redirect=/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.locator('input[name="agrees_to_terms"]').check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech/);
    await waitForHydration(page);

    const text = "Hello from the browser. This sentence is spoken by the embedded engine.";
    await page.locator("#tts-text").fill(text);
    await expect(page.getByTestId("char-count").textContent()).resolves.toContain(`${text.length} /`);
    await page.locator("#voice").selectOption({ label: "Roger · EN · male" });
    await page.getByTestId("generate").click();

    // Audio plays while it streams: the player's currentTime advances.
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.3;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("Hello from the browser");
    await screenshot(page, "tts-playing");

    // The item appears in the history panel once stored.
    const item = page.getByTestId("history-item").filter({ hasText: "Hello from the browser" });
    await item.first().waitFor({ timeout: 15_000 });
    await expect(item.first().textContent()).resolves.toContain("Roger");

    const [download] = await Promise.all([page.waitForEvent("download"), item.first().getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Roger_.*\.mp3$/);
    const path = await download.path();
    expect(path).toBeTruthy();
    const { statSync } = await import("node:fs");
    expect(statSync(path!).size).toBeGreaterThan(10_000);
    await screenshot(page, "tts-history");
    await context.close();
  });

  it("speaks a dialogue from the dialogue mode and keeps the draft locally", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto("/app/sign-up?redirect=/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(uniqueEmail("dialogue"));
    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.locator('input[name="agrees_to_terms"]').check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech/);
    await waitForHydration(page);

    await page.getByRole("tab", { name: "Dialogue" }).click();
    await page.getByLabel("Text of line 1").fill("Good morning, Roger.");
    await page.getByLabel("Voice of line 2").selectOption({ label: "Roger" });
    await page.getByLabel("Text of line 2").fill("Morning, Aria!");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByTestId("generate-dialogue").click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.3, undefined, { timeout: 20_000 });
    await page.getByTestId("history-item").filter({ hasText: "Good morning, Roger." }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, "tts-dialogue");

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Dialogue" }).click();
    await expect(page.getByLabel("Text of line 2").inputValue()).resolves.toBe("Morning, Aria!");
    await context.close();
  });
});
