import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs (Playwright gives it a fresh profile). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { context, page, errors };
}

/** Waits until React has hydrated the document (Remix sets this global once the client router runs). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
  // The router exists just before effects run; one frame later event handlers are attached.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join("tests/e2e/artifacts", `${name}.png`), fullPage: true });
}
