import { z } from "zod";
import { apiKeyName } from "~/accounts/rules/api-keys";
import { checklistItemId } from "~/accounts/rules/onboarding";
import { PRODUCT_NAME } from "../../core/brand";
import { dialogueBody, speechBody, speechQuery, usageQuery, voiceSettingsSchema } from "./schemas";

/**
 * The API description, generated from the same zod schemas the routes validate with, so it cannot drift
 * from what the server accepts. Served at /openapi.json and rendered at /api.
 */
export type Operation = { method: "get" | "post" | "put" | "patch" | "delete"; path: string; summary: string; tag: string; body?: z.ZodType; query?: z.ZodType; response: string };

export const OPERATIONS: Operation[] = [
  { method: "post", path: "/v1/text-to-speech/{voice_id}", summary: "Convert text to speech", tag: "Text to speech", body: speechBody, query: speechQuery, response: "audio" },
  { method: "post", path: "/v1/text-to-speech/{voice_id}/stream", summary: "Stream speech as it is synthesized", tag: "Text to speech", body: speechBody, query: speechQuery, response: "audio stream" },
  { method: "post", path: "/v1/text-to-speech/{voice_id}/with-timestamps", summary: "Speech with character alignment", tag: "Text to speech", body: speechBody, query: speechQuery, response: "JSON: audio_base64, alignment" },
  { method: "post", path: "/v1/text-to-speech/{voice_id}/stream/with-timestamps", summary: "Streamed speech with alignment", tag: "Text to speech", body: speechBody, query: speechQuery, response: "newline-delimited JSON" },
  { method: "post", path: "/v1/text-to-dialogue", summary: "Speak a dialogue of several voices", tag: "Text to speech", body: dialogueBody, query: speechQuery, response: "audio" },
  { method: "post", path: "/v1/text-to-dialogue/stream", summary: "Stream a dialogue", tag: "Text to speech", body: dialogueBody, query: speechQuery, response: "audio stream" },
  { method: "post", path: "/v1/audio/speech", summary: "OpenAI-compatible speech", tag: "Text to speech", response: "audio" },
  { method: "get", path: "/v1/models", summary: "List models", tag: "Models", response: "JSON list of models" },
  { method: "get", path: "/v1/voices", summary: "List voices", tag: "Voices", response: "JSON: voices" },
  { method: "get", path: "/v2/voices", summary: "Search and page voices", tag: "Voices", response: "JSON: voices, has_more, total_count, next_page_token" },
  { method: "get", path: "/v1/voices/{voice_id}", summary: "Get a voice", tag: "Voices", response: "JSON voice" },
  { method: "get", path: "/v1/voices/{voice_id}/settings", summary: "Get a voice's settings", tag: "Voices", response: "JSON settings" },
  { method: "post", path: "/v1/voices/{voice_id}/settings/edit", summary: "Edit a voice's settings for your workspace", tag: "Voices", body: voiceSettingsSchema, response: "status" },
  { method: "get", path: "/v1/voices/settings/default", summary: "Default voice settings", tag: "Voices", response: "JSON settings" },
  { method: "get", path: "/v1/history", summary: "List generated items", tag: "History", response: "JSON: history, has_more, last_history_item_id" },
  { method: "get", path: "/v1/history/{history_item_id}", summary: "Get an item", tag: "History", response: "JSON item" },
  { method: "get", path: "/v1/history/{history_item_id}/audio", summary: "An item's audio (HTTP Range supported)", tag: "History", response: "audio" },
  { method: "post", path: "/v1/history/download", summary: "Download one item as audio or several as a zip", tag: "History", body: z.object({ history_item_ids: z.array(z.string()), output_format: z.string().nullish() }), response: "audio or zip" },
  { method: "delete", path: "/v1/history/{history_item_id}", summary: "Delete an item", tag: "History", response: "status" },
  { method: "get", path: "/v1/usage/character-stats", summary: "Credits or requests over time, by voice, model, user, source or API-key use", tag: "Usage", query: usageQuery, response: "JSON: time, usage" },
  { method: "get", path: "/v1/user", summary: "The calling user", tag: "User", response: "JSON user" },
  { method: "get", path: "/v1/user/subscription", summary: "The workspace subscription", tag: "User", response: "JSON subscription" },
  { method: "get", path: "/v1/user/api-keys", summary: "List your API keys (previews only)", tag: "User", response: "JSON: api_keys" },
  { method: "post", path: "/v1/user/api-keys", summary: "Create an API key (shown once)", tag: "User", body: z.object({ name: apiKeyName }), response: "JSON: key_id, xi_api_key" },
  { method: "patch", path: "/v1/user/api-keys/{key_id}", summary: "Rename an API key", tag: "User", body: z.object({ name: apiKeyName }), response: "status" },
  { method: "delete", path: "/v1/user/api-keys/{key_id}", summary: "Delete an API key", tag: "User", response: "status" },
  { method: "post", path: "/v1/user/onboarding/update", summary: "Complete an onboarding checklist item", tag: "User", body: z.object({ item_id: checklistItemId }), response: "JSON checklist" },
  { method: "get", path: "/v1/workspace", summary: "The current workspace", tag: "Workspace", response: "JSON workspace" },
  { method: "get", path: "/v1/workspace/members", summary: "Members and pending invites", tag: "Workspace", response: "JSON: members, invites" },
  { method: "post", path: "/v1/workspace/invites/add", summary: "Invite a member (admins)", tag: "Workspace", response: "status" },
  { method: "post", path: "/v1/workspace/update-workspace", summary: "Training opt-out and inactivity timeout (admins)", tag: "Workspace", response: "status" },
];

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    if (op.query) {
      const query = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema: schema as { type: string } });
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      tags: [op.tag],
      parameters,
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } } } : {}),
      responses: {
        "200": { description: op.response },
        "401": { description: "invalid_api_key" },
        "422": { description: "Validation error: {\"detail\": [{loc, msg, type}]}" },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: `${PRODUCT_NAME} API`, version: "1.0.0", description: "Speaks the wire format of the commercial voice AI API: xi-api-key header, snake_case JSON, {\"detail\": {status, message}} errors." },
    servers: [{ url: origin }],
    components: { securitySchemes: { ApiKeyAuth: { type: "apiKey", in: "header", name: "xi-api-key" } } },
    security: [{ ApiKeyAuth: [] }],
    paths,
  };
}
