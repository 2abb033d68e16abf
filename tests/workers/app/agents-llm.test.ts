// Agents with a language model from the registry (decision 0050): the OpenAI-compatible stand-in (vitest.config.ts,
// model llama3.2) streams and calls tools; webhook tools reach tests/agents/tool-webhooks.ts.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SELF } from "cloudflare:test";
import { api, createKey, ORIGIN, signUp } from "./helpers";
import { connect as connectAs, json, savedConversation, type Message } from "./agent-call";
import { conversationCredits, CONVERSATION_MINIMUM_CREDITS, CREDIT_TEXTS, TOOL_TEXTS } from "~/agents/rules/llm";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { WIDGET_TEXTS } from "~/agents/rules/widget";
import { SECRET_TEXTS } from "~/agents/rules/secrets";
import { AUTH_CONNECTION_TEXTS } from "~/workspace/rules/auth-connections";

let key: string;
beforeAll(async () => {
  key = await createKey(await signUp("agents-llm@example.com"));
});

async function newAgent(config: Record<string, unknown>, as = key, platform: Record<string, unknown> = {}): Promise<string> {
  const base = { agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2" } } };
  const response = await api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: merge(base, config), platform_settings: platform, name: "Model agent" }, key: as });
  expect(response.status).toBe(200);
  return (await json<{ agent_id: string }>(response)).agent_id;
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const base = out[k];
    out[k] = v && typeof v === "object" && !Array.isArray(v) && base && typeof base === "object" ? merge(base as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

async function open(agentId: string, as = key) {
  const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": as });
  call.send({ type: "conversation_initiation_client_data" });
  const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
  return { ...call, conversationId: (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id };
}

const said = (m: Message) => (m.type === "agent_response" ? (m.agent_response_event as { agent_response: string }).agent_response : null);

const weather = { type: "webhook", name: "weather", description: "The forecast for a city", api_schema: { url: "http://tools.test/weather", method: "GET", query_params_schema: { properties: { city: { type: "string" } } } } };

describe("an agent with a language model (streamed, with tools)", () => {
  it("speaks the first sentence while the model is still streaming, and calls a webhook tool with the model's arguments", async () => {
    const agentId = await newAgent({ agent: { prompt: { tools: [weather] } } });
    const call = await open(agentId);
    call.send({ type: "user_message", text: "Good morning to you. I would like to hear a little about the shop and its opening hours today." });
    const response = await call.until((m) => said(m) !== null);
    expect(said(response)).toBe("You said: Good morning to you. I would like to hear a little about the shop and its opening hours today.");
    // The first sentence's audio came before the model had finished (its whole answer is the agent_response).
    expect(call.messages.findIndex((m) => m.type === "audio")).toBeGreaterThanOrEqual(0);
    expect(call.messages.findIndex((m) => m.type === "audio")).toBeLessThan(call.messages.indexOf(response));

    const before = call.messages.length;
    call.send({ type: "user_message", text: "weather city=Oslo" });
    const answer = await call.until((m) => said(m) !== null, before);
    expect(said(answer)).toBe('The weather tool answered: {"forecast":"sunny in Oslo"}');
    call.socket.close(1000, "bye");
    const saved = await savedConversation(call.conversationId, key);
    expect((saved.transcript as { role: string; message: string }[]).map((t) => t.message).slice(-2)).toEqual(["weather city=Oslo", 'The weather tool answered: {"forecast":"sunny in Oslo"}']);
  }, 30_000);

  it("sends a client tool to the client (client_tool_call) and answers from its client_tool_result", async () => {
    const openPage = { type: "client", name: "open_page", description: "Opens a page of the site", parameters: { type: "object", properties: { page: { type: "string" } } }, expects_response: true, response_timeout_secs: 5 };
    const agentId = await newAgent({ agent: { prompt: { tools: [openPage] } }, conversation: { text_only: true } });
    const call = await open(agentId);
    call.send({ type: "user_message", text: "open_page page=pricing" });
    const request = await call.until((m) => m.type === "client_tool_call");
    const toolCall = request.client_tool_call as { tool_name: string; tool_call_id: string; parameters: Record<string, unknown> };
    expect(toolCall).toMatchObject({ tool_name: "open_page", parameters: { page: "pricing" } });
    call.send({ type: "client_tool_result", tool_call_id: toolCall.tool_call_id, result: "Opened the pricing page.", is_error: false });
    const answer = await call.until((m) => said(m) !== null);
    expect(said(answer)).toBe("The open_page tool answered: Opened the pricing page.");
    call.socket.close(1000, "bye");
  });

  it("says so when a webhook tool hangs past its timeout or fails, and the model hears why", async () => {
    const slow = { type: "webhook", name: "stock_check", description: "Stock", response_timeout_secs: 1, api_schema: { url: "http://tools.test/slow", method: "GET" } };
    const broken = { type: "webhook", name: "order_status", description: "Orders", api_schema: { url: "http://tools.test/broken", method: "POST", request_body_schema: { type: "object", properties: { id: { type: "string" } } } } };
    const agentId = await newAgent({ agent: { prompt: { tools: [slow, broken] } }, conversation: { text_only: true } });
    const call = await open(agentId);
    const started = Date.now();
    call.send({ type: "user_message", text: "stock_check please" });
    await call.until((m) => said(m)?.startsWith("The stock_check tool answered") ?? false);
    expect(Date.now() - started).toBeLessThan(4000);
    call.send({ type: "user_message", text: "order_status id=7" });
    await call.until((m) => said(m)?.startsWith("The order_status tool answered") ?? false);
    expect(call.messages.map(said).filter(Boolean)).toEqual([
      TOOL_TEXTS.spokenFailure("stock_check"),
      `The stock_check tool answered: ${TOOL_TEXTS.timedOut("stock_check", 1)}`,
      TOOL_TEXTS.spokenFailure("order_status"),
      `The order_status tool answered: ${TOOL_TEXTS.failed("order_status", 500)}`,
    ]);
    call.socket.close(1000, "bye");
  });
});

describe("webhook tool URLs (decision 0053)", () => {
  const tool = (url: string, name = "lookup") => ({ type: "webhook", name, description: "Looks up", api_schema: { url, method: "GET" } });
  const create = (url: string) => api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: { agent: { prompt: { prompt: "You help.", llm: "llama3.2", tools: [tool(url)] } } } }, key });

  it("refuses this machine, private and link-local addresses when the agent is created or updated (422), and keeps public ones", async () => {
    for (const url of ["http://127.0.0.1:8787/x", "http://localhost/x", "http://169.254.169.254/latest/meta-data", "http://[::1]/x", "http://10.0.0.7/x", "http://printer.local/x"]) {
      const refused = await create(url);
      expect(refused.status, url).toBe(422);
      expect(await refused.json()).toMatchObject({ detail: { status: "invalid_tool_url", message: TOOL_TEXTS.urlNotPublic("lookup") } });
    }
    expect((await create("ftp://tools.example.com/x")).status).toBe(422);
    const agentId = await newAgent({ agent: { prompt: { tools: [weather] } } });
    const patched = await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [tool("http://192.168.0.1/admin", "router")] } } } }, key });
    expect(patched.status).toBe(422);
    expect(await patched.json()).toMatchObject({ detail: { status: "invalid_tool_url", message: TOOL_TEXTS.urlNotPublic("router") } });
    // The agent kept its tool.
    const kept = await json<{ conversation_config: { agent: { prompt: { tools: { name: string }[] } } } }>(await api(`/v1/convai/agents/${agentId}`, { key }));
    expect(kept.conversation_config.agent.prompt.tools.map((t) => t.name)).toEqual(["weather"]);
  });

  it("checks again when the tool is called: a stored loopback URL is not fetched and the agent says so", async () => {
    const agentId = await newAgent({ conversation: { text_only: true } });
    // As an agent saved before the check was: its tool written straight into the table.
    const row = await env.DB.prepare("SELECT conversation_config FROM agents WHERE id = ?").bind(agentId).first<{ conversation_config: string }>();
    const config = JSON.parse(row!.conversation_config) as { agent: { prompt: Record<string, unknown> } };
    config.agent.prompt.tools = [tool("http://127.0.0.1:9/secret", "internal")];
    await env.DB.prepare("UPDATE agents SET conversation_config = ? WHERE id = ?").bind(JSON.stringify(config), agentId).run();
    const call = await open(agentId);
    call.send({ type: "user_message", text: "internal please" });
    await call.until((m) => said(m)?.startsWith("The internal tool answered") ?? false);
    expect(call.messages.map(said).filter(Boolean)).toEqual([TOOL_TEXTS.spokenFailure("internal"), `The internal tool answered: ${TOOL_TEXTS.urlNotPublic("internal")}`]);
    call.socket.close(1000, "bye");
  });
});

