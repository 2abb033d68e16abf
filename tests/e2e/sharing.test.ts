import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, sharedBrowser, signInInBrowser, waitForHydration } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("sharing", () => {
  it("shares an item from the dialog; a signed-out recipient hears it; revoking answers 404", async () => {
    const email = uniqueEmail("share");
    const cookie = await signUpOverHttp(baseUrl, email);
    const key = await createApiKeyOverHttp(baseUrl, cookie);
    const text = "A sentence worth sharing with friends.";
    const made = await fetch(`${baseUrl}/v1/text-to-speech/pv02roger00000000000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
    const historyId = made.headers.get("history-item-id")!;

    const owner = await newPage(browser(), baseUrl);
    await signInInBrowser(owner.page, email);
    await owner.page.waitForURL(/\/app\/home/);
    await owner.page.goto("/app/speech-synthesis/text-to-speech");
    await waitForHydration(owner.page);
    await owner.page.getByTestId("history-item").first().getByRole("button", { name: "Share" }).click();
    const dialog = owner.page.getByTestId("share-dialog");
    await expect(dialog.getByRole("heading").textContent()).resolves.toBe("Share with your community");
    const linkRow = dialog.getByTestId("share-link");
    await owner.page.waitForFunction(() => document.querySelector('[data-testid="share-link"]')?.getAttribute("data-link"));
    const link = (await linkRow.getAttribute("data-link"))!;
    expect(link).toMatch(new RegExp(`^${baseUrl}/share/[0-9a-f]{32}$`));
    await expect(linkRow.textContent()).resolves.toBe(link.slice(0, 38) + "...");
    await dialog.getByLabel("Your public name").fill("Roger Fan");
    await dialog.getByRole("button", { name: "Save" }).click();
    await owner.page.getByText("Public name updated").waitFor();
    await dialog.getByRole("button", { name: "Copy" }).click();
    await owner.page.getByText("Share link copied to clipboard").waitFor();
    await screenshot(owner.page, "share-dialog");
    await owner.context.close();

    // A stranger, signed out.
    const stranger = await newPage(browser(), baseUrl);
    const response = await stranger.page.goto(link);
    expect(response?.status()).toBe(200);
    await expect(stranger.page.getByTestId("shared-text").textContent()).resolves.toBe(text);
    await expect(stranger.page.locator('meta[property="og:audio"]').getAttribute("content")).resolves.toBe(`${link}/audio`);
    const html = await stranger.page.content();
    expect(html).toContain("Roger Fan");
    expect(html).not.toContain(email);
    await stranger.page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!.play());
    await stranger.page.waitForFunction(() => document.querySelector<HTMLAudioElement>('[data-testid="shared-audio"]')!.currentTime > 0.2);
    await screenshot(stranger.page, "share-page");
    await stranger.context.close();

    const ranged = await fetch(`${link}/audio`, { headers: { range: "bytes=0-9" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("etag")).toBeTruthy();
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);

    await fetch(`${baseUrl}/v1/history/${historyId}/share-link`, { method: "DELETE", headers: { "xi-api-key": key } });
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(`${link}/audio`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/share/${"0".repeat(32)}`)).status).toBe(404);
  });
});
