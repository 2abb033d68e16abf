// The agents area's workspace resources (decision 0065): the knowledge base's folders, passages, index, search and
// crawls; tools of their own and their recorded calls; settings, tags, feedback and the analysis run again; agent
// details and versions; simulated conversations and agent tests against the real responder.
import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, createKey, fetcherPost, ORIGIN, signUp } from "./helpers";
import { KNOWLEDGE_PAGE_TEXTS } from "~/agents/rules/knowledge";
import { connect, savedConversation, type Message } from "./agent-call";
import { RESPONDER_TEXTS } from "../../../core/agents/responder";

// A web site the knowledge base reads, only inside this test (the app worker runs in the test's isolate).
const SITE: Record<string, () => Response> = {
  "https://docs.example/": () => html("<title>Docs</title><p>Welcome to the docs.</p><a href='/returns'>Returns</a> <a href='/care#top'>Care</a> <a href='https://elsewhere.example/x'>Away</a>"),
  "https://docs.example/returns": () => html("<title>Returns</title><p>Returns are accepted within thirty days.</p><a href='/'>Home</a>"),
  "https://docs.example/care": () => html("<title>Care</title><p>Wash the jacket at thirty degrees.</p>"),
};
let pageVersion = 1;
SITE["https://docs.example/hours"] = () => html(`<title>Hours</title><p>${pageVersion === 1 ? "The shop opens at nine." : "The shop opens at ten."}</p>`);
function html(body: string): Response {
  return new Response(`<html><body>${body}</body></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
}
const realFetch = globalThis.fetch;
beforeAll(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return SITE[url] ? Promise.resolve(SITE[url]()) : realFetch(input, init);
  });
});
afterAll(() => vi.restoreAllMocks());

let key: string;
let otherKey: string;
beforeAll(async () => {
  key = await createKey(await signUp("agents-workspace@example.com"));
  otherKey = await createKey(await signUp("agents-workspace-other@example.com"));
});

type Json = Record<string, unknown>;
const call = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}, status = 200): Promise<T> => {
  const response = await api(path, { key, ...init });
  const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

async function newAgent(config: Json, extra: Json = {}): Promise<string> {
  return (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { conversation_config: config, name: "Shop assistant", ...extra } })).agent_id;
}
const textDocument = async (text: string, name: string, folder?: string) =>
  (await call<{ id: string; folder_path: { id: string }[] }>("/v1/convai/knowledge-base/text", { method: "POST", json: { text, name, parent_folder_id: folder } })).id;

describe("knowledge base folders and documents", () => {
  it("keeps documents in folders, moves them (never a folder into itself), renames, replaces text and deletes a folder with its contents", async () => {
    const manuals = await call<{ id: string; name: string; folder_path: unknown[] }>("/v1/convai/knowledge-base/folder", { method: "POST", json: { name: "Manuals" } });
    expect(manuals).toMatchObject({ name: "Manuals", folder_path: [] });
    const jackets = await call<{ id: string; folder_path: { id: string }[] }>("/v1/convai/knowledge-base/folder", { method: "POST", json: { name: "Jackets", parent_folder_id: manuals.id } });
    expect(jackets.folder_path).toEqual([{ id: manuals.id }]);
    const care = await textDocument("Wash the jacket at thirty degrees.", "Jacket care", jackets.id);
    const loose = await textDocument("Gift cards never expire.", "Gift cards");

    const inFolder = await call<{ documents: { id: string; folder_parent_id: string; folder_path: { id: string; name: string }[] }[] }>(`/v1/convai/knowledge-base?parent_folder_id=${jackets.id}`);
    expect(inFolder.documents).toEqual([expect.objectContaining({ id: care, folder_parent_id: jackets.id, folder_path: [{ id: manuals.id, name: "Manuals" }, { id: jackets.id, name: "Jackets" }] })]);
    const below = await call<{ documents: { id: string }[] }>(`/v1/convai/knowledge-base?ancestor_folder_id=${manuals.id}`);
    expect(below.documents.map((d) => d.id).sort()).toEqual([care, jackets.id].sort());
    const folder = await call<{ type: string; children_count: number; document_count: number }>(`/v1/convai/knowledge-base/${manuals.id}`);
    expect(folder).toMatchObject({ type: "folder", children_count: 1, document_count: 0 });
    const onlyFolders = await call<{ documents: { type: string }[] }>("/v1/convai/knowledge-base?types=folder");
    expect(new Set(onlyFolders.documents.map((d) => d.type))).toEqual(new Set(["folder"]));

    const intoItself = await api(`/v1/convai/knowledge-base/${manuals.id}/move`, { method: "POST", key, json: { move_to: jackets.id } });
    expect(intoItself.status).toBe(400);
    await call(`/v1/convai/knowledge-base/bulk-move`, { method: "POST", json: { document_ids: [loose], move_to: manuals.id } });
    await call(`/v1/convai/knowledge-base/${care}/move`, { method: "POST", json: {} });
    expect((await call<{ folder_parent_id?: string }>(`/v1/convai/knowledge-base/${care}`)).folder_parent_id).toBeUndefined();

    const renamed = await call<{ name: string; extracted_inner_html: string }>(`/v1/convai/knowledge-base/${care}`, { method: "PATCH", json: { name: "Care", content: "Wash the jacket at forty degrees. Do not tumble dry." } });
    expect(renamed).toMatchObject({ name: "Care", extracted_inner_html: "Wash the jacket at forty degrees. Do not tumble dry." });
    expect(await call(`/v1/convai/knowledge-base/${care}/content`)).toBe("Wash the jacket at forty degrees. Do not tumble dry.");
    expect((await call<{ chunks: { content: string }[] }>(`/v1/convai/knowledge-base/${care}/chunks?embedding_model=e5_mistral_7b_instruct`)).chunks.map((c) => c.content)).toEqual(["Wash the jacket at forty degrees. Do not tumble dry."]);

    // A folder that agents use (through a document in it) goes only with force, and they lose it.
    const agentId = await newAgent({ agent: { prompt: { knowledge_base: [{ type: "text", id: loose, name: "Gift cards" }] } } });
    expect((await call<{ agents: { id: string }[] }>(`/v1/convai/knowledge-base/${manuals.id}/dependent-agents`)).agents.map((a) => a.id)).toEqual([agentId]);
    expect((await call<{ agents: { id: string }[] }>("/v1/convai/knowledge-base/dependent-agents", { method: "POST", json: { document_ids: [loose, care] } })).agents.map((a) => a.id)).toEqual([agentId]);
    await call(`/v1/convai/knowledge-base/${manuals.id}`, { method: "DELETE" }, 400);
    await call(`/v1/convai/knowledge-base/${manuals.id}?force=true`, { method: "DELETE" });
    for (const gone of [manuals.id, jackets.id, loose]) await call(`/v1/convai/knowledge-base/${gone}`, {}, 404);
    const agent = await call<{ conversation_config: { agent: { prompt: { knowledge_base: unknown[] } } } }>(`/v1/convai/agents/${agentId}`);
    expect(agent.conversation_config.agent.prompt.knowledge_base).toEqual([]);
  });

  it("adds from a file with the generic call (to an agent too), keeps the original for a link without the key, replaces the file and reads a URL again", async () => {
    const agentId = await newAgent({});
    const form = new FormData();
    form.set("file", new File(["Opening hours: nine to six."], "hours.txt", { type: "text/plain" }));
    form.set("name", "Hours");
    const added = await call<{ id: string; name: string }>(`/v1/convai/knowledge-base?agent_id=${agentId}`, { method: "POST", body: form });
    expect(added.name).toBe("Hours");
    const agent = await call<{ conversation_config: { agent: { prompt: { knowledge_base: { id: string }[] } } } }>(`/v1/convai/agents/${agentId}`);
    expect(agent.conversation_config.agent.prompt.knowledge_base.map((k) => k.id)).toEqual([added.id]);

    const { signed_url } = await call<{ signed_url: string }>(`/v1/convai/knowledge-base/${added.id}/source-file-url`);
    const original = await api(new URL(signed_url).pathname + new URL(signed_url).search);
    expect(original.status).toBe(200);
    expect(await original.text()).toBe("Opening hours: nine to six.");
    expect((await api(`/v1/convai/knowledge-base/${added.id}/source-file?token=${"0".repeat(48)}`)).status).toBe(404);

    const replacement = new FormData();
    replacement.set("file", new File(["<p>Opening hours: ten to five.</p>"], "hours.html", { type: "text/html" }));
    const replaced = await call<{ filename: string; extracted_inner_html: string }>(`/v1/convai/knowledge-base/${added.id}/update-file`, { method: "PATCH", body: replacement });
    expect(replaced).toMatchObject({ filename: "hours.html", extracted_inner_html: "Opening hours: ten to five." });

    pageVersion = 1;
    const page = await call<{ id: string; name: string }>("/v1/convai/knowledge-base/url", { method: "POST", json: { url: "https://docs.example/hours" } });
    expect(page.name).toBe("Hours");
    expect((await call<{ signed_url: string }>(`/v1/convai/knowledge-base/${page.id}/source-file-url`)).signed_url).toBe("https://docs.example/hours");
    pageVersion = 2;
    expect((await call<{ extracted_inner_html: string }>(`/v1/convai/knowledge-base/${page.id}/refresh`, { method: "POST" })).extracted_inner_html).toBe("Hours\n\nThe shop opens at ten.");
    await call(`/v1/convai/knowledge-base/${added.id}/refresh`, { method: "POST" }, 400);
    // Private hosts are refused in production only; a scheme other than http(s) always.
    expect((await api("/v1/convai/knowledge-base/url", { method: "POST", key, json: { url: "file:///etc/passwd" } })).status).toBe(422);
  });

  it("shows each document's passages and index, drops and rebuilds it (the agent stops and starts finding the text), and searches every passage", async () => {
    const id = await textDocument("Delivery takes three working days.\n\nDelivery is free above fifty euros.", "Delivery");
    const chunks = await call<{ chunks: { id: string; content: string }[]; next_cursor?: string }>(`/v1/convai/knowledge-base/${id}/chunks?page_size=1`);
    expect(chunks.chunks).toEqual([{ id: "0", name: "Delivery (1)", content: "Delivery takes three working days." }]);
    const next = await call<{ chunks: { id: string }[]; next_cursor?: string }>(`/v1/convai/knowledge-base/${id}/chunks?page_size=1&cursor=${chunks.next_cursor}`);
    expect(next.chunks.map((c) => c.id)).toEqual(["1"]);
    expect(await call(`/v1/convai/knowledge-base/${id}/chunk/1`)).toMatchObject({ content: "Delivery is free above fifty euros." });
    await call(`/v1/convai/knowledge-base/${id}/chunk/9`, {}, 404);

    const indexes = await call<{ indexes: { id: string; status: string; document_model_index_usage: { used_bytes: number } }[] }>(`/v1/convai/knowledge-base/${id}/rag-index`);
    expect(indexes.indexes).toEqual([expect.objectContaining({ id: "lexical", model: "parlance_lexical_bm25", status: "succeeded", progress_percentage: 100 })]);
    const overview = await call<{ total_used_bytes: number; total_max_bytes: number }>("/v1/convai/knowledge-base/rag-index");
    expect(overview.total_used_bytes).toBeGreaterThanOrEqual(indexes.indexes[0]!.document_model_index_usage.used_bytes);

    const agentId = await newAgent({ agent: { first_message: "", prompt: { knowledge_base: [{ type: "text", id, name: "Delivery" }] } } });
    const simulate = () =>
      call<{ simulated_conversation: { role: string; message: string }[] }>(`/v1/convai/agents/${agentId}/simulate-conversation`, {
        method: "POST",
        json: { simulation_specification: { simulated_user_config: { prompt: { prompt: "How long does delivery take?" } } } },
      });
    expect((await simulate()).simulated_conversation.at(-1)!.message).toBe("Delivery takes three working days.");
    await call(`/v1/convai/knowledge-base/${id}/rag-index/lexical`, { method: "DELETE" });
    expect((await call<{ indexes: unknown[] }>(`/v1/convai/knowledge-base/${id}/rag-index`)).indexes).toEqual([]);
    expect((await simulate()).simulated_conversation.at(-1)!.message).toBe(RESPONDER_TEXTS.unknown);
    await call(`/v1/convai/knowledge-base/${id}/rag-index/lexical`, { method: "DELETE" }, 404);
    expect(await call(`/v1/convai/knowledge-base/${id}/rag-index`, { method: "POST", json: { model: "e5_mistral_7b_instruct" } })).toMatchObject({ status: "succeeded" });
    const batch = await call<Record<string, { status: string }>>("/v1/convai/knowledge-base/rag-index", { method: "POST", json: { items: [{ document_id: id, create_if_missing: true, model: "e5_mistral_7b_instruct" }, { document_id: "doc_missing", create_if_missing: true, model: "e5_mistral_7b_instruct" }] } });
    expect(batch).toMatchObject({ [id]: { status: "success" }, doc_missing: { status: "failure", error_code: 404 } });

    const found = await call<{ results: { document: { id: string }; search_snippet: { value: string; is_hit: boolean }[]; score: number }[] }>("/v1/convai/knowledge-base/search?query=free%20delivery");
    expect(found.results[0]!.document.id).toBe(id);
    expect(found.results[0]!.search_snippet.filter((s) => s.is_hit).map((s) => s.value)).toEqual(["Delivery", "free"]);
    expect((await api("/v1/convai/knowledge-base/search?query=delivery", { key: otherKey }).then((r) => r.json() as Promise<{ results: unknown[] }>)).results).toEqual([]);

    const summaries = await call<Record<string, { status: string; data?: { name: string } }>>(`/v1/convai/knowledge-base/summaries?document_ids=${id}&document_ids=doc_missing`);
    expect(summaries).toMatchObject({ [id]: { status: "success", data: { name: "Delivery" } }, doc_missing: { status: "failure" } });
    const deleted = await call<Record<string, { status: string }>>("/v1/convai/knowledge-base/bulk-delete", { method: "POST", json: { document_ids: [id], force: true } });
    expect(deleted).toEqual({ [id]: { status: "success", data: { id } } });
  });

  it("crawls a site into a folder (same origin only, each page once) and keeps another workspace out", async () => {
    const started = await call<{ id: string; root_folder_id: string; status: string }>("/v1/convai/knowledge-base/crawl", { method: "POST", json: { url: "https://docs.example/", max_pages: 5 } });
    let crawl: Json = {};
    for (let i = 0; i < 100 && !["succeeded", "failed"].includes(String(crawl.status)); i++) {
      crawl = await call(`/v1/convai/knowledge-base/crawl/${started.id}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(crawl).toMatchObject({ status: "succeeded", pages_scraped: 3, seed_url: "https://docs.example/", root_folder_id: started.root_folder_id });
    const pages = await call<{ documents: { name: string; type: string }[] }>(`/v1/convai/knowledge-base?parent_folder_id=${started.root_folder_id}`);
    expect(pages.documents.map((d) => d.name).sort()).toEqual(["Care", "Docs", "Returns"]);
    expect((await call<{ crawl_jobs: { id: string }[] }>("/v1/convai/knowledge-base/crawl")).crawl_jobs.map((j) => j.id)).toContain(started.id);
    expect(await call(`/v1/convai/knowledge-base/crawl/${started.id}/cancel`, { method: "POST" })).toMatchObject({ status: "succeeded" });
    expect((await api(`/v1/convai/knowledge-base/crawl/${started.id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/v1/convai/knowledge-base/${started.root_folder_id}`, { key: otherKey })).status).toBe(404);
  });
});

