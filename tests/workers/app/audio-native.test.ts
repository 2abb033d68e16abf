import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { api, createKey, ORIGIN, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

const BLOG = "https://blog.example";

async function account(email: string): Promise<{ key: string; cookie: string; workspace: string }> {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
  return { key, cookie, workspace };
}

const article = (paragraphs: string[]) => new File([`<html><body><div>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></body></html>`], "article.html", { type: "text/html" });

function multipart(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

type Settings = { enabled: boolean; snapshot_id: string | null; settings: { title: string; author: string; text_color: string; background_color: string; small: boolean; sessionization: number; audio_path: string | null; status: string } };

async function ready(key: string, projectId: string, notSnapshot: string | null = null): Promise<Settings> {
  for (let i = 0; i < 300; i++) {
    const settings = (await (await api(`/v1/audio-native/${projectId}/settings`, { key })).json()) as Settings;
    if (settings.settings.status === "ready" && settings.snapshot_id !== notSnapshot) return settings;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the player never became ready");
}

const charged = async (workspace: string) => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
const embed = (path: string, origin: string | null, init: RequestInit = {}) => SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(origin ? { origin } : {}), ...(init.headers as Record<string, string>) } });


describe("Audio Native", () => {
  it("creates a player from HTML, converts it in Studio's queue, and serves it only to the listed sites with counts", async () => {
    const { key, workspace } = await account("an-create@example.com");
    const created = await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "Launch post", title: "We launched", author: "Ada", voice_id: ARIA, text_color: "#123", background_color: "#fafafa", sessionization: "5", auto_convert: "true", file: article(["First paragraph here.", "Second paragraph here."]) }) });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { project_id: string; converting: boolean; html_snippet: string };
    expect(body.converting).toBe(true);
    expect(body.html_snippet).toContain(`data-projectid="${body.project_id}"`);
    expect(body.html_snippet).toContain(`${ORIGIN}/audio-native/embed.js`);

    // It is a Studio project with audio_native set, its article headed by the title and author.
    const project = (await (await api(`/v1/studio/projects/${body.project_id}`, { key })).json()) as { audio_native: unknown; chapters: { chapter_id: string }[] };
    expect(project.audio_native).toEqual({ enabled: true });
    const settings = await ready(key, body.project_id);
    expect(settings.settings).toMatchObject({ title: "We launched", author: "Ada", text_color: "#112233", background_color: "#FAFAFA", sessionization: 5, small: false, status: "ready" });
    expect(await charged(workspace)).toBe("We launched".length + "By Ada".length + "First paragraph here.".length + "Second paragraph here.".length);

    // Another workspace sees nothing.
    const other = await account("an-other@example.com");
    expect((await api(`/v1/audio-native/${body.project_id}/settings`, { key: other.key })).status).toBe(404);

    // The script is public and cached; the player answers only listed sites.
    const script = await embed("/audio-native/embed.js", null);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toContain("public");
    expect(await script.text()).toContain("parlance-audionative-widget");
    const refused = await embed(`/audio-native/${body.project_id}/config`, BLOG);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { status: string }).status).toBe("site_not_allowed");
    expect((await embed(`/audio-native/${body.project_id}/config`, null)).status).toBe(403);
    await env.DB.prepare("INSERT INTO audio_native_settings (workspace_id, title, author, text_color, background_color, sessionization, allowed_sites) VALUES (?, '', '', '#1F2937', '#FFFFFF', 0, ?)").bind(workspace, JSON.stringify([BLOG])).run();
    const config = await embed(`/audio-native/${body.project_id}/config`, BLOG);
    expect(config.status).toBe(200);
    expect(config.headers.get("access-control-allow-origin")).toBe(BLOG);
    const cfg = (await config.json()) as { audio_url: string; html: string; status: string; duration_seconds: number };
    expect(cfg.status).toBe("ready");
    expect(cfg.html).toContain("We launched");
    // A Referer stands in for a missing Origin; another site's is refused.
    expect((await embed(`/audio-native/${body.project_id}/config`, null, { headers: { referer: `${BLOG}/posts/1` } })).status).toBe(200);
    expect((await embed(`/audio-native/${body.project_id}/config`, null, { headers: { referer: "https://evil.example/x" } })).status).toBe(403);
    expect((await embed(cfg.audio_url, "https://evil.example")).status).toBe(403);

    const audio = await embed(cfg.audio_url, BLOG);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(1.5);
    const partial = await embed(cfg.audio_url, BLOG, { headers: { range: "bytes=0-99" } });
    expect(partial.status).toBe(206);
    await partial.arrayBuffer();

    // Counts: a play and listening time (each report capped), no cookies set.
    const play = await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ type: "play" }) });
    expect(play.status).toBe(204);
    expect(play.headers.get("set-cookie")).toBeNull();
    await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: JSON.stringify({ type: "listen", seconds: 2.5 }) });
    await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: JSON.stringify({ type: "listen", seconds: 99999 }) });
    expect((await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: "nonsense" })).status).toBe(400);
    expect((await embed(`/audio-native/${body.project_id}/events`, "https://evil.example", { method: "POST", body: JSON.stringify({ type: "play" }) })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 50));
    const stats = await env.DB.prepare("SELECT loads, plays, listen_ms FROM audio_native_daily_stats WHERE project_id = ?").bind(body.project_id).all<{ loads: number; plays: number; listen_ms: number }>();
    expect(stats.results).toEqual([{ loads: 2, plays: 1, listen_ms: 2500 + 60_000 }]);
  }, 60_000);

  it("reconverts only the changed paragraph on a content update, and keeps the old audio until published when auto_publish is off", async () => {
    const { key, workspace } = await account("an-update@example.com");
    const created = (await (await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "Post", voice_id: ARIA, auto_convert: "true", file: article(["Alpha one.", "Beta two.", "Gamma three."]) }) })).json()) as { project_id: string };
    const first = await ready(key, created.project_id);
    const before = await charged(workspace);
    const updated = await api(`/v1/audio-native/${created.project_id}/content`, { method: "POST", key, body: multipart({ auto_convert: "true", auto_publish: "false", file: article(["Alpha one.", "Beta changed.", "Gamma three."]) }) });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ project_id: created.project_id, converting: true, publishing: false });
    // Wait for the project to finish converting.
    for (let i = 0; i < 300; i++) {
      const p = (await (await api(`/v1/studio/projects/${created.project_id}`, { key })).json()) as { state: string; latest_snapshot_id: string };
      if (p.state === "default" && p.latest_snapshot_id !== first.snapshot_id) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await charged(workspace)) - before).toBe("Beta changed.".length);
    // auto_publish off: the player still plays the first conversion.
    expect(((await (await api(`/v1/audio-native/${created.project_id}/settings`, { key })).json()) as Settings).snapshot_id).toBe(first.snapshot_id);
  }, 60_000);

  it("refuses bad input with clear 4xx answers", async () => {
    const { key } = await account("an-bad@example.com");
    expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", text_color: "red-ish" }) })).status).toBe(422);
    expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "" }) })).status).toBe(422);
    const pdf = await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", file: new File(["%PDF"], "a.pdf", { type: "application/pdf" }) }) });
    expect(pdf.status).toBe(400);
    expect(((await pdf.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_document");
    expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", voice_id: "nope" }) })).status).toBe(400);
    expect((await api("/v1/audio-native/nope/settings", { key })).status).toBe(404);
    expect((await api("/v1/audio-native/nope/content", { method: "POST", key, body: multipart({ file: article(["a"]) }) })).status).toBe(404);
    expect((await api("/v1/audio-native/content", { method: "POST", key, json: { url: "https://x.example" } })).status).toBe(400);
    expect((await SELF.fetch(`${ORIGIN}/audio-native/nope/config`, { headers: { origin: BLOG } })).status).toBe(404);
  });
});
