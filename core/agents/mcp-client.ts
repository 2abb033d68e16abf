// A Model Context Protocol client (decision 0084): JSON-RPC 2.0 over the two HTTP transports MCP servers speak,
// Streamable HTTP (protocol 2025-06-18: one POST per message, answered as JSON or as an event stream, a session id
// in a header) and the older HTTP+SSE (2024-11-05: an event stream opened by GET names the URL to POST to; the
// answers come on that stream). Only what agents need: initialize, tools/list and tools/call.
import { readServerSentEvents } from "../http/server-sent-events";

export const MCP_PROTOCOL_VERSION = "2025-06-18";
export const MCP_LEGACY_PROTOCOL_VERSION = "2024-11-05";
const CLIENT_INFO = { name: "parlance", version: "1.0.0" };
/** At most this many pages of tools/list are read (a server that pages forever is cut off). */
const MAX_TOOL_PAGES = 10;

export type McpTransport = "SSE" | "STREAMABLE_HTTP";
/** A tool as the server lists it (the SDK's Tool: name, title, description, inputSchema, annotations, ...). */
export type McpTool = { name: string; title?: string; description?: string; inputSchema: Record<string, unknown>; [key: string]: unknown };
/** A tool's answer flattened to text for the model: its text parts, else its structured content. */
export type McpToolResult = { isError: boolean; text: string };

export class McpError extends Error {}

export type McpConnection = {
  url: string;
  transport: McpTransport;
  headers: Record<string, string>;
  /** Each request's limit (the connection's opening and each call). */
  timeoutMs: number;
  fetcher?: typeof fetch;
  /** Why a URL may not be fetched (the SSE transport's message URL is checked like the server's), or null. */
  urlProblem?: (url: string) => string | null;
};

export interface McpSession {
  listTools(): Promise<McpTool[]>;
  callTool(name: string, args: Record<string, unknown>, timeoutMs?: number): Promise<McpToolResult>;
  close(): Promise<void>;
}

type JsonRpcResponse = { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code?: number; message?: string } };
type Rpc = {
  request(method: string, params: Record<string, unknown>, timeoutMs?: number): Promise<unknown>;
  notify(method: string): Promise<void>;
  close(): Promise<void>;
  /** The version initialize agreed on (Streamable HTTP sends it with every later message). */
  protocolVersion?: string;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Opens a session: the transport, then initialize and the initialized notification. */
export async function openMcpSession(connection: McpConnection): Promise<McpSession> {
  const rpc = connection.transport === "SSE" ? await legacySseRpc(connection) : streamableHttpRpc(connection);
  try {
    const init = await rpc.request("initialize", {
      protocolVersion: connection.transport === "SSE" ? MCP_LEGACY_PROTOCOL_VERSION : MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    if (!isObject(init) || typeof init.protocolVersion !== "string") throw new McpError("The MCP server's initialize answer has no protocolVersion.");
    rpc.protocolVersion = init.protocolVersion;
    await rpc.notify("notifications/initialized");
  } catch (error) {
    await rpc.close();
    throw error;
  }
  return {
    async listTools() {
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const result = await rpc.request("tools/list", cursor ? { cursor } : {});
        if (!isObject(result) || !Array.isArray(result.tools)) throw new McpError("The MCP server's tools/list answer has no tools.");
        for (const tool of result.tools) if (isObject(tool) && typeof tool.name === "string") tools.push({ ...tool, name: tool.name, inputSchema: isObject(tool.inputSchema) ? tool.inputSchema : { type: "object" } });
        cursor = typeof result.nextCursor === "string" && result.nextCursor ? result.nextCursor : undefined;
        if (!cursor) break;
      }
      return tools;
    },
    async callTool(name, args, timeoutMs) {
      const result = await rpc.request("tools/call", { name, arguments: args }, timeoutMs);
      return toolResultOf(result);
    },
    close: () => rpc.close(),
  };
}

/** A tools/call result as text: the text parts joined, else the structured content as JSON; isError kept. */
export function toolResultOf(result: unknown): McpToolResult {
  if (!isObject(result)) throw new McpError("The MCP server's tools/call answer is not an object.");
  const parts = Array.isArray(result.content) ? result.content.filter(isObject) : [];
  const texts = parts.map((p) => (p.type === "text" && typeof p.text === "string" ? p.text : p.type === "resource" && isObject(p.resource) && typeof p.resource.text === "string" ? p.resource.text : "")).filter(Boolean);
  const text = texts.length ? texts.join("\n") : result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : "";
  return { isError: result.isError === true, text };
}

/** The answer to the request with this id among JSON-RPC messages (a batch or one), or undefined. */
function answerTo(message: unknown, id: number): JsonRpcResponse | undefined {
  const all = Array.isArray(message) ? message : [message];
  return all.find((m): m is JsonRpcResponse => isObject(m) && m.id === id && ("result" in m || "error" in m));
}

function resultOf(answer: JsonRpcResponse, method: string): unknown {
  if (answer.error) throw new McpError(`The MCP server refused ${method}: ${answer.error.message ?? "error"}${answer.error.code !== undefined ? ` (${answer.error.code})` : ""}.`);
  return answer.result;
}

async function withTimeout<T>(timeoutMs: number, what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as passed on: a body being read, or a fetch that ignores its signal, cannot outlast the limit.
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error("timed out"));
    }, timeoutMs);
  });
  const running = run(abort.signal);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } catch (error) {
    if (abort.signal.aborted) throw new McpError(`The MCP server did not answer ${what} within ${+(timeoutMs / 1000).toFixed(1)} seconds.`);
    throw error instanceof McpError ? error : new McpError(`The MCP server could not be reached: ${error instanceof Error ? error.message : String(error)}.`);
  } finally {
    clearTimeout(timer);
  }
}

