/**
 * The API description as a document (OpenAPI 3.1, the shape /openapi.json serves) and the readable
 * reference the /api page renders from it, so the page and the document cannot disagree.
 */
export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonSchema = Record<string, unknown>;

export type OpenApiParameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema; description?: string };

export type OpenApiResponse = { description: string; content?: Record<string, { schema?: JsonSchema }> } | { $ref: string };

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema>; responses: Record<string, OpenApiResponse> };
  security: Record<string, string[]>[];
};

export type ReferenceOperation = { method: HttpMethod; path: string; summary: string; description: string | null; answer: string; authenticated: boolean };
export type ReferenceSection = { tag: string; operations: ReferenceOperation[] };

/** The main success answer in a few words: "200 audio/mpeg", or its description when it has one. */
function answerOf(operation: OpenApiOperation): string {
  const [status, response] = Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
  if (!status || !response || "$ref" in response) return "";
  const types = Object.keys(response.content ?? {});
  const what = response.description && response.description !== "Success" ? response.description : types.join(", ");
  return `${status} ${what}`.trim();
}

/** The operations grouped by tag, tags in the document's order, operations in route order. */
export function referenceSections(document: OpenApiDocument): ReferenceSection[] {
  const sections = new Map<string, ReferenceOperation[]>(document.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? "Other";
      if (!sections.has(tag)) sections.set(tag, []);
      sections.get(tag)!.push({
        method,
        path,
        summary: operation.summary,
        description: operation.description ?? null,
        answer: answerOf(operation),
        authenticated: operation.security === undefined || operation.security.length > 0,
      });
    }
  }
  return [...sections].filter(([, operations]) => operations.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** How many operations a document describes. */
export function operationCount(document: OpenApiDocument): number {
  return Object.values(document.paths).reduce((n, item) => n + HTTP_METHODS.filter((m) => item[m]).length, 0);
}
