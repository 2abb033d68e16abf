import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, fetcherPost, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

describe("Studio chapter order", () => {
  it("moves a chapter up and down from the editor, recording chapters_order and its change time", async () => {
    const cookie = await signUp("studio-order@example.com");
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspace).run();
    const form = new FormData();
    form.append("name", "Order");
    form.append("from_content_json", JSON.stringify(["A", "B", "C"].map((name) => ({ name, blocks: [{ nodes: [{ type: "tts_node", voice_id: ARIA, text: `Chapter ${name}.` }] }] }))));
    const { project } = (await (await api("/v1/studio/projects", { method: "POST", key, body: form })).json()) as { project: { project_id: string; chapters_order: string[]; last_chapters_order_change_unix_ms: number | null } };
    const [a, b, c] = project.chapters_order;
    const before = Date.now();

    expect((await fetcherPost(`/app/studio/${project.project_id}`, { intent: "move-chapter", chapter_id: c!, direction: "up" }, cookie)).status).toBe(200);
    const moved = (await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { chapters_order: string[]; last_chapters_order_change_unix_ms: number; chapters: { chapter_id: string }[] };
    expect(moved.chapters_order).toEqual([a, c, b]);
    expect(moved.chapters.map((ch) => ch.chapter_id)).toEqual([a, c, b]);
    expect(moved.last_chapters_order_change_unix_ms).toBeGreaterThanOrEqual(before);

    await fetcherPost(`/app/studio/${project.project_id}`, { intent: "move-chapter", chapter_id: a!, direction: "up" }, cookie);
    await fetcherPost(`/app/studio/${project.project_id}`, { intent: "move-chapter", chapter_id: a!, direction: "down" }, cookie);
    expect(((await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { chapters_order: string[] }).chapters_order).toEqual([c, a, b]);
    expect((await fetcherPost(`/app/studio/${project.project_id}`, { intent: "move-chapter", chapter_id: "nope", direction: "up" }, cookie)).status).toBe(404);
  }, 30_000);
});
