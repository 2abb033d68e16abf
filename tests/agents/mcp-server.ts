/**
 * An MCP server for tests only (decision 0084), speaking both HTTP transports: Streamable HTTP at /mcp (a session
 * id from initialize required after it; tools/list answered as JSON in pages of two, tools/call as an event
 * stream) and HTTP+SSE at /sse (the stream names /messages?session=ID; answers arrive on the stream). With a
 * token, every request must carry `authorization: Bearer <token>`. Tools: get_weather(city), add(a, b) (structured
 * content), ledger() (an error result), slow() (answers after three seconds). GET /mcp-calls lists the calls made.
 */
type Json = Record<string, unknown>;

export const MCP_TEST_TOOLS = [
  { name: "get_weather", description: "Tells the weather forecast for a city.", inputSchema: { type: "object", properties: { city: { type: "string", description: "The city" } }, required: ["city"] } },
  { name: "add", description: "Adds two numbers.", inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
  { name: "ledger", description: "Reads the ledger.", inputSchema: { type: "object", properties: {} } },
  { name: "slow", description: "Takes its time.", inputSchema: { type: "object", properties: {} } },
];
const PAGE = 2;

export function mcpTestServer(options: { token?: string } = {}): (request: Request) => Promise<Response> {
  const sessions = new Set<string>();
  const streams = new Map<string, WritableStreamDefaultWriter<Uint8Array>>();
  const calls: { tool: string; arguments: unknown }[] = [];
  const encoder = new TextEncoder();
  let counter = 0;

  async function answer(message: Json): Promise<Json | null> {
    const id = message.id;
    if (id === undefined) return null;
    const params = (message.params ?? {}) as Json;
    const ok = (result: Json) => ({ jsonrpc: "2.0", id, result });
    switch (message.method) {
      case "initialize":
        return ok({ protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: { name: "test-mcp", version: "1.0.0" } });
      case "tools/list": {
        const start = Number(params.cursor ?? 0);
        const next = start + PAGE < MCP_TEST_TOOLS.length ? String(start + PAGE) : undefined;
        return ok({ tools: MCP_TEST_TOOLS.slice(start, start + PAGE), ...(next ? { nextCursor: next } : {}) });
      }
      case "tools/call": {
        const args = (params.arguments ?? {}) as Json;
        calls.push({ tool: String(params.name), arguments: args });
        if (params.name === "get_weather") return ok({ content: [{ type: "text", text: `Rain all week in ${String(args.city)}.` }] });
        if (params.name === "add") return ok({ content: [], structuredContent: { sum: Number(args.a) + Number(args.b) } });
        if (params.name === "ledger") return ok({ content: [{ type: "text", text: "The ledger is locked." }], isError: true });
        if (params.name === "slow") {
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return ok({ content: [{ type: "text", text: "finally" }] });
        }
        return { jsonrpc: "2.0", id, error: { code: -32602, message: `Unknown tool: ${String(params.name)}` } };
      }
      default:
        return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
    }
  }

  const sse = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/mcp-calls") return Response.json(calls);
    if (options.token && request.headers.get("authorization") !== `Bearer ${options.token}`) return new Response("unauthorized", { status: 401 });

    if (url.pathname === "/mcp") {
      if (request.method === "DELETE") {
        sessions.delete(request.headers.get("mcp-session-id") ?? "");
        return new Response(null, { status: 200 });
      }
      if (request.method !== "POST") return new Response("method not allowed", { status: 405 });
      if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) return new Response("accept both JSON and event streams", { status: 406 });
      const message = (await request.json()) as Json;
      if (message.method === "initialize") {
        const session = `session-${++counter}`;
        sessions.add(session);
        return Response.json(await answer(message), { headers: { "mcp-session-id": session } });
      }
      if (!sessions.has(request.headers.get("mcp-session-id") ?? "")) return Response.json({ jsonrpc: "2.0", id: message.id ?? null, error: { code: -32000, message: "No valid session" } }, { status: 400 });
      const reply = await answer(message);
      if (!reply) return new Response(null, { status: 202 });
      if (message.method !== "tools/call") return Response.json(reply);
      // A call's answer as an event stream, after a progress notification (which the client must pass over).
      const body = new Blob([sse("message", { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } }), sse("message", reply)]).stream();
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }

    if (url.pathname === "/sse" && request.method === "GET") {
      const session = `legacy-${++counter}`;
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
      const writer = writable.getWriter();
      streams.set(session, writer);
      void writer.write(sse("endpoint", `/messages?session=${session}`));
      return new Response(readable, { headers: { "content-type": "text/event-stream" } });
    }
    if (url.pathname === "/messages" && request.method === "POST") {
      const writer = streams.get(url.searchParams.get("session") ?? "");
      if (!writer) return new Response("unknown session", { status: 404 });
      const message = (await request.json()) as Json;
      void answer(message).then((reply) => (reply ? writer.write(sse("message", reply)) : undefined)).catch(() => undefined);
      return new Response("Accepted", { status: 202 });
    }
    return new Response("not found", { status: 404 });
  };
}
