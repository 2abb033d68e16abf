import { env, SELF } from "cloudflare:test";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { PROJECT_CONVERT_TEXTS } from "../../../core/studio/studio-rules";
import { api, createKey, fetcherPost, form, ORIGIN, signUp, webhookPayloads } from "./helpers";
import { ARIA } from "./billing-helpers";

const ROGER = "pv02roger00000000000";

async function workspaceOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

/** A workspace on a plan with allowed_to_use_projects_api, and its key. */
async function starter(email: string): Promise<{ key: string; cookie: string; workspace: string }> {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const workspace = await workspaceOf(key);
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
  return { key, cookie, workspace };
}

function multipart(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const create = (key: string, fields: Record<string, string | File>) => api("/v1/studio/projects", { method: "POST", key, body: multipart(fields) });
const content = (chapters: { name: string; blocks: { sub_type?: string; nodes: { voice_id: string; text: string }[] }[] }[]) => JSON.stringify(chapters.map((c) => ({ ...c, blocks: c.blocks.map((b) => ({ ...b, nodes: b.nodes.map((n) => ({ type: "tts_node", ...n })) })) })));

async function charged(workspace: string): Promise<number> {
  return (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
}

type Chapter = { chapter_id: string; state: string; conversion_progress: number | null; can_be_downloaded: boolean; last_conversion_error: string | null; content: { blocks: { block_id: string; sub_type: string; nodes: { voice_id: string; text: string }[]; converted: boolean }[] } };

/** Waits for the queue consumer to finish the chapter's conversion. */
async function converted(key: string, projectId: string, chapterId: string): Promise<Chapter> {
  for (let i = 0; i < 200; i++) {
    const chapter = (await (await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}`, { key })).json()) as Chapter;
    const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { state: string };
    if (chapter.state === "default" && project.state === "default") return chapter;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("conversion did not finish");
}

describe("/v1/studio/projects", () => {
  it("creates a project from content with every spec field and its default, lists it and hides it from other workspaces", async () => {
    const { key } = await starter("studio-fields@example.com");
    const response = await create(key, { name: "My book", default_title_voice_id: ARIA, default_paragraph_voice_id: ROGER, from_content_json: content([{ name: "One", blocks: [{ sub_type: "h1", nodes: [{ voice_id: ARIA, text: "One" }] }, { nodes: [{ voice_id: ROGER, text: "Hello there." }] }] }]), genres: "fantasy" });
    expect(response.status).toBe(200);
    const { project } = (await response.json()) as { project: Record<string, unknown> };
    expect(project).toMatchObject({
      name: "My book",
      default_title_voice_id: ARIA,
      default_paragraph_voice_id: ROGER,
      state: "default",
      can_be_downloaded: false,
      title: null,
      author: null,
      isbn_number: null,
      description: "",
      genres: ["fantasy"],
      cover_image_url: "",
      target_audience: "all ages",
      mature_content: false,
      acx_volume_normalization: false,
      quality_preset: "standard",
      added_to_queue_at_unix: 0,
      queue_position: null,
      project_settings: { continue_playing: false },
      project_conversion_chapter_ids_converting: [],
      latest_snapshot_id: null,
      pronunciation_dictionaries: [],
    });
    expect(project.chapters_order).toHaveLength(1);
    const list = (await (await api("/v1/studio/projects", { key })).json()) as { projects: { project_id: string }[] };
    expect(list.projects.map((p) => p.project_id)).toEqual([project.project_id]);

    const other = await starter("studio-other@example.com");
    expect((await (await api("/v1/studio/projects", { key: other.key })).json()) as unknown).toEqual({ projects: [] });
    expect((await api(`/v1/studio/projects/${project.project_id}`, { key: other.key })).status).toBe(404);
    expect((await api(`/v1/studio/projects/${project.project_id}/chapters`, { key: other.key })).status).toBe(404);
    expect((await api(`/v1/studio/projects/${project.project_id}/convert`, { method: "POST", key: other.key })).status).toBe(404);
    expect((await api(`/v1/studio/projects/${project.project_id}`, { method: "DELETE", key: other.key })).status).toBe(404);
    expect((await api(`/v1/studio/projects/${project.project_id}`, { key })).status).toBe(200);
  });

  it("imports Markdown, HTML and EPUB documents as chapters, and refuses documents that are not what they say", async () => {
    const { key } = await starter("studio-docs@example.com");
    const md = new File(["# Chapter A\n\nFirst *paragraph*.\n\n# Chapter B\n\nSecond."], "book.md", { type: "text/markdown" });
    const made = (await (await create(key, { name: "Markdown", from_document: md })).json()) as { project: { project_id: string; source_type: string } };
    expect(made.project.source_type).toBe("markdown");
    const chapters = (await (await api(`/v1/studio/projects/${made.project.project_id}/chapters`, { key })).json()) as { chapters: { name: string; chapter_id: string }[] };
    expect(chapters.chapters.map((c) => c.name)).toEqual(["Chapter A", "Chapter B"]);
    const first = (await (await api(`/v1/studio/projects/${made.project.project_id}/chapters/${chapters.chapters[0]!.chapter_id}`, { key })).json()) as Chapter;
    expect(first.content.blocks.map((b) => [b.sub_type, b.nodes[0]!.text])).toEqual([["h1", "Chapter A"], ["p", "First paragraph."]]);

    const html = new File(["<h1>Only</h1><p>Text &amp; more.</p>"], "page.html", { type: "text/html" });
    expect((await create(key, { name: "HTML", from_document: html })).status).toBe(200);

    const refusals: [File, string][] = [
      [new File(["not a zip"], "book.epub", { type: "application/epub+zip" }), "invalid_document"],
      [new File([new Uint8Array([0xff, 0xfe, 0x81, 0x00])], "x.txt", { type: "text/plain" }), "invalid_document"],
      [new File(["%PDF-1.4"], "x.pdf", { type: "application/pdf" }), "unsupported_document"],
    ];
    for (const [file, status] of refusals) {
      const r = await create(key, { name: "Bad", from_document: file });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { detail: { status: string } }).detail.status).toBe(status);
    }
    expect((await create(key, { name: "Both", from_document: html, from_content_json: "[]" })).status).toBe(400);
    expect((await create(key, { name: "Bad json", from_content_json: "{" })).status).toBe(400);
    expect((await create(key, { name: "" })).status).toBe(422);
  });

  it("refuses another workspace's voice and live-moderation voices with the spec's message", async () => {
    const { key, workspace } = await starter("studio-voices@example.com");
    const other = await starter("studio-voices-other@example.com");
    await env.DB.prepare(
      `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES ('studioothervoice0001', ?, 'cloned', 'Theirs', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}')`,
    )
      .bind(other.workspace)
      .run();
    await env.DB.prepare(
      `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, live_moderation_enabled) VALUES ('studiolivevoice00001', ?, 'cloned', 'Live', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}', 1)`,
    )
      .bind(workspace)
      .run();
    const theirs = await create(key, { name: "X", from_content_json: content([{ name: "A", blocks: [{ nodes: [{ voice_id: "studioothervoice0001", text: "Hi." }] }] }]) });
    expect(theirs.status).toBe(400);
    expect(((await theirs.json()) as { detail: { status: string } }).detail.status).toBe("voice_not_found");
    const live = await create(key, { name: "X", default_paragraph_voice_id: "studiolivevoice00001", default_title_voice_id: ARIA });
    expect(live.status).toBe(400);
    expect(((await live.json()) as { detail: { message: string } }).detail.message).toBe("Live moderation voices are not available in Studio");
    expect(await (await api("/v1/studio/projects", { key })).json()).toEqual({ projects: [] });
  });

  it("converts a chapter in the queue, charges each character once, keeps snapshots, and reconverts only an edited block", async () => {
    const { key, workspace } = await starter("studio-convert@example.com");
    const made = (await (await create(key, { name: "Story", default_title_voice_id: ARIA, default_paragraph_voice_id: ROGER, from_content_json: content([{ name: "One", blocks: [{ sub_type: "h1", nodes: [{ voice_id: ARIA, text: "Chapter one." }] }, { nodes: [{ voice_id: ROGER, text: "The rain fell." }] }, { nodes: [{ voice_id: ARIA, text: "She smiled." }] }] }]) })).json()) as { project: { project_id: string; chapters_order: string[] } };
    const projectId = made.project.project_id;
    const chapterId = made.project.chapters_order[0]!;
    const total = "Chapter one.".length + "The rain fell.".length + "She smiled.".length;
    // The workspace's webhook for finished conversions (decision 0034) hears of it.
    const hook = await api("/v1/workspace/webhooks", { method: "POST", key, json: { settings: { auth_type: "hmac", name: "Studio", webhook_url: "https://hooks.example.com/studio", events: ["studio_conversion"] } } });
    const { webhook_id: webhookId } = (await hook.json()) as { webhook_id: string };

    expect((await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/convert`, { method: "POST", key })).status).toBe(200);
    const done = await converted(key, projectId, chapterId);
    // The Studio worker relays the event to the app's emitter (decision 0058): its delivery is queued a moment later.
    expect(await webhookPayloads(webhookId)).toEqual([
      expect.objectContaining({ type: "studio_conversion", data: expect.objectContaining({ project_id: projectId, status: "converted", failed_chapter_ids: [] }) }),
    ]);
    // The queue tries it (the test host answers nothing) before this test's storage goes away.
    for (let i = 0; i < 100; i++) {
      const row = await env.DB.prepare("SELECT attempts FROM webhook_deliveries WHERE webhook_id = ?").bind(webhookId).first<{ attempts: number }>();
      if (row!.attempts > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toMatchObject({ conversion_progress: 1, can_be_downloaded: true, last_conversion_error: null });
    expect(done.content.blocks.every((b) => b.converted)).toBe(true);
    expect(await charged(workspace)).toBe(total);

    const snapshots = (await (await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/snapshots`, { key })).json()) as { snapshots: { chapter_snapshot_id: string }[] };
    expect(snapshots.snapshots).toHaveLength(1);
    const snapshotId = snapshots.snapshots[0]!.chapter_snapshot_id;
    const detail = (await (await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/snapshots/${snapshotId}`, { key })).json()) as { character_alignments: { characters: string[] }[] };
    expect(detail.character_alignments.map((a) => a.characters.join(""))).toEqual(["Chapter one.", "The rain fell.", "She smiled."]);
    const audio = await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/snapshots/${snapshotId}/stream`, { method: "POST", key, json: { convert_to_mpeg: true } });
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(1.5);

    const projectSnapshots = (await (await api(`/v1/studio/projects/${projectId}/snapshots`, { key })).json()) as { snapshots: { project_snapshot_id: string }[] };
    expect(projectSnapshots.snapshots).toHaveLength(1);
    const zip = await api(`/v1/studio/projects/${projectId}/snapshots/${projectSnapshots.snapshots[0]!.project_snapshot_id}/archive`, { method: "POST", key });
    expect(zip.headers.get("content-type")).toBe("application/zip");

    // Converting again with nothing changed synthesises and charges nothing.
    expect((await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/convert`, { method: "POST", key })).status).toBe(200);
    await converted(key, projectId, chapterId);
    expect(await charged(workspace)).toBe(total);

    // One paragraph edited: only it is converted and charged.
    const blocks = done.content.blocks.map((b) => ({ block_id: b.block_id, sub_type: b.sub_type, nodes: b.nodes.map((n) => ({ type: "tts_node", voice_id: n.voice_id, text: n.text })) }));
    blocks[1]!.nodes[0]!.text = "The rain stopped.";
    const edited = (await (await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}`, { method: "POST", key, json: { content: { blocks } } })).json()) as { chapter: Chapter };
    expect(edited.chapter.content.blocks.map((b) => b.converted)).toEqual([true, false, true]);
    expect((await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/convert?block_id=${blocks[1]!.block_id}`, { method: "POST", key })).status).toBe(200);
    await converted(key, projectId, chapterId);
    expect(await charged(workspace)).toBe(total + "The rain stopped.".length);

    // Play from the second paragraph: that block alone, or to the chapter's end.
    const one = await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/audio?from_block=${blocks[1]!.block_id}&continue_playing=false`, { key });
    const rest = await api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/audio?from_block=${blocks[1]!.block_id}&continue_playing=true`, { key });
    expect((await rest.arrayBuffer()).byteLength).toBeGreaterThan((await one.arrayBuffer()).byteLength);

    // The audio lives under the workspace's history prefix (deleted with the workspace) and goes with the project.
    const prefix = `history/${workspace}/studio/${projectId}/`;
    expect((await env.MEDIA.list({ prefix })).objects.length).toBeGreaterThan(0);
    expect((await api(`/v1/studio/projects/${projectId}`, { method: "DELETE", key })).status).toBe(200);
    expect((await env.MEDIA.list({ prefix })).objects).toEqual([]);
  }, 60_000);

  it("refuses an empty chapter, the API on a plan without it, and projects beyond the plan's limit", async () => {
    const { key } = await starter("studio-empty@example.com");
    const blank = (await (await create(key, { name: "Blank" })).json()) as { project: { project_id: string; chapters_order: string[] } };
    const r = await api(`/v1/studio/projects/${blank.project.project_id}/chapters/${blank.project.chapters_order[0]}/convert`, { method: "POST", key });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { detail: { message: string } }).detail.message).toBe("This chapter has no text to convert.");

    const cookie = await signUp("studio-free@example.com");
    const freeKey = await createKey(cookie);
    const refused = await api("/v1/studio/projects", { key: freeKey });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("projects_api_not_allowed");
    expect(((await (await api("/v1/user/subscription", { key: freeKey })).json()) as { allowed_to_use_projects_api: boolean }).allowed_to_use_projects_api).toBe(false);
    expect(((await (await api("/v1/user/subscription", { key })).json()) as { allowed_to_use_projects_api: boolean }).allowed_to_use_projects_api).toBe(true);
    // The pages (a session) use Studio on the free plan, up to its 3 projects.
    for (let i = 0; i < 3; i++) expect((await api("/v1/studio/projects", { method: "POST", cookie, body: multipart({ name: `P${i}` }) })).status).toBe(200);
    const over = await api("/v1/studio/projects", { method: "POST", cookie, body: multipart({ name: "P4" }) });
    expect(over.status).toBe(403);
    expect(((await over.json()) as { detail: { status: string } }).detail.status).toBe("project_limit_reached");
  });

  it("updates metadata and settings, adds and deletes chapters, and deletes the project with its audio", async () => {
    const { key } = await starter("studio-update@example.com");
    const made = (await (await create(key, { name: "Meta", from_document: new File([strToU8("Some words.")], "a.txt", { type: "text/plain" }) })).json()) as { project: { project_id: string } };
    const id = made.project.project_id;
    const updated = await api(`/v1/studio/projects/${id}`, { method: "POST", key, json: { name: "Meta 2", default_title_voice_id: ARIA, default_paragraph_voice_id: ARIA, author: "Ann", isbn_number: "978-3-16-148410-0", acx_volume_normalization: true, project_settings: { continue_playing: true } } });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { project: unknown }).project).toMatchObject({ name: "Meta 2", author: "Ann", acx_volume_normalization: true, project_settings: { continue_playing: true } });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const cover = await api(`/v1/studio/projects/${id}/cover`, { method: "POST", key, body: multipart({ cover: new File([png], "cover.png", { type: "image/png" }) }) });
    expect(((await cover.json()) as { project: { cover_image_url: string } }).project.cover_image_url).toBe(`/v1/studio/projects/${id}/cover`);
    const image = await api(`/v1/studio/projects/${id}/cover`, { key });
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    const gif = await api(`/v1/studio/projects/${id}/cover`, { method: "POST", key, body: multipart({ cover: new File(["GIF89a"], "c.gif", { type: "image/gif" }) }) });
    expect(gif.status).toBe(400);
    // Bytes that only claim to be a PNG are refused too.
    expect((await api(`/v1/studio/projects/${id}/cover`, { method: "POST", key, body: multipart({ cover: new File(["not an image"], "c.png", { type: "image/png" }) }) })).status).toBe(400);
    const chapter = (await (await api(`/v1/studio/projects/${id}/chapters`, { method: "POST", key, json: { name: "Extra" } })).json()) as { chapter: { chapter_id: string; content: { blocks: unknown[] } } };
    expect(chapter.chapter.content.blocks).toEqual([]);
    expect((await api(`/v1/studio/projects/${id}/chapters/${chapter.chapter.chapter_id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/studio/projects/${id}/chapters/${chapter.chapter.chapter_id}`, { key })).status).toBe(404);
    expect((await api(`/v1/studio/projects/${id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/studio/projects/${id}`, { key })).status).toBe(404);
  });

});

describe("the editor's Convert project (/app/studio/{id})", () => {
  it("converts every chapter through the page's action, with or without JavaScript; refuses while one converts and when nothing changed; the finished conversion is in the notifications", async () => {
    const { key, cookie, workspace } = await starter("studio-convert-project@example.com");
    const texts = ["Part one.", "The tide came in.", "The gulls were loud.", "Part two ends it."];
    const made = (await (await create(key, { name: "Tides", from_content_json: content([{ name: "One", blocks: [{ sub_type: "h1", nodes: [{ voice_id: ARIA, text: texts[0]! }] }, { nodes: [{ voice_id: ROGER, text: texts[1]! }] }, { nodes: [{ voice_id: ROGER, text: texts[2]! }] }] }, { name: "Two", blocks: [{ nodes: [{ voice_id: ARIA, text: texts[3]! }] }] }]) })).json()) as { project: { project_id: string; chapters_order: string[] } };
    const projectId = made.project.project_id;
    const [one, two] = made.project.chapters_order as [string, string];
    const editor = async () => (await SELF.fetch(`${ORIGIN}/app/studio/${projectId}`, { headers: { cookie } })).text();
    expect(await editor()).toContain("4 paragraphs in 2 chapters.");

    // While a chapter converts (here marked so by hand), the action refuses with the button's reason and queues nothing.
    await env.DB.prepare("UPDATE studio_chapters SET state = 'converting' WHERE id = ?").bind(two).run();
    expect(await editor()).toContain(PROJECT_CONVERT_TEXTS.running);
    expect(await fetcherPost(`/app/studio/${projectId}`, { intent: "convert-project" }, cookie)).toMatchObject({ status: 409, data: { error: PROJECT_CONVERT_TEXTS.running } });
    expect(((await (await api(`/v1/studio/projects/${projectId}/chapters/${one}`, { key })).json()) as Chapter).state).toBe("default");
    await env.DB.prepare("UPDATE studio_chapters SET state = 'default' WHERE id = ?").bind(two).run();

    // The button's form without JavaScript: the action queues every chapter and the editor comes back.
    const init = form({ intent: "convert-project" });
    const posted = await SELF.fetch(`${ORIGIN}/app/studio/${projectId}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('data-testid="convert-project"');
    for (const chapterId of [one, two]) expect(await converted(key, projectId, chapterId)).toMatchObject({ conversion_progress: 1, can_be_downloaded: true, last_conversion_error: null });
    expect(await charged(workspace)).toBe(texts.join("").length);
    const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { latest_snapshot_id: string | null; can_be_downloaded: boolean };
    expect(project).toMatchObject({ can_be_downloaded: true, latest_snapshot_id: expect.any(String) });

    // The Studio worker relays the finished conversion to the app (decision 0058), which puts it in the bell's list.
    type Notifications = { notifications: { title: string; description: string; has_been_read: boolean }[] };
    let listed: Notifications["notifications"] = [];
    for (let i = 0; i < 100 && listed.length === 0; i++) {
      listed = ((await (await api("/v1/workspace/notifications", { key })).json()) as Notifications).notifications;
      if (listed.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(listed).toEqual([{ title: "Studio conversion finished", description: "Tides is converted and ready to play.", has_been_read: false, severity: "success", needs_attention: false, notification_id: expect.any(String), created_at_unix: expect.any(Number) }]);

    // Nothing changed since: refused with the button's reason, nothing charged.
    expect(await editor()).toContain(PROJECT_CONVERT_TEXTS.done);
    expect(await fetcherPost(`/app/studio/${projectId}`, { intent: "convert-project" }, cookie)).toMatchObject({ status: 400, data: { error: PROJECT_CONVERT_TEXTS.done } });
    const blank = (await (await create(key, { name: "Blank" })).json()) as { project: { project_id: string } };
    expect(await fetcherPost(`/app/studio/${blank.project.project_id}`, { intent: "convert-project" }, cookie)).toMatchObject({ status: 400, data: { error: PROJECT_CONVERT_TEXTS.empty } });
    expect(await charged(workspace)).toBe(texts.join("").length);
  }, 60_000);

  it("two convert calls at once through the API: one queues, the other is refused 409, and every paragraph is charged once", async () => {
    const { key, workspace } = await starter("studio-convert-race@example.com");
    const texts = ["A first line.", "A second line."];
    const made = (await (await create(key, { name: "Race", from_content_json: content([{ name: "One", blocks: texts.map((text) => ({ nodes: [{ voice_id: ARIA, text }] })) }]) })).json()) as { project: { project_id: string; chapters_order: string[] } };
    const projectId = made.project.project_id;
    const [chapterId] = made.project.chapters_order as [string];
    const calls = await Promise.all([
      api(`/v1/studio/projects/${projectId}/convert`, { method: "POST", key }),
      api(`/v1/studio/projects/${projectId}/chapters/${chapterId}/convert`, { method: "POST", key }),
    ]);
    expect(calls.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = calls.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { detail: unknown }).detail).toEqual({ status: "conversion_running", message: PROJECT_CONVERT_TEXTS.running });
    expect(await converted(key, projectId, chapterId)).toMatchObject({ conversion_progress: 1, can_be_downloaded: true });
    expect(await charged(workspace)).toBe(texts.join("").length);
  }, 60_000);
});

describe("the text-to-speech page's Studio suggestion", () => {
  it("is closed for good: prompts_shown.long_content_use_projects turns true, for this user only", async () => {
    const cookie = await signUp("studio-prompt@example.com");
    const key = await createKey(cookie);
    const other = await createKey(await signUp("studio-prompt-other@example.com"));
    const shown = async (k: string) => ((await (await api("/v1/user", { key: k })).json()) as { prompts_shown: Record<string, boolean> }).prompts_shown;
    expect(await shown(key)).toEqual({ long_content_use_projects: false, dubbing_use_cases_banner: false });
    const closed = await fetcherPost("/app/speech-synthesis/text-to-speech", { intent: "close-long-content-prompt" }, cookie);
    expect(closed).toMatchObject({ status: 200, data: { ok: true } });
    expect(await shown(key)).toEqual({ long_content_use_projects: true, dubbing_use_cases_banner: false });
    expect((await shown(other)).long_content_use_projects).toBe(false);
  });
});
