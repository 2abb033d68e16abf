import { mcpTestServer } from "./mcp-server";

/**
 * A web service that agents' webhook tools call, for the worker tests only (the app worker's outbound service,
 * vitest.config.ts): GET /weather?city= answers a forecast, /slow never answers in time, /broken answers 500,
 * GET /balance answers only with the header `authorization: Bearer tool-secret-1` (a workspace secret's value).
 * GET /echo/<path> answers with the path and the headers x-key and authorization it was called with (environment
 * variables, decision 0098).
 * An OAuth2 token endpoint (RFC 6749 §4.4): POST /token grants `cc-token-N` to client `shop-client` with secret
 * `shop-secret` (in the body or by Basic), GET /ledger answers only with the newest such token, GET /tokens-issued
 * says how many were granted. MCP servers (tests/agents/mcp-server.ts) answer at mcp.test, and at mcp-auth.test
 * with the token `mcp-token`. Requests to other hosts go out as they would.
 */
export function toolWebhooks(host: string): (request: Request) => Promise<Response> {
  let issued = 0;
  const mcp = mcpTestServer();
  const mcpWithToken = mcpTestServer({ token: "mcp-token" });
  return async (request) => {
    const url = new URL(request.url);
    if (url.host === "mcp.test") return mcp(request);
    if (url.host === "mcp-auth.test") return mcpWithToken(request);
    if (url.host !== host) return fetch(request);
    if (url.pathname === "/weather" && request.method === "GET") return Response.json({ forecast: `sunny in ${url.searchParams.get("city") ?? "nowhere"}` });
    if (url.pathname === "/orders" && request.method === "POST") {
      const body = (await request.json()) as { item?: unknown };
      return Response.json({ ordered: body.item ?? null, id: "order-1" });
    }
    if (url.pathname === "/slow") {
      // Longer than the tool's timeout in the test, short enough not to keep the run waiting.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      return Response.json({ late: true });
    }
    if (url.pathname === "/balance") return request.headers.get("authorization") === "Bearer tool-secret-1" ? Response.json({ balance: 42 }) : new Response("unauthorized", { status: 401 });
    if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await request.text());
      const basic = request.headers.get("authorization")?.match(/^Basic (.+)$/)?.[1];
      const [id, secret] = basic ? atob(basic).split(":").map(decodeURIComponent) : [form.get("client_id"), form.get("client_secret")];
      if (form.get("grant_type") !== "client_credentials") return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
      if (id !== "shop-client" || secret !== "shop-secret") return Response.json({ error: "invalid_client" }, { status: 401 });
      issued += 1;
      return Response.json({ access_token: `cc-token-${issued}`, token_type: "Bearer", expires_in: 3600, scope: form.get("scope") ?? "" });
    }
    if (url.pathname === "/tokens-issued") return Response.json({ issued });
    if (url.pathname === "/ledger") return request.headers.get("authorization") === `Bearer cc-token-${issued}` && issued > 0 ? Response.json({ ledger: "balanced" }) : new Response("unauthorized", { status: 401 });
    if (url.pathname.startsWith("/echo/")) return Response.json({ path: url.pathname.slice("/echo/".length), key: request.headers.get("x-key"), authorization: request.headers.get("authorization") });
    if (url.pathname === "/broken") return new Response("internal error", { status: 500 });
    return new Response("not found", { status: 404 });
  };
}
