import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { darkViolations, launchBrowser, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { wavFile } from "../../core/audio/wav";
import { concatSamples } from "../../core/audio/pcm";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** A real recording with known words from PocketSphinx's test data (the build unpacks its source into the cache). */
const LIBRIVOX = new URL("../../node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox/", import.meta.url);
const RECORDING = fileURLToPath(new URL("sense_and_sensibility_01_austen_64kb-0920.wav", LIBRIVOX));
/** Three turns by two premade voices with pauses between: Roger (a man), Aria (a woman), Roger again. */
const TURNS: [string, string][] = [
  ["pv02roger00000000000", "Good morning, did you sleep well?"],
  ["pv01aria000000000000", "Yes, very well, thank you."],
  ["pv02roger00000000000", "Then let us begin."],
];
/** What the microphone hears in the recording test: "he was not an ill disposed young man" (3 s), played once. */
const SPOKEN_TO_MICROPHONE = fileURLToPath(new URL("sense_and_sensibility_01_austen_64kb-0880.wav", LIBRIVOX));

describe("speech to text page", () => {
  it("transcribes an uploaded recording, lists it, reopens it after a reload, marks the played word, seeks on a click, exports, deletes it", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("stt-page"), "/app/speech-to-text");
    await waitForHydration(page);
    await screenshotsOf(page, "/app/speech-to-text", "speech-to-text-empty");
    await page.getByText("Nothing transcribed yet").waitFor();

    await page.getByTestId("stt-file").setInputFiles({ name: "austen.wav", mimeType: "audio/wav", buffer: readFileSync(RECORDING) });
    await page.getByRole("button", { name: "Transcribe", exact: true }).click();
    const transcript = page.getByTestId("stt-transcript");
    await transcript.waitFor({ timeout: 60_000 });
    await expect(transcript.textContent()).resolves.toContain("amiable woman");

    // The new transcript opened at its own address and heads the list, with its length, language and speakers.
    await page.waitForURL(/\/app\/speech-to-text\?transcript=\w+/);
    const item = page.getByTestId("stt-item");
    await expect.poll(() => item.count()).toBe(1);
    await expect(item.textContent()).resolves.toMatch(/austen\.wav.*0:0\d · English · 1 speaker · \w{3} \d+, \d{4}/);

    // After a reload the same transcript is open, from its stored copy and its kept recording.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("stt-view").getByRole("heading").textContent()).resolves.toBe("austen.wav");
    await expect(transcript.textContent()).resolves.toContain("amiable woman");

    // A click on a word seeks the player to the word's start, and that word is marked as the one playing.
    const word = transcript.getByRole("button", { name: "respectable", exact: true });
    const start = Number(await word.getAttribute("data-start"));
    await word.click();
    await page.getByTestId("stt-audio").evaluate((audio: HTMLAudioElement) => audio.pause());
    const at = await page.getByTestId("stt-audio").evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(Math.abs(at - start)).toBeLessThan(0.5);
    await expect.poll(() => transcript.locator("[aria-current=true]").count()).toBe(1);

    for (const format of ["SRT", "VTT", "TXT"]) await expect(page.getByRole("link", { name: `Export ${format}` }).getAttribute("download")).resolves.toBe(`austen.${format.toLowerCase()}`);
    const srt = await page.getByRole("link", { name: "Export SRT" }).getAttribute("href");
    expect(decodeURIComponent(srt!.replace(/^data:[^,]*,/, ""))).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n.*amiable/s);
    await screenshot(page, "speech-to-text-result-desktop-light");
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, "speech-to-text-result-phone-light");
    await page.setViewportSize({ width: 1280, height: 720 });

    // Closed, then opened again from the list.
    await page.getByRole("link", { name: "Close transcript" }).click();
    await page.waitForURL(/\/app\/speech-to-text$/);
    await expect.poll(() => page.getByTestId("stt-view").count()).toBe(0);
    await item.getByRole("link", { name: "austen.wav" }).click();
    await page.getByTestId("stt-view").waitFor();

    // Renamed: the list, the heading and the exports' names follow (decision 0074).
    await page.getByTestId("stt-rename").click();
    const rename = page.getByTestId("stt-rename-dialog");
    await rename.getByLabel("Name").fill("  Austen chapter ");
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect.poll(() => rename.count()).toBe(0);
    await expect.poll(() => page.getByTestId("stt-view").getByRole("heading").textContent()).toBe("Austen chapter");
    await expect(item.getByRole("link", { name: "Austen chapter" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Export TXT" }).getAttribute("download")).resolves.toBe("Austen chapter.txt");

    // A misheard word corrected in place: its time stays, the text and the exports read the correction.
    await page.getByTestId("stt-correct").click();
    await transcript.getByRole("link", { name: "Correct “respectable”" }).click();
    await page.waitForURL(/word=\d+/);
    await screenshotsOf(page, page.url(), "speech-to-text-correct-word");
    const correction = page.getByTestId("stt-correct-form");
    await correction.getByRole("textbox").fill("respectful");
    await correction.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => url.searchParams.get("edit") === "1" && !url.searchParams.has("word"));
    await expect.poll(() => page.getByTestId("stt-correct-form").count()).toBe(0);
    await expect.poll(() => transcript.getByRole("link", { name: "Correct “respectful”" }).count()).toBe(1);

    // The whole passage retyped: the words typed replace what was heard, the kept ones keep their place.
    await page.getByTestId("stt-retype-link").first().click();
    await page.waitForURL(/turn=0/);
    const passage = page.getByTestId("stt-retype-form");
    const heardText = await passage.getByRole("textbox").inputValue();
    expect(heardText).toContain("respectful");
    // Pictured first: the pictures load the address again, which empties what was typed.
    await screenshotsOf(page, page.url(), "speech-to-text-retype");
    await passage.getByRole("textbox").fill(`Retyped by hand. ${heardText}`);
    await passage.getByRole("button", { name: "Save passage" }).click();
    await page.waitForURL((url) => url.searchParams.get("edit") === "1" && !url.searchParams.has("turn"));
    await expect.poll(() => page.getByTestId("stt-retype-form").count()).toBe(0);
    await expect.poll(() => transcript.getByRole("link", { name: "Correct “Retyped”" }).count()).toBe(1);
    await page.getByTestId("stt-correct-done").click();
    await expect.poll(() => transcript.getByRole("button", { name: "respectful", exact: true }).count()).toBe(1);
    const txt = await page.getByRole("link", { name: "Export TXT" }).getAttribute("href");
    const exported = decodeURIComponent(txt!.replace(/^data:[^,]*,/, ""));
    expect(exported).toContain("Retyped by hand.");
    expect(exported).toContain("respectful");

    // The retype undone (decision 0093): the passage is as heard again, the earlier correction stays.
    await page.getByRole("button", { name: "Undo last correction" }).click();
    await expect.poll(() => transcript.getByRole("button", { name: "Retyped", exact: true }).count()).toBe(0);
    await expect.poll(() => transcript.getByRole("button", { name: "respectful", exact: true }).count()).toBe(1);

    // Searched by a word of the text, then by something no transcript says.
    await page.getByTestId("stt-search").fill("RESPECTFUL");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=RESPECTFUL/);
    await expect.poll(() => item.count()).toBe(1);
    await page.getByTestId("stt-search").fill("no such words");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("No transcript matches").waitFor();
    await page.getByRole("link", { name: "Show all transcripts" }).click();
    await expect.poll(() => item.count()).toBe(1);

    // A file that is not audio: the server's reason on the page.
    await page.getByTestId("stt-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
    await page.getByRole("button", { name: "Transcribe", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "are not accepted" }).waitFor();

    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, page.url())).toEqual([]);

    // Delete asks first; Cancel keeps it, Delete removes it from the list and closes the view.
    await item.getByRole("button", { name: "Delete Austen chapter" }).click();
    const dialog = page.getByTestId("stt-delete-dialog");
    await dialog.waitFor();
    await screenshot(page, "speech-to-text-delete-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => item.count()).toBe(1);
    await item.getByRole("button", { name: "Delete Austen chapter" }).click();
    await dialog.getByRole("button", { name: "Delete transcript" }).click();
    await page.getByText("Nothing transcribed yet").waitFor();
    await expect.poll(() => page.getByTestId("stt-view").count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");

    // The refused file answers 400, which the browser logs; nothing else may be.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  }, 180_000);

  it("labels two speakers of a dialogue (Roger, Aria, Roger, spoken by the platform) with speaker separation on", async () => {
    // The dialogue is made as tests/workers/app/speech-to-text.test.ts ("speech-to-text-speakers") makes it: the platform's own speech.
    const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("stt-voices")));
    const pause = new Int16Array(16000 * 0.7);
    const parts: Int16Array[] = [];
    for (const [voice, text] of TURNS) {
      const response = await fetch(`${baseUrl}/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
      expect(response.status).toBe(200);
      const bytes = await response.arrayBuffer();
      parts.push(new Int16Array(bytes.slice(0, bytes.byteLength - (bytes.byteLength % 2))), pause);
    }
    const dialogue = wavFile(concatSamples(parts), 16000);

    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("stt-speakers"), "/app/speech-to-text");
    await waitForHydration(page);
    await expect(page.getByTestId("stt-speakers").isChecked()).resolves.toBe(true);
    await page.getByTestId("stt-file").setInputFiles({ name: "dialogue.wav", mimeType: "audio/wav", buffer: Buffer.from(dialogue) });
    await page.getByRole("button", { name: "Transcribe", exact: true }).click();
    const transcript = page.getByTestId("stt-transcript");
    await transcript.waitFor({ timeout: 60_000 });

    // Three turns, labelled Speaker 1, Speaker 2, Speaker 1, each with words to click.
    const turns = transcript.getByTestId("stt-turn");
    await expect(turns.locator("p.text-xs").allTextContents()).resolves.toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
    for (let i = 0; i < 3; i++) expect(await turns.nth(i).getByRole("button").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("stt-item").textContent()).resolves.toContain("2 speakers");
    await screenshotsOf(page, page.url().replace(baseUrl, ""), "speech-to-text-speakers");
    // The page scrolls inside its frame, so the view and the list are photographed as elements too.
    for (const theme of ["light", "dark"]) {
      for (const [size, width, height] of [["desktop", 1440, 900], ["phone", 375, 812]] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
        await page.getByTestId("stt-view").screenshot({ path: `tests/e2e/artifacts/speech-to-text-view-${size}-${theme}.png` });
        await page.getByTestId("stt-transcripts").screenshot({ path: `tests/e2e/artifacts/speech-to-text-list-${size}-${theme}.png` });
      }
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await expect.poll(() => page.getByTestId("stt-turn").count()).toBe(3);

    // Two speakers' turns retyped as one passage (decision 0093): saved as it stands, the turns stay as heard.
    const secondTurn = await turns.nth(1).getByRole("button").allTextContents();
    await page.getByTestId("stt-correct").click();
    await page.getByTestId("stt-retype-link").first().click();
    await page.getByTestId("stt-retype-more").click();
    await page.waitForURL(/through=1/);
    const passage = page.getByTestId("stt-retype-form");
    await expect.poll(() => page.getByTestId("stt-turn").count()).toBe(2);
    await expect(turns.first().locator("p.text-xs").textContent()).resolves.toBe("Speaker 1 to Speaker 2");
    // The wider passage's text is both turns' words, not the first turn's left in the box; the second on its own line.
    const both = await passage.getByRole("textbox").inputValue();
    expect(both).toContain(`\n${secondTurn.join(" ")}`);
    await passage.getByRole("button", { name: "Save passage" }).click();
    await page.waitForURL((url) => url.searchParams.get("edit") === "1" && !url.searchParams.has("through"));
    await expect.poll(() => page.getByTestId("stt-turn").count()).toBe(3);
    await expect(turns.locator("p.text-xs").allTextContents()).resolves.toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("records from the microphone with the Record button and transcribes what was said", async () => {
    // Chromium's fake microphone plays a real recording once, as if someone spoke it into the microphone.
    const microphone = await launchBrowser([`--use-file-for-fake-audio-capture=${SPOKEN_TO_MICROPHONE}%noloop`, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]);
    try {
      const { page } = await newPage(microphone, baseUrl);
      await signUpInBrowser(page, uniqueEmail("stt-record"), "/app/speech-to-text");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Record", exact: true }).click();
      await page.getByRole("button", { name: "Stop recording" }).waitFor();
      await page.waitForTimeout(4_000);
      await page.getByRole("button", { name: "Stop recording" }).click();
      await page.getByTestId("stt-drop-zone").getByText(/^Recording .*\.webm$/).waitFor();
      await page.getByRole("button", { name: "Transcribe", exact: true }).click();
      const transcript = page.getByTestId("stt-transcript");
      await transcript.waitFor({ timeout: 60_000 });
      // The classic recogniser misses some words of a re-encoded recording; it hears most of this sentence.
      const heard = ((await transcript.textContent()) ?? "").split(/\s+/);
      expect(["he", "was", "not", "ill", "disposed", "young", "man"].filter((word) => heard.includes(word)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await microphone.close();
    }
  }, 120_000);
});
