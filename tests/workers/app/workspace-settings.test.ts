import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, form, mailedInviteCode, ORIGIN, sessionCookieFrom, signUp, signUpUnverified, STRONG_PASSWORD } from "./helpers";
import { LIBRARY_SETTING_TEXTS } from "../../../core/workspace/library-settings";
import { TWO_FACTOR_POLICY_TEXTS, TWO_FACTOR_SETUP_PATH } from "../../../core/workspace/two-factor";
import { INVITE_LINK_TEXTS } from "~/workspace/rules/invite-links";
import { seatsFullMessage } from "~/workspace/rules/seats";

// Workspace settings of issue 23 (decision 0061): the voice-library settings, the invite link, two-factor sign-in
// required of members; and the permission matrix of the routes a permission gates.

type Detail = { detail: { status: string; message: string } };
const detail = async (response: Response) => ((await response.json()) as Detail).detail;

async function workspaceIdOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

async function userIdOf(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
}

/** Makes `email` (signed up) an editor of the workspace acting there: returns a key of theirs in that workspace. */
async function joinAsEditor(cookie: string, email: string, workspaceId: string): Promise<string> {
  const userId = await userIdOf(email);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, userId),
    env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, userId),
  ]);
  return createKey(cookie, `${email} in shared workspace`);
}

/** A voice of a workspace as cloning makes it, made by `userId` (the library only reads the voices table). */
async function insertVoice(voiceId: string, workspaceId: string, userId: string) {
  await env.DB.prepare(
    `INSERT INTO voices (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters, samples, created_at, created_by_user_id)
     VALUES (?, ?, 'cloned', ?, 'A test voice.', '{}', 'en', 'embedded', '{"espeakVoice":"en-gb-x-rp","variant":"m1","basePitch":38,"externalVoices":{}}', '[]', 1700000000, ?)`,
  )
    .bind(voiceId, workspaceId, `Voice ${voiceId}`, userId)
    .run();
}

/** An all-permissions key of a new service account of the admin's workspace. */
async function serviceAccountKey(adminKey: string): Promise<string> {
  const account = await api("/v1/service-accounts", { method: "POST", key: adminKey, json: { name: "pipeline" } });
  const accountId = ((await account.json()) as { "service-account-user-id": string })["service-account-user-id"];
  const key = await api(`/v1/service-accounts/${accountId}/api-keys`, { method: "POST", key: adminKey, json: { name: "k", permissions: "all" } });
  return ((await key.json()) as { "xi-api-key": string })["xi-api-key"];
}

/** A same-origin form post to a page, as the signed-in `cookie`. */
function postPage(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  const init = form(fields);
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
}

const setMaxSeats = (workspaceId: string, seats: number) => env.DB.prepare("UPDATE workspaces SET max_seats = ? WHERE id = ?").bind(seats, workspaceId).run();

