import { describe, expect, inject, it } from "vitest";
import { darkViolations, newPage, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const ARIA = "pv01aria000000000000";
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
/** The reader flavour on this machine: the stack's port under reader.localhost (browsers resolve it to loopback). */
const readerUrl = baseUrl.replace(/\/\/[^:/]+/, "//reader.localhost");

describe("direct publishing", () => {
  it("publishes a converted Studio project and opens it in the reader catalogue, where listening is counted", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("publish"), "/app/publishing");
    await waitForHydration(page);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { cookie, origin: baseUrl, ...(init.headers as Record<string, string>) } });
      expect(response.status, `${path}: ${response.status}`).toBe(200);
      return response.json() as Promise<Record<string, unknown>>;
    };

    // A short book through Studio's API (the session is enough): its settings, a cover, and a conversion.
    const body = new FormData();
    for (const [name, value] of Object.entries({ name: "Harbour Lights", title: "Harbour Lights", author: "Ann Keeper", description: "A keeper's night at the lighthouse, in one short chapter.", genres: "fiction", language: "en", default_title_voice_id: ARIA, default_paragraph_voice_id: ARIA })) body.append(name, value);
    body.append("from_content_json", JSON.stringify([{ name: "Night", blocks: [{ sub_type: "p", nodes: [{ type: "tts_node", voice_id: ARIA, text: "The lamp turned all night and the ships passed safely." }] }] }]));
    const projectId = ((await call("/v1/studio/projects", { method: "POST", body })).project as { project_id: string }).project_id;
    const cover = new FormData();
    cover.append("cover", new Blob([Buffer.from(PNG_1X1, "base64")], { type: "image/png" }), "cover.png");
    await call(`/v1/studio/projects/${projectId}/cover`, { method: "POST", body: cover });
    await call(`/v1/studio/projects/${projectId}/convert`, { method: "POST" });
    for (let i = 0; i < 120 && !((await call(`/v1/studio/projects/${projectId}`)).latest_snapshot_id as string | null); i++) await new Promise((r) => setTimeout(r, 250));

    // On the publishing page: agree to the terms, make the draft, submit it, approve it (the owner is the admin).
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "I agree to the publishing payouts terms" }).click();
    await page.getByText("You agreed to the publishing payouts terms.").waitFor();
    await page.getByRole("button", { name: "Make a draft read" }).click();
    await page.getByText("“Harbour Lights” is a draft read.").waitFor();
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.getByText("“Harbour Lights” is now in review.").waitFor();
    await page.getByRole("button", { name: "Approve and publish" }).click();
    await page.getByText("“Harbour Lights” is now published.").waitFor();
    await page.getByLabel("Collection name").fill("Sea stories");
    await page.getByRole("checkbox", { name: "Harbour Lights" }).check();
    await page.getByRole("button", { name: "Make collection" }).click();
    await page.getByText("Collection “Sea stories” made.").waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await expect(darkViolations(page, "/app/publishing")).resolves.toEqual([]);
    await screenshotsOf(page, "/app/publishing", "publishing");

    // The reader flavour: its home is the catalogue; the read plays and its listening is counted.
    const reader = await context.newPage();
    await reader.goto(readerUrl);
    await reader.waitForURL(`${readerUrl}/reads`);
    await waitForHydration(reader);
    await reader.getByRole("link", { name: "Sea stories (1)" }).waitFor();
    await expect(seriousViolations(reader)).resolves.toEqual([]);
    await expect(darkViolations(reader, "/reads")).resolves.toEqual([]);
    await screenshotsOf(reader, "/reads", "reader-catalogue");
    await reader.getByRole("list", { name: "Latest reads" }).getByRole("link", { name: /Harbour Lights/ }).click();
    await reader.getByRole("heading", { name: "Harbour Lights" }).waitFor();
    await waitForHydration(reader);
    await expect(seriousViolations(reader)).resolves.toEqual([]);
    const played = reader.waitForRequest((r) => r.url().endsWith("/events") && r.postData()?.includes('"play"') === true);
    await reader.getByTestId("read-audio").evaluate((audio: HTMLAudioElement) => audio.play());
    await played;
    await reader.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="read-audio"]')?.currentTime ?? 0) > 1, undefined, { timeout: 20_000 });
    const listened = reader.waitForRequest((r) => r.url().endsWith("/events") && r.postData()?.includes('"listen"') === true);
    await reader.getByTestId("read-audio").evaluate((audio: HTMLAudioElement) => audio.pause());
    await listened;
    expect((await context.cookies(readerUrl)).length).toBe(0);
    await screenshotsOf(reader, new URL(reader.url()).pathname, "reader-listening");
    const readId = new URL(reader.url()).pathname.split("/").pop()!;
    await expect.poll(async () => ((await call(`/v1/publishing/reads/${readId}/metrics`)).listens as number), { timeout: 10_000 }).toBe(1);

    // The public profile, after choosing a handle.
    await page.goto("/app/profiles");
    await waitForHydration(page);
    const handle = `keeper${Date.now().toString(36)}`;
    await page.getByLabel("Handle").fill(handle);
    await page.getByRole("button", { name: "Save handle" }).click();
    await page.getByRole("status").getByText("Saved.").waitFor();
    await screenshotsOf(page, "/app/profiles", "profile-settings");
    await page.goto(`/profiles/${handle}`);
    await page.getByRole("heading", { name: "Published reads" }).waitFor();
    await page.getByText("Harbour Lights").waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshotsOf(page, `/profiles/${handle}`, "public-profile");
    expect(errors).toEqual([]);
  }, 180_000);
});
