// The design system's promises across the whole site (issue #17): the global player stays on screen on every
// /app page at desktop and phone sizes, no page has serious or critical axe violations in either theme, and
// every page is photographed at both sizes in both themes (tests/e2e/artifacts/pages/) to be looked at when
// PARLANCE_PHOTOGRAPHS=1 (the photographs take minutes and nothing checks them, so `npm test` skips them).
import { mkdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { seriousViolations, sharedBrowser, signInInBrowser, waitForHydration, wholePageScreenshot } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";
import { APP_SECTIONS, MARKETING_PAGES } from "../../app/common/rules/navigation";
import { THEME_STORAGE_KEY } from "../../app/common/rules/theme";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;
type Size = keyof typeof SIZES;
const THEMES = ["light", "dark"] as const;

const PUBLIC_PAGES = [...new Set(["/", ...MARKETING_PAGES.map((p) => p.to), "/languages/french", "/app/sign-in", "/app/sign-up"])];
// Every page a workspace's admin reaches from the sidebar: the staff console is not theirs (decision 0091).
const APP_PAGES = [...new Set([...APP_SECTIONS.filter((s) => s.requires !== "support_staff").map((s) => s.to), "/app/speech-synthesis/text-to-speech/history", "/app/design-system"])];

const TEXT =
  "The player stays at the bottom of the window on every page of the app. This passage is long enough to keep it playing while the test walks through each section, " +
  "on a wide screen and on a phone, and checks that the bar is inside the visible area and that nothing on the page hides beneath it.";

async function contextFor(size: Size, theme: (typeof THEMES)[number]): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: baseUrl, viewport: SIZES[size], ...(size === "phone" ? { isMobile: true, hasTouch: true } : {}) });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
  return context;
}

/** Whole-page photographs of every page in every variant: asked for, not part of every test run. */
const PHOTOGRAPHS = process.env.PARLANCE_PHOTOGRAPHS === "1";

const slug = (path: string) => path.replace(/^\//, "").replaceAll("/", "-") || "home";

async function photograph(page: Page, name: string) {
  if (!PHOTOGRAPHS) return;
  mkdirSync("tests/e2e/artifacts/pages", { recursive: true });
  await wholePageScreenshot(page, `tests/e2e/artifacts/pages/${name}.png`);
}

/** Where the player bar is, and the page's scroll area scrolled to its end: the last content must end above the bar. */
function playerPlacement(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="player"]')!.getBoundingClientRect();
    const main = document.querySelector("main")!;
    main.scrollTop = main.scrollHeight;
    const lastContent = main.lastElementChild?.getBoundingClientRect();
    return {
      top: Math.round(bar.top),
      bottom: Math.round(bar.bottom),
      height: Math.round(bar.height),
      viewport: window.innerHeight,
      windowScrolled: window.scrollY,
      contentEnd: Math.round(main.getBoundingClientRect().bottom),
      lastContentEnd: lastContent ? Math.round(lastContent.bottom) : 0,
      playing: !document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused,
    };
  });
}

async function goBySidebar(page: Page, size: Size, to: string) {
  const label = APP_SECTIONS.find((s) => s.to === to)?.label;
  if (!label) return page.evaluate((path) => (window as unknown as { __remixRouter: { navigate: (p: string) => Promise<void> } }).__remixRouter.navigate(path), to);
  if (size === "phone") {
    await page.getByTestId("mobile-menu").getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: label, exact: true }).click();
  } else {
    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: label, exact: true }).click();
  }
}

/** Where the page's title starts, read in the page in one step (a client-side navigation may be replacing it). */
async function titleEdge(page: Page, where: string): Promise<number> {
  const x = await page
    .waitForFunction(() => {
      const box = document.querySelector("main h1")?.getBoundingClientRect();
      return box && box.width > 0 ? box.x : null;
    }, undefined, { timeout: 10_000 })
    .catch(() => {
      throw new Error(`${where}: no visible page title`);
    });
  return Math.round((await x.jsonValue()) as number);
}

/** One page layout: every /app page's title (and so its content) starts at the same left edge. */
function sameLeftEdge(edges: Map<string, number>) {
  const first = [...edges.values()][0];
  expect(Object.fromEntries(edges)).toEqual(Object.fromEntries([...edges.keys()].map((path) => [path, first])));
}