describe("voice-library settings", () => {
  const LIBRARY_VOICE = "wslibrary00000000001";
  const EDITORS_VOICE = "wseditor000000000001";
  let admin: string;
  let editor: string;
  let outsider: string;
  let workspaceId: string;
  let publicOwner: string;
  const settings = (key: string, json?: unknown) => api("/v1/workspace/voice-library-settings", json === undefined ? { key } : { method: "POST", key, json });
  const add = (key: string, name: string) => api(`/v1/voices/add/${publicOwner}/${LIBRARY_VOICE}`, { method: "POST", key, json: { new_name: name } });
  const publish = (key: string, voiceId: string, published = true) => api(`/v1/voices/${voiceId}/sharing`, { method: "POST", key, json: { published } });

  beforeAll(async () => {
    admin = await createKey(await signUp("vls-admin@example.com"));
    workspaceId = await workspaceIdOf(admin);
    await setMaxSeats(workspaceId, 5);
    editor = await joinAsEditor(await signUp("vls-editor@example.com"), "vls-editor@example.com", workspaceId);
    outsider = await createKey(await signUp("vls-outsider@example.com"));
    // A library voice of the outsider's workspace, and a voice the editor made in the shared workspace.
    await insertVoice(LIBRARY_VOICE, await workspaceIdOf(outsider), await userIdOf("vls-outsider@example.com"));
    const shared = await publish(outsider, LIBRARY_VOICE);
    expect(shared.status).toBe(200);
    publicOwner = ((await shared.json()) as { public_owner_id: string }).public_owner_id;
    await insertVoice(EDITORS_VOICE, workspaceId, await userIdOf("vls-editor@example.com"));
  });

  it("members may add and publish by default; anyone in the workspace reads the settings", async () => {
    const expected = { members_can_add_library_voices: true, members_can_publish_library_voices: true };
    expect(await (await settings(editor)).json()).toEqual(expected);
    expect(await (await settings(admin)).json()).toEqual(expected);
  });

  it("refuses an editor without workspace settings (403 with detail) and bad input (422)", async () => {
    const refused = await settings(editor, { members_can_add_library_voices: false });
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toEqual({ status: "forbidden", message: LIBRARY_SETTING_TEXTS.forbidden });
    expect((await settings(admin, { members_can_add_library_voices: "no" })).status).toBe(422);
    expect((await settings(admin, { everyone_can_fly: true })).status).toBe(422);
    expect((await settings(editor)).status).toBe(200);
  });

  it("turned off, members are refused adding and publishing on the server; admins are not; unpublishing stays allowed", async () => {
    const changed = await settings(admin, { members_can_add_library_voices: false, members_can_publish_library_voices: false });
    expect(await changed.json()).toEqual({ members_can_add_library_voices: false, members_can_publish_library_voices: false });
    const addRefused = await add(editor, "Editor's copy");
    expect(addRefused.status).toBe(403);
    expect(await detail(addRefused)).toEqual({ status: "library_add_not_allowed", message: LIBRARY_SETTING_TEXTS.addRefused });
    const publishRefused = await publish(editor, EDITORS_VOICE);
    expect(publishRefused.status).toBe(403);
    expect(await detail(publishRefused)).toEqual({ status: "library_publish_not_allowed", message: LIBRARY_SETTING_TEXTS.publishRefused });
    expect((await publish(editor, EDITORS_VOICE, false)).status).toBe(200);
    // The library page says so before anyone tries.
    const page = await (await SELF.fetch(`${ORIGIN}/app/voice-library`, { headers: { cookie: await cookieOf("vls-editor@example.com") } })).text();
    expect(page).toContain('data-testid="library-adding-off"');
    // Admins are never held back by it.
    expect((await add(admin, "Admin's copy")).status).toBe(200);
    expect((await publish(admin, EDITORS_VOICE)).status).toBe(200);
  });

  it("one setting on its own: publishing off leaves adding allowed", async () => {
    await settings(admin, { members_can_add_library_voices: true });
    expect(await (await settings(editor)).json()).toEqual({ members_can_add_library_voices: true, members_can_publish_library_voices: false });
    await api(`/v1/voices/${(await firstCopyOf(workspaceId))}`, { method: "DELETE", key: admin });
    expect((await add(editor, "Editor's copy")).status).toBe(200);
  });

  it("another workspace keeps its own settings and cannot change these", async () => {
    expect(await (await settings(outsider)).json()).toEqual({ members_can_add_library_voices: true, members_can_publish_library_voices: true });
    await settings(outsider, { members_can_add_library_voices: false });
    expect(await (await settings(admin)).json()).toMatchObject({ members_can_add_library_voices: true });
  });

  it("the settings page: editable by admins, read-only for an editor, and its form is refused to them", async () => {
    const adminCookie = await cookieOf("vls-admin@example.com");
    const editorCookie = await cookieOf("vls-editor@example.com");
    const adminPage = await (await SELF.fetch(`${ORIGIN}/app/workspace/voice-library`, { headers: { cookie: adminCookie } })).text();
    expect(adminPage).toContain("Save voice library settings");
    const editorPage = await (await SELF.fetch(`${ORIGIN}/app/workspace/voice-library`, { headers: { cookie: editorCookie } })).text();
    expect(editorPage).not.toContain("Save voice library settings");
    expect(editorPage).toContain(LIBRARY_SETTING_TEXTS.forbidden);
    const post = (cookie: string, fields: Record<string, string>) => postPage("/app/workspace/voice-library", cookie, fields);
    expect((await post(editorCookie, { members_add: "on" })).status).toBe(403);
    expect((await post(adminCookie, { members_add: "on", members_publish: "on" })).status).toBe(200);
    expect(await (await settings(editor)).json()).toEqual({ members_can_add_library_voices: true, members_can_publish_library_voices: true });
  });
});

