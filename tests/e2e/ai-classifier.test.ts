import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration, screenshot } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("AI speech classifier page", () => {
  it("recognises a recording made on the platform and not a made-up one", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("classifier"), "/app/ai-classifier");
    await waitForHydration(page);
    // A recording made here, downloaded as a user would.
    const mp3 = await page.evaluate(async () => {
      const response = await fetch("/v1/text-to-speech/pv01aria000000000000?output_format=mp3_44100_64", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "This sentence was generated here, and the classifier should know it." }) });
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    });
    await page.waitForTimeout(1500); // the fingerprint is stored just after the response
    await page.getByLabel("Recording").setInputFiles({ name: "download.mp3", mimeType: "audio/mpeg", buffer: Buffer.from(mp3) });
    await page.getByRole("button", { name: "Check recording" }).click();
    await page.getByTestId("classifier-result").getByText("Made here").waitFor({ timeout: 30_000 });
    await expect(page.getByText(/Probability it was generated here: (99\.\d|100\.0)%/).count()).resolves.toBe(1);
    await screenshot(page, "ai-classifier-made-here");

    // A sound never made here.
    const header = Buffer.alloc(44);
    const samples = Buffer.alloc(16000 * 2 * 3);
    for (let i = 0; i < samples.length / 2; i++) samples.writeInt16LE(Math.round(Math.sin(i * 0.3) * 6000 + Math.sin(i * 0.071) * 3000), i * 2);
    header.write("RIFF", 0);
    header.writeUInt32LE(36 + samples.length, 4);
    header.write("WAVEfmt ", 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(16000, 24);
    header.writeUInt32LE(32000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write("data", 36);
    header.writeUInt32LE(samples.length, 40);
    await page.getByLabel("Recording").setInputFiles({ name: "tones.wav", mimeType: "audio/wav", buffer: Buffer.concat([header, samples]) });
    await page.getByRole("button", { name: "Check recording" }).click();
    await page.getByTestId("classifier-result").getByText("tones.wav").waitFor();
    await expect(page.getByTestId("classifier-result").getByText("Made here").count()).resolves.toBe(0);
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await screenshotsOf(page, "/app/ai-classifier", "ai-classifier");
    await expect.soft(await darkViolations(page, "/app/ai-classifier")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
