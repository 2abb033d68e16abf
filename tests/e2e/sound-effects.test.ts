import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("sound effects journey", () => {
  it("describes a sound, hears it in the global player, finds it in history, and generates an example from Explore", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("sfx"), "/app/sound-effects");
    await waitForHydration(page);
    await expect(page.getByText("not a generative model").first().isVisible()).resolves.toBe(true);
    await screenshot(page, "sound-effects-generate");

    await page.getByLabel("Describe the sound").fill("Heavy rain on a tin roof");
    await page.getByRole("slider", { name: "Duration (0 is automatic)" }).focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("slider", { name: "Duration (0 is automatic)" }).getAttribute("aria-valuetext")).resolves.toBe("3.0 s");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.3;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("Heavy rain on a tin roof");

    await page.getByRole("tab", { name: "History" }).click();
    const list = page.getByRole("list", { name: "Generated sound effects" });
    await list.getByText("Heavy rain on a tin roof").waitFor({ timeout: 15_000 });
    await expect(list.textContent()).resolves.toContain("3.0 s");
    await screenshot(page, "sound-effects-history");

    await page.getByRole("tab", { name: "Explore" }).click();
    await page.getByRole("link", { name: "Interface" }).click();
    await page.waitForURL(/category=interface/);
    // The category is marked current once the navigation has rendered (it may lag the URL by a frame).
    await page.locator('a[aria-current="page"]', { hasText: "Interface" }).waitFor();
    expect(errors).toEqual([]);
    await page.getByLabel("Search examples").fill("beep");
    const card = page.getByRole("heading", { name: "A short beep" });
    await card.waitFor();
    await screenshot(page, "sound-effects-explore");
    await page.getByRole("button", { name: "Generate" }).first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player-title"]')?.textContent?.includes("A short beep"), undefined, { timeout: 20_000 });
    await page.getByRole("tab", { name: "History" }).click();
    await list.getByText("A short beep").waitFor({ timeout: 15_000 });
    for (const tab of ["generate", "history", "explore"]) await screenshotsOf(page, `/app/sound-effects?tab=${tab}`, `sound-effects-${tab}`);
    await context.close();
  });
});