describe("workspace secrets in webhook tool headers (decision 0053)", () => {
  it("stores a secret it never returns, sends it only in the tool's request, keeps it from other workspaces and from deletion while used", async () => {
    const created = await api("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Shop token", value: "Bearer tool-secret-1" }, key });
    expect(created.status).toBe(200);
    const secret = await json<{ type: string; secret_id: string; name: string }>(created);
    expect(secret).toEqual({ type: "stored", secret_id: expect.stringMatching(/^secret_/), name: "Shop token" });
    const balance = { type: "webhook", name: "balance", description: "The account balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
    const agentId = await newAgent({ agent: { prompt: { tools: [balance] } }, conversation: { text_only: true } });

    // The value appears in no answer: the secret, the list, the agent.
    for (const path of [`/v1/convai/secrets/${secret.secret_id}`, "/v1/convai/secrets", `/v1/convai/agents/${agentId}`]) {
      const text = await (await api(path, { key })).text();
      expect(text, path).not.toContain("tool-secret-1");
    }
    const got = await json<{ used_by: { agents: { id: string }[] } }>(await api(`/v1/convai/secrets/${secret.secret_id}`, { key }));
    expect(got.used_by.agents.map((a) => a.id)).toEqual([agentId]);

    const call = await open(agentId);
    call.send({ type: "user_message", text: "balance please" });
    const answer = await call.until((m) => said(m)?.startsWith("The balance tool answered") ?? false);
    expect(said(answer)).toBe('The balance tool answered: {"balance":42}');
    call.socket.close(1000, "bye");

    // Another workspace can neither see nor use it.
    const stranger = await createKey(await signUp("agents-llm-secrets-other@example.com"));
    expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { key: stranger })).status).toBe(404);
    expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "PATCH", json: { type: "update", name: "x", value: "y" }, key: stranger })).status).toBe(404);
    expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key: stranger })).status).toBe(404);
    const borrowed = await api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: { agent: { prompt: { tools: [balance] } } } }, key: stranger });
    expect(borrowed.status).toBe(400);
    expect(await borrowed.json()).toMatchObject({ detail: { status: "secret_not_found", message: SECRET_TEXTS.secretsNotFound([secret.secret_id]) } });

    // In use: not deleted; once no tool uses it, deleted.
    const inUse = await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key });
    expect(inUse.status).toBe(400);
    expect(await inUse.json()).toMatchObject({ detail: { status: "secret_in_use", message: SECRET_TEXTS.inUse(["Model agent"]) } });
    expect((await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [] } } } }, key })).status).toBe(200);
    const renamed = await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "PATCH", json: { type: "update", name: "Old token", value: "Bearer other" }, key });
    expect(await renamed.json()).toEqual({ type: "stored", secret_id: secret.secret_id, name: "Old token" });
    expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { key })).status).toBe(404);
    expect((await api("/v1/convai/secrets", { method: "POST", json: { name: "", value: "x" }, key })).status).toBe(422);
  });

  it("fails the tool, and says so, when its secret was deleted after the agent was saved", async () => {
    const secret = await json<{ secret_id: string }>(await api("/v1/convai/secrets", { method: "POST", json: { name: "Gone", value: "Bearer tool-secret-1" }, key }));
    const balance = { type: "webhook", name: "balance", description: "Balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
    const agentId = await newAgent({ agent: { prompt: { tools: [balance] } }, conversation: { text_only: true } });
    await env.DB.prepare("DELETE FROM agent_secrets WHERE id = ?").bind(secret.secret_id).run();
    const call = await open(agentId);
    call.send({ type: "user_message", text: "balance please" });
    const answer = await call.until((m) => said(m)?.startsWith("The balance tool answered") ?? false);
    expect(said(answer)).toBe(`The balance tool answered: ${SECRET_TEXTS.missingAtCall("balance", "authorization")}`);
    call.socket.close(1000, "bye");
  });
});