function refuseRedirect(response: Response): void {
  if (response.status >= 300 && response.status < 400) throw new McpError("The MCP server answered with a redirect, which is not followed.");
}

/** Streamable HTTP: each message POSTed; a request's answer is the JSON body or an event on the answer's stream. */
function streamableHttpRpc(connection: McpConnection): Rpc {
  const fetcher = connection.fetcher ?? fetch;
  let sessionId: string | null = null;
  let nextId = 1;
  const rpc: Rpc = {
    async request(method, params, timeoutMs = connection.timeoutMs) {
      const id = nextId++;
      return withTimeout(timeoutMs, method, async (signal) => {
        const response = await post({ jsonrpc: "2.0", id, method, params }, signal);
        if (!response.ok) throw new McpError(`The MCP server answered ${method} with HTTP ${response.status}.`);
        const type = response.headers.get("content-type") ?? "";
        if (type.includes("text/event-stream") && response.body) {
          for await (const event of readServerSentEvents(response.body)) {
            const answer = answerTo(safeJson(event.data), id);
            if (answer) return resultOf(answer, method);
          }
          throw new McpError(`The MCP server's stream ended without answering ${method}.`);
        }
        const answer = answerTo(safeJson(await response.text()), id);
        if (!answer) throw new McpError(`The MCP server's answer to ${method} is not JSON-RPC.`);
        return resultOf(answer, method);
      });
    },
    async notify(method) {
      await withTimeout(connection.timeoutMs, method, async (signal) => {
        const response = await post({ jsonrpc: "2.0", method }, signal);
        await response.body?.cancel();
        if (!response.ok) throw new McpError(`The MCP server answered ${method} with HTTP ${response.status}.`);
      });
    },
    async close() {
      if (!sessionId) return;
      // Ends the server's session; a server that does not allow it (405) or is gone changes nothing here.
      await fetcher(connection.url, { method: "DELETE", headers: headers(), redirect: "manual", signal: AbortSignal.timeout(connection.timeoutMs) })
        .then((r) => r.body?.cancel())
        .catch(() => undefined);
    },
  };
  const headers = () => ({
    ...connection.headers,
    ...(sessionId ? { "mcp-session-id": sessionId } : {}),
    ...(rpc.protocolVersion ? { "mcp-protocol-version": rpc.protocolVersion } : {}),
  });
  async function post(message: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const response = await fetcher(connection.url, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(message),
      redirect: "manual",
      signal,
    });
    refuseRedirect(response);
    sessionId = response.headers.get("mcp-session-id") ?? sessionId;
    return response;
  }
  return rpc;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * HTTP+SSE: a GET opens the event stream; its first `endpoint` event names where messages are POSTed (on the
 * server's own origin only); each answer arrives on the stream as a `message` event.
 */
async function legacySseRpc(connection: McpConnection): Promise<Rpc> {
  const fetcher = connection.fetcher ?? fetch;
  const abort = new AbortController();
  const waiting = new Map<number, (answer: JsonRpcResponse) => void>();
  let closed: McpError | null = null;
  let nextId = 1;
  const opened = await withTimeout(connection.timeoutMs, "the event stream", async (signal) => {
    signal.addEventListener("abort", () => abort.abort());
    const response = await fetcher(connection.url, { method: "GET", headers: { ...connection.headers, accept: "text/event-stream" }, redirect: "manual", signal: abort.signal });
    refuseRedirect(response);
    if (!response.ok || !response.body) throw new McpError(`The MCP server's event stream answered HTTP ${response.status}.`);
    const events = readServerSentEvents(response.body)[Symbol.asyncIterator]();
    for (;;) {
      const next = await events.next();
      if (next.done) throw new McpError("The MCP server's event stream ended before naming its message endpoint.");
      if (next.value.event === "endpoint") return { events, endpoint: new URL(next.value.data.trim(), connection.url).toString() };
    }
  });
  const { events, endpoint } = opened;
  if (new URL(endpoint).origin !== new URL(connection.url).origin) {
    abort.abort();
    throw new McpError("The MCP server named a message endpoint on another origin, which is not followed.");
  }
  const problem = connection.urlProblem?.(endpoint);
  if (problem) {
    abort.abort();
    throw new McpError(problem);
  }
  // The stream is read for as long as the session lasts: each answer goes to the request waiting for it.
  void (async () => {
    try {
      for (;;) {
        const next = await events.next();
        if (next.done) break;
        if (next.value.event !== "message") continue;
        const message = safeJson(next.value.data);
        for (const m of Array.isArray(message) ? message : [message]) if (isObject(m) && typeof m.id === "number") waiting.get(m.id)?.(m as JsonRpcResponse);
      }
    } catch {
      // aborted by close(), or the connection dropped: the waiting requests are told below
    }
    closed ??= new McpError("The MCP server's event stream closed.");
    for (const resolve of waiting.values()) resolve({ error: { message: closed.message } });
  })();
  async function post(message: Record<string, unknown>, signal: AbortSignal): Promise<void> {
    const response = await fetcher(endpoint, { method: "POST", headers: { ...connection.headers, "content-type": "application/json" }, body: JSON.stringify(message), redirect: "manual", signal });
    refuseRedirect(response);
    await response.body?.cancel();
    if (!response.ok) throw new McpError(`The MCP server answered ${String(message.method)} with HTTP ${response.status}.`);
  }
  return {
    async request(method, params, timeoutMs = connection.timeoutMs) {
      if (closed) throw closed;
      const id = nextId++;
      const answered = new Promise<JsonRpcResponse>((resolve) => waiting.set(id, resolve));
      try {
        return await withTimeout(timeoutMs, method, async (signal) => {
          await post({ jsonrpc: "2.0", id, method, params }, signal);
          return resultOf(await answered, method);
        });
      } finally {
        waiting.delete(id);
      }
    },
    async notify(method) {
      await withTimeout(connection.timeoutMs, method, (signal) => post({ jsonrpc: "2.0", method }, signal));
    },
    async close() {
      closed ??= new McpError("The MCP session was closed.");
      abort.abort();
    },
  };
}
