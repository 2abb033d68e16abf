import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
const LOOKS = [
  { size: "desktop", viewport: DESKTOP, theme: "light" },
  { size: "desktop", viewport: DESKTOP, theme: "dark" },
  { size: "phone", viewport: PHONE, theme: "light" },
  { size: "phone", viewport: PHONE, theme: "dark" },
] as const;

/** The app's theme as its toggle sets it (app/common/components/theme.tsx), without reloading the page. */
async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((next) => {
    localStorage.setItem("theme", next);
    document.documentElement.classList.toggle("dark", next === "dark");
  }, theme);
}

const focusInside = (page: Page, testId: string) => page.evaluate((id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)), testId);

async function waitForFocusOn(page: Page, element: Locator) {
  const handle = await element.elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, handle, { timeout: 5_000 });
}

/**
 * Opens the dialog three times and closes it by its close button, by a click on the backdrop (a corner of the
 * page, outside the panel) and by Escape; each time focus comes back to the button that opened it. The first
 * time, Tab and Shift+Tab go round inside the dialog.
 */
async function checkClosing(page: Page, testId: string, opener: Locator, open: () => Promise<void>) {
  const dialog = page.getByTestId(testId);
  for (const how of ["close button", "backdrop", "Escape"] as const) {
    await open();
    await dialog.waitFor();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement), testId);
    if (how === "close button") {
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press("Tab");
        expect(await focusInside(page, testId), `Tab ${i + 1} stays in ${testId}`).toBe(true);
      }
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press("Shift+Tab");
        expect(await focusInside(page, testId), `Shift+Tab ${i + 1} stays in ${testId}`).toBe(true);
      }
      await page.getByTestId(`${testId}-close`).click();
    } else if (how === "backdrop") {
      await page.mouse.click(5, 5);
    } else {
      await page.keyboard.press("Escape");
    }
    await dialog.waitFor({ state: "detached" });
    await waitForFocusOn(page, opener);
  }
}

/**
 * Opens the dialog once more and looks at it in both sizes and themes: centred on a wide screen, a bottom
 * sheet on a phone (its bottom edge on the viewport's). Closes it by Escape.
 */
async function checkLooks(page: Page, testId: string, name: string, open: () => Promise<void>, ready: () => Promise<void> = async () => {}) {
  await page.setViewportSize(DESKTOP);
  await open();
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  await ready();
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport);
    await setTheme(page, look.theme);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    const box = (await dialog.boundingBox())!;
    if (look.size === "phone") {
      expect(Math.abs(box.y + box.height - PHONE.height), `${testId} sits on the bottom edge`).toBeLessThan(1.5);
      expect(box.width).toBe(PHONE.width);
    } else {
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThan(DESKTOP.height);
      expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(1.5);
    }
    // Nothing of the page shows undimmed around the panel: the backdrop covers the whole viewport.
    const backdrop = (await page.getByTestId(`${testId}-backdrop`).boundingBox())!;
    expect(backdrop).toEqual({ x: 0, y: 0, width: look.viewport.width, height: look.viewport.height });
    await screenshot(page, `dialog-${name}-${look.size}-${look.theme}`, { fullPage: false });
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await page.setViewportSize(DESKTOP);
  await setTheme(page, "light");
}