describe("workspace auth connections on webhook tools (decision 0066)", () => {
  const issued = async () => ((await (await fetch("http://tools.test/tokens-issued")).json()) as { issued: number }).issued;
  const clientCredentials = { auth_type: "oauth2_client_credentials", name: "Shop API", provider: "shop", client_id: "shop-client", client_secret: "shop-secret", token_url: "http://tools.test/token", scopes: ["ledger:read"] };

  it("fetches a client-credentials token once for the tool's calls, never shows the secret, keeps the connection from other workspaces and from deletion while used", async () => {
    const created = await api("/v1/workspace/auth-connections", { method: "POST", json: clientCredentials, key });
    expect(created.status).toBe(200);
    const connection = await json<{ id: string; auth_type: string; client_id: string; token_url: string; status: string }>(created);
    expect(connection).toMatchObject({ auth_type: "oauth2_client_credentials", name: "Shop API", provider: "shop", client_id: "shop-client", token_url: "http://tools.test/token", scopes: ["ledger:read"], status: "active" });
    const ledger = { type: "webhook", name: "ledger", description: "The ledger", api_schema: { url: "http://tools.test/ledger", method: "GET", auth_connection: { auth_connection_id: connection.id } } };
    const agentId = await newAgent({ agent: { prompt: { tools: [ledger] } }, conversation: { text_only: true } });

    const before = await issued();
    const call = await open(agentId);
    for (let turn = 0; turn < 2; turn++) {
      call.send({ type: "user_message", text: "ledger please" });
      const answer = await call.until((m) => said(m)?.startsWith("The ledger tool answered") ?? false);
      expect(said(answer)).toBe('The ledger tool answered: {"ledger":"balanced"}');
    }
    call.socket.close(1000, "bye");
    expect(await issued()).toBe(before + 1);

    const listed = await api("/v1/workspace/auth-connections", { key });
    const text = await listed.text();
    expect(text).not.toContain("shop-secret");
    const item = (JSON.parse(text) as { auth_connections: { id: string; used_by: { tools: { id: string }[] } }[] }).auth_connections.find((c) => c.id === connection.id);
    expect(item?.used_by.tools.map((t) => t.id)).toEqual([agentId]);

    const stranger = await createKey(await signUp("agents-llm-auth-other@example.com"));
    expect(await json(await api("/v1/workspace/auth-connections", { key: stranger }))).toEqual({ auth_connections: [] });
    expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "oauth2_client_credentials", client_secret: "x" }, key: stranger })).status).toBe(404);
    expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key: stranger })).status).toBe(404);

    const inUse = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key });
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toMatchObject({ detail: { status: "auth_connection_in_use", message: AUTH_CONNECTION_TEXTS.inUse(["Model agent"]) } });
    expect((await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [] } } } }, key })).status).toBe(200);
    expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key })).status).toBe(200);
    expect(await json(await api("/v1/workspace/auth-connections", { key }))).toMatchObject({ auth_connections: expect.not.arrayContaining([expect.objectContaining({ id: connection.id })]) });
  });

  it("says why when the token server refuses the credentials, and marks the connection refresh_failed", async () => {
    const connection = await json<{ id: string }>(await api("/v1/workspace/auth-connections", { method: "POST", json: { ...clientCredentials, client_secret: "wrong", basic_auth_in_header: true }, key }));
    const ledger = { type: "webhook", name: "ledger", description: "The ledger", api_schema: { url: "http://tools.test/ledger", method: "GET", auth_connection: { auth_connection_id: connection.id } } };
    const agentId = await newAgent({ agent: { prompt: { tools: [ledger] } }, conversation: { text_only: true } });
    const call = await open(agentId);
    call.send({ type: "user_message", text: "ledger please" });
    const answer = await call.until((m) => said(m)?.startsWith("The ledger tool answered") ?? false);
    expect(said(answer)).toBe(`The ledger tool answered: ${AUTH_CONNECTION_TEXTS.tokenFailed("ledger", "the token server answered 401 invalid_client")}`);
    call.socket.close(1000, "bye");
    const listed = await json<{ auth_connections: { id: string; status: string; status_detail?: string }[] }>(await api("/v1/workspace/auth-connections", { key }));
    expect(listed.auth_connections.find((c) => c.id === connection.id)).toMatchObject({ status: "refresh_failed", status_detail: "the token server answered 401 invalid_client" });
    // New credentials make it active again; the kind cannot change.
    const fixed = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "oauth2_client_credentials", client_secret: "shop-secret" }, key });
    expect(await json(fixed)).toMatchObject({ id: connection.id, status: "active", basic_auth_in_header: true });
    const mismatch = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "bearer_auth", token: "t" }, key });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toMatchObject({ detail: { status: "auth_type_mismatch" } });
  });

  it("refuses kinds it cannot sign, inward token URLs and bad fields; keeps bearer, basic and header secrets out of its answers", async () => {
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ auth_type: "mtls", name: "m", provider: "x" }, 422, "unsupported_auth_type"],
      [{ auth_type: "private_key_jwt", name: "m", provider: "x" }, 422, "unsupported_auth_type"],
      [{ ...clientCredentials, token_url: "http://127.0.0.1:9/token" }, 422, "invalid_token_url"],
      [{ ...clientCredentials, client_secret: "" }, 422, null],
      [{ auth_type: "custom_header_auth", name: "h", provider: "x", header_name: "bad header", token: "t" }, 422, null],
      [{ auth_type: "nonsense", name: "n" }, 422, null],
    ];
    for (const [body, status, code] of cases) {
      const response = await api("/v1/workspace/auth-connections", { method: "POST", json: body, key });
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (code) expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe(code);
    }
    for (const body of [
      { auth_type: "bearer_auth", name: "Bearer", provider: "x", token: "b-1" },
      { auth_type: "basic_auth", name: "Basic", provider: "x", username: "u", password: "p-1" },
      { auth_type: "custom_header_auth", name: "Header", provider: "x", header_name: "X-Api-Key", token: "h-1" },
    ]) {
      const response = await api("/v1/workspace/auth-connections", { method: "POST", json: body, key });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toMatch(/b-1|p-1|h-1/);
    }
  });
});

