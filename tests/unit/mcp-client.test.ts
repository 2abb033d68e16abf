import { describe, expect, it } from "vitest";
import { McpError, openMcpSession, toolResultOf, type McpTransport } from "../../core/agents/mcp-client";
import { readServerSentEvents } from "../../core/http/server-sent-events";
import { MCP_TEST_TOOLS, mcpTestServer } from "../agents/mcp-server";

/** The test server as the client's fetch, recording each request's method, path and headers. */
function served(server = mcpTestServer({ token: "mcp-token" })) {
  const seen: { method: string; path: string; headers: Record<string, string> }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ method: request.method, path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers) });
    return server(request);
  }) as typeof fetch;
  return { fetcher, seen };
}

const URLS: Record<McpTransport, string> = { STREAMABLE_HTTP: "https://mcp.example/mcp", SSE: "https://mcp.example/sse" };

describe("the MCP client", () => {
  for (const transport of ["STREAMABLE_HTTP", "SSE"] as const) {
    it(`lists every page of tools and calls them over ${transport}`, async () => {
      const { fetcher, seen } = served();
      const session = await openMcpSession({ url: URLS[transport], transport, headers: { authorization: "Bearer mcp-token" }, timeoutMs: 2000, fetcher });
      const tools = await session.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TEST_TOOLS.map((t) => t.name));
      expect(tools[0]!.inputSchema).toEqual(MCP_TEST_TOOLS[0]!.inputSchema);
      expect(await session.callTool("get_weather", { city: "Oslo" })).toEqual({ isError: false, text: "Rain all week in Oslo." });
      expect(await session.callTool("add", { a: 2, b: 3 })).toEqual({ isError: false, text: '{"sum":5}' });
      expect(await session.callTool("ledger", {})).toEqual({ isError: true, text: "The ledger is locked." });
      await expect(session.callTool("nothing", {})).rejects.toThrow("Unknown tool: nothing");
      await session.close();
      if (transport === "STREAMABLE_HTTP") {
        // After initialize, each message carries the session and the agreed version; close ends the session.
        const later = seen.filter((r) => r.method === "POST").slice(1);
        expect(later.every((r) => r.headers["mcp-session-id"] === "session-1" && r.headers["mcp-protocol-version"] === "2025-06-18")).toBe(true);
        expect(seen.at(-1)).toMatchObject({ method: "DELETE", path: "/mcp" });
      } else {
        expect(seen.filter((r) => r.method === "POST").every((r) => r.path === "/messages")).toBe(true);
      }
    });
  }

  it("says why when the server refuses, times out, or names a message endpoint elsewhere", async () => {
    const { fetcher } = served();
    await expect(openMcpSession({ url: URLS.STREAMABLE_HTTP, transport: "STREAMABLE_HTTP", headers: {}, timeoutMs: 2000, fetcher })).rejects.toThrow("HTTP 401");
    const session = await openMcpSession({ url: URLS.STREAMABLE_HTTP, transport: "STREAMABLE_HTTP", headers: { authorization: "Bearer mcp-token" }, timeoutMs: 2000, fetcher });
    await expect(session.callTool("slow", {}, 200)).rejects.toThrow(new McpError("The MCP server did not answer tools/call within 0.2 seconds."));
    const elsewhere = (async () => new Response("event: endpoint\ndata: https://other.example/messages\n\n", { headers: { "content-type": "text/event-stream" } })) as unknown as typeof fetch;
    await expect(openMcpSession({ url: URLS.SSE, transport: "SSE", headers: {}, timeoutMs: 2000, fetcher: elsewhere })).rejects.toThrow("another origin");
    const redirect = (async () => new Response(null, { status: 302, headers: { location: "http://127.0.0.1/" } })) as unknown as typeof fetch;
    await expect(openMcpSession({ url: URLS.STREAMABLE_HTTP, transport: "STREAMABLE_HTTP", headers: {}, timeoutMs: 2000, fetcher: redirect })).rejects.toThrow("redirect");
  });

  it("reads a tool's answer as its text parts, else its structured content", () => {
    expect(toolResultOf({ content: [{ type: "text", text: "a" }, { type: "image", data: "x" }, { type: "text", text: "b" }] })).toEqual({ isError: false, text: "a\nb" });
    expect(toolResultOf({ content: [{ type: "resource", resource: { uri: "x", text: "inside" } }], isError: true })).toEqual({ isError: true, text: "inside" });
    expect(toolResultOf({ structuredContent: { n: 1 } })).toEqual({ isError: false, text: '{"n":1}' });
    expect(() => toolResultOf("no")).toThrow(McpError);
  });
});

describe("server-sent events", () => {
  const events = async (pieces: string[]) => {
    const stream = new Blob(pieces).stream();
    const out = [];
    for await (const event of readServerSentEvents(stream)) out.push(event);
    return out;
  };
  it("names events, joins data lines, skips comments, and splits lines across pieces and CR LF", async () => {
    expect(await events([": hi\n", "event: endpoint\r", "\ndata: /m\r\n\r\n", "data: a\ndata:", " b\n\n", "data: last"])).toEqual([
      { event: "endpoint", data: "/m", id: null },
      { event: "message", data: "a\nb", id: null },
      { event: "message", data: "last", id: null },
    ]);
  });
});
