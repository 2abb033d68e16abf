import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { signUpOverHttp, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

function card(page: Page, tier: string) {
  return page.getByTestId(`plan-${tier}`);
}

async function currentPlan(page: Page): Promise<string> {
  return (await page.getByTestId("current-plan").textContent()) ?? "";
}

/** Pays on the Stripe stand-in's checkout page (the same page real Stripe Checkout would be). */
async function payOnCheckout(page: Page, cardNumber: string) {
  await page.waitForURL(/\/__stripe\/checkout\/cs_/);
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiration").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Subscribe" }).click();
}

async function confirmFlow(page: Page, confirm: string) {
  const dialog = page.getByTestId("plan-flow-dialog");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: confirm }).click();
}

describe("billing", () => {
  it("declined card stays free; subscribe, upgrade, schedule and cancel a downgrade, cancel and renew", async () => {
    const email = uniqueEmail("billing");
    await signUpOverHttp(baseUrl, email);
    const { page, context } = await newPage(browser(), baseUrl);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
    await page.goto("/app/subscription");
    await waitForHydration(page);
    expect(await currentPlan(page)).toContain("Free");
    await expect(card(page, "creator").textContent()).resolves.toContain("First month 50% off");
    await screenshot(page, "subscription-free");

    // A declined card changes nothing.
    await card(page, "creator").getByRole("button", { name: "Subscribe" }).click();
    await payOnCheckout(page, "4000 0000 0000 0002");
    await page.getByText("Your card was declined.").waitFor();
    await page.goto("/app/subscription");
    expect(await currentPlan(page)).toContain("Free");

    // Subscribe to Creator with a good card.
    await waitForHydration(page);
    await card(page, "creator").getByRole("button", { name: "Subscribe" }).click();
    await payOnCheckout(page, "4242 4242 4242 4242");
    await page.waitForURL(/\/app\/subscription/);
    await page.getByText("Thank you! Your workspace is on the Creator plan.").waitFor();
    expect(await currentPlan(page)).toContain("Creator");
    await card(page, "creator").getByRole("button", { name: "Cancel Subscription" }).waitFor();
    const subscription = await page.evaluate(() => fetch("/v1/user/subscription").then((r) => r.json()));
    expect(subscription).toMatchObject({ tier: "creator", status: "active", character_limit: 100000, character_count: 0 });

    // Upgrade to Pro at once.
    await waitForHydration(page);
    await card(page, "pro").getByRole("button", { name: "Upgrade" }).click();
    await confirmFlow(page, "Upgrade now");
    await page.getByText("Your plan is now Pro.").waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-plan"]')?.textContent?.includes("Pro"));

    // Schedule a downgrade to Creator, see it labelled, cancel it.
    await card(page, "creator").getByRole("button", { name: "Downgrade" }).click();
    await confirmFlow(page, "Downgrade");
    await card(page, "pro").getByText("Will be downgraded").waitFor();
    await screenshot(page, "subscription-downgrade-scheduled");
    await card(page, "creator").getByRole("button", { name: "Cancel Downgrade" }).click();
    await page.getByText("The scheduled downgrade was canceled.").waitFor();
    await card(page, "pro").getByText("Will be downgraded").waitFor({ state: "detached" });

    // Cancel at period end, see it labelled, renew.
    await card(page, "pro").getByRole("button", { name: "Cancel Subscription" }).click();
    await confirmFlow(page, "Cancel subscription");
    await card(page, "pro").getByText("Will be canceled").waitFor();
    await card(page, "pro").getByRole("button", { name: "Do Not Cancel" }).click();
    await page.getByText("Your subscription will renew.").waitFor();
    await card(page, "pro").getByText("Will be canceled").waitFor({ state: "detached" });
    expect(await currentPlan(page)).toContain("Pro");

    // Usage-based billing (extra credits beyond the plan) can be allowed and taken back by the admin.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Allow usage beyond the plan (billed per 1,000 credits)" }).click();
    await page.getByText("Usage-based billing is on.").waitFor();
    // The toast comes with the action's answer; the page's data follows when the loader has revalidated.
    await page.waitForFunction(() => document.querySelector('[data-testid="usage"]')?.textContent?.includes("usage-based billing on"));
    await page.getByLabel(/Cap on extra credits per period/).fill("50");
    await page.getByRole("button", { name: "Save cap" }).click();
    await page.getByText("The cap on extra credits is saved.").waitFor();
    const capped = await page.evaluate(() => fetch("/v1/user/subscription").then((r) => r.json()));
    expect(capped).toMatchObject({ allowed_to_extend_character_limit: true, max_character_limit_extension: 50 });
    await screenshot(page, "subscription-usage-based-billing");
    await page.getByRole("button", { name: "Turn off usage-based billing" }).click();
    await page.getByText("Usage-based billing is off.").waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="usage"]')?.textContent?.includes("left"));

    // The invoices so far, newest first: the upgrade's proration, then the first month of Creator.
    const rows = page.getByTestId("invoice-row");
    await rows.nth(1).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    for (const row of await rows.all()) await expect(row.textContent()).resolves.toContain("Paid");
    const first = rows.nth(1).getByRole("link");
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/app\/subscription\/invoices\/in_/);
    await first.click();
    await page.getByTestId("invoice-summary").waitFor();
    expect(page.url()).toContain(href);
    await expect(page.locator("table").textContent()).resolves.toContain("Creator");
    await expect(page.getByTestId("invoice-summary").textContent()).resolves.toContain("Paid");
    await screenshot(page, "invoice");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // Another workspace's admin cannot open it.
    const stranger = await signUpOverHttp(baseUrl, uniqueEmail("invoice-stranger"));
    expect((await fetch(new URL(href, baseUrl), { headers: { cookie: stranger }, redirect: "manual" })).status).toBe(404);
    await context.close();
  });

  it("a promo code is validated, saved, and discounts checkout; an invalid one is refused", async () => {
    const email = uniqueEmail("promo");
    await signUpOverHttp(baseUrl, email);
    const { page, context } = await newPage(browser(), baseUrl);
    await signInInBrowser(page, email);
    await page.waitForURL(/\/app\/home/);
    await page.goto("/app/subscription");
    await waitForHydration(page);

    await page.getByRole("button", { name: "Use promo code" }).click();
    let dialog = page.getByTestId("promo-dialog");
    await dialog.getByLabel("Promo code").fill("NOPE-CODE");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Coupon code NOPE-CODE is invalid").waitFor();

    await dialog.getByLabel("Promo code").fill("SPECIAL-OFFER-30");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Coupon code applied for checkout! 30% off for 3 months.").waitFor();
    await page.getByTestId("saved-promo").waitFor();
    await screenshot(page, "subscription-promo");

    await card(page, "starter").getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/__stripe\/checkout\/cs_/);
    // Starter is $5 a month; 30% off makes $3.50 due today.
    await page.getByText("$3.50").first().waitFor();
    await screenshot(page, "checkout-with-promo");

    // Removing the code from the saved card.
    await page.goto("/app/subscription");
    await waitForHydration(page);
    await page.getByTestId("saved-promo").getByRole("button", { name: "Remove" }).click();
    await page.getByText("Promo code SPECIAL-OFFER-30 was removed").waitFor();
    dialog = page.getByTestId("saved-promo");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("the public pricing page lists every plan and sends signed-out visitors to sign-up", async () => {
    const response = await fetch(`${baseUrl}/pricing`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("stale-while-revalidate");
    const { page, context } = await newPage(browser(), baseUrl);
    await page.goto("/pricing?period=annual");
    await waitForHydration(page);
    for (const name of ["Free", "Starter", "Creator", "Pro", "Scale", "Business"]) await page.getByRole("heading", { name, exact: true }).waitFor();
    await expect(card(page, "creator").textContent()).resolves.toContain("$18.33");
    await screenshot(page, "pricing");
    await card(page, "creator").getByRole("link", { name: "Start Today" }).click();
    await page.waitForURL(/\/app\/sign-up/);
    await context.close();
  });
});