async function firstCopyOf(workspaceId: string): Promise<string> {
  return (await env.DB.prepare("SELECT voice_id FROM voices WHERE workspace_id = ? AND original_voice_id IS NOT NULL ORDER BY created_at LIMIT 1").bind(workspaceId).first<string>("voice_id"))!;
}

/** A fresh session of an account made by signUp (its password is the helpers' strong one). */
async function cookieOf(email: string): Promise<string> {
  return sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD })));
}

describe("the invite link", () => {
  let admin: string;
  let editor: string;
  let workspaceId: string;
  const link = (key: string, init: { method?: string; json?: unknown } = {}) => api("/v1/workspace/invite-link", { key, ...init });
  const join = (auth: { key?: string; cookie?: string }, code: unknown) => api("/v1/workspace/invite-link/join", { method: "POST", ...auth, json: { code } });
  const make = async (days?: number) => {
    const made = await link(admin, { method: "POST", json: days === undefined ? {} : { expires_in_days: days } });
    expect(made.status).toBe(201);
    return (await made.json()) as { code: string; url: string; expires_at_unix: number };
  };

  beforeAll(async () => {
    admin = await createKey(await signUp("link-admin@example.com"));
    workspaceId = await workspaceIdOf(admin);
    await setMaxSeats(workspaceId, 3);
    editor = await joinAsEditor(await signUp("link-editor@example.com"), "link-editor@example.com", workspaceId);
  });

  it("admins make it (the code shown once), the state lists no code; editors without workspace settings get 403; bad input 422", async () => {
    expect(await (await link(admin)).json()).toEqual({ invite_link: null });
    const made = await make();
    expect(made.code).toMatch(/^[0-9a-f]{48}$/);
    expect(made.url).toBe(`${ORIGIN}/app/settings/workspace-invites?join_code=${made.code}`);
    expect(made.expires_at_unix - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 86_400 - 60);
    const state = await (await link(admin)).text();
    expect(JSON.parse(state)).toEqual({ invite_link: { created_at_unix: expect.any(Number), expires_at_unix: made.expires_at_unix, active: true } });
    expect(state).not.toContain(made.code);
    for (const init of [{}, { method: "POST", json: {} }, { method: "DELETE" }]) {
      const refused = await link(editor, init);
      expect(refused.status).toBe(403);
      expect(await detail(refused)).toEqual({ status: "forbidden", message: INVITE_LINK_TEXTS.forbidden });
    }
    for (const days of [0, 31, 1.5, "7"]) expect((await link(admin, { method: "POST", json: { expires_in_days: days } })).status).toBe(422);
    expect((await link(admin, { method: "POST", json: { expires_in_days: 7, role: "admin" } })).status).toBe(422);
  });

  it("a signed-in person with a verified address joins as an editor; the workspace becomes their active one", async () => {
    const { code } = await make(1);
    const newcomer = await signUp("link-newcomer@example.com");
    expect((await join({ cookie: newcomer }, "not-a-code")).status).toBe(404);
    expect((await join({ cookie: newcomer }, "0".repeat(48))).status).toBe(404);
    expect((await join({ cookie: newcomer }, 12)).status).toBe(422);
    // The invites page shows where the link leads before anything happens.
    const page = await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites?join_code=${code}`, { headers: { cookie: newcomer } })).text();
    expect(page).toContain('data-testid="invite-link-join"');
    expect(page).toContain("Join link-admin");
    const joined = await join({ cookie: newcomer }, code);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ status: "ok", workspace_id: workspaceId });
    expect(await (await api("/v1/workspace", { cookie: newcomer })).json()).toMatchObject({ workspace_id: workspaceId, role: "editor" });
    const again = await join({ cookie: newcomer }, code);
    expect(again.status).toBe(409);
    expect(await detail(again)).toEqual({ status: "already_member", message: INVITE_LINK_TEXTS.alreadyMember });
  });

  it("an unverified address is refused; seats are respected as for e-mailed invites", async () => {
    const { code } = await make();
    const unverified = await signUpUnverified("link-unverified@example.com");
    const refused = await join({ cookie: unverified }, code);
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toMatchObject({ status: "email_not_verified" });
    // Three seats: the admin, the editor and the newcomer. Full.
    const late = await signUp("link-late@example.com");
    const full = await join({ cookie: late }, code);
    expect(full.status).toBe(403);
    expect(await detail(full)).toEqual({ status: "seat_limit_reached", message: seatsFullMessage(3) });
    await setMaxSeats(workspaceId, 4);
    expect((await join({ cookie: late }, code)).status).toBe(200);
  });

  it("someone invited by e-mail accepts that invite instead (its role and groups)", async () => {
    await setMaxSeats(workspaceId, 10);
    const { code } = await make();
    expect((await api("/v1/workspace/invites/add", { method: "POST", key: admin, json: { email: "link-invited@example.com", role: "admin" } })).status).toBe(201);
    const invited = await signUp("link-invited@example.com");
    const pending = await join({ cookie: invited }, code);
    expect(pending.status).toBe(409);
    expect(await detail(pending)).toEqual({ status: "invite_pending", message: INVITE_LINK_TEXTS.invitePending });
    expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: invited, json: { invite_code: await mailedInviteCode("link-invited@example.com") } })).status).toBe(200);
    expect(await (await api("/v1/workspace", { cookie: invited })).json()).toMatchObject({ workspace_id: workspaceId, role: "admin" });
  });

  it("rotating stops the old code, an expired link and a turned-off one join nobody", async () => {
    const first = await make();
    const second = await make();
    const person = await signUp("link-rotated@example.com");
    expect(await detail(await join({ cookie: person }, first.code))).toEqual({ status: "not_found", message: INVITE_LINK_TEXTS.notFound });
    await env.DB.prepare("UPDATE workspace_invite_links SET expires_at = unixepoch() - 1 WHERE workspace_id = ?").bind(workspaceId).run();
    expect((await join({ cookie: person }, second.code)).status).toBe(404);
    expect(await (await link(admin)).json()).toMatchObject({ invite_link: { active: false } });
    const third = await make();
    expect((await link(admin, { method: "DELETE" })).status).toBe(200);
    expect((await link(admin, { method: "DELETE" })).status).toBe(404);
    expect((await join({ cookie: person }, third.code)).status).toBe(404);
    expect(await (await link(admin)).json()).toEqual({ invite_link: null });
  });

  it("another workspace neither sees nor turns off this link; a service account cannot join", async () => {
    const { code } = await make();
    const other = await createKey(await signUp("link-other@example.com"));
    expect(await (await link(other)).json()).toEqual({ invite_link: null });
    expect((await link(other, { method: "DELETE" })).status).toBe(404);
    expect(await (await link(admin)).json()).toMatchObject({ invite_link: { active: true } });
    const botKey = await serviceAccountKey(other);
    const refused = await join({ key: botKey }, code);
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toEqual({ status: "forbidden", message: INVITE_LINK_TEXTS.serviceAccount });
  });

  it("the members page makes a link and shows it once", async () => {
    const cookie = await cookieOf("link-admin@example.com");
    const made = await postPage("/app/workspace/members", cookie, { intent: "create-link", days: "30" });
    expect(made.status, await made.clone().text()).toBe(200);
    const html = await made.text();
    const url = html.match(/data-testid="new-invite-link-value">([^<]+)</)?.[1];
    expect(url).toMatch(/\/app\/settings\/workspace-invites\?join_code=[0-9a-f]{48}$/);
    expect((await postPage("/app/workspace/members", cookie, { intent: "create-link", days: "2" })).status).toBe(400);
    const page = await (await SELF.fetch(`${ORIGIN}/app/workspace/members`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="invite-link-state"');
    expect(page).not.toContain(url!.split("=")[1]);
  });
});

describe("two-factor sign-in required for members", () => {
  let admin: string;
  let adminCookie: string;
  let editor: string;
  let editorCookie: string;
  let outsider: string;
  let botKey: string;
  const security = (key: string, json?: unknown) => api("/v1/workspace/security", json === undefined ? { key } : { method: "POST", key, json });
  const giveFactor = (email: string, on = true) => env.DB.prepare("UPDATE users SET totp_secret = ?, totp_enabled_at = ? WHERE email = ?").bind(on ? "JBSWY3DPEHPK3PXP" : null, on ? 1 : null, email).run();

  beforeAll(async () => {
    adminCookie = await signUp("tfa-admin@example.com");
    admin = await createKey(adminCookie);
    const workspaceId = await workspaceIdOf(admin);
    await setMaxSeats(workspaceId, 5);
    editor = await joinAsEditor(await signUp("tfa-editor@example.com"), "tfa-editor@example.com", workspaceId);
    editorCookie = await cookieOf("tfa-editor@example.com");
    outsider = await createKey(await signUp("tfa-outsider@example.com"));
    botKey = await serviceAccountKey(admin);
  });

  it("only admins see and change it (403 with detail); bad input is 422", async () => {
    for (const response of [await security(editor), await security(editor, { two_factor_required: true })]) {
      expect(response.status).toBe(403);
      expect(await detail(response)).toEqual({ status: "forbidden", message: TWO_FACTOR_POLICY_TEXTS.adminsOnly });
    }
    expect((await security(admin, { two_factor_required: "yes" })).status).toBe(422);
    expect((await security(admin, { two_factor_required: true, sso: true })).status).toBe(422);
    expect(await (await security(admin)).json()).toEqual({ two_factor_required: false, two_factor_required_at_unix: null, members_without_two_factor: ["tfa-admin@example.com", "tfa-editor@example.com"] });
  });

  it("the admin who turns it on must have a second factor", async () => {
    const refused = await security(admin, { two_factor_required: true });
    expect(refused.status).toBe(409);
    expect(await detail(refused)).toEqual({ status: "two_factor_not_enabled", message: TWO_FACTOR_POLICY_TEXTS.ownFactorFirst });
    await giveFactor("tfa-admin@example.com");
    const on = await security(admin, { two_factor_required: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ two_factor_required: true, two_factor_required_at_unix: expect.any(Number), members_without_two_factor: ["tfa-editor@example.com"] });
  });

  it("a member without a factor is sent to set one up: pages lead to settings, the API refuses their session and keys", async () => {
    const home = await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: editorCookie }, redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe(TWO_FACTOR_SETUP_PATH);
    const data = await SELF.fetch(`${ORIGIN}/app/usage.data`, { headers: { cookie: editorCookie }, redirect: "manual" });
    expect(await data.text()).toContain(TWO_FACTOR_SETUP_PATH);
    const settings = await SELF.fetch(`${ORIGIN}${TWO_FACTOR_SETUP_PATH}`, { headers: { cookie: editorCookie } });
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain(TWO_FACTOR_POLICY_TEXTS.setUpNow);
    for (const response of [await api("/v1/user", { key: editor }), await api("/v1/user", { cookie: editorCookie }), await api("/v1/voices", { key: editor })]) {
      expect(response.status).toBe(403);
      expect(await detail(response)).toEqual({ status: "two_factor_required", message: TWO_FACTOR_POLICY_TEXTS.apiRefused });
    }
  });

  it("admins with a factor, service accounts and other workspaces' members are not held back", async () => {
    expect((await api("/v1/user", { key: admin })).status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: adminCookie }, redirect: "manual" })).status).toBe(200);
    expect((await api("/v1/voices", { key: botKey })).status).toBe(200);
    expect((await api("/v1/user", { key: outsider })).status).toBe(200);
    expect((await security(outsider)).status).toBe(200);
    expect(await (await security(outsider)).json()).toMatchObject({ two_factor_required: false });
  });

  it("once the member adds a factor they are in; turning the rule off lets everyone in again", async () => {
    await giveFactor("tfa-editor@example.com");
    expect((await api("/v1/user", { key: editor })).status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: editorCookie }, redirect: "manual" })).status).toBe(200);
    await giveFactor("tfa-editor@example.com", false);
    expect((await api("/v1/user", { key: editor })).status).toBe(403);
    expect(await (await security(admin, { two_factor_required: false })).json()).toMatchObject({ two_factor_required: false, two_factor_required_at_unix: null });
    expect((await api("/v1/user", { key: editor })).status).toBe(200);
  });

  it("the security page turns it on and off (admins), refusing an admin without a factor with the reason", async () => {
    const post = (fields: Record<string, string>) => postPage("/app/workspace/security", adminCookie, fields);
    expect((await post({ intent: "two-factor", two_factor_required: "on" })).status).toBe(200);
    expect(await (await security(admin)).json()).toMatchObject({ two_factor_required: true });
    const page = await (await SELF.fetch(`${ORIGIN}/app/workspace/security`, { headers: { cookie: adminCookie } })).text();
    expect(page).toContain('data-testid="members-without-two-factor"');
    expect((await post({ intent: "two-factor" })).status).toBe(200);
    await giveFactor("tfa-admin@example.com", false);
    const refused = await post({ intent: "two-factor", two_factor_required: "on" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Add two-factor sign-in to your own account first");
  });
});
