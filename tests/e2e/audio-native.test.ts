import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
/**
 * Two other sites on this machine (other origins: their own ports), serving the article page with the snippet:
 * the player must work on the listed one only. Local, so the browser's private-network rules let them call the stack.
 */
let articleHtml = "";
const sites: Server[] = [];
let BLOG = "";
let OTHER = "";
async function site(): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(articleHtml));
  sites.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
beforeAll(async () => {
  BLOG = await site();
  OTHER = await site();
});
afterAll(() => {
  for (const server of sites) server.close();
});

describe("Audio Native", () => {
  it("creates a player, embeds it on another site's page, plays it there and counts the listening", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("native"), "/app/audio-native/settings");
    await waitForHydration(page);
    await page.getByLabel("Sites, one a line").fill(`${BLOG}/any/page`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Players may be shown on 1 site.").waitFor();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Sites, one a line").inputValue()).resolves.toBe(BLOG);

    await page.goto("/app/audio-native/settings/player");
    await waitForHydration(page);
    await page.getByLabel("Author").fill("The Blog Team");
    // The live preview follows the form before it is saved.
    await page.getByTestId("player-preview").getByText("The Blog Team").waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved: new players start with this look.").waitFor();

    await page.goto("/app/audio-native");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Launch post");
    await page.getByLabel("Title shown and read first (optional)").fill("We launched today");
    await page.getByLabel("Article (text or HTML)").fill("<p>Our product is out.</p><p>Thank you for reading.</p>");
    await page.getByRole("button", { name: "Create player" }).click();
    await page.waitForURL(/\/app\/audio-native\/[A-Za-z0-9]+$/);
    const playerPath = new URL(page.url()).pathname;
    await page.getByText(/Ready: \d+:\d\d of audio\./).waitFor({ timeout: 60_000 });
    const snippet = await page.getByTestId("embed-snippet").inputValue();
    expect(snippet).toContain(`${baseUrl}/audio-native/embed.js`);

    // The article's page on the listed site, with the snippet pasted in.
    articleHtml = `<!doctype html><html lang="en"><head><title>Blog</title></head><body><h1>We launched today</h1>${snippet}<p>Our product is out.</p></body></html>`;
    const blog = await context.newPage();
    blog.on("console", (message) => errors.push(`blog: ${message.text()}`));
    await blog.goto(`${BLOG}/posts/launch`);
    await blog.getByText("We launched today").nth(1).waitFor();
    await screenshot(blog, "audio-native-embedded");
    const played = blog.waitForResponse((r) => r.url().endsWith("/events") && r.request().postData()?.includes('"play"') === true);
    await blog.getByRole("button", { name: "Play" }).click();
    await played;
    await blog.waitForFunction(() => (document.querySelector("#parlance-audionative-widget")?.shadowRoot?.querySelector("audio")?.currentTime ?? 0) > 1, undefined, { timeout: 20_000 });
    const listened = blog.waitForResponse((r) => r.url().endsWith("/events") && r.request().postData()?.includes('"listen"') === true);
    await blog.getByRole("button", { name: "Pause" }).click();
    await listened;

    // A site that is not listed gets no player.
    const other = await context.newPage();
    other.on("console", (message) => {
      if (!message.text().includes("not allowed on this site") && !message.text().includes("403")) errors.push(`other: ${message.text()}`);
    });
    const refused = other.waitForResponse((r) => r.url().endsWith("/config"));
    await other.goto(`${OTHER}/posts/launch`);
    expect((await refused).status()).toBe(403);
    await expect(other.getByRole("button", { name: "Play" }).count()).resolves.toBe(0);

    // The player's page counts the load, the play and the listening.
    await page.goto(playerPath);
    await waitForHydration(page);
    const today = page.getByRole("row").filter({ hasText: new Date().toISOString().slice(0, 10) });
    const cells = await today.getByRole("cell").allTextContents();
    expect(cells.slice(1, 3)).toEqual(["1", "1"]);
    expect(cells[3]).toMatch(/^0:0[1-9]$|^0:[1-9]\d$/);
    await screenshotsOf(page, playerPath, "audio-native-player");
    await screenshotsOf(page, "/app/audio-native", "audio-native");
    await screenshotsOf(page, "/app/audio-native/settings/player", "audio-native-player-look");
    await screenshotsOf(page, "/app/audio-native/settings", "audio-native-settings");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, playerPath)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
