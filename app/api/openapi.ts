import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { HTTP_METHODS, type HttpMethod, type JsonSchema, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter, type OpenApiResponse } from "~/api-docs/rules/reference";
import { PRODUCT_NAME } from "../../core/brand";
import { routeMeta, type RouteDoc, type RouteMeta } from "./route-docs";

/**
 * /openapi.json, generated from the routes as Hono holds them: every method and path a mounted sub-app
 * answers is an operation; its request schemas are the ones its zod validators check (app/api/validation.ts),
 * its summary, tag and answers the description its sub-app gives beside the handler (app/api/route-docs.ts),
 * and it needs the API key when the authentication middleware runs before its handler.
 */

/** The tag of routes that have no description yet; the worker tests allow none. */
export const UNDOCUMENTED_TAG = "Undocumented";

/** `/v1/voices/:voice_id` (Hono) → `/v1/voices/{voice_id}` (OpenAPI). */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");
}

/** Whether a middleware's Hono path (`/v1/*`, `/v1/voices/*`, `*`) covers a route's path. */
function covers(pattern: string, path: string): boolean {
  if (pattern === "*" || pattern === "/*") return true;
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? "__WILDCARD__" : part.startsWith(":") ? "__PARAM__" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")
    .replace(/\/__WILDCARD__$/, "(?:/.*)?")
    .replaceAll("__WILDCARD__", ".*")
    .replaceAll("__PARAM__", "[^/]+");
  return new RegExp(`^${source}$`).test(path);
}

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType, location: "path" | "query"): OpenApiParameter[] {
  const object = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return {
      name,
      in: location,
      required: location === "path" || (object.required?.includes(name) ?? false),
      schema: rest,
      ...(typeof description === "string" ? { description } : {}),
    };
  });
}

const BINARY = (contentType: string): { schema: JsonSchema } => ({ schema: { type: "string", contentMediaType: contentType } });

const ERROR_NAMES: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  402: "Payment required",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  422: "Validation error",
  429: "Too many requests",
  500: "Internal error",
  501: "Not implemented",
  503: "Unavailable",
};

function responsesOf(doc: RouteDoc | undefined, authenticated: boolean, validated: boolean): Record<string, OpenApiResponse> {
  const success = doc?.success ?? {};
  const types = success.contentTypes ?? ["application/json"];
  const openAi = doc?.errorShape === "openai";
  const responses: Record<string, OpenApiResponse> = {
    [String(success.status ?? 200)]: {
      description: success.description ?? "Success",
      content: Object.fromEntries(types.map((type) => [type, type.endsWith("json") ? {} : BINARY(type)])),
    },
  };
  for (const [status, described] of Object.entries(doc?.responses ?? {})) {
    const code = Number(status);
    // A route's own 401 (quota_exceeded, as the commercial API answers it) comes on top of the missing key's.
    const description = code === 401 && authenticated ? `invalid_api_key, ${described}` : described;
    responses[status] =
      code < 400
        ? { description: description ?? "", content: { "application/json": {} } }
        : { description: `${ERROR_NAMES[code] ?? "Error"}: ${description}`, content: { "application/json": { schema: { $ref: `#/components/schemas/${openAi ? "OpenAiError" : "ErrorResponse"}` } } } };
  }
  if (openAi) {
    if (authenticated) responses["401"] ??= { $ref: "#/components/responses/OpenAiUnauthorized" };
    if (validated) responses["400"] ??= { $ref: "#/components/responses/OpenAiBadRequest" };
    return responses;
  }
  if (authenticated) responses["401"] ??= { $ref: "#/components/responses/Unauthorized" };
  if (validated) responses["422"] ??= { $ref: "#/components/responses/ValidationError" };
  return responses;
}

type Operation = { method: HttpMethod; honoPath: string; last: number };

/** The operations in route order: each method and path with a handler of its own ("ALL" is middleware). */
function operationsOf(routes: readonly RouterRoute[]): Operation[] {
  const byKey = new Map<string, Operation>();
  routes.forEach((route, index) => {
    const method = route.method.toLowerCase() as HttpMethod;
    if (!HTTP_METHODS.includes(method)) return;
    const key = `${method} ${route.path}`;
    const known = byKey.get(key);
    if (known) known.last = index;
    else byKey.set(key, { method, honoPath: route.path, last: index });
  });
  return [...byKey.values()];
}

