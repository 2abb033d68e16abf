import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { sharedBrowser, signUpInBrowser, screenshot } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** Elements (not fixed overlays) reaching past the right edge of the viewport. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== "fixed" && el.getBoundingClientRect().width > 0)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)}`)
      .slice(0, 5);
  });
}

describe("small screens (320 px)", () => {
  it("public and app pages fit without sideways scrolling, and the app menu navigates", async () => {
    const context = await browser().newContext({ baseURL: baseUrl, viewport: { width: 320, height: 700 }, userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36" });
    const page = await context.newPage();
    for (const path of ["/", "/pricing", "/about", "/text-to-speech", "/languages/french", "/app/sign-in"]) {
      await page.goto(path);
      expect({ path, wide: await overflowing(page) }).toEqual({ path, wide: [] });
    }
    await signUpInBrowser(page, uniqueEmail("mobile"), "/app/speech-synthesis/text-to-speech");
    for (const path of ["/app/speech-synthesis/text-to-speech", "/app/home", "/app/subscription", "/app/settings", "/app/settings/api-keys", "/app/workspace/members", "/app/usage", "/app/default-voices"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect({ path, wide: await overflowing(page) }).toEqual({ path, wide: [] });
    }
    // The sidebar is hidden: the Menu button opens the sections in a sheet, and choosing one closes it.
    await page.getByTestId("mobile-menu").getByRole("button", { name: "Menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await sheet.getByRole("link", { name: "Subscription" }).waitFor();
    await screenshot(page, "mobile-menu");
    await sheet.getByRole("link", { name: "Subscription" }).click();
    await page.waitForURL(/\/app\/subscription$/);
    await sheet.waitFor({ state: "detached" });
    await context.close();
  });
});
