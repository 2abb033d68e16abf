import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { strToU8 } from "fflate";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { PROJECT_CONVERT_TEXTS } from "../../../core/studio/studio-rules";
import { api, createKey, fetcherPost, form, ORIGIN, postForm, signUp, webhookPayloads } from "./helpers";
import { ARIA } from "./billing-helpers";
import { importUrlProblem } from "../../../app/studio/server/url-import.server";
import { PODCAST_TEXTS } from "../../../app/studio/rules/podcast";

describe("studio", () => {
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
});

describe("studio-chapters", () => {
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

    it("creates a podcast from the Studio page's dialog, with or without JavaScript, and answers bad input under its field with 4xx", async () => {
      const cookie = await signUp("studio-podcast-page@example.com");
      const dialog = await (await SELF.fetch(`${ORIGIN}/app/studio?dialog=podcast`, { headers: { cookie } })).text();
      // The dialog is in the server's page (it opens without scripts); it says whose words these are and offers no
      // rewriting instructions (the API refuses them).
      const form = dialog.slice(dialog.indexOf('data-testid="podcast-dialog"'), dialog.indexOf("</form>"));
      expect(form).toContain(PODCAST_TEXTS.ownWords.replace("'", "&#x27;"));
      expect(form).toContain('name="duration_scale"');
      expect(form).not.toMatch(/instructions|prompt/i);
      const fields = { intent: "create-podcast", source_type: "text", text: "Welcome to the show.\n\nToday we talk about tea.\n\nThanks for listening.", url: "", mode: "conversation", host_voice_id: ARIA, guest_voice_id: ROGER, duration_scale: "short", language: "en", quality_preset: "high" };
      const blocksOf = async (projectId: string) => {
        const chapter = await env.DB.prepare("SELECT block_ids_order AS o FROM studio_chapters WHERE project_id = ?").bind(projectId).first<{ o: string }>();
        const rows = await env.DB.prepare("SELECT id, nodes FROM studio_blocks WHERE chapter_id IN (SELECT id FROM studio_chapters WHERE project_id = ?)").bind(projectId).all<{ id: string; nodes: string }>();
        return (JSON.parse(chapter!.o) as string[]).map((id) => (JSON.parse(rows.results.find((r) => r.id === id)!.nodes) as { voice_id: string; text: string }[]).map((n) => `${n.voice_id}:${n.text}`).join(""));
      };
      const created = await fetcherPost("/app/studio?index", fields, cookie);
      expect(created).toMatchObject({ status: 302, redirect: expect.stringMatching(/^\/app\/studio\/[A-Za-z0-9]{20}$/) });
      const projectId = (created as unknown as { redirect: string }).redirect.split("/").pop()!;
      expect(await blocksOf(projectId)).toEqual([`${ARIA}:Welcome to the show.`, `${ROGER}:Today we talk about tea.`, `${ARIA}:Thanks for listening.`]);
      const project = await env.DB.prepare("SELECT content_type, quality_preset, language, added_to_queue_at_unix FROM studio_projects WHERE id = ?").bind(projectId).first<Record<string, unknown>>();
      expect(project).toMatchObject({ content_type: "podcast", quality_preset: "high", language: "en" });
      expect(project!.added_to_queue_at_unix).toBeGreaterThan(0);

      // Without JavaScript: the browser's own post, answered with a redirect to the editor.
      const plain = await postForm("/app/studio?index&dialog=podcast", { ...fields, mode: "bulletin", guest_voice_id: "" }, cookie);
      expect(plain.status).toBe(302);
      const bulletin = plain.headers.get("location")!.split("/").pop()!;
      expect(await blocksOf(bulletin)).toEqual([`${ARIA}:Welcome to the show.`, `${ARIA}:Today we talk about tea.`, `${ARIA}:Thanks for listening.`]);
      // An intro and an outro: said by the host, around the source.
      expect(form).toContain('name="intro"');
      const framed = await postForm("/app/studio?index&dialog=podcast", { ...fields, intro: "This is Tea Talk.", outro: "See you next week." }, cookie);
      expect(await blocksOf(framed.headers.get("location")!.split("/").pop()!)).toEqual([`${ARIA}:This is Tea Talk.`, `${ARIA}:Welcome to the show.`, `${ROGER}:Today we talk about tea.`, `${ARIA}:Thanks for listening.`, `${ARIA}:See you next week.`]);

      await signUp("studio-podcast-page-other@example.com");
      const otherWorkspace = (await env.DB.prepare("SELECT id FROM workspaces WHERE owner_id = (SELECT id FROM users WHERE email = ?)").bind("studio-podcast-page-other@example.com").first<{ id: string }>())!.id;
      await env.DB.prepare(
        `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES ('podcastothervoice001', ?, 'cloned', 'Theirs', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}')`,
      )
        .bind(otherWorkspace)
        .run();
      const refusals: [Record<string, string>, string, string][] = [
        [{ text: "  \n\n " }, "text", PODCAST_TEXTS.noText],
        [{ source_type: "url", url: "" }, "url", PODCAST_TEXTS.noUrl],
        [{ source_type: "url", url: "file:///etc/passwd" }, "url", "The URL must be a full http(s) URL."],
        [{ guest_voice_id: "nope" }, "guest_voice_id", "A voice with the voice_id nope was not found."],
        [{ host_voice_id: "podcastothervoice001" }, "host_voice_id", "A voice with the voice_id podcastothervoice001 was not found."],
        [{ guest_voice_id: "" }, "guest_voice_id", PODCAST_TEXTS.noGuest],
        [{ mode: "interview" }, "mode", expect.any(String)],
      ];
      const { intent: _, ...withoutIntent } = fields;
      for (const [change, field, message] of refusals) {
        const refused = await fetcherPost("/app/studio?index", { ...fields, ...change }, cookie);
        expect(refused.status, JSON.stringify(change)).toBe(400);
        expect(refused.data, JSON.stringify(change)).toMatchObject({ intent: "create-podcast", errors: { [field]: message }, values: { ...withoutIntent, ...change } });
      }
      // The refusals made nothing: the three podcasts are the workspace's only projects.
      const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM studio_projects WHERE workspace_id = (SELECT workspace_id FROM studio_projects WHERE id = ?)").bind(projectId).first<{ n: number }>();
      expect(count!.n).toBe(3);
    }, 60_000);

    it("takes several sources from the dialog's rows, read in order with empty rows left out, and adds or removes a row without JavaScript", async () => {
      const cookie = await signUp("studio-podcast-sources@example.com");
      const dialog = await (await SELF.fetch(`${ORIGIN}/app/studio?dialog=podcast`, { headers: { cookie } })).text();
      const form = dialog.slice(dialog.indexOf('data-testid="podcast-dialog"'), dialog.indexOf("</form>"));
      // Before the scripts run, "Add another source" posts the form; highlights are not asked for (decision 0079).
      expect(form).toMatch(/<button[^>]*type="submit"[^>]*name="add_source"[^>]*>/);
      expect(form).not.toContain("text_2");
      expect(form).not.toMatch(/highlight/i);
      const fields = { intent: "create-podcast", source_type: "text", text: "Tea comes from China.", url: "", mode: "conversation", host_voice_id: ARIA, guest_voice_id: ROGER, duration_scale: "short", language: "", quality_preset: "standard" };

      // Without JavaScript: the button's post answers the same form with one more row, what was typed kept, nothing made.
      const added = await postForm("/app/studio?index&dialog=podcast", { ...fields, add_source: "1" }, cookie);
      expect(added.status).toBe(200);
      const again = await added.text();
      const againForm = again.slice(again.indexOf('data-testid="podcast-dialog"'), again.indexOf("</form>"));
      expect(againForm).toContain('name="text_2"');
      expect(againForm).toContain('name="url_2"');
      expect(againForm).toContain("Source 2");
      expect(againForm).not.toContain("text_3");
      expect(againForm).toContain("Tea comes from China.");
      // One row has no "Remove" (it is emptied instead); two rows have one each, a submit button before the scripts.
      expect(form).not.toContain('name="remove_source"');
      expect(againForm).toMatch(/<button[^>]*type="submit"[^>]*name="remove_source"[^>]*value="1"/);
      expect(againForm).toMatch(/<button[^>]*type="submit"[^>]*name="remove_source"[^>]*value="2"/);

      // Without JavaScript "Remove" on the first of three rows answers the form with the later two moved up, nothing made.
      const three = { ...fields, source_type_2: "url", text_2: "", url_2: "https://example.com/second", source_type_3: "text", text_3: "Third source.", url_3: "" };
      const removed = await postForm("/app/studio?index&dialog=podcast", { ...three, remove_source: "1" }, cookie);
      expect(removed.status).toBe(200);
      const removedHtml = await removed.text();
      const removedForm = removedHtml.slice(removedHtml.indexOf('data-testid="podcast-dialog"'), removedHtml.indexOf("</form>"));
      expect(removedForm).not.toContain("Tea comes from China.");
      expect(removedForm).toMatch(/name="url"[^>]*value="https:\/\/example.com\/second"/);
      expect(removedForm).toMatch(/<input[^>]*id="podcast-source-url"[^>]*checked=""/);
      expect(removedForm).toContain("Third source.");
      expect(removedForm).toContain("Source 2");
      expect(removedForm).not.toContain("text_3");
      const removedData = await fetcherPost("/app/studio?index", { ...three, remove_source: "1" }, cookie);
      expect(removedData).toMatchObject({ status: 200, data: { errors: {}, values: { source_type: "url", url: "https://example.com/second", source_type_2: "text", text_2: "Third source." } } });
      expect((removedData.data as { values: Record<string, string> }).values).not.toHaveProperty("text_3");
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM studio_projects WHERE workspace_id = (SELECT workspace_id FROM workspace_members WHERE user_id = (SELECT id FROM users WHERE email = ?))").bind("studio-podcast-sources@example.com").first<number>("n")).toBe(0);

      // Three rows, the second empty (left out): the first and third sources read in turns, in order.
      const made = await postForm("/app/studio?index&dialog=podcast", { ...fields, source_type_2: "text", text_2: "  ", url_2: "", source_type_3: "text", text_3: "It reached Europe later.\n\nNow everyone drinks it.", url_3: "" }, cookie);
      expect(made.status).toBe(302);
      const projectId = made.headers.get("location")!.split("/").pop()!;
      const chapter = await env.DB.prepare("SELECT block_ids_order AS o FROM studio_chapters WHERE project_id = ?").bind(projectId).first<{ o: string }>();
      const rows = await env.DB.prepare("SELECT id, nodes FROM studio_blocks WHERE chapter_id IN (SELECT id FROM studio_chapters WHERE project_id = ?)").bind(projectId).all<{ id: string; nodes: string }>();
      const blocks = (JSON.parse(chapter!.o) as string[]).map((id) => (JSON.parse(rows.results.find((r) => r.id === id)!.nodes) as { voice_id: string; text: string }[]).map((n) => `${n.voice_id}:${n.text}`).join(""));
      expect(blocks).toEqual([`${ARIA}:Tea comes from China.`, `${ROGER}:It reached Europe later.`, `${ARIA}:Now everyone drinks it.`]);

      // A refusal about the second source is a 4xx under that row's field, with every row given back.
      const refused = await fetcherPost("/app/studio?index", { ...fields, source_type_2: "url", text_2: "", url_2: "file:///etc/passwd" }, cookie);
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ errors: { url_2: "The URL must be a full http(s) URL." }, values: { source_type_2: "url", url_2: "file:///etc/passwd" } });
      const tooLong = await fetcherPost("/app/studio?index", { ...fields, source_type_2: "text", text_2: "x".repeat(500_001) }, cookie);
      expect(tooLong).toMatchObject({ status: 400, data: { errors: { text_2: "The text must be at most 500,000 characters." } } });
      const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM studio_projects WHERE workspace_id = (SELECT workspace_id FROM studio_projects WHERE id = ?)").bind(projectId).first<{ n: number }>();
      expect(count!.n).toBe(1);
    }, 60_000);
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
});

