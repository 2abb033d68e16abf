import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEAT_TEXTS, seatCount, seatsFullMessage, UPGRADE_PATH } from "~/workspace/rules/seats";
import { BULK_INVITE_TEXTS } from "~/workspace/rules/bulk-invites";
import { OWNERSHIP_TEXTS } from "~/workspace/rules/ownership";
import { api, createKey, form, mailedInviteCode, mailedLink, mailTo, ORIGIN, sessionCookieFrom, signUp, signUpUnverified, STRONG_PASSWORD, verifyEmailOf } from "./helpers";

describe("resource-sharing", () => {
  // Resource sharing (issue #23, decision 0039): a member's voice or project is theirs (and the admins') until shared.
  const ARIA = "pv01aria000000000000";
  const VOICE = "sharedvoice000000001";
  type Detail = { detail: { status: string; message: string } };
  type Metadata = { resource_id: string; resource_name: string; creator_user_id: string; role_to_group_ids: Record<string, string[]>; share_options: { id: string; type: string; name: string }[] };

  async function userId(email: string): Promise<string> {
    return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  }

  /** Each joined member's session, for the pages. */
  const sessions = new Map<string, string>();

  /** Makes `email` an editor of the workspace, acting there; their key in it. */
  async function joinAsEditor(email: string, workspaceId: string): Promise<string> {
    const cookie = await signUp(email);
    sessions.set(email, cookie);
    const id = await userId(email);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, id),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, id),
    ]);
    return createKey(cookie, `${email} in the shared workspace`);
  }

  const share = (key: string, id: string, body: Record<string, unknown>) => api(`/v1/workspace/resources/${id}/share`, { method: "POST", key, json: { resource_type: "voice", ...body } });
  const unshare = (key: string, id: string, body: Record<string, unknown>) => api(`/v1/workspace/resources/${id}/unshare`, { method: "POST", key, json: { resource_type: "voice", ...body } });
  const metadata = (key: string, id: string, type = "voice") => api(`/v1/workspace/resources/${id}?resource_type=${type}`, { key });
  const voiceIds = async (key: string) => ((await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string }[] }).voices.map((v) => v.voice_id);
  const tts = (key: string, voice: string) => api(`/v1/text-to-speech/${voice}?output_format=mp3_22050_32`, { method: "POST", key, json: { text: "Hi" } });
  function rename(key: string, voice: string, name: string) {
    const form = new FormData();
    form.append("name", name);
    return api(`/v1/voices/${voice}/edit`, { method: "POST", key, body: form });
  }

  describe("resource sharing", () => {
    let admin: string;
    let creator: string;
    let member: string;
    let outsider: string;
    let workspaceId: string;
    let creatorId: string;
    let groupId: string;

    beforeAll(async () => {
      admin = await createKey(await signUp("rs-admin@example.com"));
      workspaceId = ((await (await api("/v1/workspace", { key: admin })).json()) as { workspace_id: string }).workspace_id;
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000, max_seats = 10 WHERE id = ?").bind(workspaceId).run();
      creator = await joinAsEditor("rs-creator@example.com", workspaceId);
      member = await joinAsEditor("rs-member@example.com", workspaceId);
      outsider = await createKey(await signUp("rs-outsider@example.com"));
      // The outsider's plan may use the Studio API too: what they are refused is the other workspace's project.
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE owner_id = (SELECT id FROM users WHERE email = 'rs-outsider@example.com')").run();
      creatorId = await userId("rs-creator@example.com");
      // The creator's cloned voice (made by SQL: cloning itself is voice-cloning.test.ts's subject).
      await env.DB.prepare(
        `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, created_by_user_id) VALUES (?, ?, 'cloned', 'Narrator', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}', ?)`,
      )
        .bind(VOICE, workspaceId, creatorId)
        .run();
      const created = await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "Narrators" } });
      groupId = ((await created.json()) as { group_id: string }).group_id;
      await api(`/v1/workspace/groups/${groupId}/members`, { method: "POST", key: admin, json: { email: "rs-member@example.com" } });
    });

    it("a member's voice is theirs and the admins' until shared: another member neither lists, reads, uses nor shares it", async () => {
      expect(await voiceIds(creator)).toContain(VOICE);
      expect(await voiceIds(admin)).toContain(VOICE);
      expect(await voiceIds(member)).not.toContain(VOICE);
      expect((await api(`/v1/voices/${VOICE}`, { key: member })).status).toBe(404);
      expect((await tts(member, VOICE)).status).toBe(404);
      expect((await metadata(member, VOICE)).status).toBe(404);
      expect((await share(member, VOICE, { role: "admin", user_email: "rs-member@example.com" })).status).toBe(404);
    });

    it("another workspace never sees, shares or uses it, whoever asks", async () => {
      expect(await voiceIds(outsider)).not.toContain(VOICE);
      expect((await metadata(outsider, VOICE)).status).toBe(404);
      expect((await share(outsider, VOICE, { role: "viewer", group_id: "default" })).status).toBe(404);
      expect((await tts(outsider, VOICE)).status).toBe(404);
      // Nor can the creator share it with someone outside the workspace.
      expect((await share(creator, VOICE, { role: "viewer", user_email: "rs-outsider@example.com" })).status).toBe(404);
    });

    it("shared with a group as viewer: its members read and use it, but may not change, delete or share it", async () => {
      expect((await share(creator, VOICE, { role: "viewer", group_id: groupId })).status).toBe(200);
      expect(await voiceIds(member)).toContain(VOICE);
      expect((await api(`/v1/voices/${VOICE}`, { key: member })).status).toBe(200);
      expect((await tts(member, VOICE)).status).toBe(200);
      const edit = await rename(member, VOICE, "Mine now");
      expect(edit.status).toBe(403);
      expect(((await edit.json()) as Detail).detail.message).toMatch(/editor role/);
      expect((await api(`/v1/voices/${VOICE}`, { method: "DELETE", key: member })).status).toBe(403);
      expect((await share(member, VOICE, { role: "admin", user_email: "rs-member@example.com" })).status).toBe(403);
      const meta = (await (await metadata(member, VOICE)).json()) as Metadata;
      expect(meta).toMatchObject({ resource_id: VOICE, resource_name: "Narrator", creator_user_id: creatorId });
      expect(meta.role_to_group_ids).toEqual({ admin: [creatorId], commenter: [], editor: [], viewer: [groupId] });
      // The voice lab lists it for the viewer without the Delete it would refuse; its creator has it.
      const voiceLab = async (email: string) => (await SELF.fetch(`${ORIGIN}/app/voice-lab`, { headers: { cookie: sessions.get(email)! } })).text();
      const viewerPage = await voiceLab("rs-member@example.com");
      expect(viewerPage).toContain("Narrator");
      expect(viewerPage).not.toContain('data-testid="delete-voice"');
      expect(await voiceLab("rs-creator@example.com")).toContain('data-testid="delete-voice"');
    });

    it("shared with a member as editor they change it; deleting still needs admin; unsharing takes it back", async () => {
      expect((await share(creator, VOICE, { role: "editor", user_email: "rs-member@example.com" })).status).toBe(200);
      expect((await rename(member, VOICE, "Narrator two")).status).toBe(200);
      expect((await api(`/v1/voices/${VOICE}`, { method: "DELETE", key: member })).status).toBe(403);
      expect((await unshare(creator, VOICE, { user_email: "rs-member@example.com" })).status).toBe(200);
      expect((await rename(member, VOICE, "Again")).status).toBe(403);
      expect((await unshare(creator, VOICE, { group_id: groupId })).status).toBe(200);
      expect((await api(`/v1/voices/${VOICE}`, { key: member })).status).toBe(404);
    });

    it("shared with everyone in the workspace (group_id default), every member sees it; the admins always did", async () => {
      expect((await share(admin, VOICE, { role: "viewer", group_id: "default" })).status).toBe(200);
      expect(await voiceIds(member)).toContain(VOICE);
      expect(((await (await metadata(admin, VOICE)).json()) as Metadata).role_to_group_ids.viewer).toEqual(["default"]);
      expect((await unshare(admin, VOICE, { group_id: "default" })).status).toBe(200);
      expect(await voiceIds(member)).not.toContain(VOICE);
    });

    it("bad input is a clear 4xx: no target or two, unknown role or type, strangers, the creator's own role", async () => {
      const invalid = await share(creator, VOICE, { role: "viewer" });
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as Detail).detail.status).toBe("invalid_target");
      expect((await share(creator, VOICE, { role: "viewer", group_id: groupId, user_email: "rs-member@example.com" })).status).toBe(400);
      expect((await share(creator, VOICE, { role: "owner", group_id: groupId })).status).toBe(422);
      expect((await share(creator, VOICE, { role: "viewer", group_id: groupId, resource_type: "spaceship" })).status).toBe(422);
      expect((await share(creator, VOICE, { role: "viewer", group_id: "grp_unknown" })).status).toBe(404);
      expect((await unshare(admin, VOICE, { user_email: "rs-creator@example.com" })).status).toBe(400);
      expect((await metadata(creator, VOICE, "spaceship")).status).toBe(422);
      // Dubs, agents and dictionaries are accepted type names; none exists yet, so there is nothing to share.
      const dub = await api("/v1/workspace/resources/dub_1/share", { method: "POST", key: admin, json: { resource_type: "dubbing", role: "viewer", group_id: "default" } });
      expect(dub.status).toBe(404);
      expect(((await dub.json()) as Detail).detail.status).toBe("resource_not_found");
    });

    it("Studio projects: default sharing preferences share a new project at once; a viewer may not change or delete it", async () => {
      expect((await api("/v1/workspace/default-sharing-preferences", { method: "POST", key: creator, json: { preferences: [{ group_id: "grp_nope", role: "viewer" }] } })).status).toBe(404);
      expect((await api("/v1/workspace/default-sharing-preferences", { method: "POST", key: creator, json: { preferences: [{ group_id: groupId, role: "viewer" }] } })).status).toBe(200);
      expect(await (await api("/v1/workspace/default-sharing-preferences", { key: creator })).json()).toEqual({ preferences: [{ group_id: groupId, role: "viewer" }] });
      const form = new FormData();
      form.append("name", "Shared book");
      const shared = ((await (await api("/v1/studio/projects", { method: "POST", key: creator, body: form })).json()) as { project: { project_id: string } }).project.project_id;
      await api("/v1/workspace/default-sharing-preferences", { method: "POST", key: creator, json: { preferences: [] } });
      const second = new FormData();
      second.append("name", "Private book");
      const privateId = ((await (await api("/v1/studio/projects", { method: "POST", key: creator, body: second })).json()) as { project: { project_id: string } }).project.project_id;

      const listed = ((await (await api("/v1/studio/projects", { key: member })).json()) as { projects: { project_id: string }[] }).projects.map((p) => p.project_id);
      expect(listed).toContain(shared);
      expect(listed).not.toContain(privateId);
      expect((await api(`/v1/studio/projects/${shared}`, { key: member })).status).toBe(200);
      expect((await api(`/v1/studio/projects/${privateId}`, { key: member })).status).toBe(404);
      expect((await api(`/v1/studio/projects/${shared}`, { method: "POST", key: member, json: { name: "Renamed" } })).status).toBe(403);
      expect((await api(`/v1/studio/projects/${shared}`, { method: "DELETE", key: member })).status).toBe(403);
      expect((await api(`/v1/studio/projects/${shared}`, { key: outsider })).status).toBe(404);
      expect((await metadata(member, shared, "project")).status).toBe(200);

      expect((await share(creator, shared, { resource_type: "project", role: "editor", user_email: "rs-member@example.com" })).status).toBe(200);
      expect((await api(`/v1/studio/projects/${shared}`, { method: "POST", key: member, json: { name: "Renamed" } })).status).toBe(200);
      expect((await api(`/v1/studio/projects/${shared}`, { method: "DELETE", key: member })).status).toBe(403);
      expect((await api(`/v1/studio/projects/${shared}`, { method: "DELETE", key: creator })).status).toBe(200);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM resource_grants WHERE resource_id = ?").bind(shared).first<{ n: number }>()).toEqual({ n: 0 });
    });

    it("another member's history audio: the admin path serves admins, refuses members, never crosses workspaces", async () => {
      const spoken = await tts(creator, ARIA);
      expect(spoken.status).toBe(200);
      const itemId = spoken.headers.get("history-item-id")!;
      expect((await api(`/v1/admin/history/${itemId}/audio`, { key: admin })).status).toBe(200);
      const refused = await api(`/v1/admin/history/${itemId}/audio`, { key: member });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Detail).detail.message).toMatch(/admins/);
      expect((await api(`/v1/admin/history/${itemId}/audio`, { key: outsider })).status).toBe(404);
    });
  });
});