const weather = { type: "webhook", name: "weather", description: "The forecast for a city", api_schema: { url: "http://tools.test/weather", method: "GET", query_params_schema: { properties: { city: { type: "string" } } } } };
const modelAgent = (toolIds: string[], extra: Json = {}) => newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tool_ids: toolIds } } }, extra);

describe("tools of the workspace (/v1/convai/tools)", () => {
  it("keeps a tool agents reference by id, runs it in conversations, records its calls and guards what uses it", async () => {
    const tool = await call<{ id: string; tool_config: { name: string }; usage_stats: { total_calls: number } }>("/v1/convai/tools", { method: "POST", json: { tool_config: weather } });
    expect(tool).toMatchObject({ tool_config: { name: "weather", type: "webhook" }, usage_stats: { total_calls: 0, avg_latency_secs: 0 }, access_info: { is_creator: true } });
    expect((await api("/v1/convai/tools", { method: "POST", key, json: { tool_config: { ...weather, api_schema: { url: "http://127.0.0.1/x" } } } })).status).toBe(422);
    expect((await api("/v1/convai/tools", { method: "POST", key, json: { tool_config: { type: "mcp", name: "x" } } })).status).toBe(422);
    expect((await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { prompt: { tool_ids: ["tool_nope"] } } } } })).status).toBe(400);

    const agentId = await modelAgent([tool.id]);
    const live = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    live.send({ type: "conversation_initiation_client_data", conversation_config_override: { conversation: { text_only: true } } });
    const metadata = await live.until((m) => m.type === "conversation_initiation_metadata");
    const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    live.send({ type: "user_message", text: "weather city=Oslo" });
    const said = (m: Message) => (m.type === "agent_response" ? (m.agent_response_event as { agent_response: string }).agent_response : null);
    expect(said(await live.until((m) => said(m) !== null))).toBe('The weather tool answered: {"forecast":"sunny in Oslo"}');
    live.socket.close(1000, "bye");
    await savedConversation(conversationId, key);

    let executions: { executions: Json[] } = { executions: [] };
    for (let i = 0; i < 50 && !executions.executions.length; i++) executions = await call(`/v1/convai/tools/${tool.id}/executions`);
    expect(executions.executions).toEqual([expect.objectContaining({ tool_id: tool.id, conversation_id: conversationId, agent_id: agentId, is_error: false, request_payload: '{"city":"Oslo"}', response_payload: '{"forecast":"sunny in Oslo"}' })]);
    expect((await call<{ executions: unknown[] }>(`/v1/convai/tools/${tool.id}/executions?is_error=true`)).executions).toEqual([]);
    expect((await call<{ usage_stats: { total_calls: number } }>(`/v1/convai/tools/${tool.id}`)).usage_stats.total_calls).toBe(1);
    expect((await call<{ tools: { id: string }[] }>(`/v1/convai/tools?used_by_agent_id=${agentId}`)).tools.map((t) => t.id)).toEqual([tool.id]);
    expect((await call<{ agents: { id: string }[] }>(`/v1/convai/tools/${tool.id}/dependent-agents`)).agents.map((a) => a.id)).toEqual([agentId]);

    const patched = await call<{ tool_config: { description: string } }>(`/v1/convai/tools/${tool.id}`, { method: "PATCH", json: { tool_config: { ...weather, description: "Weather by city" } } });
    expect(patched.tool_config.description).toBe("Weather by city");
    expect((await api(`/v1/convai/tools/${tool.id}`, { key: otherKey })).status).toBe(404);
    await call(`/v1/convai/tools/${tool.id}`, { method: "DELETE" }, 400);
    await call(`/v1/convai/tools/${tool.id}?force=true`, { method: "DELETE" });
    const agent = await call<{ conversation_config: { agent: { prompt: { tool_ids: string[] } } } }>(`/v1/convai/agents/${agentId}`);
    expect(agent.conversation_config.agent.prompt.tool_ids).toEqual([]);
  }, 30_000);

  it("will not delete a secret a workspace tool's header names", async () => {
    const secret = await call<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Balance token", value: "Bearer tool-secret-1" } });
    const balance = { type: "webhook", name: "balance", description: "Balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
    const tool = await call<{ id: string }>("/v1/convai/tools", { method: "POST", json: { tool_config: balance } });
    expect((await call<{ used_by: { tools: { id: string }[] } }>(`/v1/convai/secrets/${secret.secret_id}`)).used_by.tools.map((t) => t.id)).toEqual([tool.id]);
    expect((await call<{ dependencies: { id: string }[] }>(`/v1/convai/secrets/${secret.secret_id}/dependencies/tools`)).dependencies.map((t) => t.id)).toEqual([tool.id]);
    expect((await call<{ dependencies: unknown[] }>(`/v1/convai/secrets/${secret.secret_id}/dependencies/agents`)).dependencies).toEqual([]);
    await call(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE" }, 400);
    expect(JSON.stringify(await call(`/v1/convai/tools/${tool.id}`))).not.toContain("tool-secret-1");
  });
});

