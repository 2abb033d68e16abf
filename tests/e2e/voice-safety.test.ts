import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, signUpInBrowser } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

// Two voices no other journey uses, put under safety controls as moderation would.
const BLOCKED = { id: "pv12marco00000000000", label: "Marco · IT · male" };
const CHECKED = { id: "pv11giulia0000000000", label: "Giulia · IT · female" };

beforeAll(() => {
  const sql = `UPDATE voices SET safety_control = CASE voice_id WHEN '${BLOCKED.id}' THEN 'BAN' ELSE 'CAPTCHA' END WHERE voice_id IN ('${BLOCKED.id}', '${CHECKED.id}')`;
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--command", sql], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
});

describe("voice safety dialogs", () => {
  it("blocks a banned voice, asks a check for a CAPTCHA voice, and does not ask again", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("safety"), "/app/speech-synthesis/text-to-speech");
    const voice = page.locator("#voice");
    const initial = await voice.inputValue();
    // The first load opens no dialog.
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // BAN: voiceBlocked opens and the selection goes back.
    await voice.selectOption({ label: BLOCKED.label });
    const blocked = page.getByTestId("voice-blocked-dialog");
    await blocked.waitFor();
    await expect(blocked.textContent()).resolves.toContain("Marco has been blocked");
    await screenshot(page, "voice-blocked");
    await blocked.getByRole("button", { name: "Choose another voice" }).click();
    await blocked.waitFor({ state: "detached" });
    await expect(voice.inputValue()).resolves.toBe(initial);

    // CAPTCHA: a wrong answer is refused, the right one keeps the voice.
    await voice.selectOption({ label: CHECKED.label });
    const captcha = page.getByTestId("voice-captcha-dialog");
    await captcha.waitFor();
    const challenge = (await captcha.getByTestId("captcha-challenge").textContent())!.trim();
    await captcha.getByLabel("Characters", { exact: true }).fill("WRONG");
    await captcha.getByRole("button", { name: "Continue" }).click();
    await captcha.getByRole("alert").waitFor();
    await screenshot(page, "voice-captcha");
    await captcha.getByLabel("Characters", { exact: true }).fill(challenge.toLowerCase());
    await captcha.getByRole("button", { name: "Continue" }).click();
    await captcha.waitFor({ state: "detached" });
    await expect(voice.inputValue()).resolves.toBe(CHECKED.id);

    // Seen once: choosing it again (and previewing it) opens nothing, and the preview plays.
    await voice.selectOption({ label: "Aria · EN · female" });
    await voice.selectOption({ label: CHECKED.label });
    await page.getByRole("button", { name: "Preview voice" }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);

    // The API refuses the banned voice too, so nothing can be generated with it.
    const refused = await page.evaluate(async (id) => (await fetch(`/v1/text-to-speech/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "No." }) })).status, BLOCKED.id);
    expect(refused).toBe(403);
    await context.close();
  });
});
