import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, ORIGIN, signUp } from "./helpers";

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
