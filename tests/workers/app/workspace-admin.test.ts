import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, ORIGIN, signUp } from "./helpers";
import { connect } from "./agent-call";
import { GROUP_PERMISSIONS, missingPermissionMessage, type GroupPermission } from "../../../core/workspace/permissions";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { deliverWebhook } from "~/workspace/webhooks.server";
import { SIGNATURE_HEADER, verifyWebhook, WEBHOOK_MAX_ATTEMPTS } from "../../../core/webhooks/webhooks";

const ARIA = "pv01aria000000000000";
type Detail = { detail: { status: string; message: string } };

async function workspaceIdOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

/** Makes `email` (signed up) an editor of the workspace and acts there: returns a key of theirs in that workspace. */
async function joinAsEditor(cookie: string, email: string, workspaceId: string): Promise<string> {
  const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, user!.id),
    env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, user!.id),
  ]);
  return createKey(cookie, `${email} in shared workspace`);
}

const tts = (key: string, text = "Hi") => api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key, json: { text } });

describe("workspace administration", () => {
  let admin: string;
  let adminCookie: string;
  let editor: string;
  let outsider: string;
  let workspaceId: string;

  beforeAll(async () => {
    adminCookie = await signUp("wa-admin@example.com");
    admin = await createKey(adminCookie);
    workspaceId = await workspaceIdOf(admin);
    const editorCookie = await signUp("wa-editor@example.com");
    editor = await joinAsEditor(editorCookie, "wa-editor@example.com", workspaceId);
    outsider = await createKey(await signUp("wa-outsider@example.com"));
  });

  describe("groups and permissions", () => {
    let groupId: string;

    it("admins create groups; bad input is 422, a taken name 409, an editor 403", async () => {
      const created = await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "Narrators", permissions: ["billing"] } });
      expect(created.status).toBe(201);
      groupId = ((await created.json()) as { group_id: string }).group_id;
      expect((await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "" } })).status).toBe(422);
      expect((await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "X", permissions: ["fly"] } })).status).toBe(422);
      expect((await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "Narrators" } })).status).toBe(409);
      const refused = await api("/v1/workspace/groups", { method: "POST", key: editor, json: { name: "Mine" } });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Detail).detail.message).toMatch(/admins/);
    });

    it("members join by e-mail address; a stranger's address is 404; list and search show them", async () => {
      expect((await api(`/v1/workspace/groups/${groupId}/members`, { method: "POST", key: admin, json: { email: "wa-editor@example.com" } })).status).toBe(200);
      expect((await api(`/v1/workspace/groups/${groupId}/members`, { method: "POST", key: admin, json: { email: "wa-outsider@example.com" } })).status).toBe(404);
      expect((await api(`/v1/workspace/groups/${groupId}/members`, { method: "POST", key: admin, json: { email: "nope" } })).status).toBe(422);
      const list = (await (await api("/v1/workspace/groups", { key: admin })).json()) as Record<string, { name: string; members: string[]; permissions: string[] }>;
      expect(list[groupId]).toEqual({ name: "Narrators", id: groupId, members: ["wa-editor@example.com"], permissions: ["billing"] });
      const found = (await (await api("/v1/workspace/groups/search?name=narr", { key: admin })).json()) as { id: string; members_emails: string[] }[];
      expect(found).toEqual([{ name: "Narrators", id: groupId, members_emails: ["wa-editor@example.com"] }]);
    });

    it("another workspace never sees, changes or deletes the group", async () => {
      expect(await (await api("/v1/workspace/groups", { key: outsider })).json()).toEqual({});
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "PATCH", key: outsider, json: { name: "pwned" } })).status).toBe(404);
      // An empty update changes nothing: 200 on the workspace's group, 404 on another's or an unknown one.
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "PATCH", key: outsider, json: {} })).status).toBe(404);
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "PATCH", key: admin, json: {} })).status).toBe(200);
      expect((await api(`/v1/workspace/groups/grp_unknown`, { method: "PATCH", key: admin, json: {} })).status).toBe(404);
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "DELETE", key: outsider })).status).toBe(404);
      expect((await api(`/v1/workspace/groups/${groupId}/members/remove`, { method: "POST", key: outsider, json: { email: "wa-editor@example.com" } })).status).toBe(404);
    });

    it("one permission check decides: without text_to_speech an editor is refused speech, a group grants it back", async () => {
      expect((await api("/v1/workspace/update-workspace", { method: "POST", key: editor, json: { all_members_permissions: [] } })).status).toBe(403);
      expect((await api("/v1/workspace/update-workspace", { method: "POST", key: admin, json: { all_members_permissions: ["voice_lab"] } })).status).toBe(200);
      const ws = (await (await api("/v1/workspace", { key: editor })).json()) as { all_members_permissions: string[]; permissions: string[] };
      expect(ws.all_members_permissions).toEqual(["voice_lab"]);
      expect(ws.permissions).toEqual(["voice_lab", "billing"]);
      const refused = await tts(editor);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Detail).detail).toMatchObject({ status: "missing_permissions", message: expect.stringContaining("text_to_speech") });
      // The admin is never refused; an API key is refused to a member without the API keys permission.
      expect((await tts(admin)).status).toBe(200);
      const editorCookie = await signInCookie("wa-editor@example.com");
      expect((await api("/v1/user/api-keys", { method: "POST", cookie: editorCookie, json: { name: "k" } })).status).toBe(403);
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "PATCH", key: admin, json: { permissions: ["billing", "text_to_speech", "workspace_settings"] } })).status).toBe(200);
      expect((await tts(editor)).status).toBe(200);
      // workspace_settings through the group: the settings open, but admins stay the only ones who make admins.
      expect(await (await api("/v1/workspace/can-access-workspace-settings", { key: editor })).json()).toEqual({ can_access_workspace_settings: true });
      expect((await api("/v1/workspace/invites/add", { method: "POST", key: editor, json: { email: "boss@example.com", role: "admin" } })).status).toBe(403);
      // Removed from the group, the editor loses what it gave.
      expect((await api(`/v1/workspace/groups/${groupId}/members/remove`, { method: "POST", key: admin, json: { email: "wa-editor@example.com" } })).status).toBe(200);
      expect((await tts(editor)).status).toBe(403);
      expect(await (await api("/v1/workspace/can-access-workspace-settings", { key: editor })).json()).toEqual({ can_access_workspace_settings: false });
      await api("/v1/workspace/update-workspace", { method: "POST", key: admin, json: { all_members_permissions: ["text_to_speech", "voice_lab", "create_user_api_key"] } });
    });

    it("deleting a group", async () => {
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "DELETE", key: admin })).status).toBe(200);
      expect((await api(`/v1/workspace/groups/${groupId}`, { method: "DELETE", key: admin })).status).toBe(404);
    });
  });

  describe("member roles (POST /v1/workspace/members)", () => {
    it("an admin makes a member an admin and back; the owner stays an admin; editors, strangers and locking are refused", async () => {
      const roleOf = async () => (await env.DB.prepare("SELECT m.role FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.workspace_id = ?").bind("wa-editor@example.com", workspaceId).first<{ role: string }>())?.role;
      const update = (key: string, json: Record<string, unknown>) => api("/v1/workspace/members", { method: "POST", key, json });
      expect((await update(editor, { email: "wa-editor@example.com", workspace_role: "workspace_admin" })).status).toBe(403);
      expect(await roleOf()).toBe("editor");
      expect(await (await update(admin, { email: "wa-editor@example.com", workspace_role: "workspace_admin" })).json()).toEqual({ status: "ok" });
      expect(await roleOf()).toBe("admin");
      expect((await update(admin, { email: "wa-editor@example.com", workspace_seat_type: "workspace_member" })).status).toBe(200);
      expect(await roleOf()).toBe("editor");
      const owner = await update(admin, { email: "wa-admin@example.com", workspace_role: "workspace_member" });
      expect(owner.status).toBe(403);
      expect(((await owner.json()) as Detail).detail.message).toMatch(/owner/);
      expect((await update(admin, { email: "wa-outsider@example.com", workspace_role: "workspace_admin" })).status).toBe(404);
      expect((await update(outsider, { email: "wa-editor@example.com", workspace_role: "workspace_admin" })).status).toBe(404);
      expect(((await (await update(admin, { email: "wa-editor@example.com", is_locked: true })).json()) as Detail).detail.status).toBe("member_locking_unsupported");
      expect((await update(admin, { email: "wa-editor@example.com", workspace_role: "boss" })).status).toBe(422);
      expect((await update(admin, { workspace_role: "workspace_admin" })).status).toBe(422);
      expect(await roleOf()).toBe("editor");
    });
  });

  describe("service accounts and scoped keys", () => {
    let accountId: string;
    let speechKey: string;
    let speechKeyId: string;

    it("admins create a service account and a speech-only key with a cap, shown once", async () => {
      expect((await api("/v1/service-accounts", { method: "POST", key: editor, json: { name: "Backend" } })).status).toBe(403);
      expect((await api("/v1/service-accounts", { method: "POST", key: admin, json: { name: " " } })).status).toBe(422);
      const created = await api("/v1/service-accounts", { method: "POST", key: admin, json: { name: "Backend" } });
      expect(created.status).toBe(200);
      accountId = ((await created.json()) as { "service-account-user-id": string })["service-account-user-id"];
      const bad = await api(`/v1/service-accounts/${accountId}/api-keys`, { method: "POST", key: admin, json: { name: "k", permissions: ["fly"] } });
      expect(bad.status).toBe(422);
      expect((await api(`/v1/service-accounts/${accountId}/api-keys`, { method: "POST", key: admin, json: { name: "k", permissions: [] } })).status).toBe(422);
      const key = await api(`/v1/service-accounts/${accountId}/api-keys`, { method: "POST", key: admin, json: { name: "speech", permissions: ["text_to_speech"], character_limit: 5 } });
      expect(key.status).toBe(200);
      const body = (await key.json()) as { "xi-api-key": string; key_id: string };
      speechKey = body["xi-api-key"];
      speechKeyId = body.key_id;
      expect(speechKey).toMatch(/^sk_[0-9a-f]{48}$/);
      const listed = (await (await api("/v1/service-accounts", { key: admin })).json()) as { "service-accounts": { name: string; "api-keys": { key_id: string; permissions: string[]; character_limit: number; hint: string }[] }[] };
      expect(listed["service-accounts"]).toHaveLength(1);
      expect(listed["service-accounts"][0]!["api-keys"][0]).toMatchObject({ key_id: speechKeyId, permissions: ["text_to_speech"], character_limit: 5 });
      expect(JSON.stringify(listed)).not.toContain(speechKey);
    });

    it("the speech-only key speaks, and is refused everywhere else with 403 missing_permissions", async () => {
      expect((await tts(speechKey, "Hi")).status).toBe(200);
      for (const [path, method] of [["/v1/voices/add", "POST"], ["/v1/voices", "GET"], ["/v1/history", "GET"], ["/v1/service-accounts", "GET"], ["/v1/workspace/groups", "GET"]] as const) {
        const refused = await api(path, { method, key: speechKey, ...(method === "POST" ? { body: new FormData() } : {}) });
        expect(refused.status, path).toBe(403);
        expect(((await refused.json()) as Detail).detail.status).toBe("missing_permissions");
      }
    });

    it("the key's monthly cap stops usage with a clear error, and its count shows", async () => {
      const capped = await tts(speechKey, "Hello");
      expect(capped.status).toBe(401);
      expect(((await capped.json()) as Detail).detail).toMatchObject({ status: "quota_exceeded", message: expect.stringContaining("API key's limit of 5") });
      const keys = (await (await api(`/v1/service-accounts/${accountId}/api-keys`, { key: admin })).json()) as { "api-keys": { character_count: number }[] };
      expect(keys["api-keys"][0]!.character_count).toBe(2);
      // The usage is the service account's, by the key: not a seat, not a member.
      const members = await (await api("/v1/workspace/members", { key: admin })).text();
      expect(members).not.toContain("service-accounts.invalid");
    });

    it("raising the cap, disabling and deleting take effect at once; another workspace cannot touch it", async () => {
      expect((await api(`/v1/service-accounts/${accountId}/api-keys/${speechKeyId}`, { method: "PATCH", key: admin, json: { character_limit: "clear" } })).status).toBe(200);
      expect((await tts(speechKey, "Hello")).status).toBe(200);
      expect((await api(`/v1/service-accounts/${accountId}/api-keys/${speechKeyId}`, { method: "PATCH", key: outsider, json: { is_enabled: false } })).status).toBe(404);
      expect((await api(`/v1/service-accounts/${accountId}`, { method: "DELETE", key: await outsiderAdminKey() })).status).toBe(404);
      expect((await api(`/v1/service-accounts/${accountId}/api-keys/${speechKeyId}`, { method: "PATCH", key: admin, json: { is_enabled: false } })).status).toBe(200);
      expect((await tts(speechKey)).status).toBe(401);
      expect((await api(`/v1/service-accounts/${accountId}`, { method: "DELETE", key: admin })).status).toBe(200);
      expect((await api(`/v1/service-accounts/${accountId}/api-keys`, { key: admin })).status).toBe(404);
    });

    it("a service account's own all-permissions key cannot manage service accounts", async () => {
      const account = ((await (await api("/v1/service-accounts", { method: "POST", key: admin, json: { name: "Ops" } })).json()) as { "service-account-user-id": string })["service-account-user-id"];
      const all = ((await (await api(`/v1/service-accounts/${account}/api-keys`, { method: "POST", key: admin, json: { name: "all", permissions: "all" } })).json()) as { "xi-api-key": string })["xi-api-key"];
      expect((await api("/v1/voices", { key: all })).status).toBe(200);
      expect((await api("/v1/service-accounts", { method: "POST", key: all, json: { name: "Escalate" } })).status).toBe(403);
    });
  });

  describe("webhooks", () => {
    let webhookId: string;
    let secret: string;

    it("creates an HMAC webhook, secret shown once; bad URLs and other workspaces refused", async () => {
      expect((await api("/v1/workspace/webhooks", { method: "POST", key: admin, json: { settings: { auth_type: "hmac", name: "Hook", webhook_url: "ftp://example.com" } } })).status).toBe(400);
      expect((await api("/v1/workspace/webhooks", { method: "POST", key: admin, json: { settings: { auth_type: "oauth9", name: "Hook", webhook_url: "https://example.com" } } })).status).toBe(422);
      expect((await api("/v1/workspace/webhooks", { method: "POST", key: editor, json: { settings: { auth_type: "hmac", name: "Hook", webhook_url: "https://hooks.example.com/in" } } })).status).toBe(403);
      const created = await api("/v1/workspace/webhooks", { method: "POST", key: admin, json: { settings: { auth_type: "hmac", name: "Hook", webhook_url: "https://hooks.example.com/in", events: ["speech_to_text"] } } });
      expect(created.status).toBe(200);
      ({ webhook_id: webhookId, webhook_secret: secret } = (await created.json()) as { webhook_id: string; webhook_secret: string });
      expect(secret).toMatch(/^wsec_[0-9a-f]{64}$/);
      const listed = await (await api("/v1/workspace/webhooks?include_usages=true", { key: admin })).text();
      expect(listed).toContain("speech_to_text");
      expect(listed).not.toContain(secret);
      expect(await (await api("/v1/workspace/webhooks", { key: outsider })).json()).toEqual({ webhooks: [] });
      expect((await api(`/v1/workspace/webhooks/${webhookId}`, { method: "DELETE", key: outsider })).status).toBe(404);
      expect((await api(`/v1/workspace/webhooks/${webhookId}/test`, { method: "POST", key: outsider })).status).toBe(404);
      expect((await api(`/v1/workspace/webhooks/${webhookId}`, { method: "PATCH", key: admin, json: { name: "Renamed", is_disabled: false } })).status).toBe(200);
    });

    it("deliveries are signed in the commercial service's format, logged, and retried with backoff until they fail", async () => {
      const sent = await api(`/v1/workspace/webhooks/${webhookId}/test`, { method: "POST", key: admin });
      expect(sent.status).toBe(202);
      const deliveryId = ((await sent.json()) as { delivery_id: string }).delivery_id;
      // The queue's consumer may try it on its own (the host is not reachable from the tests): start it afresh.
      await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?").bind(deliveryId).run();
      let received: Request | undefined;
      let body = "";
      const outcome = await deliverWebhook(env, deliveryId, async (input, init) => {
        received = new Request(input, init);
        body = await received.clone().text();
        return new Response("ok");
      });
      expect(outcome).toEqual({ result: "delivered" });
      expect(received!.url).toBe("https://hooks.example.com/in");
      const signature = received!.headers.get(SIGNATURE_HEADER)!;
      expect(signature).toMatch(/^t=\d+,v0=[0-9a-f]{64}$/);
      expect(await verifyWebhook(secret, body, signature, Math.floor(Date.now() / 1000))).toBe(true);
      expect(JSON.parse(body)).toMatchObject({ type: "test", data: { webhook_id: webhookId } });
      const log = (await (await api(`/v1/workspace/webhooks/${webhookId}/deliveries`, { key: admin })).json()) as { deliveries: { delivery_id: string; status: string; last_status_code: number }[] };
      expect(log.deliveries.find((d) => d.delivery_id === deliveryId)).toMatchObject({ status: "delivered", last_status_code: 200 });

      const failing = ((await (await api(`/v1/workspace/webhooks/${webhookId}/test`, { method: "POST", key: admin })).json()) as { delivery_id: string }).delivery_id;
      await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?").bind(failing).run();
      const outcomes = [];
      for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) outcomes.push(await deliverWebhook(env, failing, async () => new Response("no", { status: 503 })));
      expect(outcomes.slice(0, 2)).toEqual([{ result: "retry", delaySeconds: 30 }, { result: "retry", delaySeconds: 60 }]);
      expect(outcomes.at(-1)).toEqual({ result: "failed" });
      const hooks = (await (await api("/v1/workspace/webhooks", { key: admin })).json()) as { webhooks: { most_recent_failure_error_code: number }[] };
      expect(hooks.webhooks[0]!.most_recent_failure_error_code).toBe(503);
    });

    it("replays a logged delivery as a new one with the same body; another workspace cannot", async () => {
      const log = (await (await api(`/v1/workspace/webhooks/${webhookId}/deliveries`, { key: admin })).json()) as { deliveries: { delivery_id: string }[] };
      const original = log.deliveries.at(-1)!.delivery_id;
      expect((await api(`/v1/workspace/webhooks/${webhookId}/deliveries/${original}/replay`, { method: "POST", key: outsider })).status).toBe(404);
      expect((await api(`/v1/workspace/webhooks/${webhookId}/deliveries/dlv_nope/replay`, { method: "POST", key: admin })).status).toBe(404);
      const replayed = await api(`/v1/workspace/webhooks/${webhookId}/deliveries/${original}/replay`, { method: "POST", key: admin });
      expect(replayed.status).toBe(202);
      const id = ((await replayed.json()) as { delivery_id: string }).delivery_id;
      const rows = await env.DB.prepare("SELECT id, payload FROM webhook_deliveries WHERE id IN (?, ?)").bind(original, id).all<{ id: string; payload: string }>();
      expect(rows.results).toHaveLength(2);
      expect(rows.results[0]!.payload).toBe(rows.results[1]!.payload);
    });

    it("deleting a webhook", async () => {
      expect((await api(`/v1/workspace/webhooks/${webhookId}`, { method: "DELETE", key: admin })).status).toBe(200);
      expect((await api(`/v1/workspace/webhooks/${webhookId}/deliveries`, { key: admin })).status).toBe(404);
    });
  });
});

