import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { executeSql, uniqueEmail } from "./http";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();
const ARIA = "pv01aria000000000000";

describe("live notifications (decision 0042)", () => {
  it("a finished Studio conversion appears in the bell without a reload", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const email = uniqueEmail("ntf");
    await signUpInBrowser(page, email, "/app/studio");
    await executeSql(stateDir, `UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE owner_id = (SELECT id FROM users WHERE email = '${email}')`);
    await page.goto("/app/studio");
    await waitForHydration(page);
    const bell = page.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("data-live")).toBe("true");

    // The conversion is started from the page's own session through the API (the editor journey is studio.test.ts's).
    const started = await page.evaluate(async (voice) => {
      const form = new FormData();
      form.append("name", "Live book");
      form.append("from_content_json", JSON.stringify([{ name: "One", blocks: [{ sub_type: "p", nodes: [{ type: "tts_node", voice_id: voice, text: "A short line." }] }] }]));
      const created = (await (await fetch("/v1/studio/projects", { method: "POST", body: form })).json()) as { project: { project_id: string } };
      return (await fetch(`/v1/studio/projects/${created.project.project_id}/convert`, { method: "POST" })).status;
    }, ARIA);
    expect(started).toBe(200);

    await page.getByTestId("notification-count").waitFor({ timeout: 60_000 });
    await bell.click();
    const list = page.getByTestId("notification-list");
    await list.getByText("Studio conversion finished").waitFor();
    await expect(list.textContent()).resolves.toContain("Live book is converted and ready to play.");
    await screenshot(page, "notifications-bell-desktop-light", { fullPage: false });
    await expect.soft(await seriousViolations(page)).toEqual([]);
    const marked = page.waitForResponse((response) => response.url().endsWith("/v1/workspace/notifications/read"));
    await list.getByRole("button", { name: "Mark all as read" }).click();
    const markedResponse = await marked;
    expect(`${markedResponse.status()} ${await markedResponse.text()}`).toBe('200 {"status":"ok"}');
    await expect.poll(() => page.getByTestId("notification-count").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