describe("the credit check before a conversation (decision 0053)", () => {
  it("refuses the signed URL (401) and the socket (closed with the reason) when the first minute is not covered, and the page says so", async () => {
    const cookie = await signUp("agents-llm-broke@example.com");
    const own = await createKey(cookie);
    const agentId = await newAgent({ conversation: { text_only: true } }, own);
    const workspace = await env.DB.prepare("SELECT workspace_id FROM agents WHERE id = ?").bind(agentId).first<{ workspace_id: string }>();
    await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - ? WHERE id = ?").bind(CONVERSATION_MINIMUM_CREDITS - 1, workspace!.workspace_id).run();

    const signed = await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { key: own });
    expect(signed.status).toBe(401);
    expect(await signed.json()).toMatchObject({ detail: { status: "quota_exceeded", message: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) } });
    const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": own });
    expect(await call.closed).toEqual({ code: 1008, reason: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) });
    expect(call.messages).toEqual([{ type: "error", error: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) }]);
    const page = await api(`/app/conversational-ai/agents/${agentId}`, { cookie });
    expect(await page.text()).toContain(CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1));
    // Nothing was started or charged.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM conversations WHERE agent_id = ?").bind(agentId).first("n")).toBe(0);

    // With exactly a minute left, it starts.
    await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - ? WHERE id = ?").bind(CONVERSATION_MINIMUM_CREDITS, workspace!.workspace_id).run();
    expect((await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { key: own })).status).toBe(200);
    const allowed = await open(agentId, own);
    allowed.socket.close(1000, "bye");
  });
});