async function signInCookie(email: string): Promise<string> {
  const { SELF } = await import("cloudflare:test");
  const { form, sessionCookieFrom, STRONG_PASSWORD, ORIGIN } = await import("./helpers");
  const response = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }));
  return sessionCookieFrom(response);
}

let outsiderAdmin: string | undefined;
async function outsiderAdminKey(): Promise<string> {
  outsiderAdmin ??= await createKey(await signUp("wa-outsider-admin@example.com"));
  return outsiderAdmin;
}

// The permission matrix (issue 23, decisions 0034 and 0061): for each group permission, a member without it is refused
// every route it gates with 403 and a detail naming it, and the sidebar leaves its sections out; the same member with
// a group that grants it passes the permission check. Admin-only routes refuse every member, whatever their groups.

type Auth = { key: string; cookie: string };
type Gated = { what: string; call: (auth: Auth) => Promise<Response> };

function multipart(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const ROUTES: Record<GroupPermission, Gated[]> = {
  text_to_speech: [{ what: "POST /v1/text-to-speech", call: ({ key }) => api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key, json: { text: "Hi" } }) }],
  voice_lab: [
    { what: "POST /v1/voices/add (clone)", call: ({ key }) => api("/v1/voices/add", { method: "POST", key, body: multipart({ name: "Me", files: new File([new Uint8Array(64)], "me.wav", { type: "audio/wav" }) }) }) },
    { what: "POST /v1/voices/add/{owner}/{voice} (library)", call: ({ key }) => api(`/v1/voices/add/${"a".repeat(64)}/libvoice00000000001`, { method: "POST", key, json: { new_name: "Copy" } }) },
  ],
  projects: [{ what: "POST /v1/studio/projects", call: ({ key }) => api("/v1/studio/projects", { method: "POST", key, body: multipart({ name: "Book" }) }) }],
  dubbing: [{ what: "POST /v1/dubbing", call: ({ key }) => api("/v1/dubbing", { method: "POST", key, body: multipart({ file: new File([new Uint8Array(64)], "talk.wav", { type: "audio/wav" }), target_lang: "es" }) }) }],
  // Every keyed agents route asks it through one door (app/agents/api-access.ts); a sample of each router.
  conversational_ai: [
    { what: "GET /v1/convai/agents", call: ({ key }) => api("/v1/convai/agents", { key }) },
    { what: "POST /v1/convai/agents/create", call: ({ key }) => api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: {} } }) },
    { what: "GET /v1/convai/knowledge-base", call: ({ key }) => api("/v1/convai/knowledge-base", { key }) },
    { what: "GET /v1/convai/tools", call: ({ key }) => api("/v1/convai/tools", { key }) },
    { what: "GET /v1/convai/phone-numbers", call: ({ key }) => api("/v1/convai/phone-numbers", { key }) },
    { what: "GET /v1/convai/conversations", call: ({ key }) => api("/v1/convai/conversations", { key }) },
    { what: "GET /v1/convai/settings", call: ({ key }) => api("/v1/convai/settings", { key }) },
    { what: "GET /v1/convai/agent-testing", call: ({ cookie }) => api("/v1/convai/agent-testing", { cookie }) },
  ],
  create_user_api_key: [{ what: "POST /v1/user/api-keys", call: ({ cookie }) => api("/v1/user/api-keys", { method: "POST", cookie, json: { name: "k" } }) }],
  // Subscription changes are page actions checked by the billing area (tests/workers/app/billing.test.ts).
  billing: [],
  workspace_settings: [
    { what: "POST /v1/workspace/invites/add", call: ({ key }) => api("/v1/workspace/invites/add", { method: "POST", key, json: { email: "someone@example.com" } }) },
    { what: "POST /v1/workspace/update-workspace", call: ({ key }) => api("/v1/workspace/update-workspace", { method: "POST", key, json: { training_opt_out: true } }) },
    { what: "POST /v1/workspace/webhooks", call: ({ key }) => api("/v1/workspace/webhooks", { method: "POST", key, json: { settings: { name: "h", webhook_url: "https://hooks.example.com/x", auth_type: "hmac" } } }) },
    { what: "GET /v1/workspace/invite-link", call: ({ key }) => api("/v1/workspace/invite-link", { key }) },
    { what: "POST /v1/workspace/invite-link", call: ({ key }) => api("/v1/workspace/invite-link", { method: "POST", key, json: {} }) },
    { what: "POST /v1/workspace/voice-library-settings", call: ({ key }) => api("/v1/workspace/voice-library-settings", { method: "POST", key, json: { members_can_add_library_voices: false } }) },
  ],
};

