import { describe, expect, inject, it } from "vitest";
import { newPage, screenshotsOf, seriousViolations, sharedBrowser, waitForHydration } from "./browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("API reference page", () => {
  it("describes both surfaces: the commercial API's and the OpenAI-compatible routes, with each SDK's example", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await page.goto("/api");
    await waitForHydration(page);
    const text = (await page.textContent("main, article")) ?? "";
    expect(text).toContain('{"detail": {"status": "...", "message": "..."}}');
    expect(text).toContain('{"error": {"message", "type", "code", "param"}}');
    expect(text).toContain('import OpenAI from "openai"');
    await expect(page.getByRole("heading", { name: "OpenAI-compatible" }).isVisible()).resolves.toBe(true);
    for (const path of ["/v1/audio/speech", "/v1/audio/transcriptions", "/v1/audio/translations", "/v1/openai/voices"]) expect(text, path).toContain(path);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsOf(page, "/api", "api-reference");
    // On a phone nothing reaches past the screen's right edge.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *, article *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("pre"))
        .map((el) => `${el.tagName} ${(el.textContent ?? "").slice(0, 60)}`)
        .slice(0, 8),
    );
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
