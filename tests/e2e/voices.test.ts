import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
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
    await page.getByLabel("Language").selectOption("fr");
    await page.waitForURL(/language=fr/);
    await page.getByLabel("Gender").selectOption("female");
    await page.waitForURL(/gender=female/);
    // The URL can change a frame before the page shows the new data: poll.
    await expect.poll(count).toMatch(/^1 of \d+ voices$/);
    await expect.poll(() => page.getByTestId("voice-card").textContent()).toContain("Camille");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshot(page, "voices-filtered");

    // The preview plays in the global player.
    await page.getByRole("button", { name: "Preview Camille" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    }, undefined, { timeout: 20_000 });

    // "Use voice" opens text to speech with that voice chosen (and remembered).
    await page.getByRole("link", { name: "Use voice Camille" }).click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech\?voice=/);
    await waitForHydration(page);
    await page.waitForFunction((id) => (document.getElementById("voice") as unknown as { value: string } | null)?.value === id, CAMILLE);
    expect(await page.evaluate(() => localStorage.getItem("selectedVoice"))).toBe(CAMILLE);

    // A search with no match says so.
    await page.goto("/app/default-voices?search=no+such+voice");
    await page.getByText("No voice matches.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