const ADMIN_ONLY: Gated[] = [
  { what: "GET /v1/workspace/security", call: ({ key }) => api("/v1/workspace/security", { key }) },
  { what: "POST /v1/workspace/security", call: ({ key }) => api("/v1/workspace/security", { method: "POST", key, json: { two_factor_required: false } }) },
  { what: "POST /v1/service-accounts", call: ({ key }) => api("/v1/service-accounts", { method: "POST", key, json: { name: "bot" } }) },
  { what: "POST /v1/workspace/groups", call: ({ key }) => api("/v1/workspace/groups", { method: "POST", key, json: { name: "Mine" } }) },
];

/** The sidebar links of the page the member sees (the app frame's navigation). */
async function sidebarLinks(cookie: string): Promise<string[]> {
  const html = await (await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie } })).text();
  const nav = html.match(/<nav aria-label="App"[\s\S]*?<\/nav>/)?.[0] ?? "";
  return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
}

const sectionsNeeding = (permission: GroupPermission) => APP_SECTIONS.filter((s) => s.requires === permission).map((s) => s.to);
const adminSections = APP_SECTIONS.filter((s) => s.requires === "admin").map((s) => s.to);

describe("permission matrix", () => {
  let admin: string;
  let member: Auth;
  let groupId: string;
  const setAllMembers = (permissions: GroupPermission[]) => api("/v1/workspace/update-workspace", { method: "POST", key: admin, json: { all_members_permissions: permissions } });
  const setGroup = (permissions: GroupPermission[]) => api(`/v1/workspace/groups/${groupId}`, { method: "PATCH", key: admin, json: { permissions } });

  beforeAll(async () => {
    admin = await createKey(await signUp("matrix-admin@example.com"));
    const workspaceId = ((await (await api("/v1/workspace", { key: admin })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET max_seats = 3, tier = 'creator', status = 'active', character_limit = 100000 WHERE id = ?").bind(workspaceId).run();
    const cookie = await signUp("matrix-member@example.com");
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("matrix-member@example.com").first<string>("id"))!;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, userId),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, userId),
    ]);
    member = { cookie: await signInCookie("matrix-member@example.com"), key: await createKey(cookie, "member key") };
    const group = await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "Granted", permissions: [] } });
    groupId = ((await group.json()) as { group_id: string }).group_id;
    expect((await api(`/v1/workspace/groups/${groupId}/members`, { method: "POST", key: admin, json: { email: "matrix-member@example.com" } })).status).toBe(200);
  });

  for (const permission of GROUP_PERMISSIONS) {
    it(`${permission}: refused with 403 and a detail naming it, its sections hidden; granted by a group, the check passes`, async () => {
      // Every permission but this one, for every member; the member's group grants nothing yet.
      expect((await setAllMembers(GROUP_PERMISSIONS.filter((p) => p !== permission))).status).toBe(200);
      expect((await setGroup([])).status).toBe(200);
      for (const route of ROUTES[permission]) {
        const refused = await route.call(member);
        expect(refused.status, route.what).toBe(403);
        const body = (await refused.json()) as { detail: { status: string; message: string } };
        if (permission === "workspace_settings") expect(body.detail.message, route.what).toMatch(/Workspace settings permission|Only workspace admins/);
        else expect(body.detail, route.what).toEqual({ status: "missing_permissions", message: missingPermissionMessage(permission) });
      }
      const hidden = await sidebarLinks(member.cookie);
      for (const path of sectionsNeeding(permission)) expect(hidden, path).not.toContain(path);

      expect((await setGroup([permission])).status).toBe(200);
      for (const route of ROUTES[permission]) {
        const passed = await route.call(member);
        // Past the permission check: whatever the route answers next (a missing voice, a bad file), it is not that refusal.
        const text = await passed.text();
        expect(text, route.what).not.toContain("missing_permissions");
        expect(passed.status === 403 && /Workspace settings permission/.test(text), route.what).toBe(false);
      }
      const shown = await sidebarLinks(member.cookie);
      for (const path of sectionsNeeding(permission)) expect(shown, path).toContain(path);
    });
  }

  it("conversational_ai: the agents pages and the conversation socket refuse too; granted, they open", async () => {
    const created = await api("/v1/convai/agents/create", { method: "POST", key: admin, json: { conversation_config: { agent: { first_message: "Hello." } } } });
    const agentId = ((await created.json()) as { agent_id: string }).agent_id;
    const message = missingPermissionMessage("conversational_ai");
    const page = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: member.cookie } });
    const pages = ["/app/conversational-ai/agents", `/app/conversational-ai/agents/${agentId}`, "/app/conversational-ai/knowledge-base", "/app/conversational-ai/phone-numbers", "/app/conversational-ai/batch-calling"];
    expect((await setAllMembers(GROUP_PERMISSIONS.filter((p) => p !== "conversational_ai"))).status).toBe(200);
    expect((await setGroup([])).status).toBe(200);
    for (const path of pages) {
      const refused = await page(path);
      expect(refused.status, path).toBe(403);
      const html = await refused.text();
      expect(html, path).toContain('data-testid="agents-refused"');
      expect(html, path).toContain(message.replaceAll("'", "&#x27;"));
    }
    const call = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": member.key });
    expect((await call.closed).code).toBe(1008);
    expect(call.messages[0]).toMatchObject({ type: "error", error: message });

    expect((await setGroup(["conversational_ai"])).status).toBe(200);
    for (const path of pages) expect((await page(path)).status, path).toBe(200);
    const granted = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": member.key });
    granted.send({ type: "conversation_initiation_client_data" });
    await granted.until((m) => m.type === "conversation_initiation_metadata");
    granted.socket.close(1000, "bye");
  });

  it("admin-only routes refuse a member whatever their groups grant; their sections stay hidden", async () => {
    expect((await setGroup([...GROUP_PERMISSIONS])).status).toBe(200);
    for (const route of ADMIN_ONLY) {
      const refused = await route.call(member);
      expect(refused.status, route.what).toBe(403);
      expect(((await refused.json()) as { detail: { message: string } }).detail.message, route.what).toMatch(/admins/);
    }
    const links = await sidebarLinks(member.cookie);
    for (const path of adminSections) expect(links, path).not.toContain(path);
    expect(links).toContain("/app/workspace/members");
  });
});