describe("design system", () => {
  let email = "";
  it("keeps the player bar inside the viewport while audio plays on every /app page, at desktop and phone sizes", async () => {
    email = uniqueEmail("design");
    const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
    const made = await fetch(`${baseUrl}/v1/text-to-speech/pv02roger00000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: TEXT }) });
    expect(made.status).toBe(200);

    for (const size of Object.keys(SIZES) as Size[]) {
      const context = await contextFor(size, "light");
      const page = await context.newPage();
      await signInInBrowser(page, email);
      await page.waitForURL(/\/app\/home/);
      await page.goto("/app/speech-synthesis/text-to-speech/history");
      await waitForHydration(page);
      await page.getByTestId("history-item").first().getByRole("button", { name: /^Play/ }).click();
      await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.1, undefined, { timeout: 20_000 });
      // Looping keeps it playing for the whole walk, however short the audio is.
      await page.evaluate(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.loop = true));
      const edges = new Map<string, number>();
      for (const path of APP_PAGES) {
        await goBySidebar(page, size, path);
        await page.waitForURL((url) => url.pathname === path);
        await page.waitForLoadState("networkidle");
        const placed = await playerPlacement(page);
        const where = { size, path };
        expect({ ...where, playing: placed.playing }).toEqual({ ...where, playing: true });
        expect({ ...where, windowScrolled: placed.windowScrolled }).toEqual({ ...where, windowScrolled: 0 });
        expect(placed.height, `${size} ${path}`).toBeGreaterThan(30);
        expect(placed.top, `${size} ${path}`).toBeGreaterThanOrEqual(0);
        expect(placed.bottom, `${size} ${path}`).toBeLessThanOrEqual(placed.viewport);
        // Nothing hides under it: the scrolling page ends where the bar begins.
        expect(placed.contentEnd, `${size} ${path}`).toBeLessThanOrEqual(placed.top);
        expect(placed.lastContentEnd, `${size} ${path}`).toBeLessThanOrEqual(placed.top);
        if (PHOTOGRAPHS && path === "/app/speech-synthesis/text-to-speech") await page.screenshot({ path: `tests/e2e/artifacts/pages/${size}-player-playing.png` });
        edges.set(path, await titleEdge(page, `${size} ${path}`));
      }
      await context.close();
      sameLeftEdge(edges);
    }
  });

  // Axe in both themes at desktop size. The phone layout is checked by the walk above (and the public pages by
  // tests/e2e/mobile.test.ts); the phone is visited page by page in both themes only to photograph it.
  for (const size of Object.keys(SIZES) as Size[]) {
    for (const theme of THEMES.filter(() => size === "desktop" || PHOTOGRAPHS)) {
      const checked = size === "desktop" ? "has no serious or critical axe violations on any public or /app page" : "lays out every public and /app page";
      it(`${checked} in ${theme} at ${size} size${PHOTOGRAPHS ? ", and photographs each" : ""}`, { timeout: 240_000 }, async () => {
        const found: string[] = [];
        const context = await contextFor(size, theme);
        const page = await context.newPage();
        // Requests still open, named when a page does not load (a rare 30 s stall under load: which request holds it?).
        const open = new Set<string>();
        page.on("request", (request) => open.add(request.url()));
        page.on("requestfinished", (request) => open.delete(request.url()));
        page.on("requestfailed", (request) => open.delete(request.url()));
        const visit = async (path: string) => {
          await page.goto(path).catch((error: Error) => {
            throw new Error(`${path} did not load: ${error.message.split("\n")[0]}; requests still open: ${[...open].join(", ") || "none"}`);
          });
          await waitForHydration(page);
          // Every request the page made has finished: what networkidle waits for, without its half second of quiet per page.
          await expect.poll(() => open.size, { timeout: 30_000, interval: 20 }).toBe(0);
          expect({ path, dark: await page.evaluate(() => document.documentElement.classList.contains("dark")) }).toEqual({ path, dark: theme === "dark" });
          await photograph(page, `${size}-${theme}-${slug(path)}`);
          if (size === "desktop") found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
        };
        for (const path of PUBLIC_PAGES) await visit(path);
        await signInInBrowser(page, email);
        await page.waitForURL(/\/app\/home/);
        const edges = new Map<string, number>();
        for (const path of APP_PAGES) {
          await visit(path);
          edges.set(path, await titleEdge(page, `${size} ${path}`));
        }
        await context.close();
        expect(found).toEqual([]);
        sameLeftEdge(edges);
      });
    }
  }
});
