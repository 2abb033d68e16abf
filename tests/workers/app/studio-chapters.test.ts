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

  it("places a dragged chapter: persisted in chapters_order and the chapters' list, bad ids and positions refused, another workspace's project not found", async () => {
    const { cookie, key, projectId, ids } = await projectWithChapters("studio-place@example.com", ["A", "B", "C", "D"]);
    const [a, b, c, d] = ids;
    const page = `/app/studio/${projectId}`;
    expect((await fetcherPost(page, { intent: "place-chapter", chapter_id: d!, index: "0" }, cookie)).status).toBe(200);
    expect((await fetcherPost(page, { intent: "place-chapter", chapter_id: a!, index: "3" }, cookie)).status).toBe(200);
    const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { chapters_order: string[] };
    expect(project.chapters_order).toEqual([d, b, c, a]);
    const chapters = (await (await api(`/v1/studio/projects/${projectId}/chapters`, { key })).json()) as { chapters: { chapter_id: string }[] };
    expect(chapters.chapters.map((ch) => ch.chapter_id)).toEqual([d, b, c, a]);

    expect((await fetcherPost(page, { intent: "place-chapter", chapter_id: "nope", index: "0" }, cookie)).status).toBe(404);
    for (const index of ["4", "-1", "1.5", "x", ""]) expect((await fetcherPost(page, { intent: "place-chapter", chapter_id: b!, index }, cookie)).status, index).toBe(422);
    expect(((await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { chapters_order: string[] }).chapters_order).toEqual([d, b, c, a]);

    const stranger = await signUp("studio-place-other@example.com");
    expect((await fetcherPost(page, { intent: "place-chapter", chapter_id: b!, index: "0" }, stranger)).status).toBe(404);
    expect((await fetcherPost(page, { intent: "move-chapter", chapter_id: b!, direction: "up" }, stranger)).status).toBe(404);
    expect(((await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { chapters_order: string[] }).chapters_order).toEqual([d, b, c, a]);
  }, 30_000);

  it("keeps chapters_order naming each chapter once under concurrent reorders, adds and deletes", async () => {
    const { cookie, key, projectId, ids } = await projectWithChapters("studio-race@example.com", ["A", "B", "C", "D", "E"]);
    const page = `/app/studio/${projectId}`;
    const results = await Promise.all([
      ...ids.map((id, i) => fetcherPost(page, { intent: "place-chapter", chapter_id: id, index: String((i * 3) % ids.length) }, cookie)),
      ...ids.map((id) => fetcherPost(page, { intent: "move-chapter", chapter_id: id, direction: "down" }, cookie)),
      fetcherPost(page, { intent: "add-chapter", name: "Added meanwhile" }, cookie),
      api(`/v1/studio/projects/${projectId}/chapters/${ids[4]}`, { method: "DELETE", key }),
    ]);
    // Each answer is a success or a 409 to try again, never a server error; the deleted chapter's own moves may
    // come after its deletion (404).
    results.forEach((r, i) => expect(i % ids.length === 4 && i < 2 * ids.length ? [200, 404, 409] : [200, 409]).toContain(r.status));
    const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { chapters_order: string[]; chapters: { chapter_id: string; name: string }[] };
    const rows = await env.DB.prepare("SELECT id FROM studio_chapters WHERE project_id = ?").bind(projectId).all<{ id: string }>();
    expect(project.chapters_order).toHaveLength(5);
    expect(new Set(project.chapters_order)).toEqual(new Set(rows.results.map((r) => r.id)));
    expect(project.chapters.map((ch) => ch.chapter_id)).toEqual(project.chapters_order);
    expect(project.chapters.map((ch) => ch.name)).toContain("Added meanwhile");
    expect(project.chapters_order).not.toContain(ids[4]);
  }, 60_000);
});

