import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app as worker } from "../../../app/worker";
import { openApiPath, UNDOCUMENTED_TAG } from "../../../app/api/openapi";
import { HTTP_METHODS, type OpenApiDocument } from "../../../app/api-docs/rules/reference";

async function served(): Promise<OpenApiDocument> {
  const response = await SELF.fetch("https://parlance.test/openapi.json");
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

/** "GET /v1/history/{history_item_id}" for each operation of the document. */
function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));
}

/** The bare billing calls of spec accounts §7, which the app worker serves without /v1. */
const BILLING_PATHS = [
  "/create-checkout-session",
  "/change-subscription",
  "/cancel-downgrade",
  "/cancel-subscription",
  "/renew-subscription",
  "/create-portal-session",
  "/create-update-payment-methods-session",
  "/apply-discount",
  "/validate-promocode",
];

describe("/openapi.json", () => {
  it("lists every route the app worker's Hono knows under /v1 and /v2 (a new route appears by itself)", async () => {
    const listed = new Set(operations(await served()));
    const known = worker.routes
      .filter((r) => r.method !== "ALL" && /^\/v[12](\/|$)/.test(r.path))
      .map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(known.length).toBeGreaterThan(50);
    expect([...new Set(known)].filter((op) => !listed.has(op))).toEqual([]);
  });

  it("lists the bare billing paths, and nothing that is not an API route", async () => {
    const listed = operations(await served());
    for (const path of BILLING_PATHS) expect(listed).toContain(`POST ${path}`);
    const apiPath = (op: string) => /^[A-Z]+ \/v[12](\/|$)/.test(op) || BILLING_PATHS.includes(op.split(" ")[1]!);
    expect(listed.filter((op) => !apiPath(op))).toEqual([]);
  });

  it("describes every route: a summary and tag from its sub-app, none left undocumented", async () => {
    const document = await served();
    const undocumented = Object.entries(document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => item[m]?.tags.includes(UNDOCUMENTED_TAG)).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("has the paths the official SDK calls most", async () => {
    const listed = operations(await served());
    expect(listed).toEqual(
      expect.arrayContaining([
        "POST /v1/text-to-speech/{voice_id}", // textToSpeech.convert
        "POST /v1/text-to-speech/{voice_id}/stream", // textToSpeech.stream
        "POST /v1/text-to-speech/{voice_id}/with-timestamps", // textToSpeech.convertWithTimestamps
        "POST /v1/text-to-speech/{voice_id}/stream/with-timestamps", // textToSpeech.streamWithTimestamps
        "POST /v1/text-to-dialogue", // textToDialogue.convert
        "POST /v1/text-to-dialogue/stream", // textToDialogue.stream
        "GET /v1/voices", // voices.getAll
        "GET /v2/voices", // voices.search
        "GET /v1/voices/{voice_id}", // voices.get
        "GET /v1/models", // models.list
        "GET /v1/history", // history.list
        "GET /v1/history/{history_item_id}", // history.get
        "GET /v1/history/{history_item_id}/audio", // history.getAudio
        "POST /v1/history/download", // history.download
        "DELETE /v1/history/{history_item_id}", // history.delete
        "GET /v1/usage/character-stats", // usage.get
        "GET /v1/user", // user.get
        "GET /v1/user/subscription", // user.subscription.get
      ]),
    );
  });

  it("carries the validators' schemas, the audio content type of speech and the error shapes", async () => {
    const document = await served();
    expect(document.openapi).toBe("3.1.0");
    const tts = document.paths["/v1/text-to-speech/{voice_id}"]!.post!;
    const body = tts.requestBody!.content["application/json"]!.schema as { properties: Record<string, { maxLength?: number }>; required: string[] };
    expect(body.properties.text!.maxLength).toBe(10000);
    expect(body.required).toEqual(["text"]);
    expect(tts.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "voice_id", in: "path", required: true }),
        expect.objectContaining({ name: "output_format", in: "query", required: false, schema: expect.objectContaining({ default: "mp3_44100_128" }) }),
      ]),
    );
    expect(Object.keys((tts.responses["200"] as { content: object }).content)[0]).toBe("audio/mpeg");
    expect(tts.responses["422"]).toEqual({ $ref: "#/components/responses/ValidationError" });
    expect(tts.responses["401"]).toMatchObject({ description: "Unauthorized: invalid_api_key, quota_exceeded" });
    expect(document.paths["/v1/history"]!.get!.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
    expect(tts.responses["404"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } } });
    // Routes that run without the API key say so.
    expect(document.paths["/v1/voices/previews/{file}"]!.get!.security).toEqual([]);
    expect(document.paths["/v1/try-it"]!.post!.security).toEqual([]);
    expect(document.paths["/v1/history"]!.get!.security).toBeUndefined();
  });

  it("is a consistent OpenAPI 3.1 document: unique operation ids, declared path parameters, resolvable references", async () => {
    const document = await served();
    const ids: string[] = [];
    const refs = new Set<string>();
    JSON.stringify(document, (key, value) => (key === "$ref" && typeof value === "string" ? (refs.add(value), value) : value));
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith("/")).toBe(true);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        ids.push(operation.operationId);
        expect(operation.summary.length).toBeGreaterThan(0);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        const declared = operation.parameters.filter((p) => p.in === "path").map((p) => p.name).sort();
        expect(declared).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of refs) {
      const target = ref.replace(/^#\//, "").split("/").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
  });
});

describe("/api", () => {
  it("renders every operation of /openapi.json, from the document the worker hands the page", async () => {
    const document = await served();
    const html = await (await SELF.fetch("https://parlance.test/api")).text();
    expect(html).toContain("API reference");
    for (const op of operations(document)) expect(html).toContain(`<code class="font-mono">${op.split(" ")[1]}</code>`);
    expect(html).toContain(`${operations(document).length} operations`);
  });
});
