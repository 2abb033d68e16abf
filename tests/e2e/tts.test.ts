import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { chooseOption, chosenVoice, pickVoice, sliderValue } from "./controls";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("text to speech journey", () => {
  it("signs up, types text, picks a voice, generates, hears it play, finds it in history and downloads it", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    const email = uniqueEmail("tts");
    await signUpInBrowser(page, email, "/app/speech-synthesis/text-to-speech");

    const text = "Hello from the browser. This sentence is spoken by the embedded engine.";
    await page.locator("#tts-text").fill(text);
    await expect(page.getByTestId("char-count").textContent()).resolves.toContain(`${text.length} /`);
    await pickVoice(page, "Roger");
    await page.getByTestId("generate").click();

    // Audio plays while it streams: the player's currentTime advances.
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.3;
    }, undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toContain("Hello from the browser");
    await screenshot(page, "tts-playing");

    // The item appears in the history panel once stored.
    const item = page.getByTestId("history-item").filter({ hasText: "Hello from the browser" });
    await item.first().waitFor({ timeout: 15_000 });
    await expect(item.first().textContent()).resolves.toContain("Roger");

    const [download] = await Promise.all([page.waitForEvent("download"), item.first().getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Roger_.*\.mp3$/);
    const path = await download.path();
    expect(path).toBeTruthy();
    const { statSync } = await import("node:fs");
    expect(statSync(path!).size).toBeGreaterThan(10_000);
    await screenshot(page, "tts-history");
    await context.close();
  });

  it("loads the voice's saved settings into the sliders, saves them, sends them, and disables what the engine ignores", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("settings"), "/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);
    // The embedded engine has no counterpart for similarity or speaker boost: disabled, with the reason.
    const similarity = page.getByRole("slider", { name: "Similarity", exact: true });
    await expect(similarity.isDisabled()).resolves.toBe(true);
    await expect(page.locator(`#${await similarity.getAttribute("aria-describedby")}`).textContent()).resolves.toContain("formant synthesis");
    await expect(page.getByLabel("Speaker boost").isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("slider", { name: "Stability", exact: true }).isDisabled()).resolves.toBe(false);

    // Roger's stability lowered to 0.25, below the 0.3 threshold (the themed slider takes the arrow keys), and saved for the workspace.
    await pickVoice(page, "Roger");
    const stability = () => sliderValue(page, "Stability");
    await page.getByRole("slider", { name: "Stability", exact: true }).focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowLeft");
    await expect(stability()).resolves.toBe("0.25");
    await page.getByTestId("setting-stability").getByText("unstable").waitFor();
    await page.getByRole("button", { name: "Save for Roger" }).click();
    await expect.poll(() => page.evaluate(async () => ((await (await fetch("/v1/voices/pv02roger00000000000/settings")).json()) as { stability: number }).stability), { timeout: 5_000 }).toBe(0.25);
    await screenshot(page, "tts-voice-settings");

    // Another voice brings its own settings; coming back, and after a reload, Roger's saved ones return.
    await pickVoice(page, "Aria");
    await expect(stability()).resolves.toBe("0.5");
    await page.reload();
    await waitForHydration(page);
    await pickVoice(page, "Roger");
    await expect.poll(stability, { timeout: 5_000 }).toBe("0.25");

    // A generation carries them: its history item records stability 0.25.
    await page.locator("#tts-text").fill("Saved settings are sent.");
    await page.getByTestId("generate").click();
    await page.getByTestId("history-item").filter({ hasText: "Saved settings are sent." }).first().waitFor({ timeout: 20_000 });
    const settings = await page.evaluate(async () => ((await (await fetch("/v1/history?page_size=1")).json()) as { history: { settings: { stability: number } }[] }).history[0]!.settings);
    expect(settings.stability).toBe(0.25);
    await context.close();
  });

  it("previews a voice and offers its other languages (the multilingual model's previews)", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("previews"), "/app/speech-synthesis/text-to-speech");
    await pickVoice(page, "Camille");
    await expect(chosenVoice(page)).resolves.toContain("Camille");
    await page.getByRole("button", { name: "Preview Camille" }).click();
    const playing = (fragment: string) =>
      page.waitForFunction((f) => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
        return audio.src.includes(f) && audio.currentTime > 0.2;
      }, fragment, { timeout: 20_000 });
    await playing("voice_preview_camille.mp3");
    // The player's language choice (a themed Select): the voice's own language first chosen, the others offered.
    const language = page.getByRole("combobox", { name: "Preview language" });
    await expect(language.textContent()).resolves.toBe("French");
    await language.click();
    await expect(page.getByRole("option").allTextContents()).resolves.toEqual(["English", "German", "French", "Spanish", "Italian", "Portuguese"]);
    await page.getByRole("option", { name: "Spanish" }).click();
    await playing("voice_preview_camille_es.mp3");
    await screenshot(page, "player-language-previews");
    await context.close();
  });

  it("filters the voice picker as you type, plays a voice's preview from its row, and says why Generate is disabled", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("picker"), "/app/speech-synthesis/text-to-speech");
    await waitForHydration(page);

    // Generate disabled, and beside it why: no text, then too long for the model (the counter turns red).
    const generate = page.getByTestId("generate");
    const hint = page.getByTestId("generate-hint");
    await expect(generate.isDisabled()).resolves.toBe(true);
    await expect(hint.textContent()).resolves.toBe("Enter some text to generate speech.");
    await page.locator("#tts-text").fill("a".repeat(2730));
    await expect(hint.textContent()).resolves.toBe("The text is 230 characters over the limit of 2,500 for this model. Shorten it to generate.");
    await expect(page.getByTestId("char-count").textContent()).resolves.toBe("2730 / 2500");
    await expect(page.getByTestId("char-count").getAttribute("class")).resolves.toContain("text-destructive-foreground");
    await expect(generate.isDisabled()).resolves.toBe(true);
    await screenshot(page, "tts-too-long");
    await page.locator("#tts-text").fill("Short enough.");
    await expect(hint.count()).resolves.toBe(0);
    await expect(generate.isDisabled()).resolves.toBe(false);

    // Typing filters the rows by the start of their words (name, language, gender, accent, description).
    const before = await chosenVoice(page);
    await page.getByRole("combobox", { name: "Voice", exact: true }).click();
    const search = page.getByPlaceholder(/^Search voices/);
    const rows = page.getByRole("option");
    const names = () => rows.evaluateAll((options) => options.map((o) => o.querySelector(".font-medium")?.textContent ?? ""));
    expect((await names()).length).toBeGreaterThanOrEqual(14);
    await search.fill("ital");
    await expect.poll(names).toEqual(["Giulia", "Marco"]);
    await search.fill("parisian fem");
    await expect.poll(names).toEqual(["Camille"]);

    // A row's play button plays its preview in the global player, shows it playing, and pauses it; it does not choose the voice.
    const play = rows.filter({ hasText: "Camille" }).getByRole("button", { name: "Preview Camille" });
    await play.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute("data-state") === "playing", undefined, { timeout: 20_000 });
    await expect(page.getByTestId("player-title").textContent()).resolves.toBe("Camille preview");
    await expect.poll(() => play.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "tts-voice-picker");
    await play.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute("data-state") === "paused");
    await expect.poll(() => play.getAttribute("aria-pressed")).toBe("false");
    await expect(search.isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await expect(chosenVoice(page)).resolves.toBe(before);
    await context.close();
  });

  it("speaks a dialogue from the dialogue mode and keeps the draft locally", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("dialogue"), "/app/speech-synthesis/text-to-speech");

    await page.getByRole("tab", { name: "Dialogue" }).click();
    await page.getByLabel("Text of line 1").fill("Good morning, Roger.");
    await chooseOption(page, "Voice of line 2", "Roger");
    await page.getByLabel("Text of line 2").fill("Morning, Aria!");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByTestId("generate-dialogue").click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.3, undefined, { timeout: 20_000 });
    await page.getByTestId("history-item").filter({ hasText: "Good morning, Roger." }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, "tts-dialogue");

    // Two items selected download together as a zip.
    await page.getByTestId("generate-dialogue").click();
    await page.getByTestId("history-item").nth(1).waitFor({ timeout: 20_000 });
    for (const index of [0, 1]) await page.getByTestId("history-item").nth(index).getByRole("checkbox").check();
    const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download selected" }).click()]);
    expect(zip.suggestedFilename()).toBe("history.zip");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync((await zip.path())!).subarray(0, 2).toString()).toBe("PK");

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Dialogue" }).click();
    // The draft is read after the editor mounts: wait for it rather than reading the first paint.
    await expect.poll(() => page.getByLabel("Text of line 2").inputValue(), { timeout: 5_000 }).toBe("Morning, Aria!");
    await context.close();
  });

  it("plays in the global player: speed, skips, keyboard, collapse, and feedback after 3 seconds", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("player"), "/app/speech-synthesis/text-to-speech");
    const text = "This is a longer passage for the player. It keeps going for a while, sentence after sentence, so that there is time to skip around and to rate it once three seconds have passed.";
    await page.locator("#tts-text").fill(text);
    await page.getByTestId("generate").click();
    const audio = () => page.evaluate(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
      return { time: a.currentTime, rate: a.playbackRate, paused: a.paused };
    });
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')?.currentTime ?? 0) > 0.2, undefined, { timeout: 20_000 });
    // Download appears once the item is found in history (polled after 1 s).
    await page.getByTestId("player").getByRole("link", { name: "Download" }).waitFor({ timeout: 15_000 });

    // The waveform outlines the stored audio (varied bar heights, not a flat line) and marks what has played.
    const waveform = page.getByTestId("player-waveform");
    await waveform.waitFor({ timeout: 15_000 });
    await expect(waveform.getAttribute("data-bars")).resolves.toBe("64");
    const heights = await waveform.locator("rect").evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
    expect(new Set(heights.map(Math.round)).size).toBeGreaterThan(5);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="player-waveform"]')?.getAttribute("data-played")) > 0);

    await chooseOption(page, "Playback speed", "1.5×");
    expect((await audio()).rate).toBe(1.5);
    await chooseOption(page, "Playback speed", "1×");

    // Keyboard: space pauses (not while typing), arrows skip 3 s.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(" ");
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused);
    const before = (await audio()).time;
    await page.keyboard.press("ArrowRight");
    expect((await audio()).time).toBeCloseTo(before + 3, 0);
    await page.getByRole("button", { name: "Back 10 seconds" }).click();
    expect((await audio()).time).toBe(0);
    await page.locator("#tts-text").focus();
    await page.keyboard.press(" ");
    expect((await audio()).paused).toBe(true);

    // Feedback controls after 3 s of playback; negative feedback opens the dialog with its rules.
    await page.getByRole("button", { name: "Forward 10 seconds" }).click();
    await page.getByTestId("feedback-controls").waitFor();
    await page.getByRole("button", { name: "Bad generation" }).click();
    const dialog = page.getByTestId("feedback-dialog");
    // The minimum is shown from the start, not only after a refused Submit.
    await expect(dialog.getByTestId("feedback-counter").textContent()).resolves.toBe("0/20 characters minimum");
    await dialog.getByLabel("Glitches").check();
    await dialog.getByLabel("Tell us more").fill("too short");
    await expect(dialog.getByTestId("feedback-counter").textContent()).resolves.toBe("9/20 characters minimum");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Feedback must be at least 20 characters long").waitFor();
    await dialog.getByLabel("Tell us more").fill("The pause after the first sentence is too long.");
    await expect(dialog.getByTestId("feedback-counter").textContent()).resolves.toBe("47/200 characters");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Your feedback has been submitted. Thank you").waitFor();
    await screenshot(page, "player-feedback");

    await page.getByRole("button", { name: "Collapse player" }).click();
    await page.getByRole("button", { name: "Expand player" }).click();
    await page.getByTestId("player-toggle").waitFor();
    await context.close();
  });
});
