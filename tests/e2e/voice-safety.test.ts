import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { chosenVoice, pickVoice } from "./controls";
import { executeSql, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

// Two voices no other journey uses, put under safety controls as moderation would.
const BLOCKED = { id: "pv12marco00000000000", name: "Marco" };
const CHECKED = { id: "pv11giulia0000000000", name: "Giulia" };

/** Runs SQL on the stack's local D1, as an operator would; returns the rows. */
function d1<T>(sql: string): Promise<T[]> {
  return executeSql<T>(stateDir, sql);
}

/** What a person reads in the dialog's picture (the characters are drawn, not written: read where the server keeps them). */
async function challengeAnswer(dialog: Locator): Promise<string> {
  const image = dialog.getByTestId("captcha-challenge");
  await image.waitFor();
  const id = (await image.getAttribute("data-challenge-id"))!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return (await d1<{ answer: string }>(`SELECT answer FROM voice_captcha_challenges WHERE id = '${id}'`))[0]!.answer;
}

beforeAll(async () => {
  await d1(`UPDATE voices SET safety_control = CASE voice_id WHEN '${BLOCKED.id}' THEN 'BAN' ELSE 'CAPTCHA' END WHERE voice_id IN ('${BLOCKED.id}', '${CHECKED.id}')`);
});

describe("voice safety dialogs", () => {
  it("blocks a banned voice, asks the server's check for a CAPTCHA voice, does not ask again while it holds, and asks when it ran out", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("safety"), "/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    const initial = await chosenVoice(page);
    // The first load opens no dialog.
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // BAN: voiceBlocked opens and the selection goes back.
    await pickVoice(page, BLOCKED.name);
    const blocked = page.getByTestId("voice-blocked-dialog");
    await blocked.waitFor();
    await expect(blocked.textContent()).resolves.toContain("Marco has been blocked");
    await screenshot(page, "voice-blocked");
    await blocked.getByRole("button", { name: "Choose another voice" }).click();
    await blocked.waitFor({ state: "detached" });
    await expect(chosenVoice(page)).resolves.toBe(initial);

    // CAPTCHA: the API refuses the voice until a person of the workspace has passed its check.
    const speakWith = (id: string) =>
      page.evaluate(async (voiceId) => {
        const response = await fetch(`/v1/text-to-speech/${voiceId}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "Ciao." }) });
        return { status: response.status, body: response.ok ? null : ((await response.json()) as { detail: { status: string } }).detail.status };
      }, id);
    await expect(speakWith(CHECKED.id)).resolves.toEqual({ status: 403, body: "voice_captcha_required" });

    // The dialog shows the server's challenge (a picture): a wrong answer is refused, the right one keeps the voice.
    await pickVoice(page, CHECKED.name);
    const captcha = page.getByTestId("voice-captcha-dialog");
    await captcha.waitFor();
    const answer = await challengeAnswer(captcha);
    await captcha.getByLabel("Characters", { exact: true }).fill("WRONG");
    await captcha.getByRole("button", { name: "Continue" }).click();
    await captcha.getByRole("alert").waitFor();
    await screenshot(page, "voice-captcha");
    await captcha.getByLabel("Characters", { exact: true }).fill(answer.toLowerCase());
    await captcha.getByRole("button", { name: "Continue" }).click();
    await captcha.waitFor({ state: "detached" });
    await expect(chosenVoice(page)).resolves.toContain(CHECKED.name);
    // Solved in the page, the workspace may use the voice through the API too.
    await expect(speakWith(CHECKED.id)).resolves.toEqual({ status: 200, body: null });

    // Seen once: choosing it again (and previewing it) opens nothing, and the preview plays.
    await pickVoice(page, "Aria");
    await pickVoice(page, CHECKED.name);
    await page.getByRole("button", { name: `Preview ${CHECKED.name}` }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // When the workspace's pass runs out, generating opens the check again (though the voice was seen), then speaks.
    await d1(`UPDATE voice_captcha_passes SET valid_until = 1 WHERE voice_id = '${CHECKED.id}'`);
    await page.locator("#tts-text").fill("Di nuovo, dopo il controllo.");
    await page.getByTestId("generate").click();
    await captcha.waitFor();
    await captcha.getByLabel("Characters", { exact: true }).fill(await challengeAnswer(captcha));
    await captcha.getByRole("button", { name: "Continue" }).click();
    await captcha.waitFor({ state: "detached" });
    await page.getByTestId("history-item").filter({ hasText: "Di nuovo, dopo il controllo." }).first().waitFor({ timeout: 20_000 });

    // The API refuses the banned voice too, so nothing can be generated with it.
    const refused = await page.evaluate(async (id) => (await fetch(`/v1/text-to-speech/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "No." }) })).status, BLOCKED.id);
    expect(refused).toBe(403);
    await context.close();
  });
});
