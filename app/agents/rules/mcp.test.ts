import { describe, expect, it } from "vitest";
import { MCP_TEXTS, mcpConfig, mcpConfigProblem, mcpSecretIds } from "./mcp";

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
