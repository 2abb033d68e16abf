import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminWithVerifiedDomain, api, createKey, form, mailCount, mailedInviteCode, ORIGIN, postForm, sessionCookieFrom, signUp, signUpUnverified, STRONG_PASSWORD, waitForNewMail } from "./helpers";
import { connect } from "./agent-call";
import { GROUP_PERMISSIONS, missingPermissionMessage, type GroupPermission } from "../../../core/workspace/permissions";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { deliverWebhook } from "~/workspace/webhooks.server";
import { SIGNATURE_HEADER, verifyWebhook, WEBHOOK_MAX_ATTEMPTS } from "../../../core/webhooks/webhooks";
import { LIBRARY_SETTING_TEXTS } from "../../../core/workspace/library-settings";
import { TWO_FACTOR_POLICY_TEXTS, TWO_FACTOR_SETUP_PATH } from "../../../core/workspace/two-factor";
import { INVITE_LINK_TEXTS } from "~/workspace/rules/invite-links";
import { seatsFullMessage } from "~/workspace/rules/seats";
import { AUDIT_LOG_TEXTS } from "~/workspace/rules/audit-log";
import { API_KEY_DISABLING_TEXTS } from "~/workspace/rules/api-key-disabling";
import { NOTIFICATION_EVENTS } from "~/workspace/rules/notifications";
import { totpCode } from "~/accounts/rules/totp";
import { ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION } from "~/accounts/rules/throttle";

