/**
 * A web service that agents' webhook tools call, for the worker tests only (the app worker's outbound service,
 * vitest.config.ts): GET /weather?city= answers a forecast, /slow never answers in time, /broken answers 500,
 * GET /balance answers only with the header `authorization: Bearer tool-secret-1` (a workspace secret's value).
 * Requests to other hosts go out as they would.
 */
export function toolWebhooks(host: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
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
    if (url.pathname === "/broken") return new Response("internal error", { status: 500 });
    return new Response("not found", { status: 404 });
  };
}
