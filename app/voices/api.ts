import { Hono } from "hono";
import { z } from "zod";
import { editVoiceSettings, findUsableVoice, listVoicePage, previewTarget, settingsOfVoice, usableVoices, voiceSettingsOf } from "~/voices/voices.server";
import { isEngineLanguage, PREVIEW_TEXT, VOICE_PAGE_SIZE_DEFAULT, VOICE_PAGE_SIZE_MAX } from "~/voices/rules/voices";
import { VOICE_TYPES } from "~/voices/rules/voice-search";
import { synthesizeUncharged } from "~/speech/generation.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { voiceJson } from "./voice-json";
import { voiceSettingsSchema } from "~/api/schemas";
import { valid } from "~/api/validation";
import { DEFAULT_VOICE_SETTINGS } from "../../core/voices/voice-settings";
import { FINE_TUNING_STATES, VOICE_CATEGORIES } from "../../core/voices/voices";

export const voicesApi = new Hono<AuthedEnv>();

/** Previews are public files, generated once by the engine on first request and kept in R2. */
voicesApi.get("/previews/:file", valid("param", z.object({ file: z.string().regex(/^voice_preview_[a-z0-9_]+\.mp3$/) })), async (c) => {
  const target = await previewTarget(c.env, c.req.valid("param").file);
  if (!target) return apiError(c, 404, "not_found", "No such preview");
  let object = await c.env.MEDIA.get(target.key);
  if (!object) {
    const text = PREVIEW_TEXT[isEngineLanguage(target.language) ? target.language : "en"];
    await c.env.MEDIA.put(target.key, await synthesizeUncharged(c.env, target.voice, text, "mp3_44100_128", target.language), {
      httpMetadata: { contentType: "audio/mpeg" },
    });
    object = await c.env.MEDIA.get(target.key);
  }
  return new Response(object!.body, { headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=604800", etag: object!.httpEtag } });
});

voicesApi.use("*", requireCaller);

voicesApi.get("/", valid("query", z.object({ show_legacy: z.string().optional() })), async (c) => {
  const origin = new URL(c.req.url).origin;
  const caller = c.get("caller");
  return c.json({ voices: (await usableVoices(c.env, caller)).map((voice) => voiceJson(voice, origin, caller.membership.workspace.id)) });
});

voicesApi.get("/settings/default", (c) => c.json(DEFAULT_VOICE_SETTINGS));

const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });
const voiceNotFound = (voiceId: string) => `A voice with the voice_id ${voiceId} was not found.`;

voicesApi.get("/:voice_id", valid("param", voiceParam), async (c) => {
  const caller = c.get("caller");
  const voiceId = c.req.valid("param").voice_id;
  const voice = await findUsableVoice(c.env, caller, voiceId);
  if (!voice) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
  return c.json({ ...voiceJson(voice, new URL(c.req.url).origin, caller.membership.workspace.id), settings: await settingsOfVoice(c.env, caller, voice) });
});

voicesApi.get("/:voice_id/settings", valid("param", voiceParam), async (c) => {
  const voiceId = c.req.valid("param").voice_id;
  const settings = await voiceSettingsOf(c.env, c.get("caller"), voiceId);
  if (!settings) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
  return c.json(settings);
});

voicesApi.post("/:voice_id/settings/edit", valid("param", voiceParam), valid("json", voiceSettingsSchema), async (c) => {
  const voiceId = c.req.valid("param").voice_id;
  const patch = Object.fromEntries(Object.entries(c.req.valid("json")).filter(([, v]) => v !== null && v !== undefined));
  if (!(await editVoiceSettings(c.env, c.get("caller"), voiceId, patch))) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
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
      category: z.enum(VOICE_CATEGORIES).optional(),
      voice_type: z.enum(VOICE_TYPES).optional(),
      sort: z.enum(["created_at_unix", "name"]).default("name"),
      sort_direction: z.enum(["asc", "desc"]).default("asc"),
      include_total_count: z.enum(["true", "false"]).default("true"),
      fine_tuning_state: z.string().max(50).optional(),
      collection_id: z.string().max(100).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    // An unknown fine-tuning state filters nothing, as before the voices had one.
    const fineTuningState = FINE_TUNING_STATES.find((state) => state === q.fine_tuning_state);
    const page = await listVoicePage(c.env, caller, {
      pageSize: q.page_size,
      nextPageToken: q.next_page_token,
      search: q.search,
      category: q.category,
      voiceType: q.voice_type,
      fineTuningState,
      sort: q.sort,
      sortDirection: q.sort_direction,
    });
    const origin = new URL(c.req.url).origin;
    return c.json({
      voices: page.voices.map((voice) => voiceJson(voice, origin, caller.membership.workspace.id)),
      has_more: page.hasMore,
      total_count: q.include_total_count === "true" ? page.total : null,
      next_page_token: page.nextPageToken,
    });
  },
);
