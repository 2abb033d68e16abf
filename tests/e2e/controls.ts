import type { Page } from "playwright-core";

/** Chooses an option of a themed Select (Radix): the trigger is a combobox named by its label, the choices options. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The text-to-speech page's voice picker: opened, searched for the name, the voice's row chosen. */
export async function pickVoice(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Voice", exact: true }).click();
  await page.getByPlaceholder(/^Search voices/).fill(name);
  await page.getByRole("option").filter({ hasText: name }).first().click();
  await page.getByPlaceholder(/^Search voices/).waitFor({ state: "detached" });
}

/** The voice the picker shows as chosen (its trigger's text: the voice's name and tags). */
export function chosenVoice(page: Page): Promise<string | null> {
  return page.getByTestId("voice-picker").textContent();
}

/** The value a themed slider (Radix: role=slider) holds. */
export async function sliderValue(page: Page, name: string): Promise<string | null> {
  return page.getByRole("slider", { name, exact: true }).getAttribute("aria-valuenow");
}
