/**
 * How one API call runs: parse Stripe's form encoding, replay or record the Idempotency-Key, run the
 * operation in one storage transaction (an error rolls everything back), apply `expand[]`, then deliver the
 * events it recorded, in order, before answering.
 */
import type { StripeLocalEnv } from "./env";
import { StripeApiError } from "./errors";
import { parseForm, strings, type FormObject } from "./form";
import { newId, PREFIX } from "./ids";
import { publicView } from "./objects";
import type { Store, StripeObject } from "./store";
import { API_VERSION, Tx } from "./tx";
import { deliverAll } from "./webhooks";

export interface Account {
  store: Store;
  env: StripeLocalEnv;
  /** Runs `fn` atomically: if it throws, none of its writes happen. */
  transaction<T>(fn: () => T): T;
}

export type Operation = (tx: Tx, params: FormObject, request: Request) => object;

/** Query string and form body together, as Stripe reads GET and DELETE parameters from the query. */
export async function readParams(request: Request): Promise<{ params: FormObject; raw: string }> {
  const url = new URL(request.url);
  // Read as bytes: workerd warns when .text() is called on a form-encoded body.
  const raw = request.method === "GET" || request.method === "HEAD" ? "" : new TextDecoder().decode(await request.arrayBuffer());
  const params = parseForm(url.searchParams);
  const type = request.headers.get("content-type") ?? "";
  if (raw && (type.includes("application/x-www-form-urlencoded") || type === "")) Object.assign(params, parseForm(raw));
  return { params, raw };
}

export async function runApi(account: Account, request: Request, operation: Operation): Promise<Response> {
  const requestId = newId(PREFIX.request, 14);
  const { params, raw } = await readParams(request);
  const url = new URL(request.url);
  const route = `${request.method} ${url.pathname}`;
  const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
  const fingerprint = `${route}\n${raw}`;
  const headers = { "content-type": "application/json", "request-id": requestId, "stripe-version": API_VERSION };

  if (idempotencyKey) {
    const stored = account.store.getIdempotent(idempotencyKey, route);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        }).toResponse(requestId);
      }
      return new Response(stored.body, { status: stored.status, headers: { ...headers, "idempotent-replayed": "true" } });
    }
  }

  const tx = new Tx(account.store, { id: requestId, idempotency_key: idempotencyKey });
  let status = 200;
  let body: string;
  try {
    body = account.transaction(() => {
      const result = operation(tx, params, request);
      const text = JSON.stringify(expand(account.store, publicView(result), strings(params, "expand")));
      if (idempotencyKey) account.store.putIdempotent(idempotencyKey, route, { status: 200, body: text, fingerprint });
      return text;
    });
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    tx.events.length = 0;
    status = error.status;
    body = JSON.stringify({ error: error.body });
    // Stripe remembers failed requests too, so a retry with the same key gets the same error.
    if (idempotencyKey) account.store.putIdempotent(idempotencyKey, route, { status, body, fingerprint });
  }
  await deliverAll(account.env, account.store, tx.events);
  return new Response(body, { status, headers });
}

/**
 * `expand[]`: each dotted path names a field holding an id (or a list of them, or a list object's `data`);
 * the ids become the objects. Unknown paths are left alone.
 */
export function expand<T>(store: Store, value: T, paths: string[]): T {
  let result: unknown = value;
  for (const path of paths) result = expandPath(store, result, path.split("."));
  return result as T;
}

function expandPath(store: Store, node: unknown, segments: string[]): unknown {
  if (segments.length === 0) return node;
  if (Array.isArray(node)) return node.map((entry) => expandPath(store, entry, segments));
  if (node === null || typeof node !== "object") return node;
  const [head, ...rest] = segments;
  const record = node as Record<string, unknown>;
  if (!(head in record)) return node;
  const resolve = (entry: unknown): unknown => {
    if (typeof entry !== "string") return entry;
    const found = store.get<StripeObject>(entry);
    return found ? publicView(found) : entry;
  };
  const current = record[head];
  const expanded = Array.isArray(current) ? current.map(resolve) : resolve(current);
  return { ...record, [head]: expandPath(store, expanded, rest) };
}

/** A Stripe list object with cursor pagination (limit, starting_after, ending_before). */
export function listOf<T extends { id: string }>(url: string, items: T[], params: FormObject): { object: "list"; url: string; has_more: boolean; data: T[] } {
  const limitParam = Number(params.limit ?? 10);
  const limit = Number.isFinite(limitParam) ? Math.min(100, Math.max(1, Math.floor(limitParam))) : 10;
  let start = 0;
  let end = items.length;
  if (typeof params.starting_after === "string") {
    const index = items.findIndex((item) => item.id === params.starting_after);
    start = index === -1 ? items.length : index + 1;
  } else if (typeof params.ending_before === "string") {
    const index = items.findIndex((item) => item.id === params.ending_before);
    end = index === -1 ? 0 : index;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return { object: "list", url, has_more: start + data.length < end, data: data.map((item) => publicView(item)) };
}

/** A change made from a page (checkout, portal, dashboard): atomic, then its events are delivered in order. */
export async function applyChange<T>(account: Account, change: (tx: Tx) => T): Promise<T> {
  const tx = new Tx(account.store);
  const result = account.transaction(() => change(tx));
  await deliverAll(account.env, account.store, tx.events);
  return result;
}
