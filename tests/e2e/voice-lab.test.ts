import { CONSENT_TEXT } from "~/voices/rules/voice-cloning";
// The voice lab journey: a Starter workspace adds a voice from an uploaded file in the add-voice dialog and
// hears the clone in the global player.
import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { signUpOverHttp, uniqueEmail } from "./http";
import { subscribeInBrowser } from "./plans";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("voice lab", () => {
  it("clones a voice from an uploaded file and plays it", async () => {
    const email = uniqueEmail("voice-lab");
    await signUpOverHttp(baseUrl, email);
    const { page, context, errors } = await newPage(browser(), baseUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);

    // Free: the page offers the upgrade, not the dialog.
    await page.goto("/app/voice-lab");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Upgrade to clone voices" }).first().waitFor();

    const missing: string[] = [];
    page.on("response", (response) => response.status() === 404 && missing.push(response.url()));
    await subscribeInBrowser(page, "starter", "Starter");
    // The checkout belongs to the Stripe stand-in: only what follows is this journey's.
    errors.length = 0;
    missing.length = 0;
    // A sample the platform itself speaks (Roger), as the file a person would upload.
    const sample = await page.evaluate(async () => {
      const response = await fetch("/v1/text-to-speech/pv02roger00000000000?output_format=mp3_44100_128", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "Hello! This is how I sound. I can read your stories, articles and scripts aloud." }),
      });
      return [...new Uint8Array(await response.arrayBuffer())];
    });

    await page.goto("/app/voice-lab");
    await waitForHydration(page);
    await expect(page.getByTestId("voice-slots").textContent()).resolves.toBe("0 of 10 custom voices");
    await page.getByRole("button", { name: "Add voice" }).first().click();
    const dialog = page.getByTestId("add-voice-dialog");
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill("My Roger");
    await dialog.getByLabel("Audio samples").setInputFiles({ name: "roger.mp3", mimeType: "audio/mpeg", buffer: Buffer.from(sample) });
    await dialog.getByText("roger.mp3").waitFor();
    await expect(dialog.getByRole("button", { name: "Add voice" }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole("checkbox", { name: /Remove background noise/ }).check();
    await dialog.getByRole("checkbox", { name: CONSENT_TEXT }).check();
    await screenshot(page, "voice-lab-add-dialog");
    await dialog.getByRole("button", { name: "Add voice" }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });

    const card = page.getByTestId("voice-card").filter({ hasText: "My Roger" });
    await card.waitFor();
    await expect(page.getByTestId("voice-slots").textContent()).resolves.toBe("1 of 10 custom voices");
    await screenshot(page, "voice-lab-with-clone");
    await card.getByRole("button", { name: "Preview My Roger" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute("data-state") === "playing", undefined, { timeout: 20_000 });

    // Phone size, dark.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "voice-lab-phone-dark");

    // Delete, after the dialog says what goes with it.
    await card.getByRole("button", { name: "Delete My Roger" }).click();
    const confirm = page.getByTestId("delete-voice-dialog");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await card.waitFor({ state: "detached" });
    await expect(page.getByTestId("voice-slots").textContent()).resolves.toBe("0 of 10 custom voices");
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
