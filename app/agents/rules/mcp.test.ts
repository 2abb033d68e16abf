import { describe, expect, it } from "vitest";
import { MCP_TEXTS, mcpApprovalState, mcpConfig, mcpConfigProblem, mcpSecretIds, mcpServerIdsOfPrompt, mcpToolTimeoutSeconds, mcpToolUse, mcpUrlProblem, modelToolName, withoutToolApproval, withToolApproval } from "./mcp";
import { parseClientMessage } from "./protocol";

describe("MCP server configurations", () => {
  it("needs a name and an http(s) URL or a secret, and known transports and policies", () => {
    expect(mcpConfigProblem({ name: "Docs", url: "https://mcp.example.com/sse" })).toBeNull();
    expect(mcpConfigProblem({ name: "Docs", url: { secret_id: "s1" }, transport: "STREAMABLE_HTTP" })).toBeNull();
    expect(mcpConfigProblem({ name: " ", url: "https://mcp.example.com" })).toBe(MCP_TEXTS.nameRequired);
    expect(mcpConfigProblem({ name: "Docs", url: "ftp://mcp.example.com" })).toBe(MCP_TEXTS.urlRequired);
    expect(mcpConfigProblem({ name: "Docs", url: "not a url" })).toBe(MCP_TEXTS.urlRequired);
    expect(mcpConfigProblem({ name: "Docs", url: "https://x.example", transport: "WS" })).toBe(MCP_TEXTS.badTransport);
    expect(mcpConfigProblem({ name: "Docs", url: "https://x.example", approval_policy: "sometimes" })).toBe(MCP_TEXTS.badPolicy);
  });

  it("reads the secrets it names and keeps the API's defaults under what was sent", () => {
    expect(mcpSecretIds({ url: { secret_id: "a" }, secret_token: { secret_id: "b" }, request_headers: { Authorization: { secret_id: "a" }, X: "plain" } })).toEqual(["a", "b"]);
    expect(mcpConfigProblem(mcpConfig({ url: "https://x.example" }))).toBe(MCP_TEXTS.nameRequired);
    expect(mcpConfig({ name: " Docs ", url: "https://x.example", approval_policy: "auto_approve_all" })).toEqual({ name: "Docs", url: "https://x.example", approval_policy: "auto_approve_all", tool_approval_hashes: [], transport: "SSE", request_headers: {}, tool_config_overrides: [] });
  });
});

describe("MCP servers in conversations (decision 0084)", () => {
  it("reaches https public hosts in production, and http or this machine in development too", () => {
    expect(mcpUrlProblem("https://mcp.example.com/mcp", true)).toBeNull();
    expect(mcpUrlProblem("http://mcp.example.com/mcp", true)).toBe(MCP_TEXTS.urlNotHttps);
    expect(mcpUrlProblem("https://127.0.0.1:8000/mcp", true)).toBe(MCP_TEXTS.urlNotPublic);
    expect(mcpUrlProblem("https://10.1.2.3/mcp", true)).toBe(MCP_TEXTS.urlNotPublic);
    expect(mcpUrlProblem("http://localhost:8000/mcp", false)).toBeNull();
    expect(mcpUrlProblem("https://user:pw@mcp.example.com", false)).toBe(MCP_TEXTS.urlRequired);
    expect(mcpConfigProblem({ name: "Local", url: "http://localhost:8000/sse" }, true)).toBe(MCP_TEXTS.urlNotHttps);
    expect(mcpConfigProblem({ name: "Local", url: "http://localhost:8000/sse" }, false)).toBeNull();
  });

  it("applies the approval policy to each tool: all called, all asked, or per tool as approved now", () => {
    const approvals = [
      { tool_name: "search", tool_hash: "h1", approval_policy: "auto_approved" },
      { tool_name: "send", tool_hash: "h2", approval_policy: "requires_approval" },
    ];
    expect(mcpToolUse({ approval_policy: "auto_approve_all" }, "anything", "x")).toBe("call");
    expect(mcpToolUse({ approval_policy: "require_approval_all" }, "anything", "x")).toBe("ask");
    expect(mcpToolUse({}, "anything", "x")).toBe("ask");
    const perTool = { approval_policy: "require_approval_per_tool", tool_approval_hashes: approvals };
    expect(mcpToolUse(perTool, "search", "h1")).toBe("call");
    expect(mcpToolUse(perTool, "send", "h2")).toBe("ask");
    // Changed since it was approved, or never approved: left out.
    expect(mcpToolUse(perTool, "search", "changed")).toBe("disabled");
    expect(mcpToolUse(perTool, "delete", "h3")).toBe("disabled");
    expect(mcpApprovalState(perTool, "search", "changed")).toEqual({ state: "needs_review", policy: "auto_approved" });
    expect(mcpApprovalState(perTool, "delete", "h3")).toEqual({ state: "not_approved", policy: null });
  });

  it("keeps one approval per tool, and withdraws only one that is kept", () => {
    const kept = withToolApproval(withToolApproval({ name: "x" }, { tool_name: "a", tool_hash: "h1", approval_policy: "auto_approved" }), { tool_name: "a", tool_hash: "h2", approval_policy: "requires_approval" });
    expect(kept.tool_approval_hashes).toEqual([{ tool_name: "a", tool_hash: "h2", approval_policy: "requires_approval" }]);
    expect(withoutToolApproval(kept, "a")).toEqual({ config: { name: "x", tool_approval_hashes: [] } });
    expect(withoutToolApproval(kept, "b")).toEqual({ refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.toolNotApproved("b") } });
  });

  it("times a call by the tool's override, else the server's, within 5-300 seconds", () => {
    const config = { response_timeout_secs: 12, tool_config_overrides: [{ tool_name: "slow", response_timeout_secs: 1000 }, { tool_name: "quick", response_timeout_secs: 1 }] };
    expect(mcpToolTimeoutSeconds(config, "other")).toBe(12);
    expect(mcpToolTimeoutSeconds(config, "slow")).toBe(300);
    expect(mcpToolTimeoutSeconds(config, "quick")).toBe(5);
    expect(mcpToolTimeoutSeconds({}, "any")).toBe(30);
  });

  it("names each tool for the model uniquely and validly, and reads the prompt's server ids", () => {
    expect(modelToolName("search", "Docs", new Set())).toBe("search");
    expect(modelToolName("search", "Docs", new Set(["search"]))).toBe("Docs_search");
    expect(modelToolName("search", "Docs", new Set(["search", "Docs_search"]))).toBe("Docs_search_2");
    expect(modelToolName("look up.v2", "My Docs", new Set())).toBe("My_Docs_look_up_v2");
    expect(mcpServerIdsOfPrompt({ mcp_server_ids: ["a", "a", "", 3, "b"] })).toEqual(["a", "b"]);
    expect(mcpServerIdsOfPrompt(null)).toEqual([]);
  });

  it("reads the client's approval of a tool call", () => {
    expect(parseClientMessage(JSON.stringify({ type: "mcp_tool_approval_result", tool_call_id: "c1", is_approved: true }))).toEqual({ ok: true, message: { kind: "mcp-approval", toolCallId: "c1", approved: true } });
    expect(parseClientMessage(JSON.stringify({ type: "mcp_tool_approval_result", tool_call_id: "c1" }))).toEqual({ ok: false, error: "mcp_tool_approval_result needs tool_call_id and is_approved." });
  });
});
