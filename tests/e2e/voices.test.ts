import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { chooseOption, chosenVoice } from "./controls";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const CAMILLE = "pv07camille000000000";

describe("voices page", () => {
  it("filters the voices, previews one in the player and uses it on the text-to-speech page", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("voices"), "/app/default-voices");
    const count = () => page.getByTestId("voice-count").textContent();
    const all = await count();
    expect(all).toMatch(/^(\d+) of \1 voices$/);

    // Filters apply as they change (the form also works without JavaScript through its button).
    await chooseOption(page, "Language", "French");
    await page.waitForURL(/language=fr/);
    await chooseOption(page, "Gender", "Female");
    await page.waitForURL(/gender=female/);
    // The URL can change a frame before the page shows the new data: poll.
    await expect.poll(count).toMatch(/^1 of \d+ voices$/);
    await expect.poll(() => page.getByTestId("voice-card").textContent()).toContain("Camille");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, "voices-filtered");

    // The preview plays in the global player; the card shows it is the one playing, and its button pauses it.
    const card = page.getByTestId("voice-card").filter({ hasText: "Camille" });
    const preview = card.getByRole("button", { name: "Preview Camille" });
    await preview.click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player").getAttribute("data-state")).resolves.toBe("playing");
    await expect.poll(() => card.getAttribute("data-playing")).toBe("true");
    await expect(preview.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(preview.textContent()).resolves.toBe("Pause");
    await screenshot(page, "voices-playing");
    await preview.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute("data-state") === "paused");
    await expect.poll(() => card.getAttribute("data-playing")).toBe("false");
    await expect(preview.textContent()).resolves.toBe("Preview");

    // "Use voice" opens text to speech with that voice chosen (and remembered).
    await page.getByRole("link", { name: "Use voice Camille" }).click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech\?voice=/);
    await waitForHydration(page);
    await expect.poll(() => chosenVoice(page)).toContain("Camille");
    expect(await page.evaluate(() => localStorage.getItem("selectedVoice"))).toBe(CAMILLE);

    // A search with no match says so.
    await page.goto("/app/default-voices?search=no+such+voice");
    await page.getByText("No voice matches.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the voices page and the text-to-speech page on a wide screen and a phone, light and dark", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("voice-looks"), "/app/default-voices");
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => localStorage.setItem("theme", t), theme);
      for (const [size, viewport] of [["wide", { width: 1440, height: 900 }], ["phone", { width: 375, height: 812 }]] as const) {
        await page.setViewportSize(viewport);
        await page.goto("/app/default-voices");
        await waitForHydration(page);
        await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(theme === "dark");
        await expect(page.getByTestId("voice-card").count()).resolves.toBeGreaterThanOrEqual(14);
        await screenshot(page, `voices-${size}-${theme}`);
        await page.goto("/app/speech-synthesis/text-to-speech");
        await waitForHydration(page);
        await screenshot(page, `tts-${size}-${theme}`);
        await page.getByRole("combobox", { name: "Voice", exact: true }).click();
        await page.getByRole("option").first().waitFor();
        await page.screenshot({ path: `tests/e2e/artifacts/tts-picker-${size}-${theme}.png` });
        await page.keyboard.press("Escape");
      }
    }
    await context.close();
  });
});