export type DocumentOptions = { origin: string };

export function openApiDocument(routes: readonly RouterRoute[], options: DocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const op of operationsOf(routes)) {
    const path = openApiPath(op.honoPath);
    // The middleware that runs before the handler: the route's own, and "ALL" middleware covering its path.
    const chain: RouteMeta[] = [];
    routes.slice(0, op.last + 1).forEach((route) => {
      const own = route.method.toLowerCase() === op.method && route.path === op.honoPath;
      if (!own && !(route.method === "ALL" && covers(route.path, op.honoPath))) return;
      const meta = routeMeta(route.handler);
      if (meta && (own || meta.kind === "auth")) chain.push(meta);
    });
    const doc = [...chain].reverse().find((m) => m.kind === "doc")?.doc;
    const inputs = chain.filter((m) => m.kind === "input");
    const authenticated = chain.some((m) => m.kind === "auth");

    const parameters: OpenApiParameter[] = [];
    for (const input of inputs) {
      if (input.target === "param") parameters.push(...parametersOf(input.schema, "path"));
      if (input.target === "query") parameters.push(...parametersOf(input.schema, "query"));
    }
    // Path parameters without a validator are still parameters.
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      if (!parameters.some((p) => p.in === "path" && p.name === name)) parameters.unshift({ name: name!, in: "path", required: true, schema: { type: "string" } });
    }
    const body = inputs.find((m) => m.target === "json" || m.target === "form");
    const tag = doc?.tag ?? UNDOCUMENTED_TAG;
    if (!tags.includes(tag)) tags.push(tag);

    const operation: OpenApiOperation = {
      operationId: `${op.method}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: doc?.summary ?? `${op.method.toUpperCase()} ${path}`,
      ...(doc?.description ? { description: doc.description } : {}),
      tags: [tag],
      parameters,
      ...(body ? { requestBody: { required: true, content: { [body.target === "form" ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(body.schema) } } } } : {}),
      responses: responsesOf(doc, authenticated, inputs.length > 0),
      // The document's default is the API key; routes that run without one say so.
      ...(authenticated ? {} : { security: [] }),
    };
    (paths[path] ??= {})[op.method] = operation;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: "1.0.0",
      description:
        'Speaks the wire format of the commercial voice AI API: the xi-api-key header, snake_case JSON, {"detail": {"status", "message"}} errors and FastAPI-style 422 validation errors. ' +
        'The OpenAI-compatible routes (/v1/audio/*, tag "OpenAI-compatible") speak OpenAI\'s wire format instead: a bearer key and {"error": {"message", "type", "code", "param"}} errors, bad input as 400, so OpenAI\'s SDK works with only its baseURL changed.',
    },
    servers: [{ url: options.origin }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: "apiKey", in: "header", name: "xi-api-key" },
        BearerAuth: { type: "http", scheme: "bearer", description: "The same API key as a bearer token, as OpenAI-compatible clients send it." },
      },
      schemas: {
        ErrorResponse: {
          type: "object",
          required: ["detail"],
          properties: {
            detail: { type: "object", required: ["status", "message"], properties: { status: { type: "string" }, message: { type: "string" } } },
          },
        },
        OpenAiError: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["message", "type", "code", "param"],
              properties: { message: { type: "string" }, type: { type: "string" }, code: { type: ["string", "null"] }, param: { type: ["string", "null"] } },
            },
          },
        },
        HTTPValidationError: {
          type: "object",
          required: ["detail"],
          properties: {
            detail: {
              type: "array",
              items: {
                type: "object",
                required: ["loc", "msg", "type"],
                properties: { loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } }, msg: { type: "string" }, type: { type: "string" } },
              },
            },
          },
        },
      },
      responses: {
        Unauthorized: {
          description: "invalid_api_key: the API key is missing or wrong",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } },
        },
        OpenAiUnauthorized: {
          description: "invalid_api_key: the bearer key is missing or wrong (OpenAI's error shape)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/OpenAiError" } } },
        },
        OpenAiBadRequest: {
          description: "invalid_value: the request does not match its schema; param names the field (OpenAI's error shape)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/OpenAiError" } } },
        },
        ValidationError: {
          description: "The request does not match its schema (or its body is not JSON)",
          content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } },
        },
      },
    },
    security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
  };
}
