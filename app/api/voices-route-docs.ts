import type { RouteDoc } from "./route-docs";

const tag = "Voices";

/**
 * Descriptions of the voice routes, kept here only until app/voices/api.ts (being rewritten for voices in D1)
 * gives them beside its handlers with `apiDocs("Voices")`. A description of its own wins over these; the
 * worker tests fail on an entry here that matches no route.
 */
export const VOICES_ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = {
  "GET /v1/voices/previews/{file}": {
    tag,
    summary: "A premade voice's preview",
    description: "Public: made by the engine on the first request, then kept. A blocked voice's preview is refused.",
    success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
    responses: { 403: "voice_blocked", 404: "not_found" },
  },
  "GET /v1/voices": { tag, summary: "List voices", success: { description: "JSON: voices" } },
  "GET /v1/voices/settings/default": { tag, summary: "Default voice settings", success: { description: "JSON settings" } },
  "GET /v1/voices/{voice_id}": { tag, summary: "Get a voice, with your workspace's settings for it", success: { description: "JSON voice" }, responses: { 404: "voice_not_found" } },
  "GET /v1/voices/{voice_id}/settings": { tag, summary: "A voice's settings for your workspace", success: { description: "JSON settings" }, responses: { 404: "voice_not_found" } },
  "POST /v1/voices/{voice_id}/settings/edit": {
    tag,
    summary: "Edit a voice's settings for your workspace",
    success: { description: "JSON: status" },
    responses: { 404: "voice_not_found" },
  },
  "GET /v2/voices": {
    tag,
    summary: "Search, sort and page voices",
    success: { description: "JSON: voices, has_more, total_count, next_page_token" },
  },
};
