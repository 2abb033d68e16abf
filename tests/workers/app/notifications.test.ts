import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, ORIGIN, signUp } from "./helpers";
import { emitWorkspaceEvent } from "~/workspace/webhooks.server";

// Notifications with live updates (decision 0042): a Durable Object per workspace pushes each new one to the open sockets.
type Message = { type: string; notification?: { title: string; severity: string; has_been_read: boolean } };
type List = { notifications: { title: string; has_been_read: boolean }[]; unread_count: number };

async function workspaceOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

/** The live socket of a key's member, with the messages it received so far. */
async function openSocket(key: string): Promise<{ socket: WebSocket; messages: Message[]; next: () => Promise<Message> }> {
  const response = await SELF.fetch(`${ORIGIN}/v1/workspace/notifications/live`, { headers: { upgrade: "websocket", "xi-api-key": key } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const messages: Message[] = [];
  const waiting: ((m: Message) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    messages.push(message);
    waiting.shift()?.(message);
  });
  return { socket, messages, next: () => new Promise<Message>((resolve) => waiting.push(resolve)) };
}

describe("live notifications", () => {
  it("an event reaches the member's open socket at once, is listed unread, and is marked read; another workspace hears nothing", async () => {
    const key = await createKey(await signUp("ntf-admin@example.com"));
    const outsiderKey = await createKey(await signUp("ntf-outsider@example.com"));
    const mine = await openSocket(key);
    const theirs = await openSocket(outsiderKey);

    const arrived = mine.next();
    await emitWorkspaceEvent(env, await workspaceOf(key), "speech_to_text", { request_id: "r1" });
    expect(await arrived).toMatchObject({ type: "notification", notification: { title: "Transcription finished", severity: "success", has_been_read: false } });
    // The socket answers pings (pages keep idle proxies from closing it).
    const pong = mine.next();
    mine.socket.send("ping");
    expect(await pong).toEqual({ type: "pong" });
    expect(theirs.messages).toEqual([]);

    const list = (await (await api("/v1/workspace/notifications", { key })).json()) as List;
    expect(list.unread_count).toBe(1);
    expect(list.notifications[0]).toMatchObject({ title: "Transcription finished", has_been_read: false });
    expect((await api("/v1/workspace/notifications/read", { method: "POST", key })).status).toBe(200);
    expect(((await (await api("/v1/workspace/notifications", { key })).json()) as List).unread_count).toBe(0);
    expect(await (await api("/v1/workspace/notifications", { key: outsiderKey })).json()).toEqual({ notifications: [], unread_count: 0 });
    // Without the upgrade the live path says how to open it.
    expect((await api("/v1/workspace/notifications/live", { key })).status).toBe(426);
    mine.socket.close();
    theirs.socket.close();
  });

  it("a Studio conversion of a private project tells only those who may see it", async () => {
    const adminKey = await createKey(await signUp("ntf-studio-admin@example.com"));
    const workspaceId = await workspaceOf(adminKey);
    const editorCookie = await signUp("ntf-studio-editor@example.com");
    const editor = await env.DB.prepare("SELECT id FROM users WHERE email = 'ntf-studio-editor@example.com'").first<{ id: string }>();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, editor!.id),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, editor!.id),
      env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspaceId),
    ]);
    const editorKey = await createKey(editorCookie);
    const form = new FormData();
    form.append("name", "Admin's private book");
    const project = ((await (await api("/v1/studio/projects", { method: "POST", key: adminKey, body: form })).json()) as { project: { project_id: string } }).project.project_id;
    await emitWorkspaceEvent(env, workspaceId, "studio_conversion", { project_id: project, name: "Admin's private book", failed_chapter_ids: [] });
    const adminList = (await (await api("/v1/workspace/notifications", { key: adminKey })).json()) as List;
    expect(adminList.notifications.map((n) => n.title)).toEqual(["Studio conversion finished"]);
    expect(((await (await api("/v1/workspace/notifications", { key: editorKey })).json()) as List).notifications).toEqual([]);
  });
});

describe("notification preferences", () => {
  it("a member who turned an event off gets no notification for it; the others still come; the settings page saves them", async () => {
    const cookie = await signUp("ntf-prefs@example.com");
    const key = await createKey(cookie);
    const workspaceId = await workspaceOf(key);
    expect(await (await api("/v1/workspace/notifications/preferences", { key })).json()).toMatchObject({ speech_to_text: true, dubbing: true });
    expect((await api("/v1/workspace/notifications/preferences", { method: "POST", key, json: { nonsense: true } })).status).toBe(422);
    const saved = await api("/v1/workspace/notifications/preferences", { method: "POST", key, json: { speech_to_text: false } });
    expect(await saved.json()).toMatchObject({ speech_to_text: false, dubbing: true, studio_conversion: true });

    await emitWorkspaceEvent(env, workspaceId, "speech_to_text", { request_id: "r-muted" });
    await emitWorkspaceEvent(env, workspaceId, "voice_library_removal_notice", { name: "Lorna", reason: "deleted" });
    const list = (await (await api("/v1/workspace/notifications", { key })).json()) as List;
    expect(list.notifications.map((n) => n.title)).toEqual(["A library voice was removed"]);

    // The settings page: each ticked box stays on, an unticked one is turned off.
    const body = new URLSearchParams([["intent", "notifications"], ["notify", "speech_to_text"], ["notify", "studio_conversion"]]);
    const page = await SELF.fetch(`${ORIGIN}/app/settings`, { method: "POST", body, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" } });
    expect(page.status).toBe(200);
    expect(await (await api("/v1/workspace/notifications/preferences", { key })).json()).toEqual({
      studio_conversion: true,
      dubbing: false,
      speech_to_text: true,
      voice_library_removal_notice: false,
    });
    expect(await (await SELF.fetch(`${ORIGIN}/app/settings`, { headers: { cookie } })).text()).toMatch(/id="notify-speech_to_text"[^>]*checked/);
  });
});