describe("dialogs", () => {
  it("share link, share video and feedback close by button, backdrop and Escape, keep focus in, give it back, and are sheets on phones", async () => {
    const email = uniqueEmail("dialogs");
    const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
    const long = "This is a longer passage for the player. It keeps going for a while, sentence after sentence, so that there is time to rate it once three seconds have passed.";
    for (const [voice, text] of [
      ["pv01aria000000000000", "A short line to share with friends."],
      ["pv02roger00000000000", long],
    ]) {
      const made = await fetch(`${baseUrl}/v1/text-to-speech/${voice}`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
      expect(made.status).toBe(200);
    }

    const { context, page } = await newPage(browser(), baseUrl);
    await page.setViewportSize(DESKTOP);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
    await page.goto("/app/speech-synthesis/text-to-speech/history");
    await waitForHydration(page);

    // The history page: one row pattern (Play first; Download, Share, More on the right), in every look.
    const rows = page.getByTestId("history-item");
    await rows.nth(1).waitFor();
    for (const look of LOOKS) {
      await page.setViewportSize(look.viewport);
      await setTheme(page, look.theme);
      const row = rows.first();
      const play = (await row.getByRole("button", { name: /^Play / }).boundingBox())!;
      const more = (await row.getByRole("button", { name: "More" }).boundingBox())!;
      const text = (await row.locator("p").first().boundingBox())!;
      // Play and the other actions share one line; on a phone that line is under the text.
      expect(Math.abs(play.y - more.y)).toBeLessThan(2);
      if (look.size === "phone") expect(play.y).toBeGreaterThan(text.y + text.height - 1);
      else expect(play.x).toBeLessThan(text.x);
      await screenshot(page, `history-${look.size}-${look.theme}`);
    }
    await page.setViewportSize(DESKTOP);
    await setTheme(page, "light");

    // More holds Delete.
    await rows.first().getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).waitFor();
    await page.keyboard.press("Escape");

    const row = rows.filter({ hasText: "A short line to share" });
    const share = row.getByRole("button", { name: "Share", exact: true });
    const openShare = (choice: string) => async () => {
      await share.click();
      await page.getByRole("menuitem", { name: choice }).click();
    };
    const linkReady = async () => {
      await page.waitForFunction(() => document.querySelector('[data-testid="share-link"]')?.getAttribute("data-link"));
    };
    await checkClosing(page, "share-dialog", share, openShare("Copy share link"));
    await checkLooks(page, "share-dialog", "share-link", openShare("Copy share link"), linkReady);
    await checkClosing(page, "share-video-dialog", share, openShare("Create share video"));
    await checkLooks(page, "share-video-dialog", "share-video", openShare("Create share video"), async () => {
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="share-video-preview"]')?.naturalWidth === 320);
    });
    await waitForFocusOn(page, share);

    // Feedback: play the long item, pass 3 seconds, rate it down.
    await rows.filter({ hasText: "This is a longer passage" }).getByRole("button", { name: /^Play / }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });
    await page.getByRole("button", { name: "Forward 10 seconds" }).click();
    const bad = page.getByTestId("feedback-controls").getByRole("button", { name: "Bad generation" });
    await bad.waitFor();
    await page.getByTestId("player-toggle").click(); // paused, so the controls stay put while the dialog is tried
    await checkClosing(page, "feedback-dialog", bad, () => bad.click());
    await checkLooks(page, "feedback-dialog", "feedback", () => bad.click(), async () => {
      const dialog = page.getByTestId("feedback-dialog");
      // The minimum shows from the start and counts as one types.
      await expect(dialog.getByTestId("feedback-counter").textContent()).resolves.toBe("0/20 characters minimum");
      await dialog.getByLabel("Tell us more").fill("Twelve chars");
      await expect(dialog.getByTestId("feedback-counter").textContent()).resolves.toBe("12/20 characters minimum");
    });
    await context.close();
  });

  it("promo code, training opt-out and two-factor dialogs: the same closing and focus rules, sheets on phones", async () => {
    const email = uniqueEmail("dialogs-promo");
    await signUpOverHttp(baseUrl, email);
    const { context, page } = await newPage(browser(), baseUrl);
    await page.setViewportSize(DESKTOP);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);

    await page.goto("/app/subscription");
    await waitForHydration(page);
    const promo = page.getByRole("button", { name: "Use promo code" });
    await checkClosing(page, "promo-dialog", promo, () => promo.click());
    await checkLooks(page, "promo-dialog", "promo", () => promo.click());
    // The scrim reaches the bottom edge: what is under the page's last pixels is the backdrop itself.
    await promo.click();
    await page.getByTestId("promo-dialog").waitFor();
    const bottom = await page.evaluate(() => [window.innerHeight - 1, window.innerHeight - 16, window.innerHeight - 31].map((y) => document.elementFromPoint(8, y)?.getAttribute("data-testid")));
    expect(bottom).toEqual(["promo-dialog-backdrop", "promo-dialog-backdrop", "promo-dialog-backdrop"]);
    await page.keyboard.press("Escape");

    await page.goto("/app/home");
    await waitForHydration(page);
    const privacy = page.getByRole("button", { name: /Privacy settings/ });
    await checkClosing(page, "training-opt-out-dialog", privacy, () => privacy.click());
    await checkLooks(page, "training-opt-out-dialog", "training-opt-out", () => privacy.click());

    await page.goto("/app/settings?dialog=add-two-factor");
    await waitForHydration(page);
    await checkLooks(page, "two-factor-dialog", "two-factor", async () => {});
    await context.close();
  });
});
