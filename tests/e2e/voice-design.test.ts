import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { chosenVoice } from "./controls";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const PATH = "/app/voice-lab/design";

describe("voice design page", () => {
  it("designs a voice from a description, plays its previews, saves one and lists it in My voices", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("voice-design"));
    await page.goto(PATH);
    await waitForHydration(page);
    await expect(page.getByTestId("design-honesty").textContent()).resolves.toContain("formant synthesizer");
    await page.getByText("No voices of your own yet.").waitFor();

    // Too short a description keeps Generate disabled and says why.
    const description = page.getByLabel("Voice description");
    await description.fill("deep man");
    await page.getByText("Describe the voice in at least 20 characters.").waitFor();
    expect(await page.getByRole("button", { name: "Generate" }).isDisabled()).toBe(true);

    await description.fill("A deep, calm British man with a warm voice, speaking slowly");
    await page.getByRole("button", { name: "Generate" }).click();
    const previews = page.getByTestId("design-preview");
    await expect.poll(() => previews.count(), { timeout: 30_000 }).toBe(3);
    await screenshot(page, "voice-design-previews");

    // Each preview plays in the global player.
    await page.getByRole("button", { name: "Play Voice 2" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player").getAttribute("data-state")).resolves.toBe("playing");
    await expect(page.getByRole("button", { name: "Pause Voice 2" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "voice-design-previews-phone");
    await page.setViewportSize({ width: 1280, height: 720 });

    // Pick the second, name it, save it: it is listed in My voices and offered on the text-to-speech page.
    await page.getByLabel("Pick Voice 2").check();
    await page.getByLabel("Voice name").fill("Edmund");
    await page.getByRole("button", { name: "Save voice" }).click();
    await page.getByRole("status").filter({ hasText: "Edmund is saved." }).waitFor();
    const myVoices = page.getByRole("list", { name: "My voices" });
    await expect.poll(() => myVoices.getByTestId("voice-card").textContent()).toContain("Edmund");
    await expect(page.getByTestId("design-preview").count()).resolves.toBe(0);

    await screenshotsOf(page, PATH, "voice-design");
    await expect(darkViolations(page, PATH)).resolves.toEqual([]);

    await page.getByRole("link", { name: "Use it in Text to Speech" }).or(page.getByRole("link", { name: "Use voice Edmund" })).first().click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech\?voice=/);
    await waitForHydration(page);
    await expect.poll(() => chosenVoice(page)).toContain("Edmund");

    // Remix: from the voice's entry in My voices, three takes on it changed as the words say.
    await page.goto(PATH);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Remix Edmund" }).click();
    await page.waitForURL(/remix=/);
    await page.getByRole("heading", { name: "Remix Edmund" }).waitFor();
    await waitForHydration(page);
    await page.getByLabel("How should the voice change?").fill("Make it higher, faster and more energetic");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect.poll(() => page.getByTestId("design-preview").count(), { timeout: 30_000 }).toBe(3);
    await screenshot(page, "voice-design-remix");
    expect(errors).toEqual([]);
    await context.close();
  });
});