describe("studio-audiobook", () => {
  // The audiobook export (decision 0049): chapter marks read back from the downloaded file by a parser written here
  // (independent of the writer), and ACX loudness measured on the decoded audio of each chapter. Also a project
  // created with pronunciation_dictionary_locators.
  async function starter(email: string): Promise<string> {
    return (await starterMember(email)).key;
  }

  /** A Starter workspace's owner: an API key, and the session cookie for the editor's actions. */
  async function starterMember(email: string): Promise<{ key: string; cookie: string }> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const { workspace_id: workspace } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
    return { key, cookie };
  }

  function form(fields: [string, string][]): FormData {
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
    return body;
  }

  const paragraphs = (texts: string[]) => ({ blocks: texts.map((text) => ({ sub_type: "p", nodes: [{ type: "tts_node", voice_id: ARIA, text }] })) });

  type Mark = { id: string; title: string; startMs: number; endMs: number };

  /** ID3v2.3/2.4 CHAP frames of a file, read here byte by byte. */
  function readChapters(bytes: Uint8Array): { marks: Mark[]; toc: string[]; tagEnd: number } {
    expect(String.fromCharCode(...bytes.subarray(0, 3))).toBe("ID3");
    const version = bytes[3]!;
    const syncsafe = (at: number) => (bytes[at]! << 21) | (bytes[at + 1]! << 14) | (bytes[at + 2]! << 7) | bytes[at + 3]!;
    const u32 = (at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
    const tagEnd = 10 + syncsafe(6);
    const text = (at: number, end: number) => {
      const body = bytes.subarray(at + 1, end);
      if (bytes[at] === 0) return String.fromCharCode(...body);
      const units: number[] = [];
      for (let i = 2; i + 1 < body.length; i += 2) units.push(body[i]! | (body[i + 1]! << 8));
      return String.fromCharCode(...units);
    };
    const frames = (from: number, to: number) => {
      const out: { id: string; at: number; end: number }[] = [];
      for (let at = from; at + 10 <= to && bytes[at] !== 0; ) {
        const size = version === 4 ? syncsafe(at + 4) : u32(at + 4);
        out.push({ id: String.fromCharCode(...bytes.subarray(at, at + 4)), at: at + 10, end: at + 10 + size });
        at += 10 + size;
      }
      return out;
    };
    const zeroString = (at: number) => {
      let end = at;
      while (bytes[end] !== 0) end++;
      return { value: String.fromCharCode(...bytes.subarray(at, end)), next: end + 1 };
    };
    const marks: Mark[] = [];
    let toc: string[] = [];
    for (const f of frames(10, tagEnd)) {
      if (f.id === "CHAP") {
        const id = zeroString(f.at);
        const title = frames(id.next + 16, f.end).find((s) => s.id === "TIT2");
        marks.push({ id: id.value, title: title ? text(title.at, title.end) : "", startMs: u32(id.next), endMs: u32(id.next + 4) });
      }
      if (f.id === "CTOC") {
        let at = zeroString(f.at).next;
        const count = bytes[at + 1]!;
        at += 2;
        toc = [];
        for (let i = 0; i < count; i++) {
          const child = zeroString(at);
          toc.push(child.value);
          at = child.next;
        }
      }
    }
    return { marks, toc, tagEnd };
  }

  /** RMS, peak and the quietest 0.5 s window's RMS in dB of full scale, as ACX's checker measures them. */
  function measure(samples: Int16Array, rate: number) {
    const db = (v: number) => 20 * Math.log10(Math.max(v, 1e-12) / 32768);
    let sum = 0;
    let peak = 0;
    for (const v of samples) {
      sum += v * v;
      peak = Math.max(peak, Math.abs(v));
    }
    const window = Math.round(rate / 2);
    let quietest = Infinity;
    for (let start = 0; start + window <= samples.length; start += window) {
      let w = 0;
      for (let i = start; i < start + window; i++) w += samples[i]! * samples[i]!;
      quietest = Math.min(quietest, w / window);
    }
    return { rms: db(Math.sqrt(sum / samples.length)), peak: db(peak), floor: db(Math.sqrt(quietest)) };
  }

  async function waitConverted(key: string, projectId: string): Promise<void> {
    for (let i = 0; i < 300; i++) {
      const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { state: string; chapters: { state: string }[] };
      if (project.state === "default" && project.chapters.every((c) => c.state === "default")) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("conversion did not finish");
  }

  describe("Studio audiobook export", () => {
    it("creates a project with pronunciation dictionaries, refusing malformed and unknown locators", async () => {
      const key = await starter("studio-locators@example.com");
      const added = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name: "Names", rules: [{ type: "alias", string_to_replace: "Nguyen", alias: "win" }] } });
      const dictionary = (await added.json()) as { id: string; version_id: string };
      const made = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Names"], ["pronunciation_dictionary_locators", JSON.stringify({ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id })]]) });
      expect(made.status).toBe(200);
      const { project } = (await made.json()) as { project: { project_id: string } };
      const got = (await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { pronunciation_dictionary_locators: unknown[] };
      expect(got.pronunciation_dictionary_locators).toEqual([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id }]);

      const before = ((await (await api("/v1/studio/projects", { key })).json()) as { projects: unknown[] }).projects.length;
      const malformed = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Bad"], ["pronunciation_dictionary_locators", "not json"]]) });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { detail: { status: string } }).detail.status).toBe("invalid_pronunciation_dictionary_locators");
      const unknown = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Bad"], ["pronunciation_dictionary_locators", JSON.stringify({ pronunciation_dictionary_id: "nosuchdictionary0000" })]]) });
      expect(unknown.status).toBe(404);
      expect(((await (await api("/v1/studio/projects", { key })).json()) as { projects: unknown[] }).projects).toHaveLength(before);
    });

    it("exports an MP3 whose ID3 chapter marks match its chapters, each normalised to ACX's loudness", async () => {
      const { key, cookie } = await starterMember("studio-audiobook@example.com");
      const chapters = [
        { name: "The Harbour", ...paragraphs(["The boats came home before the storm.", "Only one was missing, and the keeper waited by the lamp."]) },
        { name: "Épilogue", ...paragraphs(["In the morning the sea was calm again."]) },
      ];
      const made = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Lighthouse"], ["author", "Ana Núñez"], ["acx_volume_normalization", "true"], ["from_content_json", JSON.stringify(chapters)]]) });
      const { project } = (await made.json()) as { project: { project_id: string } };
      expect((await api(`/v1/studio/projects/${project.project_id}/convert`, { method: "POST", key })).status).toBe(200);
      await waitConverted(key, project.project_id);
      const { snapshots } = (await (await api(`/v1/studio/projects/${project.project_id}/snapshots`, { key })).json()) as { snapshots: { project_snapshot_id: string }[] };
      const response = await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      const book = new Uint8Array(await response.arrayBuffer());

      const { marks, toc, tagEnd } = readChapters(book);
      expect(toc).toEqual(marks.map((m) => m.id));
      expect(marks.map((m) => m.title)).toEqual(["The Harbour", "Épilogue"]);
      expect(marks[0]!.startMs).toBe(0);
      expect(marks[1]!.startMs).toBe(marks[0]!.endMs);

      const { samples, sampleRate } = await decodeMp3(book.subarray(tagEnd));
      expect(sampleRate).toBe(44100);
      // The marks cover the decoded audio (to an MP3 frame).
      expect(Math.abs((samples.length / sampleRate) * 1000 - marks[1]!.endMs)).toBeLessThan(30);
      for (const mark of marks) {
        const chapter = samples.subarray(Math.round((mark.startMs / 1000) * sampleRate), Math.round((mark.endMs / 1000) * sampleRate));
        const level = measure(chapter, sampleRate);
        expect(level.rms, `${mark.title} RMS`).toBeGreaterThanOrEqual(-23);
        expect(level.rms, `${mark.title} RMS`).toBeLessThanOrEqual(-18);
        expect(level.peak, `${mark.title} peak`).toBeLessThanOrEqual(-3);
        expect(level.floor, `${mark.title} noise floor`).toBeLessThanOrEqual(-60);
      }

      // Chapters reordered in the editor: the next export follows the new order without converting again.
      const order = ((await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { chapters_order: string[] }).chapters_order;
      expect((await fetcherPost(`/app/studio/${project.project_id}`, { intent: "place-chapter", chapter_id: order[1]!, index: "0" }, cookie)).status).toBe(200);
      const reordered = await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key });
      expect(readChapters(new Uint8Array(await reordered.arrayBuffer())).marks.map((m) => m.title)).toEqual(["Épilogue", "The Harbour"]);

      // Another workspace cannot download it.
      const other = await starter("studio-audiobook-other@example.com");
      expect((await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key: other })).status).toBe(404);
    }, 30_000);
  });
});

