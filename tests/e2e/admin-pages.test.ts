import { createHash, randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { executeSql, signUpOverHttp, uniqueEmail } from "./http";
import { DIALOGS } from "~/accounts/rules/account-actions";
import { THEME_STORAGE_KEY, type Theme } from "~/common/rules/theme";
import { SEAT_TEXTS, UPGRADE_PATH } from "~/workspace/rules/seats";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;

/** A signed-in page at a size and theme (the theme as the app's toggle stores it). */
async function signedInPage(b: Browser, email: string, size: keyof typeof SIZES, theme: Theme, storageState?: StorageState): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await b.newContext({ baseURL: baseUrl, viewport: SIZES[size], storageState });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
  const page = await context.newPage();
  if (!storageState) {
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
  }
  return { page, close: () => context.close() };
}

type StorageState = Awaited<ReturnType<import("playwright-core").BrowserContext["storageState"]>>;

async function d1(command: string) {
  await executeSql(stateDir, command);
}

describe("settings and workspace pages", () => {
  it("api key name errors show under the field; the members page shows seats and the way to more", async () => {
    const email = uniqueEmail("admin-pages");
    await signUpOverHttp(baseUrl, email);
    const { page, close } = await signedInPage(browser(), email, "desktop", "light");

    await page.goto("/app/settings/api-keys");
    await waitForHydration(page);
    await page.getByLabel("New key name").fill("   ");
    await page.getByRole("button", { name: "Create API key" }).click();
    const nameError = page.getByTestId("create-api-key-form").getByText("Enter a name for the key.");
    await nameError.waitFor();
    await expect(page.getByLabel("New key name").getAttribute("aria-invalid")).resolves.toBe("true");
    await screenshot(page, "api-keys-name-error");

    // A free workspace has one seat, its owner's.
    await page.goto("/app/workspace/members");
    await waitForHydration(page);
    await expect(page.getByTestId("seat-count").textContent()).resolves.toBe("1 of 1 seat used");
    await expect(page.getByTestId("seats-full").textContent()).resolves.toContain(SEAT_TEXTS.allInUse(1));
    await expect(page.getByTestId("seats-full").getByRole("link", { name: SEAT_TEXTS.upgrade }).getAttribute("href")).resolves.toBe(UPGRADE_PATH);
    await expect(page.getByRole("button", { name: "Send invite" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "members-seats-full");
    await close();
  });

  it("a verification link opened where its account is signed in says the address is verified", async () => {
    const email = uniqueEmail("verify-signed-in");
    await signUpOverHttp(baseUrl, email);
    const code = randomBytes(24).toString("hex");
    // A verification link of an existing account, as mailed before decision 0018.
    await d1(`INSERT INTO action_codes (code_hash, user_id, mode, expires_at) SELECT '${createHash("sha256").update(code).digest("hex")}', id, 'verifyEmail', unixepoch() + 3600 FROM users WHERE email = '${email}'`);
    const { page, close } = await signedInPage(browser(), email, "phone", "dark");
    await page.goto(`/app/action?mode=verifyEmail&oobCode=${code}`);
    const dialog = page.getByTestId("action-dialog");
    await dialog.getByRole("heading", { name: DIALOGS.emailVerified.title }).waitFor();
    await waitForHydration(page);
    await screenshot(page, "action-email-verified-phone-dark");
    await dialog.getByRole("link", { name: DIALOGS.emailVerified.button }).click();
    await page.waitForURL(/\/app\/home/);
    await close();
  });

  it("screenshots of the settings pages at desktop and phone sizes, light and dark", async () => {
    const email = uniqueEmail("admin-shots");
    await signUpOverHttp(baseUrl, email);
    const first = await signedInPage(browser(), email, "desktop", "light");
    const session = await first.page.context().storageState();
    await first.close();
    const pages = ["/app/settings", "/app/settings/api-keys", "/app/workspace/members", "/app/settings/workspace-invites", "/app/subscription", "/app/privacy"];
    for (const size of ["desktop", "phone"] as const) {
      for (const theme of ["light", "dark"] as const) {
        const { page, close } = await signedInPage(browser(), email, size, theme, session);
        for (const path of pages) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          await page.waitForLoadState("networkidle");
          await screenshot(page, `admin${path.replaceAll("/", "-")}-${size}-${theme}`);
        }
        await close();
      }
    }
  });
});
