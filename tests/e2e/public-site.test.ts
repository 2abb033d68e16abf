import { writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { TRY_IT_PER_VISITOR, TRY_IT_VISITOR_LIMIT_MESSAGE } from "../../app/marketing/rules/try-it";
import { mainMarketingPages, MARKETING_PAGES } from "../../app/common/rules/navigation";
import { THEME_STORAGE_KEY } from "../../core/theme";
import { newPage, screenshot, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** The home page's first visit may load at most this much script, gzip (issue #17). */
const FIRST_VISIT_SCRIPT_BUDGET_BYTES = 150_000;
/** Lighthouse's accessibility, best-practices and SEO scores must each reach this (performance: see below). */
const LIGHTHOUSE_MIN_SCORE = 95;
const SIZES = [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 375, height: 812 }],
] as const;

/** Waits until the page's audio element has really played some of its sound. */
async function audioAdvances(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const audio = document.querySelector(`[data-testid="${id}"]`) as HTMLAudioElement | null;
    return Boolean(audio && audio.currentTime > 0.2);
  }, testId);
}

describe("public site journeys", () => {
  it("the home page try-it box speaks for a signed-out visitor, then shows the limit message", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByTestId("try-it");
    await box.getByRole("textbox").fill("Hello from a visitor who has no account.");
    await box.getByRole("button", { name: "Speak" }).click();
    await audioAdvances(page, "try-it-audio");
    await screenshot(page, "home-try-it");

    // The rest of this visitor's samples for the hour, then the refusal.
    for (let used = 1; used < TRY_IT_PER_VISITOR; used++) {
      await box.getByRole("button", { name: "Speak" }).click();
      await box.getByRole("button", { name: "Speak" }).waitFor();
    }
    await expect(box.getByRole("alert").count()).resolves.toBe(0);
    await box.getByRole("button", { name: "Speak" }).click();
    await box.getByRole("alert").waitFor();
    await expect(box.getByRole("alert").textContent()).resolves.toContain(TRY_IT_VISITOR_LIMIT_MESSAGE);
    await screenshot(page, "home-try-it-limit");
    expect(errors.filter((e) => !e.includes("429"))).toEqual([]);
    await context.close();
  });

  it("the header shows the main pages on wide screens and in a menu on phones; screenshots in both themes", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.setViewportSize(SIZES[0][1]);
    await page.goto("/pricing");
    await waitForHydration(page);
    const desktopNav = page.locator("header nav[aria-label='Main']").first();
    await expect(desktopNav.locator("a").allTextContents()).resolves.toEqual(mainMarketingPages().map((p) => p.label));
    await expect(desktopNav.getByRole("link", { name: "Pricing" }).getAttribute("aria-current")).resolves.toBe("page");
    await expect(page.getByTestId("site-menu").isVisible()).resolves.toBe(false);

    await page.setViewportSize(SIZES[1][1]);
    await expect(desktopNav.isVisible()).resolves.toBe(false);
    const menu = page.getByTestId("site-menu");
    await menu.locator("summary").click();
    const phoneNav = menu.locator("nav");
    await phoneNav.getByRole("link", { name: "API" }).waitFor();
    await screenshot(page, "header-menu-phone");
    await page.keyboard.press("Escape");
    await expect(menu.evaluate((details: HTMLDetailsElement) => details.open)).resolves.toBe(false);
    await menu.locator("summary").click();
    await phoneNav.getByRole("link", { name: "Text to speech" }).click();
    await page.waitForURL((url) => url.pathname === "/text-to-speech");
    await page.waitForFunction(() => !document.querySelector<HTMLDetailsElement>('[data-testid="site-menu"]')!.open);

    for (const path of ["/", "/pricing", "/dubbing"]) {
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const theme of ["light", "dark"] as const) {
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
          await page.goto(path);
          await waitForHydration(page);
          await screenshot(page, `${path === "/" ? "home" : path.slice(1)}-${size}-${theme}`);
        }
      }
    }
    await context.close();
  });

  it(`the home page's first visit loads at most ${FIRST_VISIT_SCRIPT_BUDGET_BYTES / 1000} KB of script (gzip) and scores ${LIGHTHOUSE_MIN_SCORE}+ in Lighthouse's accessibility, best practices and SEO`, async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const scripts = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    let gzip = 0;
    for (const body of scripts.values()) gzip += gzipSync(await body).length;
    console.log(`first-visit script of /: ${scripts.size} files, ${(gzip / 1000).toFixed(1)} KB gzip`);
    expect(gzip).toBeLessThanOrEqual(FIRST_VISIT_SCRIPT_BUDGET_BYTES);
    await context.close();

    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
    try {
      const result = await lighthouse(`${baseUrl}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
      const lhr = result!.lhr;
      writeFileSync("tests/e2e/artifacts/lighthouse-home.json", JSON.stringify(lhr));
      const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]));
      console.log("lighthouse /:", JSON.stringify(scores));
      // Performance is simulated from timings observed on this host, whose 2 cores many processes share: it is
      // written down (the JSON above, the report) rather than asserted; the bench measures it on a quiet machine.
      for (const [id, score] of Object.entries(scores)) if (id !== "performance") expect(score, id).toBeGreaterThanOrEqual(LIGHTHOUSE_MIN_SCORE);
    } finally {
      chrome.kill();
    }
  }, 180_000);

  it("a language page plays its pre-generated sample", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto("/languages/german");
    await waitForHydration(page);
    await expect(page.getByTestId("placeholder-text").textContent()).resolves.toContain("Hallo");
    await page.getByTestId("landing-sample").evaluate((audio: HTMLAudioElement) => audio.play());
    await audioAdvances(page, "landing-sample");
    await screenshot(page, "language-german");
    await context.close();
  });

  it("every linked public page answers 200", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto("/");
    const linked = await page.locator("header a[href^='/'], footer a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!))]);
    for (const page of MARKETING_PAGES) expect(linked).toContain(page.to);
    for (const href of linked) {
      const response = await context.request.get(href);
      expect(response.status(), href).toBe(200);
    }
    // The source of the running version is offered to every visitor (AGPL-3.0 section 13).
    expect(linked).toContain("/source.tar.gz");
    const archive = gunzipSync(await (await context.request.get("/source.tar.gz")).body()).toString("latin1");
    expect(archive).toContain("parlance/LICENSE");
    expect(archive).toContain("GNU AFFERO GENERAL PUBLIC LICENSE");
    await context.close();
  });

  it.each(["/", "/pricing", "/languages/french"])("%s has no serious accessibility violations (axe-core)", async (path) => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("remembers a referral for 90 days, lets a paid ad click replace it, and reports the ad after sign-up", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto("/?ref=friend_42");
    await waitForHydration(page);
    // The root's effect stores it once the page has hydrated: wait for it rather than for a frame.
    await page.waitForFunction(() => localStorage.getItem("referral") !== null);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("referral")))!) as { value: string; expiry: number };
    expect(stored.value).toBe("friend_42");
    expect(stored.expiry - Date.now()).toBeGreaterThan(7776000000 - 60_000);
    expect((await context.cookies()).find((c) => c.name === "parlance_referral")?.value).toBe("friend_42");

    await page.goto("/pricing?gclid=test-gclid&utm_source=google&utm_medium=cpc");
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem("adParams"))).toContain("test-gclid");
    // Referral cookies go 2 seconds after a paid ad click.
    await page.waitForFunction(() => !document.cookie.includes("parlance_referral"), undefined, { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem("referral"))).toBeNull();

    const reported = page.waitForResponse((response) => response.url().endsWith("/v1/google-ads-visit"));
    await signUpInBrowser(page, `ad-visitor-${Date.now()}@example.com`);
    expect((await reported).status()).toBe(200);
    await page.waitForFunction(() => localStorage.getItem("adParams") === null);
    await context.close();
  });

  it("a public page served again from the edge cache still hydrates (its scripts get the new nonce)", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const first = await page.goto("/about");
    const second = await page.goto("/about");
    expect(["MISS", "HIT", "STALE"]).toContain(first!.headers()["x-edge-cache"]);
    expect(second!.headers()["x-edge-cache"]).toBe("HIT");
    await waitForHydration(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
