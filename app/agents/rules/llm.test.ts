import { describe, expect, it } from "vitest";
import { agentTools, conversationCredits, readySentences, TOOL_LIMITS, webhookRequest, type WebhookTool } from "./llm";

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
    const tool = agentTools(prompt)[0] as WebhookTool;
    expect(webhookRequest(tool, { id: "a/b", lang: "en", qty: 2 })).toEqual({
      url: "https://shop.example/orders/a%2Fb?lang=en",
      init: { method: "POST", headers: { accept: "application/json, text/plain;q=0.9", "content-type": "application/json" }, body: '{"qty":2}' },
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