describe("simulated conversations and agent tests", () => {
  it("simulates a conversation with a scripted user, mocking a tool, and analyses it with extra criteria", async () => {
    const agentId = await newAgent({ agent: { first_message: "Hello!", prompt: { prompt: "You help.", llm: "llama3.2", tools: [weather] } } });
    const simulated = await call<{ simulated_conversation: { role: string; message: string; tool_calls?: { tool_name: string }[]; tool_results?: { result_value: string }[] }[]; analysis: { call_successful: string; evaluation_criteria_results: Json } }>(
      `/v1/convai/agents/${agentId}/simulate-conversation`,
      {
        method: "POST",
        json: {
          simulation_specification: { simulated_user_config: { first_message: "Hi there.", prompt: { prompt: "weather city=Rome" } }, tool_mock_config: { weather: { default_return_value: "rain all week" } } },
          extra_evaluation_criteria: [{ id: "weather", name: "Weather", conversation_goal_prompt: "Tell the weather", type: "prompt" }],
          new_turns_limit: 5,
        },
      },
    );
    const transcript = simulated.simulated_conversation;
    expect(transcript.map((t) => [t.role, t.message])).toEqual([
      ["agent", "Hello!"],
      ["user", "Hi there."],
      ["agent", "You said: Hi there."],
      ["user", "weather city=Rome"],
      ["agent", "The weather tool answered: rain all week"],
    ]);
    expect(transcript[4]).toMatchObject({ tool_calls: [{ tool_name: "weather", params_as_json: '{"city":"Rome"}' }], tool_results: [{ result_value: "rain all week", is_error: false }] });
    expect(simulated.analysis.evaluation_criteria_results).toHaveProperty("weather");

    const streamed = await api(`/v1/convai/agents/${agentId}/simulate-conversation/stream`, { method: "POST", key, json: { simulation_specification: { simulated_user_config: { prompt: { prompt: "Hi." } } }, new_turns_limit: 1 } });
    expect(streamed.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = (await streamed.text()).trim().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(lines.slice(0, 3)).toEqual([[expect.objectContaining({ role: "agent", message: "Hello!" })], [expect.objectContaining({ role: "user", message: "Hi." })], [expect.objectContaining({ message: "You said: Hi." })]]);
    expect(lines.at(-1)).toMatchObject({ simulated_conversation: expect.any(Array), analysis: { call_successful: expect.any(String) } });
    expect((await api(`/v1/convai/agents/${agentId}/simulate-conversation`, { method: "POST", key: otherKey, json: { simulation_specification: { simulated_user_config: {} } } })).status).toBe(404);
  });

  it("keeps tests in folders and runs response, tool-call and simulation tests against the agent, judged by rules", async () => {
    const shop = await textDocument("Delivery takes three working days. Delivery is free above fifty euros.", "Shop");
    const retrievalAgent = await newAgent({ agent: { first_message: "Hello!", prompt: { knowledge_base: [{ type: "text", id: shop, name: "Shop" }] } } });
    const folder = await call<{ id: string; name: string }>("/v1/convai/agent-testing/folders", { method: "POST", json: { name: "Delivery" } });
    const responseTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
      method: "POST",
      json: { type: "llm", name: "Delivery time", parent_folder_id: folder.id, chat_history: [{ role: "user", message: "How long does delivery take?", time_in_call_secs: 0 }], success_condition: "The agent says how long delivery takes", success_examples: [{ response: "Delivery takes three working days.", type: "success" }], failure_examples: [{ response: "I don't know.", type: "failure" }] },
    });
    const wrongTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
      method: "POST",
      json: { type: "llm", name: "Opening hours", parent_folder_id: folder.id, chat_history: [{ role: "user", message: "When do you open on Sundays?", time_in_call_secs: 0 }], success_examples: [{ response: "We open at ten on Sundays.", type: "success" }] },
    });
    const simulationTest = await call<{ id: string }>("/v1/convai/agent-testing/create", { method: "POST", json: { type: "simulation", name: "Free delivery", simulation_scenario: "Is delivery free above fifty euros?", success_conditions: ["Delivery is free above fifty euros"], simulation_max_turns: 2 } });
    expect(await call(`/v1/convai/agent-testing/${responseTest.id}`)).toMatchObject({ type: "llm", name: "Delivery time", parent_folder_id: folder.id, success_condition: "The agent says how long delivery takes" });
    expect(await call(`/v1/convai/agent-testing/folders/${folder.id}`)).toEqual({ id: folder.id, name: "Delivery", folder_path: [{ id: folder.id, name: "Delivery" }], children_count: 2 });
    const listed = await call<{ tests: { id: string; entity_type: string }[] }>(`/v1/convai/agent-testing?parent_folder_id=${folder.id}`);
    expect(listed.tests.map((t) => t.id).sort()).toEqual([responseTest.id, wrongTest.id].sort());
    expect((await call<{ tests: Record<string, { name: string }> }>("/v1/convai/agent-testing/summaries", { method: "POST", json: { test_ids: [simulationTest.id] } })).tests[simulationTest.id]!.name).toBe("Free delivery");

    // A folder stands for every test in it.
    const started = await call<{ id: string; test_runs: { status: string }[] }>(`/v1/convai/agents/${retrievalAgent}/run-tests`, { method: "POST", json: { tests: [{ test_id: folder.id }, { test_id: simulationTest.id }] } });
    expect(started.test_runs.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    const done = await settled(started.id);
    const verdicts = Object.fromEntries(done.test_runs.map((r) => [r.test_name, r.status]));
    expect(verdicts).toEqual({ "Delivery time": "passed", "Opening hours": "failed", "Free delivery": "passed" });
    const passed = done.test_runs.find((r) => r.test_name === "Delivery time")!;
    expect(passed.agent_responses).toEqual([expect.objectContaining({ role: "agent", message: "Delivery takes three working days." })]);
    expect(passed.condition_result).toMatchObject({ result: "success" });
    const summary = (await call<{ results: Json[] }>(`/v1/convai/test-invocations?agent_id=${retrievalAgent}`)).results[0];
    expect(summary).toMatchObject({ id: started.id, test_run_count: 3, passed_count: 2, failed_count: 1, pending_count: 0 });

    // The failed test passes once the knowledge answers it (resubmitted with an override of the agent's prompt).
    const failed = done.test_runs.find((r) => r.status === "failed")!;
    await call(`/v1/convai/test-invocations/${started.id}/resubmit`, { method: "POST", json: { test_run_ids: [failed.test_run_id], agent_id: retrievalAgent, agent_config_override: { conversation_config: { agent: { prompt: { prompt: "We open at ten on Sundays." } } }, platform_settings: {} } } });
    expect((await settled(started.id)).test_runs.find((r) => r.test_run_id === failed.test_run_id)!.status).toBe("passed");

    // A tool-call test against an agent with a model: the weather tool with the city, exactly.
    const modelAgentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tools: [weather] } } });
    const toolTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
      method: "POST",
      json: { type: "tool", name: "Weather call", chat_history: [{ role: "user", message: "weather city=Oslo", time_in_call_secs: 0 }], tool_call_parameters: { referenced_tool: { id: "weather", type: "webhook" }, parameters: [{ path: "city", eval: { type: "exact", expected_value: "Oslo" } }] } },
    });
    const toolRun = await settled((await call<{ id: string }>(`/v1/convai/agents/${modelAgentId}/run-tests`, { method: "POST", json: { tests: [{ test_id: toolTest.id }] } })).id);
    expect(toolRun.test_runs[0]).toMatchObject({ status: "passed", agent_responses: [{ tool_calls: [{ tool_name: "weather", params_as_json: '{"city":"Oslo"}' }] }] });

    // A cancelled invocation leaves its pending runs cancelled (each of these waits a second for a tool that hangs).
    const slow = { type: "webhook", name: "stock_check", description: "Stock", response_timeout_secs: 1, api_schema: { url: "http://tools.test/slow", method: "GET" } };
    const slowAgent = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tools: [slow] } } });
    const slowTest = await call<{ id: string }>("/v1/convai/agent-testing/create", { method: "POST", json: { type: "simulation", name: "Stock", simulation_scenario: "stock_check", success_conditions: ["stock"], simulation_max_turns: 1 } });
    const cancelled = await call<{ id: string }>(`/v1/convai/agents/${slowAgent}/run-tests`, { method: "POST", json: { tests: [{ test_id: slowTest.id }], repeat_count: 3 } });
    await call(`/v1/convai/test-invocations/${cancelled.id}/cancel`, { method: "POST" });
    const afterCancel = await settled(cancelled.id);
    expect(afterCancel.cancelled).toBe(true);
    expect(afterCancel.test_runs.filter((r) => r.status === "cancelled").length).toBeGreaterThanOrEqual(2);
    // Moving and deleting tests and folders.
    await call("/v1/convai/agent-testing/bulk-move", { method: "POST", json: { entity_ids: [simulationTest.id], move_to: folder.id } });
    await call(`/v1/convai/agent-testing/folders/${folder.id}`, { method: "DELETE" }, 400);
    expect(await call(`/v1/convai/agent-testing/folders/${folder.id}`, { method: "PATCH", json: { name: "Shipping" } })).toMatchObject({ name: "Shipping", children_count: 3 });
    await call(`/v1/convai/agent-testing/folders/${folder.id}?force=true`, { method: "DELETE" });
    await call(`/v1/convai/agent-testing/${simulationTest.id}`, {}, 404);
    expect((await api(`/v1/convai/test-invocations/${started.id}`, { key: otherKey })).status).toBe(404);
  }, 60_000);
});

