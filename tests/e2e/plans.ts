import type { Page } from "playwright-core";
import { waitForHydration } from "./browser";

/** Subscribes the signed-in workspace to a paid plan through the subscription page and the Stripe stand-in's checkout. */
export async function subscribeInBrowser(page: Page, tier: string, planName: string) {
  await page.goto("/app/subscription");
  await waitForHydration(page);
  await page.getByTestId(`plan-${tier}`).getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/__stripe\/checkout\/cs_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiration").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Cardholder name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(/\/app\/subscription/);
  await page.getByText(`Thank you! Your workspace is on the ${planName} plan.`).waitFor();
}