describe("studio-url-import", () => {
  // A stand-in for the outside web site, only inside this test: the app worker runs in the test's isolate, so its
  // outbound fetch to books.example is answered here; everything else goes on as usual.
  const PAGES: Record<string, () => Response> = {
    "https://books.example/story": () => new Response(null, { status: 301, headers: { location: "/story.html" } }),
    "https://books.example/story.html": () => new Response("<html><body><h1>One</h1><p>The first page.</p><h1>Two</h1><p>The second page.</p></body></html>", { headers: { "content-type": "text/html; charset=utf-8" } }),
    "https://books.example/image.png": () => new Response("png", { headers: { "content-type": "image/png" } }),
  };
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return PAGES[url] ? Promise.resolve(PAGES[url]()) : realFetch(input, init);
    });
  });
  afterAll(() => vi.restoreAllMocks());

  describe("Studio import from a URL", () => {
    it("reads an HTML page into chapters, following a redirect, and refuses what it cannot use", async () => {
      const cookie = await signUp("studio-url@example.com");
      const key = await createKey(cookie);
      const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspace).run();
      const form = new FormData();
      form.append("name", "From the web");
      form.append("from_url", "https://books.example/story");
      const created = await api("/v1/studio/projects", { method: "POST", key, body: form });
      expect(created.status).toBe(200);
      const { project } = (await created.json()) as { project: { project_id: string } };
      const chapters = (await (await api(`/v1/studio/projects/${project.project_id}/chapters`, { key })).json()) as { chapters: { name: string }[] };
      expect(chapters.chapters.map((c) => c.name)).toEqual(["One", "Two"]);

      const image = new FormData();
      image.append("name", "Picture");
      image.append("from_url", "https://books.example/image.png");
      const refused = await api("/v1/studio/projects", { method: "POST", key, body: image });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_document");
    });

    it("creates a project from a page address on the Studio page's URL tab, and explains a refused address", async () => {
      const cookie = await signUp("studio-url-page@example.com");
      const created = await fetcherPost("/app/studio", { mode: "url", name: "Web story", url: "https://books.example/story" }, cookie);
      expect(created).toMatchObject({ status: 302, redirect: expect.stringMatching(/^\/app\/studio\/[A-Za-z0-9]{20}$/) });
      const projectId = (created as unknown as { redirect: string }).redirect.split("/").pop();
      const chapters = await env.DB.prepare("SELECT name FROM studio_chapters WHERE project_id = ? ORDER BY name").bind(projectId).all<{ name: string }>();
      expect(chapters.results.map((c) => c.name)).toEqual(["One", "Two"]);
      const refused = await fetcherPost("/app/studio", { mode: "url", name: "Web story", url: "file:///etc/passwd" }, cookie);
      expect(refused.status).toBe(400);
      expect(refused.data).toEqual({ error: "The URL must be a full http(s) URL." });
    });

    it("refuses private and loopback hosts in production only, and URLs that are not http(s)", () => {
      for (const url of ["http://127.0.0.1/a", "http://localhost:8787/", "http://10.1.2.3/", "http://[::1]/", "http://192.168.0.4/x", "http://intranet/"]) {
        expect(importUrlProblem(url, true)).toBe("from_url must point to a public host, not a private, loopback or local address.");
        expect(importUrlProblem(url, false)).toBeNull();
      }
      expect(importUrlProblem("https://books.example/story", true)).toBeNull();
      expect(importUrlProblem("file:///etc/passwd", false)).toBe("from_url must be a full http(s) URL.");
      expect(importUrlProblem("https://user:pw@books.example/", false)).toBe("from_url cannot carry a user name or password.");
    });
  });
});