describe("Studio podcasts and muted tracks", () => {
  it("creates a podcast of the source in host and guest turns, converted at once", async () => {
    const { key } = await projectWithChapters("studio-podcast@example.com", ["A"]);
    const body = { model_id: "eleven_multilingual_v2", mode: { type: "conversation", conversation: { host_voice_id: ARIA, guest_voice_id: ROGER } }, source: { type: "text", text: "Welcome to the show. Today we talk about tea." }, intro: "Hello.", highlights: ["Tea and how to brew it"] };
    const response = await api("/v1/studio/podcasts", { method: "POST", key, json: body });
    expect(response.status).toBe(200);
    const { project } = (await response.json()) as { project: { project_id: string; name: string; added_to_queue_at_unix: number; description: string; content_type: string } };
    expect(project).toMatchObject({ name: "Welcome to the show. Today we talk about tea.", description: "Tea and how to brew it", content_type: "podcast" });
    expect(project.added_to_queue_at_unix).toBeGreaterThan(0);
    const chapters = (await (await api(`/v1/studio/projects/${project.project_id}/chapters`, { key })).json()) as { chapters: { chapter_id: string }[] };
    const chapter = (await (await api(`/v1/studio/projects/${project.project_id}/chapters/${chapters.chapters[0]!.chapter_id}`, { key })).json()) as { content: { blocks: { nodes: { voice_id: string; text: string }[] }[] } };
    expect(chapter.content.blocks.map((b) => [b.nodes[0]!.voice_id, b.nodes[0]!.text])).toEqual([
      [ARIA, "Hello."],
      [ARIA, "Welcome to the show."],
      [ROGER, "Today we talk about tea."],
    ]);
    const muted = await api(`/v1/studio/projects/${project.project_id}/muted-tracks`, { key });
    expect(await muted.json()).toEqual({ chapter_ids: [] });
  }, 30_000);

  it("refuses bad podcast input and options it cannot honour with 4xx, and another workspace's muted tracks with 404", async () => {
    const { key, projectId } = await projectWithChapters("studio-podcast-bad@example.com", ["A"]);
    const mode = { type: "conversation", conversation: { host_voice_id: ARIA, guest_voice_id: ROGER } };
    const text = { type: "text", text: "Some words." };
    const post = (json: unknown) => api("/v1/studio/podcasts", { method: "POST", key, json });
    expect((await post({ model_id: "eleven_multilingual_v2", source: text })).status).toBe(422);
    expect((await post({ model_id: "eleven_multilingual_v2", mode, source: { type: "text", text: "" } })).status).toBe(422);
    expect((await post({ model_id: "eleven_multilingual_v2", mode, source: { type: "text", text: "   \n\n  " } })).status).toBe(400);
    expect((await post({ model_id: "eleven_multilingual_v2", mode: { type: "conversation", conversation: { host_voice_id: ARIA, guest_voice_id: "nope" } }, source: text })).status).toBe(400);
    expect((await post({ model_id: "eleven_multilingual_v2", mode, source: text, highlights: ["short"] })).status).toBe(422);
    for (const option of [{ instructions_prompt: "Make it funny" }, { safety_identifier: "x" }, { callback_url: "https://example.com/hook" }, { apply_text_normalization: "off" }]) {
      const refused = await post({ model_id: "eleven_multilingual_v2", mode, source: text, ...option });
      expect(refused.status, JSON.stringify(option)).toBe(400);
      expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_option");
    }
    expect((await api("/v1/studio/projects/nope/muted-tracks", { key })).status).toBe(404);
    const other = await projectWithChapters("studio-podcast-other@example.com", ["A"]);
    expect((await api(`/v1/studio/projects/${projectId}/muted-tracks`, { key: other.key })).status).toBe(404);
  }, 30_000);
});

const ROGER = "pv02roger00000000000";

/** A Starter workspace's project with chapters of one paragraph each, by name. */
async function projectWithChapters(email: string, names: string[]) {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspace).run();
  const form = new FormData();
  form.append("name", "Order");
  form.append("from_content_json", JSON.stringify(names.map((name) => ({ name, blocks: [{ nodes: [{ type: "tts_node", voice_id: ARIA, text: `Chapter ${name}.` }] }] }))));
  const { project } = (await (await api("/v1/studio/projects", { method: "POST", key, body: form })).json()) as { project: { project_id: string; chapters_order: string[] } };
  return { cookie, key, projectId: project.project_id, ids: project.chapters_order };
}

