import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { validationError, type ValidationIssue } from "./errors";
import { markRoute } from "./route-docs";

type Target = "json" | "query" | "param" | "form";
const LOCATION: Record<Target, string> = { json: "body", query: "query", param: "path", form: "body" };

function toIssues(target: Target, error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [LOCATION[target], ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
}

/**
 * zod validation for a Hono route. Bad input never reaches the handler: it answers 422 with the
 * FastAPI-style `detail` list, and a body that is not JSON at all gets the same shape. The middleware
 * carries its schema, so /openapi.json documents exactly what the route checks.
 */
export function valid<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const middleware = validator(target, async (value, c: Context) => {
    const parsed = await schema.safeParseAsync(value);
    if (!parsed.success) return validationError(c, toIssues(target, parsed.error));
    return parsed.data as z.output<S>;
  });
  return markRoute(middleware, { kind: "input", target, schema }) as MiddlewareHandler<
    { Bindings: Env },
    string,
    { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }
  >;
}
