import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { chooseOption } from "./controls";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, executeSql } from "./http";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();
const SHARED = "e2elibshared00000001";
let sharedLink = "";


// Another workspace shares one of its voices (made by cloning there; inserted here as the voices table holds it).
beforeAll(async () => {
  const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("library-publisher")));
  const workspace = ((await (await fetch(`${baseUrl}/v1/workspace`, { headers: { "xi-api-key": key } })).json()) as { workspace_id: string }).workspace_id;
  await executeSql(
    stateDir,
    `INSERT INTO voices (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters) VALUES ('${SHARED}', '${workspace}', 'cloned', 'Brennan Lighthouse', 'A low, unhurried voice for sea stories.', '{"gender":"male","accent":"irish","age":"old","use_case":"narration"}', 'en', 'embedded', '{"espeakVoice":"en-gb-x-rp","variant":"m1","basePitch":36,"externalVoices":{}}')`,
  );
  const post = () => fetch(`${baseUrl}/v1/voices/${SHARED}/sharing`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ published: true }) });
  // Once more on a dropped connection: the stack closes a keep-alive socket left idle while wrangler ran.
  const shared = await post().catch(post);
  const sharing = (await shared.json()) as { public_owner_id: string };
  sharedLink = `/app/voice-lab/share/${sharing.public_owner_id}/${SHARED}`;
});

describe("the voice library", () => {
  it("finds a shared voice, plays its preview, adds it under a name, and shows it in My voices and a collection", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("library"), "/app/voice-library");
    await waitForHydration(page);
    await page.getByRole("searchbox").fill("lighthouse");
    await page.waitForURL(/search=lighthouse/);
    await chooseOption(page, "Gender", "Male");
    await page.waitForURL(/gender=male/);
    await expect.poll(() => page.getByTestId("library-count").textContent()).toBe("1 voice");
    const card = page.getByTestId("library-voice").filter({ hasText: "Brennan Lighthouse" });
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Its preview plays in the global player.
    await card.getByRole("button", { name: "Preview Brennan Lighthouse" }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    }, undefined, { timeout: 20_000 });

    // Add, under a name of one's own.
    await card.getByRole("button", { name: "Add Brennan Lighthouse" }).click();
    const dialog = page.getByTestId("add-voice-dialog");
    await dialog.getByLabel("Name").fill("Keeper");
    await screenshot(page, "voice-library-add-dialog", { fullPage: false });
    await dialog.getByTestId("confirm-add-voice").click();
    await dialog.waitFor({ state: "detached" });
    await card.getByTestId("added-voice").click();

    // My voices shows it, from the library; a collection takes it.
    await page.waitForURL(/\/app\/voice-library\/collections/);
    await waitForHydration(page);
    const mine = page.getByTestId("my-voice").filter({ hasText: "Keeper" });
    await expect(mine.textContent()).resolves.toContain("From the library");
    // A copy speaks as its original: the original's preview is the copy's.
    await expect(mine.getByRole("button", { name: "Preview Keeper" }).isEnabled()).resolves.toBe(true);
    await page.getByLabel("New collection").fill("Sea stories");
    await page.getByTestId("create-collection").click();
    const collection = page.getByTestId("collection").filter({ hasText: "Sea stories" });
    await collection.waitFor();
    await chooseOption(page, "Voice to add to Sea stories", "Keeper (yours)");
    await collection.getByRole("button", { name: "Add", exact: true }).click();
    await collection.getByRole("list", { name: "Voices in Sea stories" }).getByText("Keeper").waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a shared voice's public link, and pictures the pages", async () => {
    const { context, page } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("library-link"), sharedLink);
    await waitForHydration(page);
    await expect(page.getByTestId("shared-voice").textContent()).resolves.toContain("A low, unhurried voice");
    await page.getByTestId("add-voice").click();
    await page.getByTestId("confirm-add-voice").click();
    await page.getByTestId("added-voice").waitFor();
    await page.goto("/app/workspace-voices");
    await expect(page.getByTestId("workspace-voice").textContent()).resolves.toContain("Brennan Lighthouse");
    await screenshotsOf(page, "/app/voice-library", "voice-library");
    await screenshotsOf(page, "/app/voice-library/collections", "voice-collections");
    await screenshotsOf(page, sharedLink, "shared-voice");
    await screenshotsOf(page, "/app/workspace-voices", "workspace-voices");
    await context.close();
  });
});
