import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, seriousViolations, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";
import { THEME_STORAGE_KEY } from "../../app/common/rules/theme";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("studio journey", () => {
  it("creates a project from text, converts a chapter with progress, plays from the second paragraph, edits and regenerates it", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("studio"), "/app/studio");
    await waitForHydration(page);
    await page.getByText("No projects yet").waitFor();
    await screenshotsOf(page, "/app/studio", "studio-empty");

    await page.getByRole("button", { name: "New project" }).click();
    const dialog = page.getByTestId("new-project-dialog");
    await dialog.getByLabel("Name").fill("The Lighthouse");
    await dialog.getByRole("tab", { name: "Text" }).click();
    await dialog.getByRole("textbox", { name: "Text" }).fill("Chapter One\n\nThe keeper climbed the stairs.\n\nThe lamp was lit at dusk.\n\nChapter Two\n\nMorning came grey and still.");
    await screenshot(page, "studio-new-project", { fullPage: false });
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/);
    await waitForHydration(page);

    const chapters = page.getByRole("navigation", { name: "Chapters" });
    await chapters.getByRole("link").first().waitFor();
    await expect(chapters.getByRole("link").allTextContents()).resolves.toEqual(["1Chapter One", "2Chapter Two"]);
    const paragraphs = page.getByTestId("studio-block");
    await expect(paragraphs.count()).resolves.toBe(3);
    await expect(page.getByLabel("Paragraph 2 text").inputValue()).resolves.toBe("The keeper climbed the stairs.");

    await page.getByRole("button", { name: /Convert chapter \(3 paragraphs\)/ }).click();
    await page.getByText("All paragraphs converted").waitFor({ timeout: 30_000 });
    await expect(page.locator('a[aria-current="page"] [aria-label="Converted"]').count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Play from paragraph 2" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("The keeper climbed the stairs.");
    await screenshotsOf(page, page.url().replace(baseUrl, ""), "studio-editor");
    await expect(seriousViolations(page)).resolves.toEqual([]);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download MP3" }).click()]);
    expect(download.suggestedFilename()).toBe("Chapter One.mp3");

    await page.getByLabel("Paragraph 2 text").fill("The keeper climbed the long stairs.");
    // Unsaved: going to another chapter asks first; staying keeps the edit.
    const editorUrl = page.url();
    await chapters.getByRole("link", { name: /Chapter Two/ }).click();
    const leave = page.getByTestId("studio-leave");
    await leave.waitFor();
    await leave.getByRole("button", { name: "Stay" }).click();
    await leave.waitFor({ state: "detached" });
    expect(page.url()).toBe(editorUrl);
    await expect(page.getByLabel("Paragraph 2 text").inputValue()).resolves.toBe("The keeper climbed the long stairs.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Regenerate paragraph 2" }).click();
    await page.getByText("All paragraphs converted").waitFor({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Regenerate paragraph 2" }).count()).resolves.toBe(0);

    // The whole project: chapter two has not been converted yet; the sidebar shows its progress, then every chapter done.
    const convertProject = page.getByTestId("convert-project");
    await convertProject.getByText("2 paragraphs in 1 chapter.").waitFor();
    await convertProject.getByRole("button", { name: "Convert project" }).click();
    await page.getByRole("meter", { name: "Chapter Two: conversion progress" }).waitFor({ timeout: 10_000 });
    await convertProject.getByText("A conversion is running: wait for it to finish.").waitFor();
    await expect(convertProject.getByRole("button", { name: "Convert project" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "studio-convert-project", { fullPage: false });
    await convertProject.getByText("Every paragraph is converted: edit one to convert it again.").waitFor({ timeout: 30_000 });
    await expect(chapters.locator('[aria-label="Converted"]').count()).resolves.toBe(2);
    await expect(page.getByRole("meter", { name: /conversion progress/ }).count()).resolves.toBe(0);
    await expect(convertProject.getByRole("button", { name: "Convert project" }).isDisabled()).resolves.toBe(true);

    // Reordering: chapter two dragged above chapter one by its handle (kept after a reload), then put back from the
    // keyboard with its move button; the audiobook below follows the order.
    const order = () => chapters.getByRole("link").allTextContents();
    await chapters.getByTestId("chapter-drag-handle").nth(1).dragTo(chapters.getByTestId("chapter-item").first(), { targetPosition: { x: 40, y: 3 } });
    await expect.poll(order).toEqual(["1Chapter Two", "2Chapter One"]);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(order).toEqual(["1Chapter Two", "2Chapter One"]);
    for (const theme of ["light", "dark"]) {
      for (const [size, width, height] of [["desktop", 1280, 800], ["phone", 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate(([key, t]) => localStorage.setItem(key, t), [THEME_STORAGE_KEY, theme] as const);
        await page.reload();
        await waitForHydration(page);
        await screenshot(page, `studio-chapter-order-${size}-${theme}`, { fullPage: false });
      }
    }
    await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.reload();
    await waitForHydration(page);
    await chapters.getByRole("button", { name: "Move Chapter One up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["1Chapter One", "2Chapter Two"]);

    // The book's details and a cover (a 1x1 PNG) from the settings dialog; the project list shows them.
    await page.getByRole("button", { name: "Project settings" }).click();
    const settings = page.getByTestId("project-settings-dialog");
    await settings.getByLabel("Author").fill("Ann Keeper");
    await settings.getByLabel("Cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await screenshot(page, "studio-settings", { fullPage: false });
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.waitFor({ state: "detached" });
    // The audiobook: one MP3 with chapter marks (decision 0049; the marks are checked in tests/workers/app/studio.test.ts, "studio-audiobook").
    const [book] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download audiobook" }).click()]);
    expect(book.suggestedFilename()).toBe("The Lighthouse.mp3");

    await page.goto("/app/studio");
    await waitForHydration(page);
    await page.getByRole("link", { name: "The Lighthouse" }).waitFor();
    await page.getByText("Ann Keeper").waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Projects"] img')].some((img) => img.complete && img.naturalWidth === 1));
    await screenshotsOf(page, "/app/studio", "studio-projects");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("creates a podcast from pasted text in its dialog, with and without JavaScript, and lands on its editor converting it", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("studio-podcast"), "/app/studio");
    await waitForHydration(page);
    const source = "Tea was first brewed in China thousands of years ago.\n\nIt reached Europe in the seventeenth century.\n\nToday it is drunk all over the world.";
    const secondText = "Milk in it is a British habit.";
    const dialog = page.getByTestId("podcast-dialog");
    for (const theme of ["light", "dark"]) {
      for (const [size, width, height] of [["desktop", 1280, 800], ["phone", 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate(([key, t]) => localStorage.setItem(key, t), [THEME_STORAGE_KEY, theme] as const);
        await page.goto("/app/studio?dialog=podcast");
        await waitForHydration(page);
        await dialog.getByRole("textbox", { name: "Text" }).fill(source);
        await screenshot(page, `studio-podcast-dialog-${size}-${theme}`, { fullPage: false });
      }
    }
    await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/app/studio");
    await waitForHydration(page);

    await page.getByRole("link", { name: "Create a podcast" }).click();
    await dialog.waitFor();
    // The source's and the mode's fields follow the checked radio (by CSS: the same without scripts).
    await dialog.getByText("Web page").click();
    await dialog.getByLabel("Page address").waitFor();
    await expect(dialog.getByRole("textbox", { name: "Text" }).isVisible()).resolves.toBe(false);
    await dialog.getByText("Pasted text").click();
    await dialog.getByLabel("Bulletin").check();
    await expect(dialog.getByLabel("Guest voice").isVisible()).resolves.toBe(false);
    await dialog.getByLabel("Conversation").check();
    await dialog.getByRole("button", { name: "Create podcast" }).click();
    await dialog.getByText("Paste the text to read.").waitFor();
    // That refusal's 400 is the one error the console may show.
    expect(errors.splice(0)).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshot(page, "studio-podcast-dialog-end", { fullPage: false });
    await dialog.getByRole("textbox", { name: "Text" }).fill(source);
    // A second source, read after the first: a row added in the page (no post). A row typed by mistake is removed
    // in place, the row after it moving up with what was typed.
    await dialog.getByRole("button", { name: "Add another source" }).click();
    const secondSource = dialog.getByRole("group", { name: "Source 2", exact: true }).getByRole("textbox", { name: "Text" });
    await secondSource.fill("Not this one.");
    await dialog.getByRole("button", { name: "Add another source" }).click();
    await dialog.getByRole("group", { name: "Source 3", exact: true }).getByRole("textbox", { name: "Text" }).fill(secondText);
    await dialog.getByRole("button", { name: "Remove source 2" }).click();
    await expect.poll(() => dialog.getByRole("group", { name: "Source 3", exact: true }).count()).toBe(0);
    await expect(secondSource.inputValue()).resolves.toBe(secondText);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await dialog.getByRole("button", { name: "Create podcast" }).click();
    await page.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/);
    await waitForHydration(page);
    const paragraphs = page.getByTestId("studio-block");
    await paragraphs.nth(3).waitFor();
    await expect(paragraphs.count()).resolves.toBe(4);
    await expect(page.getByLabel("Paragraph 2 text").inputValue()).resolves.toBe("It reached Europe in the seventeenth century.");
    await expect(page.getByLabel("Paragraph 4 text").inputValue()).resolves.toBe(secondText);
    const voices = await Promise.all([1, 2, 3, 4].map((n) => page.getByRole("combobox", { name: `Paragraph ${n} voice` }).textContent()));
    expect(voices[0]).toBe(voices[2]);
    expect(voices[0]).not.toBe(voices[1]);
    expect(voices[1]).toBe(voices[3]);
    // Queued at once: the editor shows it converting, then done.
    await page.getByText("All paragraphs converted").waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    const signedIn = await context.storageState();
    await context.close();

    // Without scripts: the link opens the dialog in the server's page and the form posts as it is.
    const plain = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, storageState: signedIn });
    const noScript = await plain.newPage();
    await noScript.goto("/app/studio");
    await noScript.getByRole("link", { name: "Create a podcast" }).click();
    const form = noScript.getByTestId("podcast-dialog");
    await form.getByRole("textbox", { name: "Text" }).fill(source);
    await form.getByLabel("Bulletin").check();
    // Without scripts "Add another source" posts the form and the server answers it with one more row, kept as typed.
    await form.getByRole("button", { name: "Add another source" }).click();
    const noScriptSecond = form.getByRole("group", { name: "Source 2", exact: true }).getByRole("textbox", { name: "Text" });
    await noScriptSecond.fill(secondText);
    await expect(form.getByRole("group", { name: "Source", exact: true }).getByRole("textbox", { name: "Text" }).inputValue()).resolves.toBe(source);
    await form.getByRole("button", { name: "Create podcast" }).click();
    await noScript.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/);
    await expect(noScript.getByTestId("studio-block").count()).resolves.toBe(4);
    await plain.close();
  }, 90_000);

  it("suggests Studio for long text on the text-to-speech page, creates the project from it, and imports a web page", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("studio-long"), "/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    const paragraph = "The harbour lights came on one by one while the last boats rounded the point and the keeper wrote the day into his book. ";
    const long = `Chapter One\n\n${paragraph.repeat(9)}\n\nChapter Two\n\n${paragraph.repeat(9)}`;
    const text = page.getByRole("textbox", { name: "Text" });
    await text.fill(paragraph);
    await expect(page.getByTestId("studio-suggestion").count()).resolves.toBe(0);
    await text.fill(long);
    const suggestion = page.getByTestId("studio-suggestion");
    await suggestion.waitFor();
    for (const [size, width, height] of [["desktop", 1440, 900], ["phone", 375, 812]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `studio-suggestion-${size}-light`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await suggestion.getByRole("button", { name: "Create a Studio project" }).click();
    await page.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/);
    await waitForHydration(page);
    const chapters = page.getByRole("navigation", { name: "Chapters" });
    await chapters.getByRole("link").first().waitFor();
    await expect(chapters.getByRole("link").allTextContents()).resolves.toEqual(["1Chapter One", "2Chapter Two"]);

    // Closed for good: not offered again, even after a reload.
    await page.goto("/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    await text.fill(long);
    // The suggestion goes at once; the reload waits for the action's answer (a reload would cancel the request).
    const closed = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/app/speech-synthesis/text-to-speech.data");
    await suggestion.getByRole("button", { name: /Don.t suggest again/ }).click();
    await suggestion.waitFor({ state: "detached" });
    expect((await closed).status()).toBe(200);
    await page.reload();
    await waitForHydration(page);
    await text.fill(long);
    await page.getByTestId("generate").waitFor();
    await expect(page.getByTestId("studio-suggestion").count()).resolves.toBe(0);

    // The URL tab: the server fetches a page (here this stack's own public Studio page) and splits it into chapters.
    await page.goto("/app/studio");
    await waitForHydration(page);
    await page.getByRole("button", { name: "New project" }).click();
    const dialog = page.getByTestId("new-project-dialog");
    await dialog.getByLabel("Name").fill("From the web");
    await dialog.getByRole("tab", { name: "URL" }).click();
    await dialog.getByLabel("Page address").fill(`${baseUrl}/studio`);
    await screenshot(page, "studio-new-project-url", { fullPage: false });
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/app\/studio\/[A-Za-z0-9]{20}/, { timeout: 30_000 });
    await waitForHydration(page);
    await page.getByTestId("studio-block").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