type Invocation = { cancelled: boolean; test_runs: { test_run_id: string; test_name: string; status: string; agent_responses: Json[]; condition_result?: Json }[] };
async function settled(id: string): Promise<Invocation> {
  for (let i = 0; i < 200; i++) {
    const invocation = await call<Invocation>(`/v1/convai/test-invocations/${id}`);
    if (!invocation.test_runs.some((r) => r.status === "pending")) return invocation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the tests did not finish");
}

describe("settings, tags, feedback, the analysis run again, search and agent details", () => {
  it("tags conversations, takes feedback, runs the analysis again with new criteria, searches messages and sends ended conversations to the post-call webhook", async () => {
    const documentId = await textDocument("Delivery takes three working days.", "Delivery");
    const agentId = await newAgent({ agent: { first_message: "Hi!", prompt: { knowledge_base: [{ type: "text", id: documentId, name: "Delivery" }] } }, conversation: { text_only: true } });
    const settingsBefore = await call<{ can_use_mcp_servers: boolean }>("/v1/convai/settings");
    expect(settingsBefore.can_use_mcp_servers).toBe(false);

    const live = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    live.send({ type: "conversation_initiation_client_data" });
    const metadata = await live.until((m) => m.type === "conversation_initiation_metadata");
    const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    expect((await call<{ count: number }>(`/v1/convai/analytics/live-count?agent_id=${agentId}`)).count).toBe(1);
    live.send({ type: "user_message", text: "How long does delivery take?" });
    await live.until((m) => m.type === "agent_response" && (m.agent_response_event as { agent_response: string }).agent_response.startsWith("Delivery"));
    live.socket.close(1000, "bye");
    await savedConversation(conversationId, key);
    expect((await call<{ count: number }>(`/v1/convai/analytics/live-count?agent_ids=${agentId}`)).count).toBe(0);

    const tag = await call<{ tag_id: string; title: string }>("/v1/convai/tags", { method: "POST", json: { title: "Delivery", description: "Questions about delivery" } });
    expect(await call(`/v1/convai/tags/${tag.tag_id}`, { method: "PATCH", json: { title: "Shipping" } })).toMatchObject({ title: "Shipping", description: "Questions about delivery" });
    await call(`/v1/convai/conversations/${conversationId}/tags`, { method: "POST", json: { tag_ids: [tag.tag_id] } });
    await call(`/v1/convai/conversations/${conversationId}/tags`, { method: "POST", json: { tag_ids: ["tag_nope"] } }, 404);
    expect((await call<{ conversations: { conversation_id: string }[] }>(`/v1/convai/conversations?tag_ids=${tag.tag_id}`)).conversations.map((c) => c.conversation_id)).toEqual([conversationId]);
    await call(`/v1/convai/conversations/${conversationId}/feedback`, { method: "POST", json: { feedback: "like" } });
    expect(await call(`/v1/convai/conversations/${conversationId}`)).toMatchObject({ tag_ids: [tag.tag_id], metadata: { feedback: { overall_score: "like", likes: 1, dislikes: 0 } } });
    await call(`/v1/convai/conversations/${conversationId}/tags/${tag.tag_id}`, { method: "DELETE" });
    expect((await call<{ conversation_tags: { tag_id: string }[] }>("/v1/convai/tags")).conversation_tags.map((t) => t.tag_id)).toContain(tag.tag_id);
    await call(`/v1/convai/tags/${tag.tag_id}`, { method: "DELETE" });
    await call(`/v1/convai/tags/${tag.tag_id}`, {}, 404);

    const summary = await call<{ messages: { role: string; message: string }[]; messages_omitted: boolean; note: string }>(`/v1/convai/conversations/${conversationId}/summary?max_messages=2`);
    expect(summary).toMatchObject({ message_count: 3, messages_omitted: true, messages: [{ role: "user", message: "How long does delivery take?" }, { role: "agent", message: "Delivery takes three working days." }] });

    // New criteria, judged over the saved transcript; then one of them alone.
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { platform_settings: { evaluation: { criteria: [{ id: "delivery", name: "Delivery", conversation_goal_prompt: "Explain how long delivery takes" }, { id: "refund", name: "Refund", conversation_goal_prompt: "Explain refunds" }] } } } });
    const analysed = await call<{ analysis: { call_successful: string; evaluation_criteria_results: Record<string, { result: string }> } }>(`/v1/convai/conversations/${conversationId}/analysis/run`, { method: "POST" });
    expect(analysed.analysis.evaluation_criteria_results).toMatchObject({ delivery: { result: "success" }, refund: { result: "failure" } });
    expect(analysed.analysis.call_successful).toBe("failure");
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { platform_settings: { evaluation: { criteria: [{ id: "delivery", name: "Delivery", conversation_goal_prompt: "Explain how long delivery takes" }, { id: "refund", name: "Refund", conversation_goal_prompt: "Explain how long delivery takes" }] } } } });
    const again = await call<{ analysis: { call_successful: string; evaluation_criteria_results: Record<string, { result: string }> } }>(`/v1/convai/conversations/${conversationId}/analysis/evaluations/run`, { method: "POST", json: { evaluation_id: "refund" } });
    expect(again.analysis).toMatchObject({ call_successful: "success", evaluation_criteria_results: { delivery: { result: "success" }, refund: { result: "success" } } });
    await call(`/v1/convai/conversations/${conversationId}/analysis/evaluations/run`, { method: "POST", json: { evaluation_id: "nope" } }, 404);

    const text = await call<{ results: { conversation_id: string; transcript_index: number; chunk_highlights: { value: string; is_hit: boolean }[] }[] }>("/v1/convai/conversations/messages/text-search?text_query=working%20days");
    expect(text.results).toEqual([expect.objectContaining({ conversation_id: conversationId, transcript_index: 2, chunk_highlights: [{ value: "Delivery takes three ", is_hit: false }, { value: "working days", is_hit: true }, { value: ".", is_hit: false }] })]);
    const ranked = await call<{ results: { transcript_index: number; score: number }[] }>(`/v1/convai/conversations/messages/smart-search?text_query=delivery%20days&agent_id=${agentId}`);
    expect(ranked.results[0]).toMatchObject({ transcript_index: 2 });
    expect((await api("/v1/convai/conversations/messages/text-search?text_query=working", { key: otherKey }).then((r) => r.json() as Promise<{ results: unknown[] }>)).results).toEqual([]);

    // The post-call webhook: named in the settings, it hears of the next conversation's end.
    const refused = await api("/v1/convai/settings", { method: "PATCH", key, json: { webhooks: { post_call_webhook_id: "wh_nope" } } });
    expect(refused.status).toBe(400);
    const webhook = await call<{ webhook_id: string }>("/v1/workspace/webhooks", { method: "POST", json: { settings: { auth_type: "hmac", name: "Calls", webhook_url: "https://hooks.example/calls", events: ["post_call_transcription"] } } });
    expect(await call("/v1/convai/settings", { method: "PATCH", json: { webhooks: { post_call_webhook_id: webhook.webhook_id } } })).toMatchObject({ webhooks: { post_call_webhook_id: webhook.webhook_id } });
    const second = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    second.send({ type: "conversation_initiation_client_data" });
    const secondId = ((await second.until((m) => m.type === "conversation_initiation_metadata")).conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    second.socket.close(1000, "bye");
    await savedConversation(secondId, key);
    let delivery: { payload: string } | null = null;
    for (let i = 0; i < 50 && !delivery; i++) {
      delivery = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE webhook_id = ? AND event_type = 'post_call_transcription'").bind(webhook.webhook_id).first<{ payload: string }>();
      if (!delivery) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivery!.payload).toContain(secondId);

    const users = await call<{ users: { conversation_count: number; last_contact_conversation_id: string }[] }>(`/v1/convai/users?agent_id=${agentId}`);
    expect(users.users).toEqual([expect.objectContaining({ conversation_count: 2, last_contact_conversation_id: secondId })]);
    expect(await call("/v1/convai/settings/dashboard", { method: "PATCH", json: { charts: [{ name: "Success", type: "call_success" }] } })).toEqual({ charts: [{ name: "Success", type: "call_success" }] });
    expect(await call("/v1/convai/settings/dashboard")).toEqual({ charts: [{ name: "Success", type: "call_success" }] });
  }, 60_000);

  it("answers an agent's summaries, link, widget configuration, knowledge size, prices, models and versions", async () => {
    const documentId = await textDocument("x".repeat(4500), "Long");
    const agentId = await newAgent({ agent: { language: "de", first_message: "Hallo!", prompt: { knowledge_base: [{ type: "text", id: documentId, name: "Long" }] } } }, { platform_settings: { widget: { variant: "compact", action_text: "Frag mich" } } });
    expect(await call(`/v1/convai/agents/summaries?agent_ids=${agentId}&agent_ids=agent_nope`)).toMatchObject({ [agentId]: { status: "success", data: { agent_id: agentId, name: "Shop assistant" } }, agent_nope: { status: "failure", error_code: 404 } });
    const link = await call<{ token: { conversation_token: string; purpose: string } }>(`/v1/convai/agents/${agentId}/link`);
    expect(link.token.purpose).toBe("signed_url");
    const opened = await connect(`/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${link.token.conversation_token}`, {});
    opened.send({ type: "conversation_initiation_client_data", conversation_config_override: { conversation: { text_only: true } } });
    await opened.until((m) => m.type === "conversation_initiation_metadata");
    opened.socket.close(1000, "bye");
    expect(await call(`/v1/convai/agents/${agentId}/widget`)).toEqual({ agent_id: agentId, widget_config: { variant: "compact", placement: "bottom-right", action_text: "Frag mich", language: "de", first_message: "Hallo!", text_only: false, supports_text_only: true } });
    expect(await call(`/v1/convai/agent/${agentId}/knowledge-base/size`)).toEqual({ number_of_pages: 3 });
    const prices = await call<{ llm_prices: { llm: string; price_per_minute: number }[] }>(`/v1/convai/agent/${agentId}/llm-usage/calculate`, { method: "POST", json: {} });
    expect(prices.llm_prices).toContainEqual({ llm: "parlance-retrieval-responder", price_per_minute: 600, price_per_message: 0, unit: "credits" });
    expect((await call<{ llm_prices: unknown[] }>("/v1/convai/llm-usage/calculate", { method: "POST", json: { prompt_length: 100, number_of_pages: 3, rag_enabled: true } })).llm_prices).toEqual(prices.llm_prices);
    const models = await call<{ llms: { llm: string; name: string }[] }>("/v1/convai/llm/list");
    expect(models.llms).toContainEqual(expect.objectContaining({ llm: "parlance-retrieval-responder", name: "Retrieval responder (not a language model)" }));
    expect(models.llms.map((m) => m.llm)).toContain("llama3.2");

    const first = await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`);
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { name: "Renamed", version_description: "A new name" } });
    const latest = await call<{ version_id: string; name: string }>(`/v1/convai/agents/${agentId}`);
    expect(latest.version_id).not.toBe(first.version_id);
    expect(await call(`/v1/convai/agents/${agentId}/versions/${latest.version_id}`)).toMatchObject({ agent_id: agentId, version_description: "A new name", seq_no_in_branch: 2 });
    expect(await call(`/v1/convai/agents/${agentId}?version_id=${first.version_id}`)).toMatchObject({ name: "Shop assistant", version_id: first.version_id });
    await call(`/v1/convai/agents/${agentId}/versions/agtvrsn_nope`, {}, 404);
    expect((await api(`/v1/convai/agents/${agentId}/link`, { key: otherKey })).status).toBe(404);
  });
});

describe("the knowledge-base page (/app/conversational-ai/knowledge-base)", () => {
  const PAGE = "/app/conversational-ai/knowledge-base";
  let cookie: string;
  let pageKey: string;
  type Result = { intent: string; error?: string; errors?: Record<string, string>; added?: string; attached?: string; inUse?: { id: string; message: string } };
  const post = async (fields: Record<string, string>) => {
    const sent = await fetcherPost(PAGE, fields, cookie);
    return { status: sent.status, result: sent.data as Result };
  };
  const listed = async () => ((await (await api("/v1/convai/knowledge-base?page_size=100", { key: pageKey })).json()) as { documents: { id: string; name: string; type: string }[] }).documents;

  beforeAll(async () => {
    cookie = await signUp("kb-page@example.com");
    pageKey = await createKey(cookie);
  });

  it("adds a text, a web page and a file; lists them with the agents that use them; refuses bad input", async () => {
    expect(await post({ intent: "text", name: "Hours", text: "The shop opens at nine." })).toMatchObject({ status: 200, result: { added: "Hours" } });
    expect(await post({ intent: "url", name: "", url: "https://docs.example/returns" })).toMatchObject({ status: 200, result: { added: "Returns" } });
    const upload = new FormData();
    upload.append("intent", "file");
    upload.append("name", "");
    upload.append("file", new File(["Delivery takes two days."], "delivery.txt", { type: "text/plain" }));
    const uploaded = await SELF.fetch(`${ORIGIN}${PAGE}.data`, { method: "POST", body: upload, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host } });
    expect(uploaded.status).toBe(200);
    expect((await listed()).map((d) => [d.name, d.type])).toEqual([
      ["delivery.txt", "file"],
      ["Returns", "url"],
      ["Hours", "text"],
    ]);
    expect(await post({ intent: "text", name: "", text: "   " })).toMatchObject({ status: 400, result: { errors: { text: KNOWLEDGE_PAGE_TEXTS.textMissing } } });
    expect(await post({ intent: "url", name: "", url: "ftp://docs.example/" })).toMatchObject({ status: 400, result: { errors: { url: KNOWLEDGE_PAGE_TEXTS.urlInvalid } } });
    expect(await post({ intent: "file", name: "x" })).toMatchObject({ status: 400, result: { errors: { file: KNOWLEDGE_PAGE_TEXTS.fileMissing } } });
    const notAForm = await SELF.fetch(`${ORIGIN}${PAGE}`, { method: "POST", body: "{}", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/json" } });
    expect(notAForm.status).toBe(400);
    const html = await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text();
    expect(html.match(/data-testid="knowledge-document-row"/g)).toHaveLength(3);
    const searched = await (await SELF.fetch(`${ORIGIN}${PAGE}?q=hour`, { headers: { cookie } })).text();
    expect(searched.match(/data-testid="knowledge-document-row"/g)).toHaveLength(1);
  });

  it("gives a document to an agent once, and deletes one in use only when asked to remove it from its agents", async () => {
    const agentId = ((await (await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Shop", conversation_config: {} } })).json()) as { agent_id: string }).agent_id;
    const hours = (await listed()).find((d) => d.name === "Hours")!;
    expect(await post({ intent: "attach", document_id: hours.id, agent_id: agentId })).toMatchObject({ status: 200, result: { attached: "Hours" } });
    expect(await post({ intent: "attach", document_id: hours.id, agent_id: agentId })).toMatchObject({ status: 409, result: { error: KNOWLEDGE_PAGE_TEXTS.alreadyUsed } });
    const agent = (await (await api(`/v1/convai/agents/${agentId}`, { key: pageKey })).json()) as { conversation_config: { agent: { prompt: { knowledge_base: { id: string }[] } } } };
    expect(agent.conversation_config.agent.prompt.knowledge_base.map((k) => k.id)).toEqual([hours.id]);
    expect((await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text())).toContain(`/app/conversational-ai/agents/${agentId}`);

    const refused = await post({ intent: "delete", document_id: hours.id });
    expect(refused.status).toBe(409);
    expect(refused.result.inUse).toMatchObject({ id: hours.id, message: expect.stringContaining("Shop") });
    expect((await listed()).some((d) => d.id === hours.id)).toBe(true);
    expect(await post({ intent: "delete", document_id: hours.id, force: "true" })).toMatchObject({ status: 200 });
    expect((await listed()).some((d) => d.id === hours.id)).toBe(false);
    const after = (await (await api(`/v1/convai/agents/${agentId}`, { key: pageKey })).json()) as typeof agent;
    expect(after.conversation_config.agent.prompt.knowledge_base).toEqual([]);
  });

  it("never reaches another workspace's documents or agents", async () => {
    const theirs = ((await (await api("/v1/convai/knowledge-base/text", { method: "POST", key: otherKey, json: { text: "Secret plans.", name: "Theirs" } })).json()) as { id: string }).id;
    const theirAgent = ((await (await api("/v1/convai/agents/create", { method: "POST", key: otherKey, json: { conversation_config: {} } })).json()) as { agent_id: string }).agent_id;
    const mine = (await listed())[0]!;
    expect((await post({ intent: "delete", document_id: theirs, force: "true" })).status).toBe(404);
    expect((await post({ intent: "attach", document_id: theirs, agent_id: theirAgent })).status).toBe(404);
    expect((await post({ intent: "attach", document_id: mine.id, agent_id: theirAgent })).status).toBe(404);
    expect((await api(`/v1/convai/knowledge-base/${theirs}`, { key: otherKey })).status).toBe(200);
    expect(await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text()).not.toContain("Theirs");
  });
});