describe("workspace-admin", () => {
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

      describe("OAuth2 webhooks (decision 0076)", () => {
        // The token endpoint is the tool stand-in's (tests/agents/tool-webhooks.ts): client shop-client/shop-secret gets
        // cc-token-N, and its /ledger answers only the newest token: a receiver that checks the bearer token.
        const issued = async () => ((await (await fetch("http://tools.test/tokens-issued")).json()) as { issued: number }).issued;
        const oauth2 = { auth_type: "oauth2", name: "Ledger", webhook_url: "http://tools.test/ledger", token_url: "http://tools.test/token", client_id: "shop-client", client_secret: "shop-secret", scope: "ledger:write" };
        const create = (key: string, settings: Record<string, unknown>) => api("/v1/workspace/webhooks", { method: "POST", key, json: { settings } });
        type Listed = { webhooks: { webhook_id: string; auth_type: string; oauth2?: Record<string, string>; most_recent_failure_error_code: number | null; most_recent_failure_reason: string | null }[] };
        async function settled(key: string, hook: string, delivery: string) {
          for (let i = 0; i < 100; i++) {
            const log = (await (await api(`/v1/workspace/webhooks/${hook}/deliveries`, { key })).json()) as { deliveries: { delivery_id: string; status: string; last_status_code: number | null; last_error: string | null }[] };
            const found = log.deliveries.find((d) => d.delivery_id === delivery);
            if (found && found.status !== "pending") return found;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw new Error(`delivery ${delivery} still pending`);
        }
        let hookId: string;

        it("refuses missing or bad client-credentials settings with 422", async () => {
          for (const missing of ["token_url", "client_id", "client_secret"]) {
            const { [missing]: _gone, ...rest } = oauth2 as Record<string, unknown>;
            expect((await create(admin, rest)).status, missing).toBe(422);
          }
          expect((await create(admin, { ...oauth2, client_secret: "" })).status).toBe(422);
          const badUrl = await create(admin, { ...oauth2, token_url: "ftp://tools.test/token" });
          expect(badUrl.status).toBe(422);
          expect(((await badUrl.json()) as Detail).detail.status).toBe("invalid_token_url");
          expect((await create(admin, { ...oauth2, webhook_url: "ftp://tools.test/ledger" })).status).toBe(400);
        });

        it("creates one; its client secret is never returned; other workspaces see nothing of it", async () => {
          const created = await create(admin, oauth2);
          expect(created.status).toBe(200);
          const body = (await created.json()) as { webhook_id: string; webhook_secret?: string };
          expect(body.webhook_secret).toBeUndefined();
          hookId = body.webhook_id;
          const listed = await (await api("/v1/workspace/webhooks?include_usages=true", { key: admin })).text();
          expect(listed).not.toContain("shop-secret");
          const hook = (JSON.parse(listed) as Listed).webhooks.find((w) => w.webhook_id === hookId)!;
          expect(hook).toMatchObject({ auth_type: "oauth2", oauth2: { token_url: oauth2.token_url, client_id: "shop-client", scope: "ledger:write" } });
          expect(await (await api("/v1/workspace/webhooks", { key: outsider })).json()).toEqual({ webhooks: [] });
          expect((await api(`/v1/workspace/webhooks/${hookId}/test`, { method: "POST", key: outsider })).status).toBe(404);
          expect((await api(`/v1/workspace/webhooks/${hookId}/deliveries`, { key: outsider })).status).toBe(404);
          expect((await api(`/v1/workspace/webhooks/${hookId}`, { method: "DELETE", key: outsider })).status).toBe(404);
        });

        it("deliveries carry a bearer token from the token endpoint, fetched once and reused", async () => {
          const before = await issued();
          const first = ((await (await api(`/v1/workspace/webhooks/${hookId}/test`, { method: "POST", key: admin })).json()) as { delivery_id: string }).delivery_id;
          // The queue's consumer sends it to the stand-in's /ledger, which accepts only the token it granted last.
          expect(await settled(admin, hookId, first)).toMatchObject({ status: "delivered", last_status_code: 200 });
          const second = ((await (await api(`/v1/workspace/webhooks/${hookId}/test`, { method: "POST", key: admin })).json()) as { delivery_id: string }).delivery_id;
          expect(await settled(admin, hookId, second)).toMatchObject({ status: "delivered" });
          expect(await issued()).toBe(before + 1);
          // Sent again by hand to see the request: the cached token, no signature header, no new token request.
          await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?").bind(second).run();
          let received: Request | undefined;
          const outcome = await deliverWebhook(env, second, async (input, init) => {
            received = new Request(input, init);
            return new Response("ok");
          });
          expect(outcome).toEqual({ result: "delivered" });
          expect(received!.headers.get("authorization")).toBe(`Bearer cc-token-${before + 1}`);
          expect(received!.headers.get(SIGNATURE_HEADER)).toBeNull();
          expect(await issued()).toBe(before + 1);
          // A receiver that answers 401 no longer takes the token: the retry asks for a new one.
          await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?").bind(second).run();
          expect(await deliverWebhook(env, second, async () => new Response("expired", { status: 401 }))).toMatchObject({ result: "retry" });
          expect(await deliverWebhook(env, second)).toEqual({ result: "delivered" });
          expect(await issued()).toBe(before + 2);
        });

        it("development: the local identity provider's token endpoint grants the token, answered in-process", async () => {
          const devHook = ((await (await create(admin, { ...oauth2, name: "Dev IdP", webhook_url: "http://tools.test/orders", token_url: "http://localhost/dev/identity-provider/token", client_id: "parlance-dev", client_secret: "parlance-dev-secret" })).json()) as { webhook_id: string }).webhook_id;
          const sent = ((await (await api(`/v1/workspace/webhooks/${devHook}/test`, { method: "POST", key: admin })).json()) as { delivery_id: string }).delivery_id;
          expect(await settled(admin, devHook, sent)).toMatchObject({ status: "delivered" });
          await env.DB.prepare("UPDATE webhook_deliveries SET status = 'pending', attempts = 0 WHERE id = ?").bind(sent).run();
          let received: Request | undefined;
          await deliverWebhook(env, sent, async (input, init) => {
            received = new Request(input, init);
            return new Response("ok");
          });
          expect(received!.headers.get("authorization")).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
          expect((await api(`/v1/workspace/webhooks/${devHook}`, { method: "DELETE", key: admin })).status).toBe(200);
        });

        it("a refused token request fails the delivery with the reason, and never shows the secret", async () => {
          const refused = ((await (await create(admin, { ...oauth2, name: "Wrong client", client_secret: "not-the-secret" })).json()) as { webhook_id: string }).webhook_id;
          const sent = ((await (await api(`/v1/workspace/webhooks/${refused}/test`, { method: "POST", key: admin })).json()) as { delivery_id: string }).delivery_id;
          const failed = await settled(admin, refused, sent);
          expect(failed).toMatchObject({ status: "failed", last_status_code: 401, last_error: "The token request was refused: the token server answered 401 invalid_client." });
          const listed = await (await api("/v1/workspace/webhooks", { key: admin })).text();
          expect(listed).not.toContain("not-the-secret");
          expect((JSON.parse(listed) as Listed).webhooks.find((w) => w.webhook_id === refused)).toMatchObject({
            most_recent_failure_error_code: 401,
            most_recent_failure_reason: "The token request was refused: the token server answered 401 invalid_client.",
          });
          expect((await api(`/v1/workspace/webhooks/${refused}`, { method: "DELETE", key: admin })).status).toBe(200);
          expect((await api(`/v1/workspace/webhooks/${hookId}`, { method: "DELETE", key: admin })).status).toBe(200);
        });
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
      const pages = ["/app/conversational-ai/agents", `/app/conversational-ai/agents/${agentId}`, "/app/conversational-ai/knowledge-base", "/app/conversational-ai/phone-numbers", "/app/conversational-ai/batch-calling", "/app/conversational-ai/tools", "/app/conversational-ai/tests", "/app/conversational-ai/settings"];
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
});

describe("workspace-settings", () => {
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
});

describe("workspace audit log, key disabling and analytics", () => {
  const ARIA = "pv01aria000000000000";
  type Detail = { detail: { status: string; message: string } };
  type Entry = { id: string; activity_name: string; activity_id: number; status_id: number; class_name: string; actor: { user: { uid: string; email_addr: string } }; time: number; unmapped: { event_type: string; resource_id: string | null; details: Record<string, unknown> } };
  type Page = { entries: Entry[]; has_more: boolean; next_cursor?: string };
  type Table = { columns: string[]; column_types: string[]; column_units: (string | null)[]; rows: (string | number | boolean | null)[][] };
  let admin: string;
  let adminCookie: string;
  let editor: string;
  let editorCookie: string;
  let outsider: string;
  let workspaceId: string;
  let adminId: string;

  const log = async (query = "", key = admin) => (await (await api(`/v1/workspace/audit-logs${query}`, { key })).json()) as Page;

  beforeAll(async () => {
    adminCookie = await signUp("al-admin@example.com");
    admin = await createKey(adminCookie, "al admin key");
    const me = (await (await api("/v1/workspace", { key: admin })).json()) as { workspace_id: string };
    workspaceId = me.workspace_id;
    adminId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("al-admin@example.com").first<{ id: string }>())!.id;
    editorCookie = await signUp("al-editor@example.com");
    const editorUser = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("al-editor@example.com").first<{ id: string }>();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, editorUser!.id),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, editorUser!.id),
    ]);
    editor = await createKey(editorCookie, "al editor key");
    outsider = await createKey(await signUp("al-outsider@example.com"), "al outsider key");
    // Room for an invite, and credits for the analytics' generations.
    await env.DB.prepare("UPDATE workspaces SET max_seats = 5, tier = 'creator', status = 'active', character_limit = 100000 WHERE id = ?").bind(workspaceId).run();
  });

  it("audit log: real admin actions are recorded with who, what, on what and details, never secrets", async () => {
    const connection = { auth_type: "oauth2_client_credentials", name: "Audited API", provider: "shop", client_id: "audit-client", client_secret: "audit-shop-secret", token_url: "http://tools.test/token" };
    expect((await api("/v1/workspace/auth-connections", { method: "POST", json: connection, key: admin })).status).toBeLessThan(300);
    const group = (await (await api("/v1/workspace/groups", { method: "POST", key: admin, json: { name: "Auditors", permissions: ["billing"] } })).json()) as { group_id: string };
    expect((await api(`/v1/workspace/groups/${group.group_id}/members`, { method: "POST", key: admin, json: { email: "al-editor@example.com" } })).status).toBe(200);
    const hook = await api("/v1/workspace/webhooks", { method: "POST", key: admin, json: { settings: { auth_type: "hmac", name: "Audit hook", webhook_url: "https://hooks.example.com/x?token=abc", events: ["speech_to_text"] } } });
    expect(hook.status).toBe(200);
    const secret = ((await hook.json()) as { webhook_secret?: string }).webhook_secret;
    expect((await api("/v1/workspace/invites/add", { method: "POST", key: admin, json: { email: "al-invitee@example.com" } })).status).toBe(201);
    expect((await api("/v1/workspace/members", { method: "POST", key: admin, json: { email: "al-editor@example.com", workspace_role: "workspace_admin" } })).status).toBe(200);
    expect((await api("/v1/workspace/members", { method: "POST", key: admin, json: { email: "al-editor@example.com", workspace_role: "workspace_member" } })).status).toBe(200);
    // A refused change is not recorded.
    expect((await api("/v1/workspace/groups", { method: "POST", key: editor, json: { name: "Nope" } })).status).toBe(403);

    const page = await log();
    const events = page.entries.map((e) => e.unmapped.event_type);
    expect(events.slice(0, 6)).toEqual(["member_role_changed", "member_role_changed", "member_invited", "webhook_created", "group_member_added", "group_created"]);
    expect(events).not.toContain("group_changed");
    const created = page.entries.find((e) => e.unmapped.event_type === "group_created")!;
    expect(created).toMatchObject({ activity_name: "Group Created", class_name: "Group Management", actor: { user: { uid: adminId, email_addr: "al-admin@example.com" } }, unmapped: { resource_id: group.group_id, details: { name: "Auditors", permissions: ["billing"] } } });
    const role = page.entries[0]!;
    expect(role.unmapped.details).toMatchObject({ email: "al-editor@example.com", from: "admin", to: "editor" });
    expect(Math.abs(role.time - Date.now())).toBeLessThan(60_000);
    const text = JSON.stringify(page);
    expect(text).not.toContain("token=abc");
    if (secret) expect(text).not.toContain(secret);
    expect(text).toContain("hooks.example.com");
    // The personal key made in the app was recorded too (accounts area, through the same recordAudit).
    expect(events).toContain("api_key_created");
    expect(events).toContain("auth_connection_created");
    expect(text).not.toContain("audit-shop-secret");
  });

  it("audit log page: admins read the entries and filter them by event; a member is told why not", async () => {
    const html = await (await api("/app/workspace/audit-log", { cookie: adminCookie })).text();
    expect(html).toContain('data-testid="audit-entry"');
    expect(html).toContain('font-medium">Group Created<');
    const filtered = await (await api(`/app/workspace/audit-log?activity=${encodeURIComponent("Webhook Created")}`, { cookie: adminCookie })).text();
    expect(filtered).toContain('font-medium">Webhook Created<');
    expect(filtered).not.toContain('font-medium">Group Created<');
    const member = await api("/app/workspace/audit-log", { cookie: editorCookie });
    expect(member.status).toBe(200);
    const memberHtml = await member.text();
    expect(memberHtml).toContain(AUDIT_LOG_TEXTS.forbidden);
    expect(memberHtml).not.toContain('data-testid="audit-entry"');
    const stale = await api("/app/workspace/audit-log?cursor=not-a-cursor", { cookie: adminCookie, redirect: "manual" });
    expect([stale.status, stale.headers.get("location")]).toEqual([302, "/app/workspace/audit-log"]);
  });

  it("audit log: filters, pagination and bad input", async () => {
    const invited = await log("?activity_name=Member%20Invited");
    expect(invited.entries.map((e) => e.unmapped.event_type)).toEqual(["member_invited"]);
    const groups = await log("?class_name=Group%20Management");
    expect(new Set(groups.entries.map((e) => e.class_name))).toEqual(new Set(["Group Management"]));
    expect((await log(`?actor_uid=${adminId}`)).entries.length).toBeGreaterThan(3);
    expect((await log("?actor_uid=nobody")).entries).toEqual([]);
    expect((await log(`?time_from_unix_ms=${Date.now() + 60_000}`)).entries).toEqual([]);
    expect((await log("?activity_name=Nothing%20Like%20This")).entries).toEqual([]);

    const all = await log("?limit=100");
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await log(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.has_more ? page.next_cursor : undefined;
      if (page.has_more) expect(page.next_cursor).toBeTruthy();
      else expect(page.next_cursor).toBeUndefined();
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));

    expect((await api("/v1/workspace/audit-logs?limit=0", { key: admin })).status).toBe(422);
    expect((await api("/v1/workspace/audit-logs?limit=abc", { key: admin })).status).toBe(422);
    const badCursor = await api("/v1/workspace/audit-logs?cursor=xyz", { key: admin });
    expect(badCursor.status).toBe(400);
    expect(((await badCursor.json()) as Detail).detail.status).toBe("invalid_cursor");
  });

  it("audit log: members without the permission are refused 403; another workspace never sees it", async () => {
    const refused = await api("/v1/workspace/audit-logs", { key: editor });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toMatchObject({ status: "missing_permissions", message: expect.stringContaining("workspace_settings") });
    expect((await api("/v1/workspace/audit-logs", { key: "sk_" + "0".repeat(48) })).status).toBe(401);
    // The outsider administers their own workspace: their log holds only their own key's creation.
    const theirs = await log("?limit=100", outsider);
    expect(theirs.entries.every((e) => e.actor.user.email_addr === "al-outsider@example.com")).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain("al-admin@example.com");
    const ours = await log("?limit=100");
    for (const id of ours.entries.map((e) => e.id)) expect(JSON.stringify(theirs)).not.toContain(id);
  });

  it("audit log: each sign-in once with its method (password, second factor, e-mailed link), never a password or code", async () => {
    const signIns = async () => (await log("?activity_name=member_signed_in&limit=100")).entries;
    const before = (await signIns()).length;
    // A password: the admin, in their workspace.
    const password = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-admin@example.com", password: STRONG_PASSWORD }));
    expect(password.status).toBe(302);
    // A second factor after the password: the editor, in the workspace they act in (this one). The password step
    // alone starts no session and records nothing.
    const secret = "JBSWY3DPEHPK3PXP";
    await env.DB.prepare("UPDATE users SET totp_secret = ?, totp_enabled_at = 1 WHERE email = ?").bind(secret, "al-editor@example.com").run();
    const step1 = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-editor@example.com", password: STRONG_PASSWORD }));
    const pending = (await step1.text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
    expect((await signIns()).length).toBe(before + 1);
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code: "000000" }))).status).toBe(401);
    const code = await totpCode(secret, Math.floor(Date.now() / 1000));
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code }))).status).toBe(302);
    await env.DB.prepare("UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL WHERE email = ?").bind("al-editor@example.com").run();
    // An e-mailed link: a member whose password sign-ins finish from a link after wrong guesses.
    const readerCookie = await signUp("al-reader@example.com");
    const readerId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("al-reader@example.com").first<string>("id"))!;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, readerId),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, readerId),
    ]);
    expect(readerCookie).toBeTruthy();
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_EMAIL_VERIFICATION; i++) expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-reader@example.com", password: `Guess-${i}!pass` }))).status).toBe(401);
    const mails = await mailCount("al-reader@example.com");
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-reader@example.com", password: STRONG_PASSWORD }))).status).toBe(200);
    const link = await waitForNewMail("al-reader@example.com", mails, "verifySignInRequest");
    expect((await SELF.fetch(link, form({}))).status).toBe(302);

    const entries = (await signIns()).slice(0, 3);
    expect(entries.map((e) => [e.actor.user.email_addr, e.unmapped.details])).toEqual([
      ["al-reader@example.com", { method: "email_link" }],
      ["al-editor@example.com", { method: "two_factor" }],
      ["al-admin@example.com", { method: "password" }],
    ]);
    expect(entries[1]).toMatchObject({ class_name: "Authentication", activity_name: "Member Signed In", actor: { user: { uid: expect.any(String) } }, unmapped: { resource_id: entries[1]!.actor.user.uid } });
    expect((await signIns()).length).toBe(before + 3);
    const text = JSON.stringify(await log("?limit=100"));
    for (const secretText of [STRONG_PASSWORD, "Guess-0!pass", code, pending, secret, new URL(link).searchParams.get("oobCode")!]) expect(text).not.toContain(secretText);
    // The page's event filter offers it, from the same catalogue.
    expect(await (await api("/app/workspace/audit-log", { cookie: adminCookie })).text()).toContain(">Member Signed In</option>");
  });

  it("audit log: a refused sign-in in each of the member's workspaces (an unknown address in none), a sign-out in the session's", async () => {
    type Row = { workspace_id: string; event: string; details: string };
    const rowsOf = async (email: string) => (await env.DB.prepare("SELECT workspace_id, event, details FROM workspace_audit_log WHERE actor_email = ? ORDER BY occurred_at_ms, rowid").bind(email).all<Row>()).results;
    const refused = async () => (await log("?activity_name=member_sign_in_failed&limit=100")).entries.filter((e) => e.actor.user.email_addr === "al-twice@example.com");
    // A member of this workspace (where they act) and of their own.
    await signUp("al-twice@example.com");
    const memberId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("al-twice@example.com").first<string>("id"))!;
    const ownWorkspace = (await env.DB.prepare("SELECT workspace_id FROM workspace_members WHERE user_id = ?").bind(memberId).first<string>("workspace_id"))!;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, memberId),
      env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, memberId),
    ]);
    const signedUp = (await rowsOf("al-twice@example.com")).length;

    // An address with no account: the same refusal, and nothing recorded anywhere.
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-nobody@example.com", password: "Nobody-guess-1!" }))).status).toBe(401);
    // A wrong password for the member: recorded after the answer, in both their workspaces.
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-twice@example.com", password: "Twice-guess-1!" }))).status).toBe(401);
    await expect.poll(async () => (await refused()).length).toBe(1);
    await expect.poll(async () => (await rowsOf("al-twice@example.com")).length).toBe(signedUp + 2);
    expect((await rowsOf("al-twice@example.com")).slice(signedUp).map((r) => [r.workspace_id, r.event, r.details]).sort()).toEqual(
      [[workspaceId, "member_sign_in_failed", '{"method":"password"}'], [ownWorkspace, "member_sign_in_failed", '{"method":"password"}']].sort(),
    );
    expect(await rowsOf("al-nobody@example.com")).toEqual([]);
    // A wrong second-factor code after the right password: recorded as such; the password step itself is not.
    const secret = "JBSWY3DPEHPK3PXP";
    await env.DB.prepare("UPDATE users SET totp_secret = ?, totp_enabled_at = 1 WHERE id = ?").bind(secret, memberId).run();
    const step1 = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-twice@example.com", password: STRONG_PASSWORD }));
    const pending = (await step1.text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code: "000000" }))).status).toBe(401);
    await env.DB.prepare("UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = ?").bind(memberId).run();
    const entries = await refused();
    expect(entries.map((e) => e.unmapped.details)).toEqual([{ method: "two_factor" }, { method: "password" }]);
    expect(entries[0]).toMatchObject({ class_name: "Authentication", activity_name: "Member Sign-In Failed", activity_id: 1, status_id: 2, actor: { user: { uid: memberId } }, unmapped: { resource_id: memberId } });
    expect((await rowsOf("al-twice@example.com")).filter((r) => r.event === "member_sign_in_failed" && r.workspace_id === ownWorkspace)).toHaveLength(2);

    // A sign-out: in the workspace the session was in, once; the same cookie again records nothing.
    const cookie = sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "al-twice@example.com", password: STRONG_PASSWORD })));
    const signOut = () => SELF.fetch(`${ORIGIN}/app/sign-out`, { method: "POST", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host }, redirect: "manual" });
    expect((await signOut()).status).toBe(302);
    expect((await signOut()).status).toBe(302);
    const signedOut = (await rowsOf("al-twice@example.com")).filter((r) => r.event === "member_signed_out");
    expect(signedOut).toEqual([{ workspace_id: workspaceId, event: "member_signed_out", details: "{}" }]);
    const [out] = (await log("?activity_name=member_signed_out")).entries;
    expect(out).toMatchObject({ activity_name: "Member Signed Out", activity_id: 2, status_id: 1, actor: { user: { email_addr: "al-twice@example.com" } } });
    const text = JSON.stringify(await log("?limit=100"));
    for (const secretText of ["Twice-guess-1!", "Nobody-guess-1!", "al-nobody", pending, cookie.split("=")[1]!]) expect(text).not.toContain(secretText);
    // The page's event filter offers both, from the catalogue.
    const page = await (await api("/app/workspace/audit-log", { cookie: adminCookie })).text();
    expect(page).toContain(">Member Sign-In Failed</option>");
    expect(page).toContain(">Member Signed Out</option>");
  });

  it("audit log: a single sign-on sign-in is recorded in the workspace whose provider it went through, with nothing of the exchange", async () => {
    const { cookie } = await adminWithVerifiedDomain("al-sso.test");
    const issuer = `${ORIGIN}/dev/identity-provider`;
    expect((await postForm("/app/workspace/security?index", { intent: "save-provider", issuer, client_id: "parlance-dev", client_secret: "parlance-dev-secret" }, cookie)).status).toBe(200);
    expect((await postForm("/app/workspace/security?index", { intent: "options", auto_provisioning: "on" }, cookie)).status).toBe(200);
    const begun = await postForm("/app/sign-in", { intent: "sso", email: "ada@al-sso.test" });
    const authorize = new URL(begun.headers.get("location")!);
    const stateCookie = `parlance_sso_state=${begun.headers.get("set-cookie")!.match(/parlance_sso_state=([0-9a-f]{64})/)![1]!}`;
    const login = await SELF.fetch(authorize, form({ email: "ada@al-sso.test", name: "Ada" }));
    const back = new URL(login.headers.get("location")!);
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in/sso/callback${back.search}`, { headers: { cookie: stateCookie }, redirect: "manual" })).status).toBe(200);
    const page = (await (await api("/v1/workspace/audit-logs?activity_name=member_signed_in", { cookie })).json()) as Page;
    expect(page.entries.map((e) => [e.actor.user.email_addr, e.unmapped.details])).toEqual([
      ["ada@al-sso.test", { method: "sso" }],
      ["admin@al-sso.test", { method: "password" }],
    ]);
    const text = JSON.stringify(page);
    for (const secretText of ["parlance-dev-secret", back.searchParams.get("code")!, back.searchParams.get("state")!]) expect(text).not.toContain(secretText);
  });

  it("audit log: a member's default sharing and notification preference changes, when a save changes them", async () => {
    const changes = async (event: string) => (await log(`?activity_name=${event}&limit=100`)).entries;
    // Default sharing, through the API, as the editor (their own preferences): recorded with whom and which role.
    const sharing = (preferences: unknown) => api("/v1/workspace/default-sharing-preferences", { method: "POST", key: editor, json: { preferences } });
    expect((await sharing([{ group_id: "default", role: "viewer" }])).status).toBe(200);
    expect((await sharing([{ group_id: "default", role: "viewer" }])).status).toBe(200);
    expect((await sharing([{ group_id: "grp_nothere", role: "viewer" }])).status).toBe(404);
    const shared = await changes("default_sharing_preferences_changed");
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ activity_name: "Default Sharing Preferences Changed", actor: { user: { email_addr: "al-editor@example.com" } }, unmapped: { resource_id: shared[0]!.actor.user.uid, details: { shared_with: ["default:viewer"] } } });

    // Notifications: through the API (the admin) and the settings page (the editor), what was turned on and off.
    const api1 = await api("/v1/workspace/notifications/preferences", { method: "POST", key: admin, json: { dubbing: false } });
    expect(api1.status).toBe(200);
    expect((await api("/v1/workspace/notifications/preferences", { method: "POST", key: admin, json: { dubbing: false } })).status).toBe(200);
    const page = await postForm("/app/settings?index", { intent: "notifications", notify: "dubbing" }, editorCookie);
    expect(page.status).toBe(200);
    const notified = await changes("notification_preferences_changed");
    expect(notified.map((e) => [e.actor.user.email_addr, e.unmapped.details])).toEqual([
      ["al-editor@example.com", { turned_on: [], turned_off: NOTIFICATION_EVENTS.map((e) => e.type).filter((t) => t !== "dubbing") }],
      ["al-admin@example.com", { turned_on: [], turned_off: ["dubbing"] }],
    ]);
    const html = await (await api("/app/workspace/audit-log", { cookie: adminCookie })).text();
    expect(html).toContain(">Notification Preferences Changed</option>");
    expect(html).toContain(">Default Sharing Preferences Changed</option>");
  });

  it("key disabling: a key disables itself, is refused 401 api_key_disabled, and works again once enabled", async () => {
    const keyCreated = await api("/v1/user/api-keys", { method: "POST", cookie: editorCookie, json: { name: "leaky" } });
    const { xi_api_key: leaky, key_id: leakyId } = (await keyCreated.json()) as { xi_api_key: string; key_id: string };
    expect((await api("/v1/workspaces/api-keys/disable", { method: "POST", key: leaky })).status).toBe(422);
    expect((await api("/v1/workspaces/api-keys/disable?api_key_name=other", { method: "POST", key: leaky })).status).toBe(422);
    const noKey = await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", cookie: editorCookie });
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as Detail).detail.status).toBe("api_key_required");

    const disabled = await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key: leaky });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toEqual({ status: "ok", key_id: leakyId });
    const refused = await api("/v1/voices", { key: leaky });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Detail).detail).toMatchObject({ status: "api_key_disabled", message: expect.stringContaining("disabled") });
    // The owner's other key still works, and an unknown key is still just invalid.
    expect((await api("/v1/voices", { key: editor })).status).toBe(200);
    expect(((await (await api("/v1/voices", { key: "sk_" + "1".repeat(48) })).json()) as Detail).detail.status).toBe("invalid_api_key");
    const listed = (await (await api("/v1/user/api-keys", { cookie: editorCookie })).json()) as { api_keys: { key_id: string; is_disabled: boolean }[] };
    expect(listed.api_keys.find((k) => k.key_id === leakyId)?.is_disabled).toBe(true);

    // Another member cannot enable it; its owner can.
    expect((await api(`/v1/user/api-keys/${leakyId}`, { method: "PATCH", key: admin, json: { is_enabled: true } })).status).toBe(404);
    expect((await api(`/v1/user/api-keys/${leakyId}`, { method: "PATCH", cookie: editorCookie, json: {} })).status).toBe(422);
    expect((await api(`/v1/user/api-keys/${leakyId}`, { method: "PATCH", cookie: editorCookie, json: { is_enabled: true } })).status).toBe(200);
    expect((await api("/v1/voices", { key: leaky })).status).toBe(200);

    // The keys page shows a disabled key with its badge, and its Enable button (a plain form) turns it on again.
    expect((await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key: leaky })).status).toBe(200);
    const page = await (await api("/app/settings/api-keys", { cookie: editorCookie })).text();
    expect(page).toContain("Disabled");
    expect(page).toContain('value="enable"');
    expect((await postForm("/app/settings/api-keys", { intent: "enable", id: leakyId }, adminCookie)).status).toBe(404);
    expect((await api("/v1/voices", { key: leaky })).status).toBe(401);
    expect((await postForm("/app/settings/api-keys", { intent: "enable", id: leakyId }, editorCookie)).status).toBe(200);
    expect((await api("/v1/voices", { key: leaky })).status).toBe(200);
    expect(await (await api("/app/settings/api-keys", { cookie: editorCookie })).text()).not.toContain('value="enable"');

    const entries = (await log("?limit=10")).entries;
    const enabled = entries.find((e) => e.unmapped.event_type === "api_key_enabled")!;
    const off = entries.find((e) => e.unmapped.event_type === "api_key_disabled")!;
    expect(enabled).toMatchObject({ actor: { user: { email_addr: "al-editor@example.com" } }, unmapped: { resource_id: leakyId } });
    expect(off).toMatchObject({ activity_name: "API Key Disabled", unmapped: { resource_id: leakyId, details: { by_holder: true } } });
  });

  it("key disabling: a scoped service-account key may disable itself; the workspace policy can forbid it", async () => {
    const account = ((await (await api("/v1/service-accounts", { method: "POST", key: admin, json: { name: "Audited backend" } })).json()) as { "service-account-user-id": string })["service-account-user-id"];
    const made = (await (await api(`/v1/service-accounts/${account}/api-keys`, { method: "POST", key: admin, json: { name: "speech", permissions: ["text_to_speech"] } })).json()) as { "xi-api-key": string; key_id: string };
    // Only those who may change the workspace's settings set the policy; bad input is 422.
    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: editor, json: { third_party_disable_allowed: false } })).status).toBe(403);
    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: { third_party_disable_allowed: "no" } })).status).toBe(422);
    const policy = await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: { third_party_disable_allowed: false } });
    expect(await policy.json()).toEqual({ status: "ok", third_party_disable_allowed: false });
    const forbidden = await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key: made["xi-api-key"] });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as Detail).detail.status).toBe("third_party_disable_not_allowed");
    // Another workspace's keys are not under this workspace's policy.
    const outsiderSelf = await api("/v1/user/api-keys", { method: "POST", cookie: await signUp("al-outsider2@example.com"), json: { name: "o" } });
    const outsiderKey = ((await outsiderSelf.json()) as { xi_api_key: string }).xi_api_key;
    expect((await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key: outsiderKey })).status).toBe(200);

    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: {} })).status).toBe(200);
    expect((await api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key: made["xi-api-key"] })).status).toBe(200);
    expect((await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key: made["xi-api-key"], json: { text: "Hi" } })).status).toBe(401);
    expect((await api(`/v1/service-accounts/${account}/api-keys/${made.key_id}`, { method: "PATCH", key: outsider, json: { is_enabled: true } })).status).toBe(404);
    expect((await api(`/v1/service-accounts/${account}/api-keys/${made.key_id}`, { method: "PATCH", key: admin, json: { is_enabled: true } })).status).toBe(200);
    expect((await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key: made["xi-api-key"], json: { text: "Hi" } })).status).toBe(200);

    const events = (await log("?limit=20")).entries.map((e) => e.unmapped.event_type);
    expect(events.slice(0, 6)).toEqual(["api_key_enabled", "api_key_disabled", "api_key_disabling_policy_changed", "api_key_disabling_policy_changed", "api_key_created", "service_account_created"]);

    // A service account's key may carry its own setting: false keeps its holder from disabling it even where the
    // workspace allows it, "clear" leaves it to the workspace again; a workspace that forbids it forbids it for every key.
    const selfDisable = (key: string) => api("/v1/workspaces/api-keys/disable?api_key_name=self", { method: "POST", key });
    const keyOf = async (id: string) => ((await (await api(`/v1/service-accounts/${account}/api-keys`, { key: admin })).json()) as { "api-keys": Record<string, unknown>[] })["api-keys"].find((k) => k.key_id === id)!;
    const pinned = (await (await api(`/v1/service-accounts/${account}/api-keys`, { method: "POST", key: admin, json: { name: "pinned", permissions: "all", third_party_disable_allowed: false } })).json()) as { "xi-api-key": string; key_id: string };
    expect(await keyOf(pinned.key_id)).toMatchObject({ third_party_disable_allowed: false });
    expect(await keyOf(made.key_id)).not.toHaveProperty("third_party_disable_allowed");
    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: { third_party_disable_allowed: true } })).status).toBe(200);
    const refusedForKey = await selfDisable(pinned["xi-api-key"]);
    expect(refusedForKey.status).toBe(403);
    expect(((await refusedForKey.json()) as Detail).detail).toMatchObject({ status: "third_party_disable_not_allowed", message: API_KEY_DISABLING_TEXTS.forbiddenForKey });
    expect((await api(`/v1/service-accounts/${account}/api-keys/${pinned.key_id}`, { method: "PATCH", key: admin, json: { third_party_disable_allowed: "maybe" } })).status).toBe(422);
    expect((await api(`/v1/service-accounts/${account}/api-keys/${pinned.key_id}`, { method: "PATCH", key: admin, json: { third_party_disable_allowed: "clear" } })).status).toBe(200);
    expect(await keyOf(pinned.key_id)).not.toHaveProperty("third_party_disable_allowed");
    // A key allowed on its own is still held back by a workspace that forbids it.
    expect((await api(`/v1/service-accounts/${account}/api-keys/${pinned.key_id}`, { method: "PATCH", key: admin, json: { third_party_disable_allowed: true } })).status).toBe(200);
    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: { third_party_disable_allowed: false } })).status).toBe(200);
    expect(((await (await selfDisable(pinned["xi-api-key"])).json()) as Detail).detail.message).toBe(API_KEY_DISABLING_TEXTS.forbiddenByPolicy);
    expect((await api("/v1/workspaces/api-keys/third-party-disabling", { method: "POST", key: admin, json: {} })).status).toBe(200);
    expect((await selfDisable(pinned["xi-api-key"])).status).toBe(200);
    expect((await log("?limit=20")).entries.find((e) => e.unmapped.event_type === "api_key_changed" && e.unmapped.resource_id === pinned.key_id)).toMatchObject({ unmapped: { details: { third_party_disable_allowed: true } } });
  });

  it("analytics: usage by product over time and the requests list come from the usage ledger", async () => {
    const start = Date.now() - 60_000;
    expect((await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key: admin, json: { text: "Hello there" } })).status).toBe(200);
    expect((await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_22050_32`, { method: "POST", key: editor, json: { text: "Hey" } })).status).toBe(200);
    const end = Date.now() + 60_000;

    const byProduct = await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: admin, json: { start_time: start, end_time: end, interval_seconds: 86_400 } });
    expect(byProduct.status).toBe(200);
    const table = (await byProduct.json()) as Table;
    expect(table.columns).toEqual(["time_bucket", "product_type", "credits"]);
    expect(table.column_types).toEqual(["DateTime", "String", "Int"]);
    expect(table.column_units).toEqual([null, null, "credits"]);
    const tts = table.rows.filter((r) => r[1] === "text_to_speech").reduce((sum, r) => sum + Number(r[2]), 0);
    // Two generations in this test plus the service account's earlier "Hi".
    expect(tts).toBeGreaterThanOrEqual("Hello there".length + "Hey".length);

    const byUser = (await (await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: admin, json: { start_time: start, end_time: end, group_by: ["user_id"], time_zone: "Europe/London", filters: [{ column: "user_label", operation: "eq", values: ["al-editor@example.com"] }] } })).json()) as Table;
    expect(byUser.columns).toEqual(["time_bucket", "user_id", "credits", "user_label"]);
    expect(byUser.rows.map((r) => [r[2], r[3]])).toEqual([[3, "al-editor@example.com"]]);

    // A member sees only their own usage.
    const own = (await (await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: editor, json: { start_time: start, end_time: end, group_by: ["actor"] } })).json()) as Table;
    expect(own.rows.map((r) => r[1])).toEqual(["al-editor@example.com"]);
    // Another workspace sees none of it.
    expect(((await (await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: outsider, json: { start_time: start, end_time: end } })).json()) as Table).rows).toEqual([]);

    for (const body of [{ start_time: start }, { start_time: 1000, end_time: end }, { start_time: end, end_time: start }, { start_time: start, end_time: end, group_by: ["region"] }, { start_time: start, end_time: end, time_zone: "Mars/Base" }, { start_time: start, end_time: end, filters: [{ column: "nope", operation: "eq", values: [1] }] }]) {
      const refused = await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: admin, json: body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect((await api("/v1/workspace/analytics/query/usage-by-product-over-time", { method: "POST", key: admin, json: { start_time: Date.UTC(2020, 0, 1), end_time: end, interval_seconds: 60 } })).status).toBe(400);

    // The ledger keeps whole seconds: requests in the same second may come in either order.
    const people = { column: "user_label", operation: "in", values: ["al-editor@example.com", "al-admin@example.com"] };
    const requests = (await (await api("/v1/workspace/analytics/requests", { method: "POST", key: admin, json: { end_time: end, limit: 2, filters: [people] } })).json()) as Table;
    const col = (name: string) => requests.columns.indexOf(name);
    expect(requests.rows).toHaveLength(2);
    const times = requests.rows.map((r) => Date.parse(String(r[col("timestamp")])));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]!);
    const editorRow = requests.rows.find((r) => r[col("user_label")] === "al-editor@example.com")!;
    expect(editorRow[col("credits")]).toBe(3);
    expect(editorRow[col("api_key_name")]).toBe("al editor key");
    expect(editorRow[col("product_type")]).toBe("text_to_speech");
    expect(requests.column_types[col("timestamp")]).toBe("DateTime");
    expect(requests.column_units[col("credits")]).toBe("credits");
    const onlyOne = (await (await api("/v1/workspace/analytics/requests", { method: "POST", key: admin, json: { start_time: start, limit: 1 } })).json()) as Table;
    expect(onlyOne.rows).toHaveLength(1);
    const searched = (await (await api("/v1/workspace/analytics/requests", { method: "POST", key: admin, json: { start_time: start, search: "al admin key" } })).json()) as Table;
    expect(searched.rows.map((r) => r[searched.columns.indexOf("user_label")])).toEqual(["al-admin@example.com"]);
    expect((await api("/v1/workspace/analytics/requests", { method: "POST", key: admin, json: {} })).status).toBe(422);
    expect((await api("/v1/workspace/analytics/requests", { method: "POST", key: admin, json: { start_time: start, sort: "sideways" } })).status).toBe(422);
    expect(((await (await api("/v1/workspace/analytics/requests", { method: "POST", key: outsider, json: { start_time: start } })).json()) as Table).rows).toEqual([]);
  });
});
