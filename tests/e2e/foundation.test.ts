import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, waitForHydration } from "./browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("foundation journeys", () => {
  it("renders and hydrates the home page; the theme persists across a reload", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Voice AI you can run anywhere");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await screenshot(page, "home-light");

    // A client-side interaction: only a hydrated page reacts to the toggle.
    await page.getByTestId("theme-toggle").click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    // Applied before first paint by the inline script, not after hydration.
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await screenshot(page, "home-dark");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the 404 page for an unknown page", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "not-found");
    await context.close();
  });

  it("applies the sign-in redirect rule at the real front door", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto(`/app/sign-in?redirect=${encodeURIComponent("//evil.example/steal")}`);
    const dropped = new URL(page.url());
    expect(dropped.origin).toBe(baseUrl);
    expect(dropped.pathname).toBe("/app/sign-in");
    expect(dropped.searchParams.has("redirect")).toBe(false);

    await page.goto(`/app/sign-in?redirect=${encodeURIComponent("/app/speech-synthesis/text-to-speech")}`);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/app/speech-synthesis/text-to-speech");
    await context.close();
  });

  it("never follows an account-action link off the site, whatever its continueUrl hides", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const visited: string[] = [];
    page.on("request", (request) => visited.push(request.url()));
    for (const trick of ["/.//evil.example", "/app/home/../..//evil.example", "//evil.example/path", "/\\evil.example"]) {
      await page.goto(`/app/action?mode=recoverEmail&continueUrl=${encodeURIComponent(trick)}`);
      expect(new URL(page.url()).origin, trick).toBe(baseUrl);
    }
    expect(visited.filter((url) => new URL(url).hostname.includes("evil"))).toEqual([]);
    await context.close();
  });

  it("secures responses and answers the API in JSON", async () => {
    const page = await fetch(baseUrl + "/");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("request-id")).toBeTruthy();
    const api = await fetch(baseUrl + "/v1/does-not-exist");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ detail: { status: "not_found" } });
  });

  it("navigates from the text-to-speech page to a language landing page and plays its sample", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await page.goto("/text-to-speech");
    await waitForHydration(page);
    await page.getByRole("link", { name: /British English/ }).first().click();
    await page.waitForURL(/\/languages\/british-accent$/);
    await page.getByRole("heading", { level: 1, name: "British English text to speech" }).waitFor();
    await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="landing-sample"]')!.play());
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="landing-sample"]')!.currentTime > 0.2, undefined, { timeout: 20_000 });
    await page.setViewportSize({ width: 320, height: 800 });
    await screenshot(page, "language-landing-320");
    await context.close();
  });
});
