import { describe, expect, inject, it } from "vitest";
import { newPage, screenshotsOf, seriousViolations, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const PLS = `<?xml version="1.0"?><lexicon version="1.0" alphabet="ipa" xml:lang="en-US"><lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme></lexicon>`;

describe("pronunciation dictionaries", () => {
  it("creates dictionaries from rules and a .pls file, edits and downloads them, and attaches one to a Studio project", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("pronunciation"));
    await page.goto("/app/pronunciation-dictionaries");
    await waitForHydration(page);
    await page.getByText("No pronunciation dictionaries yet").waitFor();

    await page.getByLabel("Name").fill("Places");
    await page.getByRole("button", { name: "Create" }).click();
    const places = page.getByTestId("dictionary").filter({ hasText: "Places" });
    await places.waitFor();
    await places.getByLabel("Text").fill("Thailand");
    await places.getByLabel("Say instead").fill("tie land");
    await places.getByRole("button", { name: "Add rule" }).click();
    await places.getByRole("cell", { name: "tie land" }).waitFor();

    // A phoneme the embedded engine has no symbol for is refused by name.
    await places.getByRole("combobox", { name: "Kind of rule" }).click();
    await page.getByRole("option", { name: "Phonemes" }).click();
    await places.getByLabel("Text").fill("Paris");
    await places.getByLabel("Phonemes").fill("paʁi");
    await places.getByRole("button", { name: "Add rule" }).click();
    await places.getByText('the embedded engine cannot speak "ʁ" in ipa').waitFor();

    await page.getByLabel("Name").fill("Tech");
    await page.getByLabel("PLS file (optional)").setInputFiles({ name: "tech.pls", mimeType: "application/pls+xml", buffer: Buffer.from(PLS) });
    await page.getByRole("button", { name: "Create" }).click();
    const tech = page.getByTestId("dictionary").filter({ hasText: "Tech" });
    await tech.getByRole("cell", { name: "sequel" }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), places.getByRole("link", { name: "Download .pls" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pls$/);

    await screenshotsOf(page, "/app/pronunciation-dictionaries", "pronunciation-dictionaries");
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await page.goto("/app/studio");
    await waitForHydration(page);
    await page.getByRole("button", { name: "New project" }).click();
    const dialog = page.getByTestId("new-project-dialog");
    await dialog.getByLabel("Name").fill("Trip");
    await dialog.getByRole("tab", { name: "Text" }).click();
    await dialog.getByRole("textbox", { name: "Text" }).fill("We went to Thailand.");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/);
    await waitForHydration(page);
    const attach = page.getByTestId("project-dictionaries");
    await attach.getByText("Pronunciation dictionaries (0)").click();
    await attach.getByLabel("Places").check();
    await attach.getByRole("button", { name: "Apply" }).click();
    await attach.getByText("Pronunciation dictionaries (1)").waitFor();
    // The refused phoneme rule's 400 is the only failed request.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await context.close();
  }, 120_000);
});
