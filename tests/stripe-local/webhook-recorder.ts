/**
 * Stands in for the billing worker in the "stripe-local" test project (a miniflare service binding that runs
 * in Node, see vitest.config.ts). It keeps every webhook delivery; tests read them back through the same
 * binding (GET /__deliveries?customer=cus_...), since test files run inside workerd and cannot see this
 * array. POST /__fail?customer=cus_... makes deliveries about that customer answer 500.
 */
interface Recorded {
  payload: string;
  signature: string | null;
  customer: string | null;
  status: number;
}

/** The customer an event is about: the object's `customer`, or the customer itself. */
function customerOf(payload: string): string | null {
  try {
    const event = JSON.parse(payload) as { data?: { object?: { object?: string; id?: string; customer?: unknown } } };
    const object = event.data?.object;
    if (typeof object?.customer === "string") return object.customer;
    return object?.object === "customer" && typeof object.id === "string" ? object.id : null;
  } catch {
    return null;
  }
}

export function stripeWebhookRecorder(): (request: Request) => Promise<Response> {
  const recorded: Recorded[] = [];
  const failing = new Set<string>();
  return async (request) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/__deliveries") {
      const customer = url.searchParams.get("customer");
      return Response.json(recorded.filter((entry) => customer === null || entry.customer === customer));
    }
    if (request.method === "POST" && url.pathname === "/__fail") {
      failing.add(url.searchParams.get("customer") ?? "");
      return new Response(null, { status: 204 });
    }
    if (request.method === "POST" && url.pathname === "/billing/stripe-webhook") {
      const payload = await request.text();
      const customer = customerOf(payload);
      const status = customer !== null && failing.has(customer) ? 500 : 200;
      recorded.push({ payload, signature: request.headers.get("stripe-signature"), customer, status });
      return new Response(status === 200 ? "ok" : "failing on purpose", { status });
    }
    return new Response("not found", { status: 404 });
  };
}