describe("workspace-isolation", () => {
  /** Two accounts, two workspaces: nothing one does reads or writes the other's data. */
  describe("workspace isolation", () => {
    let alice: { cookie: string; key: string };
    let bob: { cookie: string; key: string };
    let bobKeyId: string;

    beforeAll(async () => {
      const aliceCookie = await signUp("alice@example.com");
      const bobCookie = await signUp("bob@example.com");
      alice = { cookie: aliceCookie, key: await createKey(aliceCookie, "alice key") };
      bob = { cookie: bobCookie, key: await createKey(bobCookie, "bob key") };
      const list = (await (await api("/v1/user/api-keys", { key: bob.key })).json()) as { api_keys: { key_id: string }[] };
      bobKeyId = list.api_keys[0]!.key_id;
    });

    it("each caller sees only their own user, workspace and keys", async () => {
      const a = (await (await api("/v1/user", { key: alice.key })).json()) as { email: string; workspace_id: string };
      const b = (await (await api("/v1/user", { key: bob.key })).json()) as { email: string; workspace_id: string };
      expect(a.email).toBe("alice@example.com");
      expect(b.email).toBe("bob@example.com");
      expect(a.workspace_id).not.toBe(b.workspace_id);
      const aliceKeys = await (await api("/v1/user/api-keys", { key: alice.key })).text();
      expect(aliceKeys).toContain("alice key");
      expect(aliceKeys).not.toContain("bob key");
      const members = await (await api("/v1/workspace/members", { key: alice.key })).text();
      expect(members).toContain("alice@example.com");
      expect(members).not.toContain("bob@example.com");
    });

    it("cannot rename or delete another workspace's key", async () => {
      expect((await api(`/v1/user/api-keys/${bobKeyId}`, { method: "PATCH", key: alice.key, json: { name: "pwned" } })).status).toBe(404);
      expect((await api(`/v1/user/api-keys/${bobKeyId}`, { method: "DELETE", key: alice.key })).status).toBe(404);
      expect((await api("/v1/user", { key: bob.key })).status).toBe(200);
      const list = await (await api("/v1/user/api-keys", { key: bob.key })).text();
      expect(list).toContain("bob key");
    });

    it("cannot change another workspace's settings or members", async () => {
      expect((await api("/v1/workspace/members", { method: "DELETE", key: alice.key, json: { email: "bob@example.com" } })).status).toBe(404);
      await api("/v1/workspace/update-workspace", { method: "POST", key: alice.key, json: { training_opt_out: true } });
      const bobWs = (await (await api("/v1/workspace", { key: bob.key })).json()) as { training_opt_out: { training_opt_out: boolean } };
      expect(bobWs.training_opt_out.training_opt_out).toBe(false);
    });

    it("cannot accept an invite that was not sent to them, even with its token", async () => {
      await verifyEmailOf("bob@example.com");
      const aliceWs = (await (await api("/v1/workspace", { key: alice.key })).json()) as { workspace_id: string };
      expect((await api("/v1/workspace/invites/accept", { method: "POST", key: bob.key, json: { workspace_id: aliceWs.workspace_id, invite_code: "0".repeat(48) } })).status).toBe(404);
      // Alice invites carol; bob holds carol's link but is not carol.
      await env.DB.prepare("UPDATE workspaces SET max_seats = 2 WHERE id = ?").bind(aliceWs.workspace_id).run();
      expect((await api("/v1/workspace/invites/add", { method: "POST", key: alice.key, json: { email: "carol@example.com" } })).status).toBe(201);
      const carolsCode = await mailedInviteCode("carol@example.com");
      expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: bob.cookie, json: { invite_code: carolsCode } })).status).toBe(404);
      expect((await api("/v1/workspace/invites/decline", { method: "POST", cookie: bob.cookie, json: { workspace_id: aliceWs.workspace_id } })).status).toBe(404);
      const members = await (await api("/v1/workspace/members", { key: alice.key })).text();
      expect(members).not.toContain("bob@example.com");
      expect(members).toContain("carol@example.com");
    });
  });

  describe("workspace members and roles", () => {
    it("invites within seats; an editor joins and cannot change the training opt-out", async () => {
      const ownerCookie = await signUp("owner2@example.com");
      const ownerKey = await createKey(ownerCookie);
      const editorCookie = await signUp("editor2@example.com");
      const editorKey = await createKey(editorCookie);
      const ws = (await (await api("/v1/workspace", { key: ownerKey })).json()) as { workspace_id: string };
      const editorOwnWs = (await (await api("/v1/workspace", { key: editorKey })).json()) as { workspace_id: string };

      const full = await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "editor2@example.com" } });
      expect(full.status).toBe(403);
      expect(await full.json()).toMatchObject({ detail: { status: "seat_limit_reached", message: seatsFullMessage(1) } });
      // The members page says so before anyone tries, with the way to more seats.
      const membersPage = async () => (await SELF.fetch(`${ORIGIN}/app/workspace/members`, { headers: { cookie: ownerCookie } })).text();
      const fullPage = await membersPage();
      expect(fullPage).toContain(SEAT_TEXTS.used(seatCount(1, 0, 1)));
      expect(fullPage).toContain(SEAT_TEXTS.allInUse(1).replaceAll("'", "&#x27;"));
      expect(fullPage).toContain(`href="${UPGRADE_PATH}"`);

      await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
      expect((await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "not-an-email" } })).status).toBe(422);
      expect((await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "editor2@example.com" } })).status).toBe(201);
      const roomPage = await membersPage();
      expect(roomPage).toContain("2 of 3 seats used");
      expect(roomPage).not.toContain(SEAT_TEXTS.allInUse(3));
      await verifyEmailOf("editor2@example.com");
      const code = await mailedInviteCode("editor2@example.com");
      // The editor's existing key still belongs to their own workspace; the session follows the accepted invite.
      expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { workspace_id: ws.workspace_id, invite_code: code } })).status).toBe(200);
      const editorWs = (await (await api("/v1/workspace", { cookie: editorCookie })).json()) as { workspace_id: string; role: string };
      expect(editorWs).toMatchObject({ workspace_id: ws.workspace_id, role: "editor" });
      expect(await (await api("/v1/workspace", { key: editorKey })).json()).toMatchObject({ workspace_id: editorOwnWs.workspace_id, role: "admin" });
      expect(editorOwnWs.workspace_id).not.toBe(ws.workspace_id);
      expect(await (await api("/v1/workspace/is-admin", { cookie: editorCookie })).json()).toEqual({ is_admin: false });
      expect(await (await api("/v1/workspace/is-admin", { key: editorKey })).json()).toEqual({ is_admin: true });
      // The key reaches nothing of the workspace the session joined: not its members, not its settings.
      expect(await (await api("/v1/workspace/members", { key: editorKey })).text()).not.toContain("owner2@example.com");
      await api("/v1/workspace/update-workspace", { method: "POST", key: editorKey, json: { training_opt_out: true } });
      expect(((await (await api("/v1/workspace", { key: ownerKey })).json()) as { training_opt_out: { training_opt_out: boolean } }).training_opt_out.training_opt_out).toBe(false);

      const denied = await api("/v1/workspace/update-workspace", { method: "POST", cookie: editorCookie, json: { training_opt_out: true } });
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ detail: { message: "Only workspace admins can change this setting." } });
      const allowed = await api("/v1/workspace/update-workspace", { method: "POST", key: ownerKey, json: { training_opt_out: true } });
      expect(await allowed.json()).toMatchObject({ message: "Workspace training opt out setting successfully updated." });

      expect((await api("/v1/workspace/leave", { method: "POST", cookie: editorCookie })).status).toBe(200);
      expect((await api("/v1/workspace/leave", { method: "POST", key: ownerKey })).status).toBe(403);
      expect(await (await api("/v1/workspace", { key: editorKey })).json()).toMatchObject({ workspace_id: editorOwnWs.workspace_id });
    });
  });

  describe("members pages", () => {
    it("an admin invites from the members page; the invitee accepts on the invites page", async () => {
      const post = (path: string, cookie: string, fields: Record<string, string>) => {
        const init = form(fields);
        return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
      };
      const adminCookie = await signUp("page-admin@example.com");
      const guestCookie = await signUpUnverified("page-guest@example.com");
      const ws = (await (await api("/v1/workspace", { cookie: adminCookie })).json()) as { workspace_id: string };
      const full = await post("/app/workspace/members", adminCookie, { intent: "invite", email: "page-guest@example.com", role: "editor" });
      expect(full.status).toBe(403);
      await env.DB.prepare("UPDATE workspaces SET max_seats = 2 WHERE id = ?").bind(ws.workspace_id).run();
      expect((await post("/app/workspace/members", adminCookie, { intent: "invite", email: "page-guest@example.com", role: "editor" })).status).toBe(200);
      expect(await (await SELF.fetch(`${ORIGIN}/app/workspace/members`, { headers: { cookie: adminCookie } })).text()).toContain("page-guest@example.com");
      // Unverified, the invites page lists nothing and refuses to accept, even with the e-mailed link.
      const code = await mailedInviteCode("page-guest@example.com");
      const unverified = await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, { headers: { cookie: guestCookie } })).text();
      expect(unverified).toContain("Verify your e-mail address before answering workspace invites");
      expect(unverified).not.toContain("invited you as");
      expect((await post("/app/settings/workspace-invites", guestCookie, { intent: "accept", workspace_id: ws.workspace_id, invite_code: code })).status).toBe(403);
      await verifyEmailOf("page-guest@example.com");
      // Verified, the page lists the invite but accepting needs the link's token.
      const listed = await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, { headers: { cookie: guestCookie } })).text();
      expect(listed).toContain("invited you as");
      expect(listed).toContain("To accept, open the link in the invitation e-mail.");
      expect((await post("/app/settings/workspace-invites", guestCookie, { intent: "accept", workspace_id: ws.workspace_id })).status).toBe(400);
      expect((await post("/app/settings/workspace-invites", guestCookie, { intent: "accept", workspace_id: ws.workspace_id, invite_code: "f".repeat(48) })).status).toBe(404);
      const linked = await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites?invite_code=${code}`, { headers: { cookie: guestCookie } })).text();
      expect(linked).toContain('data-testid="linked-invite"');
      expect(linked).toContain(code);
      const accepted = await post("/app/settings/workspace-invites", guestCookie, { intent: "accept", workspace_id: ws.workspace_id, invite_code: code });
      expect(accepted.status).toBe(302);
      expect(((await (await api("/v1/workspace", { cookie: guestCookie })).json()) as { workspace_id: string }).workspace_id).toBe(ws.workspace_id);
      // The editor sees the members but cannot remove anyone.
      const removal = await post("/app/workspace/members", guestCookie, { intent: "remove", email: "page-admin@example.com" });
      expect(removal.status).toBe(403);
    });
  });

  /**
   * Issue 16, item 2: someone signs up with an invited address they do not own and accepts the invite. Accepting
   * needs the address verified and the invite's own token (only the invite e-mail has it), on the page and the API.
   */
  describe("invite takeover", () => {
    async function workspaceWithSeats(email: string) {
      const cookie = await signUp(email);
      const ws = (await (await api("/v1/workspace", { cookie })).json()) as { workspace_id: string };
      await env.DB.prepare("UPDATE workspaces SET max_seats = 5 WHERE id = ?").bind(ws.workspace_id).run();
      return { cookie, workspaceId: ws.workspace_id };
    }
    const invite = (cookie: string, email: string, role = "editor") => api("/v1/workspace/invites/add", { method: "POST", cookie, json: { email, role } });
    const accept = (cookie: string, json: Record<string, string>) => api("/v1/workspace/invites/accept", { method: "POST", cookie, json });
    const members = async (cookie: string) => (await (await api("/v1/workspace/members", { cookie })).json()) as { members: { email: string }[]; invites: { email: string }[] };

    it("an unverified account of the invited address cannot accept or decline, even with the token", async () => {
      const owner = await workspaceWithSeats("takeover-owner@example.com");
      expect((await invite(owner.cookie, "takeover-victim@example.com")).status).toBe(201);
      // An account of the invited address that never verified it (signing up now needs the e-mailed link,
      // decision 0018, so only an account from before can be in this state).
      const attacker = await signUpUnverified("takeover-victim@example.com");
      const code = await mailedInviteCode("takeover-victim@example.com");
      const refused = await accept(attacker, { invite_code: code });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ detail: { status: "email_not_verified" } });
      expect((await api("/v1/workspace/invites/decline", { method: "POST", cookie: attacker, json: { workspace_id: owner.workspaceId } })).status).toBe(403);
      const key = await createKey(attacker);
      expect((await api("/v1/workspace/invites/accept", { method: "POST", key, json: { invite_code: code } })).status).toBe(403);
      const state = await members(owner.cookie);
      expect(state.members.map((m) => m.email)).toEqual(["takeover-owner@example.com"]);
      expect(state.invites.map((i) => i.email)).toEqual(["takeover-victim@example.com"]);
      expect(((await (await api("/v1/workspace", { cookie: attacker })).json()) as { workspace_id: string }).workspace_id).not.toBe(owner.workspaceId);
    });

    it("a verified invitee needs the invite's own token: no token, a wrong one, a replaced or cancelled one are refused", async () => {
      const owner = await workspaceWithSeats("token-owner@example.com");
      const invitee = await signUp("token-invitee@example.com");
      await verifyEmailOf("token-invitee@example.com");
      expect((await invite(owner.cookie, "token-invitee@example.com")).status).toBe(201);
      const first = await mailedInviteCode("token-invitee@example.com");
      expect((await accept(invitee, { workspace_id: owner.workspaceId })).status).toBe(422);
      expect((await accept(invitee, { invite_code: "0".repeat(48) })).status).toBe(404);
      expect((await accept(invitee, { invite_code: "not a token" })).status).toBe(404);

      // Inviting again sends a new link (and may change the role); the first one stops working. Seats are not taken twice.
      expect((await invite(owner.cookie, "token-invitee@example.com", "admin")).status).toBe(201);
      const second = await mailedInviteCode("token-invitee@example.com");
      expect(second).not.toBe(first);
      expect((await members(owner.cookie)).invites).toHaveLength(1);
      expect((await accept(invitee, { invite_code: first })).status).toBe(404);
      // The token must also name the workspace the caller says.
      expect((await accept(invitee, { invite_code: second, workspace_id: "ws_other" })).status).toBe(404);

      // A cancelled invite's link is dead.
      expect((await api("/v1/workspace/invites", { method: "DELETE", cookie: owner.cookie, json: { email: "token-invitee@example.com" } })).status).toBe(200);
      expect((await accept(invitee, { invite_code: second })).status).toBe(404);

      expect((await invite(owner.cookie, "token-invitee@example.com", "admin")).status).toBe(201);
      const third = await mailedInviteCode("token-invitee@example.com");
      expect((await accept(invitee, { invite_code: third, workspace_id: owner.workspaceId })).status).toBe(200);
      expect(await (await api("/v1/workspace", { cookie: invitee })).json()).toMatchObject({ workspace_id: owner.workspaceId, role: "admin" });
      // Used once: the invite is gone.
      expect((await accept(invitee, { invite_code: third })).status).toBe(404);
      expect((await members(owner.cookie)).invites).toEqual([]);
    });

    it("the invite e-mail's link survives sign-up and verification and lands on the invite, ready to accept", async () => {
      const owner = await workspaceWithSeats("journey-owner@example.com");
      expect((await invite(owner.cookie, "journey-new@example.com")).status).toBe(201);
      const mail = await mailTo("journey-new@example.com", "invite_code=");
      const link = new URL(mail.match(/https?:\/\/\S*invite_code=\S*/)![0]);
      expect(link.pathname).toBe("/app/settings/workspace-invites");
      const target = `${link.pathname}${link.search}`;

      // Signed out, the link goes to sign-in and comes back; the person has no account yet and signs up from there.
      const signedOut = await SELF.fetch(`${ORIGIN}${target}`, { redirect: "manual" });
      expect(signedOut.status).toBe(302);
      const signIn = new URL(signedOut.headers.get("location")!, ORIGIN);
      expect(signIn.searchParams.get("redirect")).toBe(target);
      const signedUp = await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "journey-new@example.com", password: STRONG_PASSWORD, agrees_to_terms: "on", redirect: target }));
      // The same answer for any address and no session (decision 0018): the account comes from the e-mailed link.
      expect(signedUp.status).toBe(200);

      // The sign-up e-mail's link creates the account, verified, and leads back to the invite through sign-in.
      const verification = await mailedLink("journey-new@example.com", "verifyEmail");
      const continueUrl = new URL(verification).searchParams.get("continueUrl")!;
      const continued = new URL(continueUrl, ORIGIN);
      expect(continued.pathname).toBe(link.pathname);
      expect(continued.searchParams.get("invite_code")).toBe(link.searchParams.get("invite_code"));
      expect(continued.searchParams.get("newUser")).toBe("true");
      expect(await (await SELF.fetch(verification)).text()).toContain("Please sign in to verify your email address");
      const signedIn = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "journey-new@example.com", password: STRONG_PASSWORD, redirect: continueUrl }));
      expect(signedIn.status).toBe(302);
      const landing = new URL(signedIn.headers.get("location")!, ORIGIN);
      expect(landing.pathname).toBe(link.pathname);
      expect(landing.searchParams.get("invite_code")).toBe(link.searchParams.get("invite_code"));
      const cookie = sessionCookieFrom(signedIn);

      // The invite is shown, ready to accept: the address was verified by the link that created the account.
      const shown = await (await SELF.fetch(`${ORIGIN}${landing.pathname}${landing.search}`, { headers: { cookie } })).text();
      expect(shown).toContain("journey-owner");
      expect(shown).not.toContain("Verify your e-mail address before answering workspace invites");
      const ready = await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, {
        ...form({ intent: "accept", workspace_id: owner.workspaceId, invite_code: link.searchParams.get("invite_code")! }),
        headers: { ...(form({}).headers as Record<string, string>), cookie },
      });
      expect(ready.status).toBe(302);
      expect(((await (await api("/v1/workspace", { cookie })).json()) as { workspace_id: string }).workspace_id).toBe(owner.workspaceId);
    });

    it("a link for another address says so, without naming the workspace", async () => {
      const owner = await workspaceWithSeats("other-owner@example.com");
      await env.DB.prepare("UPDATE workspaces SET name = 'Secret Project' WHERE id = ?").bind(owner.workspaceId).run();
      expect((await invite(owner.cookie, "other-invitee@example.com")).status).toBe(201);
      const code = await mailedInviteCode("other-invitee@example.com");
      const stranger = await signUp("other-stranger@example.com");
      await verifyEmailOf("other-stranger@example.com");
      const page = await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites?invite_code=${code}`, { headers: { cookie: stranger } })).text();
      expect(page).toContain("This invite was sent to another e-mail address.");
      expect(page).not.toContain("Secret Project");
      expect(page).not.toContain(code);
    });
  });

  /** Issue 23, item 6: bulk invites from a CSV (good lines invited, bad ones listed), invites into groups, ownership transfer. */
  describe("bulk invites and ownership transfer", () => {
    const page = (cookie: string, path = "/app/workspace/members") => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie } });
    const postPage = (cookie: string, body: FormData | URLSearchParams) => SELF.fetch(`${ORIGIN}/app/workspace/members`, { method: "POST", body, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host }, redirect: "manual" });
    const html = (text: string) => text.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

    it("invites the good lines of a CSV into their groups, lists the bad ones, and stops at the last seat", async () => {
      const ownerCookie = await signUp("bulk-owner@example.com");
      const ws = (await (await api("/v1/workspace", { cookie: ownerCookie })).json()) as { workspace_id: string };
      await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
      const group = (await (await api("/v1/workspace/groups", { method: "POST", cookie: ownerCookie, json: { name: "Narrators" } })).json()) as { group_id: string };

      const csv = ["email,role,group", "bulk-ana@example.com,editor,narrators", "not-an-address,editor", "bulk-bo@example.com,owner", "bulk-cy@example.com,admin,Nobody", "bulk-dee@example.com,admin", "bulk-eve@example.com"].join("\n");
      const body = new FormData();
      body.append("intent", "bulk-invite");
      body.append("csv_file", new File([csv], "team.csv", { type: "text/csv" }));
      const answered = await postPage(ownerCookie, body);
      expect(answered.status).toBe(200);
      const text = await answered.text();
      expect(text).toContain(BULK_INVITE_TEXTS.summary(2, 4));
      for (const message of [BULK_INVITE_TEXTS.badEmail, BULK_INVITE_TEXTS.badRole, BULK_INVITE_TEXTS.unknownGroup("Nobody"), seatsFullMessage(3)]) expect(text).toContain(html(message));
      const state = (await (await api("/v1/workspace/members", { cookie: ownerCookie })).json()) as { invites: { email: string; role: string }[] };
      expect(state.invites.map((i) => [i.email, i.role]).sort()).toEqual([["bulk-ana@example.com", "editor"], ["bulk-dee@example.com", "admin"]]);

      // Seats full: the API's bulk invite refuses with the reason and the list; the file's size and emptiness are checked.
      const full = await api("/v1/workspace/invites/add-bulk", { method: "POST", cookie: ownerCookie, json: { emails: ["bulk-fay@example.com"] } });
      expect(full.status).toBe(403);
      expect(await full.json()).toMatchObject({ detail: { status: "seat_limit_reached", failed: [{ email: "bulk-fay@example.com" }] } });
      const empty = await postPage(ownerCookie, new URLSearchParams({ intent: "bulk-invite", csv: "email,role\n" }));
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain(BULK_INVITE_TEXTS.empty);

      // The invitee joins the workspace and the group the line named.
      const ana = await signUp("bulk-ana@example.com");
      expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: ana, json: { invite_code: await mailedInviteCode("bulk-ana@example.com") } })).status).toBe(200);
      const groups = (await (await api("/v1/workspace/groups", { cookie: ownerCookie })).json()) as Record<string, { members: string[] }>;
      expect(groups[group.group_id]!.members).toEqual(["bulk-ana@example.com"]);
      // An editor cannot bulk invite (nor invite into groups).
      expect((await api("/v1/workspace/invites/add-bulk", { method: "POST", cookie: ana, json: { emails: ["bulk-gus@example.com"] } })).status).toBe(403);

      // With room: the SDK's call shape (seat_type, group_ids); an address already a member is listed, the rest invited.
      await env.DB.prepare("UPDATE workspaces SET max_seats = 10 WHERE id = ?").bind(ws.workspace_id).run();
      const partial = await api("/v1/workspace/invites/add-bulk", { method: "POST", cookie: ownerCookie, json: { emails: ["bulk-ana@example.com", "bulk-hal@example.com"], seat_type: "workspace_admin", group_ids: [group.group_id] } });
      expect(partial.status).toBe(201);
      expect(await partial.json()).toEqual({ status: "partial", invited: ["bulk-hal@example.com"], failed: [{ email: "bulk-ana@example.com", message: "This person is already a member." }] });
      const unknownGroup = await api("/v1/workspace/invites/add-bulk", { method: "POST", cookie: ownerCookie, json: { emails: ["bulk-ida@example.com"], group_ids: ["grp_other"] } });
      expect(unknownGroup.status).toBe(404);
      expect(await (await api("/v1/workspace/seats-status", { cookie: ownerCookie })).json()).toEqual({ max_seats: 10, used_seats: 4, members: 2, pending_invites: 2, seats_full: false });
    });

    it("only the owner hands the workspace to an admin member, after confirming; the old owner stays an admin", async () => {
      const ownerCookie = await signUp("own-owner@example.com");
      const ws = (await (await api("/v1/workspace", { cookie: ownerCookie })).json()) as { workspace_id: string };
      await env.DB.prepare("UPDATE workspaces SET max_seats = 5 WHERE id = ?").bind(ws.workspace_id).run();
      const join = async (email: string, role: string) => {
        const cookie = await signUp(email);
        expect((await api("/v1/workspace/invites/add", { method: "POST", cookie: ownerCookie, json: { email, role } })).status).toBe(201);
        expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie, json: { invite_code: await mailedInviteCode(email) } })).status).toBe(200);
        return cookie;
      };
      const adminCookie = await join("own-admin@example.com", "admin");
      const editorCookie = await join("own-editor@example.com", "editor");
      const transfer = (cookie: string, email: string) => api("/v1/workspace/transfer-ownership", { method: "POST", cookie, json: { email } });

      const byAdmin = await transfer(adminCookie, "own-admin@example.com");
      expect(byAdmin.status).toBe(403);
      expect(await byAdmin.json()).toMatchObject({ detail: { message: OWNERSHIP_TEXTS.ownerOnly } });
      expect(await (await transfer(ownerCookie, "own-editor@example.com")).json()).toMatchObject({ detail: { status: "not_admin" } });
      expect((await transfer(ownerCookie, "own-stranger@example.com")).status).toBe(404);
      expect((await transfer(ownerCookie, "own-owner@example.com")).status).toBe(409);

      // The page offers it on admin rows only, and asks first.
      const list = await (await page(ownerCookie)).text();
      expect(list).toContain("?transfer=own-admin%40example.com");
      expect(list).not.toContain("?transfer=own-editor%40example.com");
      expect(await (await page(ownerCookie, "/app/workspace/members?transfer=own-admin%40example.com")).text()).toContain('data-testid="transfer-dialog"');
      expect(await (await page(adminCookie, "/app/workspace/members?transfer=own-admin%40example.com")).text()).not.toContain('data-testid="transfer-dialog"');
      const done = await postPage(ownerCookie, new URLSearchParams({ intent: "transfer-ownership", email: "own-admin@example.com" }));
      expect(done.status).toBe(200);
      expect(await done.text()).toContain(OWNERSHIP_TEXTS.done("own-admin@example.com"));

      const after = (await (await api("/v1/workspace/members", { cookie: ownerCookie })).json()) as { members: { email: string; role: string; is_owner: boolean }[] };
      // Members who joined in the same second come in either order.
      expect(after.members.map((m) => [m.email, m.role, m.is_owner]).sort()).toEqual([
        ["own-admin@example.com", "admin", true],
        ["own-editor@example.com", "editor", false],
        ["own-owner@example.com", "admin", false],
      ]);
      // The old owner can no longer give it away; the new owner cannot leave.
      expect((await transfer(ownerCookie, "own-admin@example.com")).status).toBe(403);
      expect((await api("/v1/workspace/leave", { method: "POST", cookie: adminCookie })).status).toBe(403);
      expect((await transfer(editorCookie, "own-owner@example.com")).status).toBe(403);
    });
  });
});
