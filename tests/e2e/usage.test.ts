import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("usage page", () => {
  it("shows what a generation used, as a chart, totals and a table, and breaks it down by voice", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("usage"), "/app/usage");
    await expect(page.getByText("No generations in this range yet.").isVisible()).resolves.toBe(true);

    // Generate through the API with the browser's session, as the text-to-speech page does.
    for (const [voice, text] of [["pv01aria000000000000", "Usage counts every character."], ["pv02roger00000000000", "Twice."]] as const) {
      const status = await page.evaluate(
        async ([v, t]) => (await fetch(`/v1/text-to-speech/${v}?output_format=pcm_16000`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: t }) })).status,
        [voice, text],
      );
      expect(status).toBe(200);
    }
    await page.goto("/app/usage");
    await waitForHydration(page);
    const total = "Usage counts every character.".length + "Twice.".length;
    await expect(page.getByTestId("usage-total").textContent()).resolves.toBe(String(total));
    await expect(page.locator("svg[role=img] rect").count()).resolves.toBe(1);

    // Choosing a breakdown re-renders at once (no button press needed with JavaScript).
    await page.getByLabel("Break down by").selectOption("voice");
    await page.waitForURL(/breakdown=voice/);
    await page.locator('rect[data-series="Roger"]').waitFor();
    const legend = page.getByRole("list", { name: "Totals" });
    await expect.poll(() => legend.textContent()).toContain(`Aria${"Usage counts every character.".length}`);
    await expect.poll(() => legend.textContent()).toContain("Roger6");
    await page.getByText("Numbers per day").click();
    await expect(page.locator("table").textContent()).resolves.toContain("Roger");
    await screenshot(page, "usage-by-voice");
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The app's navigation leads here.
    await page.goto("/app/home");
    await page.getByRole("link", { name: "Usage", exact: true }).first().click();
    await page.waitForURL(/\/app\/usage/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
