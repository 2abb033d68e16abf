import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";

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

  it("cannot accept an invite that was not sent to them", async () => {
    const aliceWs = (await (await api("/v1/workspace", { key: alice.key })).json()) as { workspace_id: string };
    expect((await api("/v1/workspace/invites/accept", { method: "POST", key: bob.key, json: { workspace_id: aliceWs.workspace_id } })).status).toBe(404);
  });
});

describe("workspace members and roles", () => {
  it("invites within seats; an editor joins and cannot change the training opt-out", async () => {
    const ownerCookie = await signUp("owner2@example.com");
    const ownerKey = await createKey(ownerCookie);
    const editorCookie = await signUp("editor2@example.com");
    const editorKey = await createKey(editorCookie);
    const ws = (await (await api("/v1/workspace", { key: ownerKey })).json()) as { workspace_id: string };

    const full = await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "editor2@example.com" } });
    expect(full.status).toBe(403);
    expect(await full.json()).toMatchObject({ detail: { status: "seat_limit_reached" } });

    await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
    expect((await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "not-an-email" } })).status).toBe(422);
    expect((await api("/v1/workspace/invites/add", { method: "POST", key: ownerKey, json: { email: "editor2@example.com" } })).status).toBe(201);
    // The editor's existing key still belongs to their own workspace; the session follows the accepted invite.
    expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { workspace_id: ws.workspace_id } })).status).toBe(200);
    const editorWs = (await (await api("/v1/workspace", { cookie: editorCookie })).json()) as { workspace_id: string; role: string };
    expect(editorWs).toMatchObject({ workspace_id: ws.workspace_id, role: "editor" });
    expect(await (await api("/v1/workspace/is-admin", { cookie: editorCookie })).json()).toEqual({ is_admin: false });

    const denied = await api("/v1/workspace/update-workspace", { method: "POST", cookie: editorCookie, json: { training_opt_out: true } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ detail: { message: "Only workspace admins can change this setting." } });
    const allowed = await api("/v1/workspace/update-workspace", { method: "POST", key: ownerKey, json: { training_opt_out: true } });
    expect(await allowed.json()).toMatchObject({ message: "Workspace training opt out setting successfully updated." });

    expect((await api("/v1/workspace/leave", { method: "POST", cookie: editorCookie })).status).toBe(200);
    expect((await api("/v1/workspace/leave", { method: "POST", key: ownerKey })).status).toBe(403);
    void editorKey;
  });
});

describe("members pages", () => {
  it("an admin invites from the members page; the invitee accepts on the invites page", async () => {
    const { SELF } = await import("cloudflare:test");
    const { form, ORIGIN } = await import("./helpers");
    const post = (path: string, cookie: string, fields: Record<string, string>) => {
      const init = form(fields);
      return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    };
    const adminCookie = await signUp("page-admin@example.com");
    const guestCookie = await signUp("page-guest@example.com");
    const ws = (await (await api("/v1/workspace", { cookie: adminCookie })).json()) as { workspace_id: string };
    const full = await post("/app/workspace/members", adminCookie, { intent: "invite", email: "page-guest@example.com", role: "editor" });
    expect(full.status).toBe(403);
    await env.DB.prepare("UPDATE workspaces SET max_seats = 2 WHERE id = ?").bind(ws.workspace_id).run();
    expect((await post("/app/workspace/members", adminCookie, { intent: "invite", email: "page-guest@example.com", role: "editor" })).status).toBe(200);
    expect(await (await SELF.fetch(`${ORIGIN}/app/workspace/members`, { headers: { cookie: adminCookie } })).text()).toContain("page-guest@example.com");
    expect(await (await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, { headers: { cookie: guestCookie } })).text()).toContain("invited you as");
    const accepted = await post("/app/settings/workspace-invites", guestCookie, { intent: "accept", workspace_id: ws.workspace_id });
    expect(accepted.status).toBe(302);
    expect(((await (await api("/v1/workspace", { cookie: guestCookie })).json()) as { workspace_id: string }).workspace_id).toBe(ws.workspace_id);
    // The editor sees the members but cannot remove anyone.
    const removal = await post("/app/workspace/members", guestCookie, { intent: "remove", email: "page-admin@example.com" });
    expect(removal.status).toBe(403);
  });
});
