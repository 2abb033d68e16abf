import { describe, expect, it } from "vitest";
import { agentTools, conversationCredits, CONVERSATION_MINIMUM_CREDITS, coversFirstMinute, readySentences, TOOL_LIMITS, TOOL_TEXTS, toolsProblem, toolUrlProblem, webhookRequest, type WebhookTool } from "./llm";

describe("agent tools", () => {
  const prompt = {
    tools: [
      { type: "webhook", name: "order", description: "Orders", response_timeout_secs: 500, api_schema: { url: "https://shop.example/orders/{id}", method: "post", path_params_schema: { id: { type: "string" } }, query_params_schema: { properties: { lang: { type: "string" } } }, request_body_schema: { type: "object", properties: { qty: { type: "number" } }, required: ["qty"] } } },
      { type: "client", name: "open_page", description: "Opens a page", expects_response: true },
      { type: "system", name: "end_call" },
      { type: "webhook", name: "bad url", api_schema: { url: "https://x.example" } },
      { type: "webhook", name: "ftp", api_schema: { url: "ftp://x.example" } },
    ],
  };

  it("reads webhook and client tools (parameters merged from the path, query and body schemas), leaving out the rest", () => {
    const tools = agentTools(prompt);
    expect(tools.map((t) => t.name)).toEqual(["order", "open_page"]);
    expect(tools[0]).toMatchObject({ method: "POST", timeoutSeconds: TOOL_LIMITS.maxTimeoutSeconds, parameters: { properties: { id: {}, lang: {}, qty: {} }, required: ["id", "qty"] } });
    expect(tools[1]).toMatchObject({ kind: "client", expectsResponse: true, timeoutSeconds: TOOL_LIMITS.defaultTimeoutSeconds });
  });

  it("makes the webhook request: path parameters in the URL, query parameters, the rest as JSON", () => {
    const tool = { ...(agentTools(prompt)[0] as WebhookTool), headers: {} };
    expect(webhookRequest(tool, { id: "a/b", lang: "en", qty: 2 })).toEqual({
      url: "https://shop.example/orders/a%2Fb?lang=en",
      init: { method: "POST", headers: { accept: "application/json, text/plain;q=0.9", "content-type": "application/json" }, body: '{"qty":2}', redirect: "manual" },
    });
    expect(webhookRequest({ ...tool, method: "GET" }, { id: "1", qty: 2 }).url).toBe("https://shop.example/orders/1?qty=2");
  });
});

describe("streamed answers and charges", () => {
  it("gives the sentences that are complete and keeps the rest", () => {
    expect(readySentences("Hello there. How")).toEqual({ sentences: ["Hello there. "], rest: "How" });
    expect(readySentences("Hello there.")).toEqual({ sentences: [], rest: "Hello there." });
  });

  it("charges every started second at the minute's rate", () => {
    expect(conversationCredits(0)).toBe(0);
    expect(conversationCredits(1)).toBe(10);
    expect(conversationCredits(60_000)).toBe(600);
    expect(conversationCredits(61_500)).toBe(620);
  });
});

describe("webhook tool URLs (decision 0053)", () => {
  it("accepts public https URLs, with path templates", () => {
    expect(toolUrlProblem("order", "https://shop.example.com/orders/{id}", false)).toBeNull();
    expect(toolUrlProblem("order", "https://93.184.216.34/orders", false)).toBeNull();
  });

  it("refuses http in production, credentials in the URL, and text that is not a URL", () => {
    expect(toolUrlProblem("order", "http://shop.example.com/orders", false)).toBe(TOOL_TEXTS.urlNotHttps("order"));
    expect(toolUrlProblem("order", "http://shop.example.com/orders", true)).toBeNull();
    expect(toolUrlProblem("order", "ftp://shop.example.com/", true)).toBe(TOOL_TEXTS.urlNotHttps("order"));
    expect(toolUrlProblem("order", "https://me:secret@shop.example.com/", false)).toBe(TOOL_TEXTS.urlCredentials("order"));
    expect(toolUrlProblem("order", "/orders", false)).toBe(TOOL_TEXTS.urlInvalid("order"));
  });

  it("refuses this machine, private and link-local networks in every environment, whatever the spelling", () => {
    const internal = [
      "https://localhost/x",
      "https://api.localhost/x",
      "https://printer.local/x",
      "https://127.0.0.1/x",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://10.1.2.3/x",
      "https://172.16.0.1/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/x",
      "https://[::1]/x",
      "https://[fe80::1]/x",
      "https://[fd00::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://intranet/x",
    ];
    for (const url of internal) {
      expect(toolUrlProblem("t", url, false), url).toBe(TOOL_TEXTS.urlNotPublic("t"));
      expect(toolUrlProblem("t", url, true), url).toBe(TOOL_TEXTS.urlNotPublic("t"));
    }
  });

  it("refuses reserved names in production only (development's stand-ins answer at tools.test)", () => {
    expect(toolUrlProblem("t", "https://tools.test/weather", false)).toBe(TOOL_TEXTS.urlNotPublic("t"));
    expect(toolUrlProblem("t", "https://api.example/x", false)).toBe(TOOL_TEXTS.urlNotPublic("t"));
    expect(toolUrlProblem("t", "http://tools.test/weather", true)).toBeNull();
  });

  it("names the first webhook tool of a prompt with a refused URL; client tools have none", () => {
    const prompt = { tools: [{ type: "client", name: "open_page" }, { type: "webhook", name: "ok", api_schema: { url: "https://shop.example.com/a" } }, { type: "webhook", name: "meta", api_schema: { url: "http://169.254.169.254/" } }] };
    expect(toolsProblem(prompt, true)).toBe(TOOL_TEXTS.urlNotPublic("meta"));
    expect(toolsProblem({ tools: [{ type: "webhook", name: "none", api_schema: {} }] }, true)).toBe(TOOL_TEXTS.urlInvalid("none"));
    expect(toolsProblem({}, false)).toBeNull();
  });
});

describe("the credit check before a conversation", () => {
  it("starts a conversation only when its first minute is covered", () => {
    expect(coversFirstMinute(0, CONVERSATION_MINIMUM_CREDITS)).toBe(true);
    expect(coversFirstMinute(1, CONVERSATION_MINIMUM_CREDITS)).toBe(false);
    expect(coversFirstMinute(0, Infinity)).toBe(true);
  });
});