describe("what a conversation costs and how long it may last", () => {
  it("charges the conversation by the minute once, when it ends; a conversation over its maximum duration is closed with the reason and kept", async () => {
    // A workspace of its own, so its usage is this conversation's alone.
    const own = await createKey(await signUp("agents-llm-charge@example.com"));
    const agentId = await newAgent({ conversation: { text_only: true, max_duration_seconds: 1 } }, own);
    const call = await open(agentId, own);
    call.send({ type: "user_message", text: "Hello before the end." });
    await call.until((m) => said(m) !== null);
    expect(await call.closed).toEqual({ code: 1000, reason: AGENT_TEXTS.maxDuration });
    const saved = await savedConversation(call.conversationId, own);
    expect((saved.metadata as { termination_reason: string }).termination_reason).toBe("max_duration_exceeded");
    expect((saved.transcript as { message: string }[]).map((t) => t.message)).toEqual(["Hello before the end.", "You said: Hello before the end."]);

    const row = await env.DB.prepare("SELECT workspace_id, credits FROM conversations WHERE id = ?").bind(call.conversationId).first<{ workspace_id: string; credits: number }>();
    // One second or two of a call at the minute's rate.
    expect([conversationCredits(1000), conversationCredits(2000)]).toContain(row!.credits);
    const usage = await env.DB.prepare("SELECT source, characters FROM usage_events WHERE workspace_id = ?").bind(row!.workspace_id).all();
    const workspace = await env.DB.prepare("SELECT character_count FROM workspaces WHERE id = ?").bind(row!.workspace_id).first<{ character_count: number }>();
    // Once: one usage event, and the workspace's count is that charge (a late second end changes nothing).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(usage.results).toEqual([{ source: "ConvAI", characters: row!.credits }]);
    expect(workspace!.character_count).toBe(row!.credits);
  });
});

