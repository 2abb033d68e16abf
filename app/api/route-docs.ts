import type { MiddlewareHandler } from "hono";
import type { z } from "zod";

/**
 * What the API description (/openapi.json and the /api page) reads from a route's handler chain. The zod
 * validation helper, the authentication middleware and each route's description mark their middleware, so
 * the document is generated from the routes as mounted: a route cannot exist without appearing in it.
 */
export type InputTarget = "json" | "query" | "param" | "form";

export type RouteDoc = {
  /** The product area the route belongs to (the OpenAPI tag). */
  tag: string;
  summary: string;
  description?: string;
  /** The main answer: its status (200), content types (JSON first by default) and what it holds. */
  success?: { status?: number; contentTypes?: readonly string[]; description?: string };
  /**
   * Other answers of the handler itself, status → description: below 400 a JSON body, from 400 the error
   * body {"detail": {"status", "message"}}. 401 (authenticated routes) and 422 (validated input) are added.
   */
  responses?: Readonly<Partial<Record<number, string>>>;
  /** The OpenAI-compatible routes answer errors in OpenAI's shape {"error": {...}}, and bad input as 400 (not 422). */
  errorShape?: "openai";
};

export type RouteMeta = { kind: "doc"; doc: RouteDoc } | { kind: "input"; target: InputTarget; schema: z.ZodType } | { kind: "auth" };

const META = Symbol.for("parlance.route-meta");
/** Hono's key for the handler it wraps when a sub-app with its own error handler is mounted. */
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

type Marked = { [META]?: RouteMeta; [COMPOSED_HANDLER]?: unknown };

/** Marks a handler or middleware for the API description; returns it unchanged. */
export function markRoute<F extends (...args: never[]) => unknown>(handler: F, meta: RouteMeta): F {
  (handler as unknown as Marked)[META] = meta;
  return handler;
}

/** The mark of a handler in a Hono app's `routes`, looking through Hono's mount wrappers. */
export function routeMeta(handler: unknown): RouteMeta | undefined {
  let current = handler as Marked | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    if (current[META]) return current[META];
    current = current[COMPOSED_HANDLER] as Marked | undefined;
  }
  return undefined;
}

/**
 * The description helper of one area's sub-app: `const doc = apiDocs("History")`, then each route gets
 * `doc("List generated items", { ... })` as its first middleware, beside its handler. The middleware only
 * passes the request on.
 */
export function apiDocs(tag: string) {
  return (summary: string, more: Omit<RouteDoc, "tag" | "summary"> = {}): MiddlewareHandler => {
    const passOn: MiddlewareHandler = (_c, next) => next();
    return markRoute(passOn, { kind: "doc", doc: { tag, summary, ...more } });
  };
}
