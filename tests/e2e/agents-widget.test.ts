import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

/** A 1×1 PNG for the agent's avatar. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
// A site of its own on this machine that pastes the widget: at localhost it is the allowed site; the same page at
// 127.0.0.1 is another origin, not allowed.
let snippet = "";
const site = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html><head><title>Shop</title></head><body><h1>A shop</h1>${snippet}</body></html>`);
});
let SITE = "";
let OTHER = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  SITE = `http://localhost:${port}`;
  OTHER = `http://127.0.0.1:${port}`;
});
afterAll(() => site.close());

// A browser with a fake microphone (getUserMedia: the site is local, so a secure context).
const visitorBrowser = chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
});
afterAll(async () => (await visitorBrowser).close());

describe("the agent widget on another site", () => {
  it("is allowed on a site, pasted there, and talks; on a site not allowed it shows nothing", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("widget"), "/app/conversational-ai/agents");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Shop widget");
    await page.getByLabel("First message").fill("Hello from the shop widget.");
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/app\/conversational-ai\/agents\/agent_/);
    const agentPath = new URL(page.url()).pathname;
    await page.goto(`${agentPath}?tab=widget`);
    await waitForHydration(page);
    await page.getByLabel("Hosts").fill(new URL(SITE).host);
    await page.getByRole("button", { name: "Save sites" }).click();
    await page.getByText("Allowed sites saved.").waitFor();
    snippet = await page.getByTestId("embed-snippet").inputValue();
    expect(snippet).toMatch(/^<elevenlabs-convai agent-id="agent_\w+"><\/elevenlabs-convai>/);
    // An avatar uploaded on the Widget tab (decision 0096) is what the widget shows beside its button.
    await page.getByLabel("Image", { exact: true }).setInputFiles({ name: "face.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await page.getByText("Avatar uploaded.").waitFor();
    const avatar_url = await page.getByRole("img", { name: "The widget's avatar" }).getAttribute("src");
    expect(avatar_url).toMatch(/\/convai\/agent-media\/agent_\w+\/avatar-\w+\.png$/);
    await screenshotsOf(page, `${agentPath}?tab=widget`, "agents-widget");
    await context.close();

    const visitor = await (await visitorBrowser).newContext();
    const shop = await visitor.newPage();
    const log: string[] = [];
    shop.on("console", (message) => log.push(message.text()));
    shop.on("requestfailed", (request) => log.push(`failed ${request.url()} ${request.failure()?.errorText}`));
    await shop.goto(`${SITE}/shop`);
    const button = shop.locator("elevenlabs-convai").getByRole("button", { name: "Talk to the agent" });
    await button.click({ timeout: 15_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\n${log.join("\n")}`);
    });
    expect(await shop.locator("elevenlabs-convai").locator("img.avatar").getAttribute("src")).toBe(avatar_url);
    // Connected over the WebSocket from this site: the agent's first message arrives.
    await shop.locator("elevenlabs-convai").getByRole("status").getByText("Hello from the shop widget.").waitFor({ timeout: 20_000 });
    await screenshot(shop, "agents-widget-on-site", { fullPage: false });
    await shop.locator("elevenlabs-convai").getByRole("button", { name: "End call" }).click();
    await button.waitFor();

    const other = await visitor.newPage();
    const warnings: string[] = [];
    other.on("console", (message) => warnings.push(message.text()));
    await other.goto(`${OTHER}/shop`);
    await expect.poll(() => warnings.join("\n"), { timeout: 10_000 }).toContain("This site is not allowed to talk to this agent.");
    expect(await other.locator("elevenlabs-convai").getByRole("button").count()).toBe(0);
    await visitor.close();
  });
});