describe("the embeddable widget", () => {
  it("serves one cached script; answers the agent's configuration and opens conversations only for its allowed sites", async () => {
    const script = await SELF.fetch(`${ORIGIN}/convai/widget.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(await script.text()).toContain('customElements.define("elevenlabs-convai"');

    const agentId = await newAgent({ conversation: { text_only: true } }, key, { auth: { allowlist: [{ hostname: "shop.example" }] } });
    const allowed = await SELF.fetch(`${ORIGIN}/convai/widget/${agentId}`, { headers: { origin: "https://shop.example" } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(await allowed.json()).toEqual({ agent_id: agentId, name: "Model agent" });
    const refused = await SELF.fetch(`${ORIGIN}/convai/widget/${agentId}`, { headers: { origin: "https://elsewhere.example" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: "origin_not_allowed", message: WIDGET_TEXTS.siteNotAllowed });
    expect((await SELF.fetch(`${ORIGIN}/convai/widget/agent_missing`, { headers: { origin: "https://shop.example" } })).status).toBe(404);

    const stranger = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { origin: "https://elsewhere.example" });
    expect(await stranger.closed).toEqual({ code: 1008, reason: WIDGET_TEXTS.siteNotAllowed });
    const visitor = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { origin: "https://shop.example" });
    visitor.send({ type: "user_message", text: "Hello from the shop." });
    await visitor.until((m) => said(m) === "You said: Hello from the shop.");
    visitor.socket.close(1000, "bye");

    // An agent that requires signed URLs cannot be opened by the widget, even from a listed site.
    const signedOnly = await newAgent({}, key, { auth: { enable_auth: true, allowlist: [{ hostname: "shop.example" }] } });
    const closed = await connectAs(`/v1/convai/conversation?agent_id=${signedOnly}`, { origin: "https://shop.example" });
    expect(await closed.closed).toEqual({ code: 1008, reason: WIDGET_TEXTS.needsSignedUrl });
  });
});
