import { Hono, type MiddlewareHandler } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { referenceSections } from "~/api-docs/rules/reference";
import { openApiDocument, openApiPath, UNDOCUMENTED_TAG } from "./openapi";
import { apiDocs, markRoute } from "./route-docs";
import { valid } from "./validation";

const auth: MiddlewareHandler = markRoute((_c, next) => next(), { kind: "auth" });
const doc = apiDocs("Things");

function sample() {
  const things = new Hono();
  things.get("/public/:file", doc("A public file", { success: { contentTypes: ["audio/mpeg"] } }), (c) => c.text("x"));
  things.use("*", auth);
  things.get("/", doc("List things"), valid("query", z.object({ page_size: z.coerce.number().int().min(1).default(10), search: z.string().optional() })), (c) => c.json([]));
  things.post(
    "/:thing_id/edit",
    doc("Edit a thing", { responses: { 404: "not_found", 202: "Queued" } }),
    valid("param", z.object({ thing_id: z.string().max(20) })),
    valid("json", z.object({ name: z.string().min(1), tags: z.array(z.string()).transform((t) => t.join(",")) })),
    (c) => c.json({}),
  );
  things.delete("/:thing_id", (c) => c.json({}));
  const v1 = new Hono();
  v1.route("/things", things);
  v1.all("*", (c) => c.json({}, 404));
  const app = new Hono();
  app.route("/v1", v1);
  app.post("/bare", auth, doc("A bare path"), (c) => c.json({}));
  return app;
}

describe("openApiDocument", () => {
  const document = openApiDocument(sample().routes, { origin: "https://example.test" });

  it("lists every method and path with a handler, params in OpenAPI form, and skips catch-all middleware", () => {
    expect(Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item)])).toEqual([
      ["/v1/things/public/{file}", ["get"]],
      ["/v1/things", ["get"]],
      ["/v1/things/{thing_id}/edit", ["post"]],
      ["/v1/things/{thing_id}", ["delete"]],
      ["/bare", ["post"]],
    ]);
    expect(openApiPath("/a/:id{[0-9]+}/:rest?")).toBe("/a/{id}/{rest}");
  });

  it("takes query, path and body schemas from the validators, as input", () => {
    const list = document.paths["/v1/things"]!.get!;
    expect(list.parameters).toEqual([
      { name: "page_size", in: "query", required: false, schema: expect.objectContaining({ type: "integer", minimum: 1, default: 10 }) },
      { name: "search", in: "query", required: false, schema: { type: "string" } },
    ]);
    const edit = document.paths["/v1/things/{thing_id}/edit"]!.post!;
    expect(edit.parameters).toEqual([{ name: "thing_id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }]);
    const body = edit.requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown>; $schema?: string };
    expect(body.$schema).toBeUndefined();
    expect(body.properties.tags).toEqual({ type: "array", items: { type: "string" } });
    // A path parameter without a validator is still a parameter.
    expect(document.paths["/v1/things/{thing_id}"]!.delete!.parameters).toEqual([{ name: "thing_id", in: "path", required: true, schema: { type: "string" } }]);
  });

  it("needs the API key only where the authentication middleware runs before the handler", () => {
    expect(document.paths["/v1/things/public/{file}"]!.get!.security).toEqual([]);
    expect(document.paths["/v1/things"]!.get!.security).toBeUndefined();
    expect(document.paths["/bare"]!.post!.security).toBeUndefined();
    expect(document.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }]);
  });

  it("answers with the described content types, the error shapes, 401 and 422", () => {
    const file = document.paths["/v1/things/public/{file}"]!.get!;
    expect(file.responses).toEqual({ "200": { description: "Success", content: { "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } } } } });
    const edit = document.paths["/v1/things/{thing_id}/edit"]!.post!;
    expect(Object.keys(edit.responses).sort()).toEqual(["200", "202", "401", "404", "422"]);
    expect(edit.responses["404"]).toEqual({ description: "Not found: not_found", content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } } });
    expect(edit.responses["422"]).toEqual({ $ref: "#/components/responses/ValidationError" });
  });

  it("tags a route without a description as undocumented", () => {
    expect(document.paths["/v1/things/{thing_id}"]!.delete!.tags).toEqual([UNDOCUMENTED_TAG]);
  });

  it("gives each operation a unique operationId", () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op!.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("postV1ThingsThingIdEdit");
  });

  it("is what the /api page shows, grouped by tag", () => {
    const sections = referenceSections(document);
    expect(sections.map((s) => s.tag)).toEqual(["Things", UNDOCUMENTED_TAG]);
    expect(sections[0]!.operations[0]).toEqual({ method: "get", path: "/v1/things/public/{file}", summary: "A public file", description: null, answer: "200 audio/mpeg", authenticated: false });
  });
});
