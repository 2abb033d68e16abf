import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("usage page", () => {
  it("shows what a generation used, as a chart, totals and a table, and breaks it down by voice", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("usage"), "/app/usage");
    // A new account: an empty state in place of the chart.
    await waitForHydration(page);
    await expect(page.getByTestId("empty-state").textContent()).resolves.toContain("No generations in this range yet.");
    await expect(page.getByTestId("usage-y-axis").count()).resolves.toBe(0);
    await screenshot(page, "usage-empty");

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
    // One day of usage: one bar, a thirtieth of the width at the right end (today), against labelled axes.
    await expect(page.locator("svg[role=img] rect[data-series]").count()).resolves.toBe(1);
    await expect(page.getByTestId("usage-y-tick").allTextContents()).resolves.toEqual(["0", "10", "20", "30", "40"]);
    const dates = await page.getByTestId("usage-x-tick").allTextContents();
    expect(dates).toHaveLength(5);
    expect(dates.at(-1)).toBe(new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(Date.now()));
    const plot = (await page.locator("svg[role=img]").boundingBox())!;
    const bar = (await page.locator("svg[role=img] rect[data-series]").boundingBox())!;
    expect(bar.width).toBeLessThan(plot.width / 20);
    expect(bar.x + bar.width).toBeGreaterThan(plot.x + plot.width - plot.width / 25);
    await screenshotsOf(page, "/app/usage", "usage");

    // Choosing a breakdown re-renders at once (no button press needed with JavaScript).
    await page.getByLabel("Break down by").click();
    await page.getByRole("option", { name: "Voice" }).click();
    await page.waitForURL(/breakdown=voice/);
    await page.locator('rect[data-series="Roger"]').waitFor();
    const legend = page.getByRole("list", { name: "Totals" });
    await expect.poll(() => legend.textContent()).toContain(`Aria${"Usage counts every character.".length}`);
    await expect.poll(() => legend.textContent()).toContain("Roger6");
    await page.getByText("Numbers per day").click();
    await expect(page.locator("table").textContent()).resolves.toContain("Roger");
    await screenshot(page, "usage-by-voice");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/usage?breakdown=voice")).toEqual([]);

    // The app's navigation leads here.
    await page.goto("/app/home");
    await page.getByRole("link", { name: "Usage", exact: true }).first().click();
    await page.waitForURL(/\/app\/usage/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
