import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";
import { QUALIFICATION_TESTS } from "../../app/productions/rules/productions";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("productions marketplace and payouts", () => {
  it("a producer claims and delivers a task, the customer accepts it, and the producer is paid out", async () => {
    const title = `The Lighthouse ${Date.now().toString(36)}`;
    const customer = await newPage(browser(), baseUrl);
    await signUpInBrowser(customer.page, uniqueEmail("prod-customer"), "/app/productions");
    await waitForHydration(customer.page);
    await customer.page.getByLabel("Title").fill(title);
    await customer.page.getByLabel("Minutes of audio").fill("30");
    await expect(customer.page.getByTestId("production-quote").textContent()).resolves.toContain("$90.00");
    await customer.page.getByRole("button", { name: "Order at this quote" }).click();
    await customer.page.getByText(`Ordered "${title}" for $90.00`).waitFor();

    const producer = await newPage(browser(), baseUrl);
    const { page } = producer;
    await signUpInBrowser(page, uniqueEmail("prod-producer"), "/app/productions/settings");
    await waitForHydration(page);
    await page.getByLabel("Display name").fill("Pat Producer");
    await page.getByRole("button", { name: "Become a producer" }).click();
    await page.getByText("You are a producer").waitFor();
    await page.goto("/app/productions/settings/qualifications");
    await waitForHydration(page);
    const test = page.locator("form").filter({ has: page.locator('input[name="kind"][value="studio_project"]') });
    await test.getByLabel("Corrected text").fill(QUALIFICATION_TESTS.studio_project.reference);
    await test.getByRole("button", { name: "Submit test" }).click();
    await page.getByText("Passed with 100%").waitFor();

    await page.goto("/app/productions/unclaimed");
    await waitForHydration(page);
    const card = page.getByTestId("production-task").filter({ hasText: title });
    await card.getByText("you earn $63.00").waitFor();
    await card.getByRole("button", { name: /Claim/ }).click();
    await page.getByText("Claimed: it is in your active tasks.").waitFor();
    await page.goto("/app/productions/active");
    await waitForHydration(page);
    const active = page.getByTestId("production-task").filter({ hasText: title });
    await active.getByLabel("Deliverable").setInputFiles({ name: "lighthouse.txt", mimeType: "text/plain", buffer: Buffer.from("Chapter one, narrated and checked.") });
    await active.getByRole("button", { name: "Deliver", exact: true }).click();
    await page.getByText("Delivered: the customer is reviewing it.").waitFor();

    await customer.page.goto("/app/productions");
    await waitForHydration(customer.page);
    const ordered = customer.page.getByTestId("production-task").filter({ hasText: title });
    await ordered.getByText("Download lighthouse.txt").waitFor();
    await ordered.getByRole("button", { name: "Accept", exact: true }).click();
    await customer.page.getByText("Accepted: the producer is paid their share.").waitFor();
    await ordered.getByText("Accepted", { exact: true }).waitFor();

    await page.goto("/app/payouts");
    await waitForHydration(page);
    await expect(page.getByTestId("payout-balance").textContent()).resolves.toBe("$63.00");
    await page.getByRole("button", { name: "Connect a payout account" }).click();
    await page.getByRole("heading", { name: "Set up payouts" }).waitFor();
    await page.getByLabel("Legal name").fill("Pat Producer");
    await page.getByRole("button", { name: "Agree and submit" }).click();
    await page.waitForURL(/\/app\/payouts\?onboarded=1/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay out $63.00" }).click();
    await page.getByText("Paid out $63.00 to your connected account.").waitFor();
    await page.getByTestId("payout-balance").getByText("$0.00", { exact: true }).waitFor();

    // Every producer page is checked with axe; the four with the most on them are also photographed in both themes
    // (the others share their layout), which keeps this journey's time down.
    for (const [path, name] of [
      ["/app/productions/dashboard", null],
      ["/app/productions/unclaimed", null],
      ["/app/productions/active", null],
      ["/app/productions/history", "productions-history"],
      ["/app/productions/settings", null],
      ["/app/productions/settings/qualifications", "productions-qualifications"],
      ["/app/payouts", "payouts"],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await expect.soft(await seriousViolations(page), path).toEqual([]);
      if (!name) continue;
      await screenshotsOf(page, path, name);
      await expect.soft(await darkViolations(page, path), path).toEqual([]);
    }
    await screenshotsOf(customer.page, "/app/productions", "productions-customer");
    await expect.soft(await seriousViolations(customer.page)).toEqual([]);
    expect(producer.errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await producer.context.close();
    await customer.context.close();
  }, 240_000);
});
