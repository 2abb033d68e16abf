import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { THEME_STORAGE_KEY } from "../../app/common/rules/theme";
import { mailedLinkOverHttp, STRONG_PASSWORD } from "./http";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs (Playwright gives it a fresh profile). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
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

/** The whole page by default; `fullPage: false` for what the viewport shows (a dialog over the page). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  await wholePageScreenshot(page, join("tests/e2e/artifacts", `${name}.png`), fullPage);
}

/**
 * The app frame is the viewport's height and only its page scrolls, so a full-page screenshot would stop at the
 * viewport: the frame grows for the photograph, so the whole page shows, and is put back after.
 */
export async function wholePageScreenshot(page: Page, path: string, fullPage = true) {
  const unframe = (grow: boolean) =>
    page.evaluate((grow) => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="app-frame"], [data-testid="app-frame"] main, [data-testid="app-frame"] > div')) {
        el.style.height = grow ? "auto" : "";
        el.style.overflow = grow ? "visible" : "";
      }
    }, grow);
  if (fullPage) await unframe(true);
  await page.screenshot({ path, fullPage });
  if (fullPage) await unframe(false);
}

/** A visitor on the sign-in page types their address and chooses Continue with SSO (to the identity provider). */
export async function continueWithSso(page: Page, email: string) {
  await page.goto("/app/sign-in");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with SSO" }).click();
}

/** The OIDC callback or SAML ACS page sets the session, then moves on by itself to the home page (a same-site refresh sends the Strict cookie). */
export async function waitForSsoArrival(page: Page) {
  await page.waitForURL((url) => url.pathname === "/app/home").catch(async (error) => {
    throw new Error(`${error}\n${await page.locator("body").innerText()}`);
  });
}

/**
 * The page at both sizes (desktop, phone) in both themes, as tests/e2e/artifacts/<name>-<size>-<theme>.png.
 * One load per theme (the theme is read as the document loads); the sizes are a resize apart, since the app's
 * layout is CSS alone (no component reads the viewport), so a resize shows what a load at that size would.
 */
export async function screenshotsOf(page: Page, path: string, name: string) {
  // Light last, so the page the test goes on with is a fresh load in the default theme.
  for (const theme of ["dark", "light"]) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(([key, t]) => localStorage.setItem(key, t), [THEME_STORAGE_KEY, theme] as const);
    await page.goto(path);
    await waitForHydration(page);
    await screenshot(page, `${name}-phone-${theme}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await nextFrames(page);
    await screenshot(page, `${name}-desktop-${theme}`);
  }
  // Back to Playwright's default size for whatever the test does next.
  await page.setViewportSize({ width: 1280, height: 720 });
  await nextFrames(page);
}

/** Two animation frames: the layout after a resize has been computed and painted. */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
}

/** One browser per test file: launched before the first test, closed after the last. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browser not launched yet");
    return browser;
  };
}

/** The sign-up form, filled and sent; its answer is "Check your e-mail" whether or not the address is taken. */
export async function submitSignUpForm(page: Page, email: string, redirect?: string) {
  await page.goto(redirect ? `/app/sign-up?redirect=${encodeURIComponent(redirect)}` : "/app/sign-up");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.locator('input[name="agrees_to_terms"]').check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByTestId("sign-up-emailed").waitFor();
}

/** Opens the sign-up link from the dev mailbox: the account is created and the spec's dialog asks to sign in. */
export async function openSignUpLink(page: Page, email: string) {
  await page.goto(await mailedLinkOverHttp(new URL(page.url()).origin, email, "verifyEmail"));
  await page.getByTestId("action-dialog").getByRole("heading", { name: "Please sign in to verify your email address" }).waitFor();
  await waitForHydration(page);
}

/** Closes that dialog, which leads to where the sign-up was headed by way of the sign-in form, and signs in. */
export async function closeDialogAndSignIn(page: Page, email: string) {
  // Its own Close button (the dialog's corner close is also named "Close"; either leads on).
  await page.getByTestId("action-dialog").getByText("Close", { exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/app/sign-in");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs up as a person would (decision 0018): the form, the e-mailed link that creates the account, the
 * sign-in. Lands on `redirect` (default: the main screen, as a new user) hydrated.
 */
export async function signUpInBrowser(page: Page, email: string, redirect?: string) {
  await submitSignUpForm(page, email, redirect);
  await openSignUpLink(page, email);
  await closeDialogAndSignIn(page, email);
  await page.waitForURL(redirect ? (url) => url.pathname === redirect : /\/app\/home\?newUser=true/);
  await waitForHydration(page);
}

export async function signInInBrowser(page: Page, email: string, password = STRONG_PASSWORD) {
  await page.goto("/app/sign-in");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations (evaluated through the DevTools protocol, so the CSP allows it). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Axe's serious findings on a page in the dark theme (muted text must keep its contrast there too); back to light after. */
export async function darkViolations(page: Page, path: string) {
  await page.evaluate((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
  await page.goto(path);
  await waitForHydration(page);
  const found = await seriousViolations(page);
  await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
  return found;
}
