import { describe, expect, inject, it } from "vitest";
import { achievableChecklistItems } from "~/accounts/rules/onboarding";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("app home", () => {
  it("lists a generation once made, and its play button plays it in the global player", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("home"), "/app/home");
    await waitForHydration(page);
    // Before the first generation: an empty state that leads to Text to Speech, credits left, shortcuts.
    await expect(page.getByTestId("home").getByTestId("empty-state").textContent()).resolves.toContain("Nothing generated yet");
    await expect(page.getByRole("meter", { name: "Credits used this billing period" }).getAttribute("aria-valuenow")).resolves.toBe("0");
    await expect(page.getByTestId("shortcuts").getByRole("link", { name: /API keys/ }).isVisible()).resolves.toBe(true);
    await screenshot(page, "home-empty");

    // Generate through the API with the browser's session, as the text-to-speech page does.
    const text = "Home shows what you made last.";
    const status = await page.evaluate(
      async (t) => (await fetch("/v1/text-to-speech/pv01aria000000000000", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: t }) })).status,
      text,
    );
    expect(status).toBe(200);
    await page.goto("/app/home");
    await waitForHydration(page);
    const recent = page.getByTestId("recent-generation");
    await expect(recent.count()).resolves.toBe(1);
    await expect(recent.textContent()).resolves.toContain("Aria");
    await recent.getByRole("button", { name: `Play ${text.slice(0, 30)}` }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toBe(text);
    await expect.soft(await seriousViolations(page)).toEqual([]);

    // The full history is one link away; the create entry opens Text to Speech.
    await page.getByRole("link", { name: "View all history" }).click();
    await page.waitForURL(/\/text-to-speech\/history$/);
    await page.goto("/app/home");
    await page.getByRole("link", { name: "Open Text to Speech" }).click();
    await page.waitForURL(/\/app\/speech-synthesis\/text-to-speech$/);

    await screenshotsOf(page, "/app/home", "home");
    await expect.soft(await darkViolations(page, "/app/home")).toEqual([]);

    // The checklist shows only what can be done today, each with a link to its page.
    await page.goto("/app/onboarding-checklist");
    await waitForHydration(page);
    const items = page.getByTestId("checklist-item");
    const achievable = achievableChecklistItems(APP_SECTIONS.map((section) => section.to));
    expect(achievable.length).toBeGreaterThanOrEqual(2);
    await expect(items.count()).resolves.toBe(achievable.length);
    await expect(page.getByText("Coming soon").count()).resolves.toBe(0);
    await expect(page.getByText(`0 of ${achievable.length} done`).isVisible()).resolves.toBe(true);
    await expect(items.first().getByRole("link", { name: "Try text to speech" }).getAttribute("href")).resolves.toBe("/app/speech-synthesis/text-to-speech");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await screenshotsOf(page, "/app/onboarding-checklist", "onboarding-checklist");
    await expect.soft(await darkViolations(page, "/app/onboarding-checklist")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
