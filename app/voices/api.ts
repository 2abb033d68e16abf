import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { findVoiceSettings, safetyControlOf, safetyControlsByVoice, saveVoiceSettings } from "~/voices/voices.server";
import { findPremadeVoice, PREMADE_VOICES, PREVIEW_TEXT, previewFileTarget, VOICE_PAGE_SIZE_DEFAULT, VOICE_PAGE_SIZE_MAX } from "~/voices/rules/voices";
import { synthesizeUncharged } from "~/speech/generation.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { voiceJson } from "./voice-json";
import { voiceSettingsSchema } from "~/api/schemas";
import { valid } from "~/api/validation";
import { DEFAULT_VOICE_SETTINGS } from "../../core/voices/voice-settings";

const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "German", fr: "French", es: "Spanish", it: "Italian", pt: "Portuguese" };

export const voicesApi = new Hono<AuthedEnv>();

/** Previews are public files, generated once by the engine on first request and kept in R2. */
voicesApi.get("/previews/:file", valid("param", z.object({ file: z.string().regex(/^voice_preview_[a-z0-9_]+\.mp3$/) })), async (c) => {
  const file = c.req.valid("param").file;
  const target = previewFileTarget(file);
  if (!target) return apiError(c, 404, "not_found", "No such preview");
  const key = `voice-previews/${file}`;
  let object = await c.env.MEDIA.get(key);
  if (!object) {
    await c.env.MEDIA.put(key, await synthesizeUncharged(c.env, target.voice, PREVIEW_TEXT[target.language], "mp3_44100_128", target.language), {
      httpMetadata: { contentType: "audio/mpeg" },
    });
    object = await c.env.MEDIA.get(key);
  }
  return new Response(object!.body, { headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=604800", etag: object!.httpEtag } });
});

voicesApi.use("*", requireCaller);

voicesApi.get("/", valid("query", z.object({ show_legacy: z.string().optional() })), async (c) => {
  const origin = new URL(c.req.url).origin;
  const controls = await safetyControlsByVoice(database(c.env.DB));
  return c.json({ voices: PREMADE_VOICES.map((v) => voiceJson(v, origin, controls.get(v.voice_id))) });
});

voicesApi.get("/settings/default", (c) => c.json(DEFAULT_VOICE_SETTINGS));

const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });

voicesApi.get("/:voice_id", valid("param", voiceParam), async (c) => {
  const voice = findPremadeVoice(c.req.valid("param").voice_id);
  if (!voice) return apiError(c, 404, "voice_not_found", `A voice with the voice_id ${c.req.valid("param").voice_id} was not found.`);
  const db = database(c.env.DB);
  const saved = await findVoiceSettings(db, c.get("caller").membership.workspace.id, voice.voice_id);
  return c.json({ ...voiceJson(voice, new URL(c.req.url).origin, await safetyControlOf(db, voice.voice_id)), settings: { ...DEFAULT_VOICE_SETTINGS, ...saved } });
});

voicesApi.get("/:voice_id/settings", valid("param", voiceParam), async (c) => {
  const voice = findPremadeVoice(c.req.valid("param").voice_id);
  if (!voice) return apiError(c, 404, "voice_not_found", `A voice with the voice_id ${c.req.valid("param").voice_id} was not found.`);
  const saved = await findVoiceSettings(database(c.env.DB), c.get("caller").membership.workspace.id, voice.voice_id);
  return c.json({ ...DEFAULT_VOICE_SETTINGS, ...saved });
});

voicesApi.post("/:voice_id/settings/edit", valid("param", voiceParam), valid("json", voiceSettingsSchema), async (c) => {
  const voice = findPremadeVoice(c.req.valid("param").voice_id);
  if (!voice) return apiError(c, 404, "voice_not_found", `A voice with the voice_id ${c.req.valid("param").voice_id} was not found.`);
  const db = database(c.env.DB);
  const workspaceId = c.get("caller").membership.workspace.id;
  const current = { ...DEFAULT_VOICE_SETTINGS, ...(await findVoiceSettings(db, workspaceId, voice.voice_id)) };
  const patch = Object.fromEntries(Object.entries(c.req.valid("json")).filter(([, v]) => v !== null && v !== undefined));
  await saveVoiceSettings(db, workspaceId, voice.voice_id, { ...current, ...patch });
  return c.json({ status: "ok" });
});

/** GET /v2/voices: searchable, sortable, paged by an opaque token. */
export const voicesV2Api = new Hono<AuthedEnv>();
voicesV2Api.use("*", requireCaller);
voicesV2Api.get(
  "/",
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(VOICE_PAGE_SIZE_MAX).default(VOICE_PAGE_SIZE_DEFAULT),
      next_page_token: z.string().max(100).optional(),
      search: z.string().max(200).optional(),
      category: z.enum(["premade", "cloned", "generated", "professional"]).optional(),
      voice_type: z.enum(["personal", "community", "default", "workspace", "non-default", "saved"]).optional(),
      sort: z.enum(["created_at_unix", "name"]).default("name"),
      sort_direction: z.enum(["asc", "desc"]).default("asc"),
      include_total_count: z.enum(["true", "false"]).default("true"),
      fine_tuning_state: z.string().max(50).optional(),
      collection_id: z.string().max(100).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const offset = q.next_page_token ? Number.parseInt(atob(q.next_page_token), 10) || 0 : 0;
    const needle = q.search?.toLowerCase();
    // All voices today are premade defaults: personal/workspace/community filters match none of them.
    const typeMatches = !q.voice_type || ["default", "saved"].includes(q.voice_type);
    const matches = PREMADE_VOICES.filter(
      (v) =>
        typeMatches &&
        (!q.category || q.category === "premade") &&
        (!needle || [v.name, v.description, v.accent, LANGUAGE_NAMES[v.language] ?? ""].some((f) => f.toLowerCase().includes(needle))),
    ).sort((a, b) => (q.sort_direction === "asc" ? 1 : -1) * a.name.localeCompare(b.name));
    const page = matches.slice(offset, offset + q.page_size);
    const hasMore = offset + q.page_size < matches.length;
    const origin = new URL(c.req.url).origin;
    const controls = await safetyControlsByVoice(database(c.env.DB));
    return c.json({
      voices: page.map((v) => voiceJson(v, origin, controls.get(v.voice_id))),
      has_more: hasMore,
      total_count: q.include_total_count === "true" ? matches.length : null,
      next_page_token: hasMore ? btoa(String(offset + q.page_size)) : null,
    });
  },
);

