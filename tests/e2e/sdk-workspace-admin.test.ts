import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, uniqueEmail } from "./http";

/** The official SDK's workspace groups, service accounts and webhooks against the running stack. */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
let client: ElevenLabsClient;
let key: string;
let email: string;

/** A local receiver for webhook deliveries (development takes http and local hosts). */
const received: { body: string; signature: string; authorization: string }[] = [];
let receiver: Server;
let receiverUrl: string;
/** A local OAuth2 token endpoint (client credentials grant) for the OAuth2 webhook: client sdk-client / sdk-secret. */
let tokenServer: Server;
let tokenUrl: string;
let tokensIssued = 0;

beforeAll(async () => {
  email = uniqueEmail("sdk-admin");
  key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
  client = new ElevenLabsClient({ apiKey: key, baseUrl });
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ body, signature: String(request.headers["elevenlabs-signature"] ?? ""), authorization: String(request.headers.authorization ?? "") });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`;
  tokenServer = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const granted = form.get("grant_type") === "client_credentials" && form.get("client_id") === "sdk-client" && form.get("client_secret") === "sdk-secret";
      response.writeHead(granted ? 200 : 401, { "content-type": "application/json" });
      response.end(JSON.stringify(granted ? { access_token: `sdk-token-${++tokensIssued}`, token_type: "Bearer", expires_in: 3600 } : { error: "invalid_client" }));
    });
  });
  await new Promise<void>((resolve) => tokenServer.listen(0, "127.0.0.1", resolve));
  const tokenAddress = tokenServer.address();
  tokenUrl = `http://127.0.0.1:${typeof tokenAddress === "object" && tokenAddress ? tokenAddress.port : 0}/oauth/token`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => tokenServer.close(() => resolve()));
});

