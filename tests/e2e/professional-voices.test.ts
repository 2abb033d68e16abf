// Professional cloning and similar voices in Chromium (decision 0035): the plan gate, a Creator workspace finds
// voices similar to a recording in the library, then creates a professional voice, adds samples, verifies it
// with a recording of the shown text and trains it; on the way, support staff reject a request for manual
// verification with a reason the owner reads (decision 0091), after the owner separated a sample's speakers and
// asked for it from the page (decision 0087).
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, screenshot, screenshotsOf, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { executeSql, signUpOverHttp, uniqueEmail } from "./http";
import { subscribeInBrowser } from "./plans";
import { PROFESSIONAL_PAGE_TEXT, PROFESSIONAL_PLAN_TEXT } from "~/voices/rules/professional-cloning";
import { CONSENT_TEXT } from "~/voices/rules/voice-cloning";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** Speech the platform itself makes (Roger), as a file a person would upload. */
async function spoken(page: Page, text: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (text) => {
    const response = await fetch("/v1/text-to-speech/pv02roger00000000000?output_format=mp3_44100_128", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
    return [...new Uint8Array(await response.arrayBuffer())];
  }, text);
  return Buffer.from(bytes);
}

async function bothThemes(page: Page, name: string) {
  // Colours change with a transition: without this the photographs catch them half-way.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const [width, height, size] of [[1440, 900, "desktop"], [375, 812, "phone"]] as const) {
    await page.setViewportSize({ width, height });
    // The theme as the toggle sets it, without a reload (which would lose the dialog or the step shown).
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await screenshot(page, `${name}-${size}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

describe("professional cloning and similar voices", () => {
  it("gates by plan, finds similar voices, then creates, verifies and trains a professional voice", async () => {
    const email = uniqueEmail("pvc-journey");
    await signUpOverHttp(baseUrl, email);
    const { page, context, errors } = await newPage(browser(), baseUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);

    await page.goto("/app/voice-lab/professional");
    await waitForHydration(page);
    await page.getByText(PROFESSIONAL_PLAN_TEXT).waitFor();
    await screenshot(page, "professional-cloning-gate");

    await subscribeInBrowser(page, "creator", "Creator");
    errors.length = 0;
    const samples = [
      await spoken(page, "The evening was calm and the river was quiet. We walked along the water and talked about the summer holidays."),
      await spoken(page, "Every morning the baker opens his shop at six, and the whole street smells of warm bread and coffee."),
      await spoken(page, "Hello! This is how I sound. I can read your stories, articles and scripts aloud, one page after another."),
    ];
    const recording = await spoken(page, "I am recording this sentence today to confirm that this professional voice is my own.");

    // Similar voices, from the library page.
    await page.goto("/app/voice-library");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Find similar voices" }).click();
    const similar = page.getByTestId("similar-voices-dialog");
    await similar.getByLabel(/Recording/).setInputFiles({ name: "roger.mp3", mimeType: "audio/mpeg", buffer: samples[2]! });
    await similar.getByRole("button", { name: "Find voices" }).click();
    const list = similar.getByTestId("similar-voices");
    await list.waitFor({ timeout: 60_000 });
    await list.locator('[data-voice-id="pv02roger00000000000"]').waitFor();
    await bothThemes(page, "similar-voices");
    await page.keyboard.press("Escape");

    // Professional cloning: create, samples, verification, training.
    await page.goto("/app/voice-lab/professional");
    await waitForHydration(page);
    await expect(page.getByTestId("professional-slots").textContent()).resolves.toBe("0 of 1 professional voice");
    await page.getByLabel("Name").fill("My professional Roger");
    await page.getByRole("checkbox", { name: CONSENT_TEXT }).check();
    await page.getByRole("button", { name: "Create voice" }).click();
    const card = page.getByTestId("professional-voice").filter({ hasText: "My professional Roger" });
    await card.waitFor();
    await expect(card.getByTestId("training-state").textContent()).resolves.toBe("Not trained");
    await card.getByLabel("Add samples to My professional Roger").setInputFiles(samples.map((buffer, i) => ({ name: `roger-${i + 1}.mp3`, mimeType: "audio/mpeg", buffer })));
    await card.getByTestId("samples").getByText("roger-3.mp3").waitFor({ timeout: 60_000 });
    // Until it is verified, the voice is flagged wherever voices are offered (decision 0075): the voice lab's card.
    const flagOnLab = async () => {
      await page.goto("/app/voice-lab");
      await waitForHydration(page);
      return page.getByTestId("voice-card").filter({ hasText: "My professional Roger" }).getByTestId("voice-flag").allTextContents();
    };
    await expect(flagOnLab()).resolves.toEqual(["Unverified"]);
    await bothThemes(page, "voice-flag-unverified");
    // Manual verification: the owner sends a document; support staff (an operator-set role, a verified address on
    // the staff domain) reject it from the staff console with a reason, which the owner reads on the voice's card.
    await page.goto("/app/voice-lab/professional");
    await waitForHydration(page);
    const voiceId = (await card.getAttribute("data-voice-id"))!;
    // Speaker separation from the page (decision 0087): the journey's samples are Roger's alone, so one speaker is
    // found, heard on its own and kept.
    const firstSample = card.getByTestId("sample").filter({ hasText: "roger-1.mp3" });
    await firstSample.getByRole("button", { name: PROFESSIONAL_PAGE_TEXT.separateButton }).click();
    await firstSample.getByText("Speaker 1 · ", { exact: false }).waitFor({ timeout: 60_000 });
    await firstSample.getByRole("checkbox", { name: /Speaker 1/ }).check();
    await firstSample.getByRole("button", { name: PROFESSIONAL_PAGE_TEXT.keepButton }).click();
    await firstSample.getByText(PROFESSIONAL_PAGE_TEXT.kept(1)).waitFor({ timeout: 30_000 });
    // Manual verification from the page's own form: a document and a note.
    await card.getByLabel(PROFESSIONAL_PAGE_TEXT.documentsLabel).setInputFiles({ name: "consent.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 consent") });
    await card.getByLabel(PROFESSIONAL_PAGE_TEXT.noteLabel).fill("My consent is attached.");
    await card.getByRole("button", { name: PROFESSIONAL_PAGE_TEXT.requestButton }).scrollIntoViewIfNeeded();
    await bothThemes(page, "professional-cloning-manual-verification");
    await card.getByRole("button", { name: PROFESSIONAL_PAGE_TEXT.requestButton }).click();
    await card.getByTestId("manual-verification").getByText("Manual verification requested: support staff will review your documents.").waitFor();
    await screenshotsOf(page, "/app/voice-lab/professional", "professional-cloning-separation-and-request");
    const staffEmail = `reviewer-${Date.now()}@support.parlance.local`;
    await signUpOverHttp(baseUrl, staffEmail);
    await executeSql(inject("stateDir"), `UPDATE users SET staff_role = 'support' WHERE email = '${staffEmail}'`);
    const staff = await newPage(browser(), baseUrl);
    await signInInBrowser(staff.page, staffEmail);
    await staff.page.waitForURL(/\/app\/home/);
    await staff.page.goto("/app/support/voice-verifications");
    await waitForHydration(staff.page);
    const request = staff.page.locator(`[data-testid="verification-request"][data-voice-id="${voiceId}"]`);
    await request.getByRole("link", { name: "consent.pdf" }).waitFor();
    await request.getByLabel("Reason for rejecting").fill("The consent form is not signed.");
    await request.getByRole("button", { name: "Reject" }).click();
    await staff.page.getByText("Rejected: the owner reads your reason on the voice's page.").waitFor();
    await request.waitFor({ state: "detached" });
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await page.reload();
    await waitForHydration(page);
    await card.getByTestId("manual-verification").getByText("Manual verification was rejected: The consent form is not signed.", { exact: false }).waitFor();

    await card.getByRole("button", { name: "Show the text to read" }).click();
    await card.getByTestId("verification-text").waitFor();
    await bothThemes(page, "professional-cloning-verify");
    await card.getByLabel("Recording of the text").setInputFiles({ name: "me.mp3", mimeType: "audio/mpeg", buffer: recording });
    await card.getByRole("button", { name: "Send recording" }).click();
    await card.getByText("Verified: your recording matched the samples.").waitFor({ timeout: 30_000 });
    await card.getByRole("button", { name: "Train voice" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="training-state"]')?.textContent === "Trained", undefined, { timeout: 60_000 });
    await card.getByRole("button", { name: "Preview My professional Roger" }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute("data-state") === "playing", undefined, { timeout: 20_000 });
    await bothThemes(page, "professional-cloning-trained");
    await expect(flagOnLab()).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