describe("official SDK: workspace administration", () => {
  it("groups: list, search, add and remove members", async () => {
    const created = await fetch(`${baseUrl}/v1/workspace/groups`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ name: "Editors of audiobooks", permissions: ["text_to_speech"] }) });
    expect(created.status).toBe(201);
    const { group_id: groupId } = (await created.json()) as { group_id: string };
    await client.workspace.groups.members.add(groupId, { email });
    const groups = await client.workspace.groups.list();
    expect(groups[groupId]).toMatchObject({ name: "Editors of audiobooks", members: [email], permissions: ["text_to_speech"] });
    expect(await client.workspace.groups.search({ name: "audiobooks" })).toEqual([{ name: "Editors of audiobooks", id: groupId, membersEmails: [email] }]);
    expect((await client.workspace.groups.members.remove(groupId, { email })).status).toBe("ok");
    await expect(client.workspace.groups.members.add(groupId, { email: "stranger@example.com" })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("invites: createBatch invites within the seats, create refuses past them", async () => {
    const { workspace_id: workspaceId } = (await (await fetch(`${baseUrl}/v1/workspace`, { headers: { "xi-api-key": key } })).json()) as { workspace_id: string };
    // A free workspace has one seat; give it three, as a plan upgrade would.
    await executeSql(stateDir, `UPDATE workspaces SET max_seats = 3 WHERE id = '${workspaceId}'`);
    const invited = [uniqueEmail("sdk-batch-a"), uniqueEmail("sdk-batch-b")];
    expect((await client.workspace.invites.createBatch({ emails: invited, seatType: "workspace_member" })).status).toBe("ok");
    await expect(client.workspace.invites.create({ email: uniqueEmail("sdk-batch-c") })).rejects.toMatchObject({ statusCode: 403 });
    await client.workspace.invites.delete({ email: invited[0]! });
    expect((await client.workspace.invites.create({ email: uniqueEmail("sdk-batch-c") })).status).toBe("ok");
  });

  it("service accounts: create, a speech-only key with a cap, refused on voices, then deleted", async () => {
    const { serviceAccountUserId } = await client.serviceAccounts.create({ name: "Narration backend" });
    const { xiApiKey, keyId } = await client.serviceAccounts.apiKeys.create(serviceAccountUserId, { name: "speech only", permissions: ["text_to_speech"], characterLimit: 1000 });
    const { serviceAccounts } = await client.serviceAccounts.list();
    const account = serviceAccounts.find((a) => a.serviceAccountUserId === serviceAccountUserId)!;
    expect(account.name).toBe("Narration backend");
    expect(account.apiKeys[0]).toMatchObject({ keyId, name: "speech only", permissions: ["text_to_speech"], characterLimit: 1000 });
    const scoped = new ElevenLabsClient({ apiKey: xiApiKey, baseUrl });
    await expect(scoped.voices.getAll()).rejects.toMatchObject({ statusCode: 403 });
    await client.serviceAccounts.apiKeys.update(serviceAccountUserId, keyId, { permissions: ["text_to_speech", "voices_read"], isEnabled: true });
    expect((await scoped.voices.getAll()).voices.length).toBeGreaterThan(0);
    expect((await client.serviceAccounts.apiKeys.list(serviceAccountUserId)).apiKeys[0]!.permissions).toEqual(["text_to_speech", "voices_read"]);
    await client.serviceAccounts.apiKeys.delete(serviceAccountUserId, keyId);
    await expect(scoped.voices.getAll()).rejects.toMatchObject({ statusCode: 401 });
  });

  it("webhooks: create (secret once), list, a signed test delivery through the queue that the SDK verifies, update, delete", async () => {
    const { webhookId, webhookSecret } = await client.webhooks.create({ settings: { authType: "hmac", name: "Local receiver", webhookUrl: receiverUrl } });
    expect(webhookSecret).toMatch(/^wsec_/);
    const { webhooks } = await client.webhooks.list({ includeUsages: true });
    expect(webhooks.find((w) => w.webhookId === webhookId)).toMatchObject({ name: "Local receiver", webhookUrl: receiverUrl, authType: "hmac", isDisabled: false });
    const test = await fetch(`${baseUrl}/v1/workspace/webhooks/${webhookId}/test`, { method: "POST", headers: { "xi-api-key": key } });
    expect(test.status).toBe(202);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
    const event = (await client.webhooks.constructEvent(received[0]!.body, received[0]!.signature, webhookSecret!)) as { type: string; data: { webhook_id: string } };
    expect(event).toMatchObject({ type: "test", data: { webhook_id: webhookId } });
    const log = (await (await fetch(`${baseUrl}/v1/workspace/webhooks/${webhookId}/deliveries`, { headers: { "xi-api-key": key } })).json()) as { deliveries: { status: string; last_status_code: number }[] };
    expect(log.deliveries[0]).toMatchObject({ status: "delivered", last_status_code: 200 });
    expect((await client.webhooks.update(webhookId, { isDisabled: true, name: "Paused" })).status).toBe("ok");
    expect((await client.webhooks.list()).webhooks.find((w) => w.webhookId === webhookId)).toMatchObject({ name: "Paused", isDisabled: true });
    expect((await client.webhooks.delete(webhookId)).status).toBe("ok");
    await expect(client.webhooks.delete(webhookId)).rejects.toMatchObject({ statusCode: 404 });
  });
  it("OAuth2 webhooks: created over HTTP (the SDK's create body knows only hmac), listed by the SDK, deliveries carry a bearer token from the token endpoint", async () => {
    const created = await fetch(`${baseUrl}/v1/workspace/webhooks`, {
      method: "POST",
      headers: { "xi-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ settings: { auth_type: "oauth2", name: "OAuth2 receiver", webhook_url: receiverUrl, token_url: tokenUrl, client_id: "sdk-client", client_secret: "sdk-secret" } }),
    });
    expect(created.status).toBe(200);
    const { webhook_id: webhookId } = (await created.json()) as { webhook_id: string };
    const { webhooks } = await client.webhooks.list();
    expect(webhooks.find((w) => w.webhookId === webhookId)).toMatchObject({ name: "OAuth2 receiver", authType: "oauth2" });
    expect(JSON.stringify(webhooks)).not.toContain("sdk-secret");
    const before = received.length;
    for (let i = 0; i < 2; i++) {
      const count = received.length;
      await fetch(`${baseUrl}/v1/workspace/webhooks/${webhookId}/test`, { method: "POST", headers: { "xi-api-key": key } });
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(count + 1);
    }
    expect(received.slice(before).map((r) => [r.authorization, r.signature])).toEqual([
      ["Bearer sdk-token-1", ""],
      ["Bearer sdk-token-1", ""],
    ]);
    expect(tokensIssued).toBe(1);
    expect((await client.webhooks.delete(webhookId)).status).toBe("ok");
  });
  it("auth connections: create (no secret in any answer), list, update, delete; unsupported kinds refused", async () => {
    const created = await client.workspace.authConnections.create({ authType: "bearer_auth", name: "Shop API", provider: "shop", token: "sdk-bearer-secret" });
    expect(created).toMatchObject({ authType: "bearer_auth", name: "Shop API", provider: "shop", status: "active" });
    const id = (created as { id: string }).id;
    expect(JSON.stringify(created)).not.toContain("sdk-bearer-secret");
    const { authConnections } = await client.workspace.authConnections.list();
    expect(authConnections.find((c) => (c as { id: string }).id === id)).toMatchObject({ name: "Shop API" });
    expect(JSON.stringify(authConnections)).not.toContain("sdk-bearer-secret");
    expect(await client.workspace.authConnections.update(id, { authType: "bearer_auth", provider: "shop-2", token: "sdk-bearer-next" })).toMatchObject({ id, provider: "shop-2" });
    const basic = await client.workspace.authConnections.create({ authType: "basic_auth", name: "Basic", provider: "x", username: "u", password: "sdk-basic-secret" });
    expect(basic).toMatchObject({ authType: "basic_auth", username: "u" });
    // The SDK checks an mTLS body's certificate fields itself; the server refuses the kind whatever it carries.
    const mtls = await fetch(`${baseUrl}/v1/workspace/auth-connections`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ auth_type: "mtls", name: "m", provider: "x" }) });
    expect(mtls.status).toBe(422);
    expect(((await mtls.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_auth_type");
    await client.workspace.authConnections.delete(id);
    await expect(client.workspace.authConnections.delete(id)).rejects.toMatchObject({ statusCode: 404 });
  });
  it("members: update a member's role; the owner stays an admin", async () => {
    expect(await client.workspace.members.update({ email, workspaceRole: "workspace_admin" })).toMatchObject({ status: "ok" });
    await expect(client.workspace.members.update({ email, workspaceRole: "workspace_member" })).rejects.toMatchObject({ statusCode: 403 });
    await expect(client.workspace.members.update({ email: uniqueEmail("nobody") })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("audit log, a key that disables itself, the disabling policy, and analytics from the usage ledger", async () => {
    const { entries, hasMore } = await client.workspace.auditLogs.list({ limit: 100 });
    expect(hasMore).toBe(false);
    expect(entries.map((e) => e.activityName)).toEqual(expect.arrayContaining(["Group Created", "Group Member Added", "Service Account Created", "Webhook Created", "Invite Cancelled"]));
    const invited = await client.workspace.auditLogs.list({ activityName: "Member Invited", limit: 2 });
    expect(invited.entries).toHaveLength(2);
    expect(invited.hasMore).toBe(true);
    expect(invited.entries[0]).toMatchObject({ className: "Account Change", statusId: 1, actor: { user: { emailAddr: email } } });
    const next = await client.workspace.auditLogs.list({ activityName: "Member Invited", limit: 2, cursor: invited.nextCursor });
    expect(next.entries[0]!.id).not.toBe(invited.entries[0]!.id);

    const { serviceAccountUserId } = await client.serviceAccounts.create({ name: "Leaky backend" });
    const { xiApiKey, keyId } = await client.serviceAccounts.apiKeys.create(serviceAccountUserId, { name: "leaky", permissions: ["voices_read"] });
    const leaky = new ElevenLabsClient({ apiKey: xiApiKey, baseUrl });
    await client.workspace.setThirdPartyDisablingPolicy({ thirdPartyDisableAllowed: false });
    await expect(leaky.workspaces.apiKeys.disable({ apiKeyName: "self" })).rejects.toMatchObject({ statusCode: 403 });
    await client.workspace.setThirdPartyDisablingPolicy({});
    await leaky.workspaces.apiKeys.disable({ apiKeyName: "self" });
    await expect(leaky.voices.getAll()).rejects.toMatchObject({ statusCode: 401, body: { detail: { status: "api_key_disabled" } } });
    await client.serviceAccounts.apiKeys.update(serviceAccountUserId, keyId, { isEnabled: true });
    expect((await leaky.voices.getAll()).voices.length).toBeGreaterThan(0);
    const keyEvents = await client.workspace.auditLogs.list({ className: "Entity Management", limit: 3 });
    expect(keyEvents.entries.map((e) => e.activityName)).toEqual(["API Key Enabled", "API Key Disabled", "API Key Disabling Policy Changed"]);
    // A key of its own setting: its holder may not disable it until the setting is cleared.
    const pinned = await client.serviceAccounts.apiKeys.create(serviceAccountUserId, { name: "pinned", permissions: ["voices_read"], thirdPartyDisableAllowed: false });
    const pinnedClient = new ElevenLabsClient({ apiKey: pinned.xiApiKey, baseUrl });
    await expect(pinnedClient.workspaces.apiKeys.disable({ apiKeyName: "self" })).rejects.toMatchObject({ statusCode: 403 });
    const listedKeys = await client.serviceAccounts.apiKeys.list(serviceAccountUserId);
    expect(listedKeys.apiKeys.find((k) => k.keyId === pinned.keyId)?.thirdPartyDisableAllowed).toBe(false);
    await client.serviceAccounts.apiKeys.update(serviceAccountUserId, pinned.keyId, { thirdPartyDisableAllowed: "clear" });
    await pinnedClient.workspaces.apiKeys.disable({ apiKeyName: "self" });

    const startTime = Date.now() - 60_000;
    const spoken = await fetch(`${baseUrl}/v1/text-to-speech/pv01aria000000000000?output_format=mp3_22050_32`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: "Counted once." }) });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    const endTime = Date.now() + 60_000;
    const usage = await client.workspace.usage.getUsageByProductOverTime({ startTime, endTime, intervalSeconds: 3600, groupBy: ["product_type", "model"] });
    expect(usage.columns).toEqual(["time_bucket", "product_type", "model", "credits"]);
    expect(usage.columnUnits[3]).toBe("credits");
    expect(usage.columnTypes).toEqual(["DateTime", "String", "String", "Int"]);
    expect(usage.rows.reduce((sum, row) => sum + Number(row[3]), 0)).toBe("Counted once.".length);
    const requests = await client.workspace.analytics.requests.get({ startTime, filters: [{ column: "product_type", operation: "eq", values: ["text_to_speech"] }] });
    expect(requests.rows).toHaveLength(1);
    expect(requests.rows[0]![requests.columns.indexOf("credits")]).toBe("Counted once.".length);
  });
});
