// The voice library's API (decision 0025): GET /v1/shared-voices, adding a shared voice, a voice's sharing
// settings and the collections, as the official SDK calls them.
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { valid } from "~/api/validation";
import { synthesizeUncharged } from "~/speech/generation.server";
import {
  addSharedVoice,
  addVoiceToCollection,
  createCollection,
  deleteCollection,
  findCollection,
  libraryVoiceForPreview,
  listCollections,
  removeVoiceFromCollection,
  setVoiceSharing,
  sharedVoicePage,
  updateCollection,
} from "~/voices/voices.server";
import {
  COLLECTION_ICON_MAX,
  COLLECTION_TITLE_MAX,
  collectionTitle,
  copyName,
  listParameter,
  PUBLIC_USER_ID,
  SHARED_CATEGORIES,
  SHARED_PAGE_MAX,
  SHARED_PAGE_SIZE_DEFAULT,
  SHARED_PAGE_SIZE_MAX,
  SHARED_SORTS,
  VOICE_NAME_MAX,
  type Refusal,
} from "~/voices/rules/voice-library";
import { isEngineLanguage, PREVIEW_TEXT } from "../../core/voices/voice-rules";
import { collectionJson, libraryVoiceJson, sharingJson } from "./library-json";
import type { Context } from "hono";

const doc = apiDocs("Voices");
const refuse = (c: Context, refusal: Refusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);

const flag = z.enum(["true", "false"]).transform((value) => value === "true");
const many = z.union([z.string().max(500), z.array(z.string().max(100)).max(20)]).optional();
const text = z.string().trim().max(100).optional();

/** GET /v1/shared-voices: the library. Mounted at /v1/shared-voices. */
export const sharedVoicesApi = new Hono<AuthedEnv>();

sharedVoicesApi.get(
  "/previews/:file",
  doc("A library voice's preview", {
    description: "Public, as preview_url gives it: spoken by the voice on the first request, then kept. Only voices in the library have one.",
    success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
    responses: { 404: "not_found" },
  }),
  valid("param", z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,100}\.mp3$/) })),
  async (c) => {
    const voiceId = c.req.valid("param").file.replace(/\.mp3$/, "");
    const voice = await libraryVoiceForPreview(c.env, voiceId);
    if (!voice) return apiError(c, 404, "not_found", "No voice of the library has this preview.");
    // Keyed by the publication: publishing again (after an edit) speaks a fresh one.
    const key = `library-previews/${voice.voiceId}_${voice.sharedAt ?? 0}.mp3`;
    let object = await c.env.MEDIA.get(key);
    if (!object) {
      const audio = await synthesizeUncharged(c.env, voice, PREVIEW_TEXT[isEngineLanguage(voice.language) ? voice.language : "en"], "mp3_44100_128", voice.language);
      await c.env.MEDIA.put(key, audio, { httpMetadata: { contentType: "audio/mpeg" } });
      object = await c.env.MEDIA.get(key);
    }
    return new Response(object!.body, { headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=604800", etag: object!.httpEtag } });
  },
);

export const sharedVoicesQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(SHARED_PAGE_SIZE_MAX).default(SHARED_PAGE_SIZE_DEFAULT),
  page: z.coerce.number().int().min(0).max(SHARED_PAGE_MAX).default(0),
  category: z.enum(SHARED_CATEGORIES).optional(),
  gender: text,
  age: text,
  accent: text,
  language: text,
  locale: text,
  search: z.string().max(200).optional(),
  use_cases: many,
  descriptives: many,
  featured: flag.optional(),
  include_live_moderated: flag.default(true),
  owner_id: z.string().max(100).optional(),
  sort: z.enum(SHARED_SORTS).default("created_date"),
  // Accepted and without effect here: every voice is at the plan's own rate, with no notice period or reader app.
  min_notice_period_days: z.coerce.number().int().min(0).optional(),
  include_custom_rates: flag.optional(),
  reader_app_enabled: flag.optional(),
});

const asList = (value: string | string[] | undefined) => listParameter(value === undefined ? [] : Array.isArray(value) ? value : [value]);

sharedVoicesApi.get(
  "/",
  requireCaller,
  doc("Search the voice library", {
    description:
      "Voices workspaces shared, newest first by default; sort by usage_character_count_1y, trending (last 7 days) or cloned_by_count. Pages are numbered from 0. Only category professional can match (there are no famous or high-quality voices), and no voice is featured.",
    success: { description: "JSON: voices, has_more, total_count" },
  }),
  valid("query", sharedVoicesQuery),
  async (c) => {
    const q = c.req.valid("query");
    const page = await sharedVoicePage(c.env, c.get("caller"), {
      search: q.search,
      category: q.category,
      gender: q.gender,
      age: q.age,
      accent: q.accent,
      language: q.language,
      locale: q.locale,
      useCases: asList(q.use_cases),
      descriptives: asList(q.descriptives),
      featured: q.featured,
      includeLiveModerated: q.include_live_moderated,
      ownerId: q.owner_id,
      sort: q.sort,
      page: q.page,
      pageSize: q.page_size,
    });
    const origin = new URL(c.req.url).origin;
    return c.json({ voices: page.voices.map((voice) => libraryVoiceJson(voice, origin)), has_more: page.hasMore, total_count: page.total, last_sort_id: null });
  },
);

/** The library's routes under /v1/voices; mounted before the voices' own (whose /{voice_id} would match them). */
export const voiceLibraryApi = new Hono<AuthedEnv>();

voiceLibraryApi.post(
  "/add/:public_user_id/:voice_id",
  requireCaller,
  doc("Add a shared voice to your voices", {
    description:
      "Copies a library voice into your workspace under new_name; the copy takes one of your plan's voice slots. Refused when the owner does not allow copying (voice_copy_disabled) and when the voice is not shared under this public_user_id.",
    success: { description: "JSON: voice_id of your copy" },
    responses: { 400: "voice_limit_reached, voice_already_added, voice_already_owned, invalid_request", 403: "voice_copy_disabled, voice_blocked", 404: "voice_not_found" },
  }),
  valid("param", z.object({ public_user_id: z.string().max(100), voice_id: z.string().min(1).max(100) })),
  valid("json", z.object({ new_name: z.string().max(VOICE_NAME_MAX * 2), bookmarked: z.boolean().optional() })),
  async (c) => {
    const { public_user_id: publicUserId, voice_id: voiceId } = c.req.valid("param");
    const name = copyName(c.req.valid("json").new_name);
    if (name === null) return apiError(c, 400, "invalid_request", `new_name must be 1 to ${VOICE_NAME_MAX} characters.`);
    if (!PUBLIC_USER_ID.test(publicUserId)) return apiError(c, 404, "voice_not_found", `No shared voice with the voice_id ${voiceId} is in the library under this public_user_id.`);
    const added = await addSharedVoice(c.env, c.get("caller"), publicUserId, voiceId, name);
    if (!added.ok) return refuse(c, added.refusal);
    return c.json({ voice_id: added.voiceId });
  },
);

voiceLibraryApi.post(
  "/:voice_id/sharing",
  requireCaller,
  doc("Share one of your voices in the library", {
    description:
      "published lists the voice in the library under your workspace's public_user_id; copying_allowed false keeps it listed and heard but refuses copies (status copied_disabled); live_moderation_enabled is shown to whoever adds it and kept on the copies; financial_rewards_enabled with fiat_rate (dollars per 1,000 credits, whole cents from 0.01 to 1.00) pays you royalties for other workspaces' generations with it (left out: unchanged; unpublishing ends them). A voice added from the library cannot be shared again.",
    success: { description: "JSON: voice_id, status, public_owner_id, date_unix, live_moderation_enabled, original_voice_id, financial_rewards_enabled, fiat_rate" },
    responses: { 400: "voice_not_shareable, invalid_royalty_rate", 403: "voice_blocked", 404: "voice_not_found" },
  }),
  valid("param", z.object({ voice_id: z.string().min(1).max(100) })),
  valid(
    "json",
    z.object({
      published: z.boolean(),
      copying_allowed: z.boolean().default(true),
      live_moderation_enabled: z.boolean().default(false),
      financial_rewards_enabled: z.boolean().optional(),
      fiat_rate: z.number().nullable().optional(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const shared = await setVoiceSharing(c.env, c.get("caller"), c.req.valid("param").voice_id, {
      published: body.published,
      copyable: body.copying_allowed,
      liveModeration: body.live_moderation_enabled,
      royalty: body.financial_rewards_enabled === undefined ? undefined : { rewards: body.financial_rewards_enabled, fiatRate: body.fiat_rate ?? null },
    });
    if (!shared.ok) return refuse(c, shared.refusal);
    return c.json(sharingJson(shared.voice));
  },
);

const collectionParam = z.object({ collection_id: z.string().min(1).max(100) });
const collectionVoiceParam = collectionParam.extend({ voice_id: z.string().min(1).max(100) });
const title = z.string().max(COLLECTION_TITLE_MAX * 2);
const icon = z.string().trim().max(COLLECTION_ICON_MAX);

voiceLibraryApi.get("/collections", requireCaller, doc("List your workspace's voice collections", { success: { description: "JSON: collections, by title" } }), async (c) =>
  c.json({ collections: (await listCollections(c.env, c.get("caller"))).map(collectionJson) }),
);

voiceLibraryApi.post(
  "/collections",
  requireCaller,
  doc("Create a voice collection", { success: { description: "JSON collection" }, responses: { 400: "invalid_request, collection_limit_reached" } }),
  valid("json", z.object({ title, icon: icon.default("") })),
  async (c) => {
    const body = c.req.valid("json");
    const name = collectionTitle(body.title);
    if (name === null) return apiError(c, 400, "invalid_request", `title must be 1 to ${COLLECTION_TITLE_MAX} characters.`);
    const created = await createCollection(c.env, c.get("caller"), name, body.icon);
    return created.ok ? c.json(collectionJson(created.collection)) : refuse(c, created.refusal);
  },
);

voiceLibraryApi.get(
  "/collections/:collection_id",
  requireCaller,
  doc("Get a voice collection", { success: { description: "JSON collection" }, responses: { 404: "collection_not_found" } }),
  valid("param", collectionParam),
  async (c) => {
    const found = await findCollection(c.env, c.get("caller"), c.req.valid("param").collection_id);
    return found.ok ? c.json(collectionJson(found.collection)) : refuse(c, found.refusal);
  },
);

voiceLibraryApi.patch(
  "/collections/:collection_id",
  requireCaller,
  doc("Rename a voice collection or change its icon", { success: { description: "JSON collection" }, responses: { 400: "invalid_request", 404: "collection_not_found" } }),
  valid("param", collectionParam),
  valid("json", z.object({ title: title.optional(), icon: icon.optional() })),
  async (c) => {
    const body = c.req.valid("json");
    const name = body.title === undefined ? undefined : collectionTitle(body.title);
    if (name === null) return apiError(c, 400, "invalid_request", `title must be 1 to ${COLLECTION_TITLE_MAX} characters.`);
    const updated = await updateCollection(c.env, c.get("caller"), c.req.valid("param").collection_id, { ...(name ? { title: name } : {}), ...(body.icon === undefined ? {} : { icon: body.icon }) });
    return updated.ok ? c.json(collectionJson(updated.collection)) : refuse(c, updated.refusal);
  },
);

voiceLibraryApi.delete(
  "/collections/:collection_id",
  requireCaller,
  doc("Delete a voice collection (its voices stay)", { success: { description: "JSON: collection_id" }, responses: { 404: "collection_not_found" } }),
  valid("param", collectionParam),
  async (c) => {
    const collectionId = c.req.valid("param").collection_id;
    const deleted = await deleteCollection(c.env, c.get("caller"), collectionId);
    return deleted.ok ? c.json({ collection_id: collectionId }) : refuse(c, deleted.refusal);
  },
);

voiceLibraryApi.post(
  "/collections/:collection_id/voice/:voice_id",
  requireCaller,
  doc("Add a voice to a collection", {
    description: "Any voice your workspace may use (premade or its own); adding it again changes nothing.",
    success: { description: "JSON: collection_id, voice_id" },
    responses: { 400: "collection_full", 404: "collection_not_found, voice_not_found" },
  }),
  valid("param", collectionVoiceParam),
  async (c) => {
    const { collection_id: collectionId, voice_id: voiceId } = c.req.valid("param");
    const added = await addVoiceToCollection(c.env, c.get("caller"), collectionId, voiceId);
    return added.ok ? c.json({ collection_id: collectionId, voice_id: voiceId }) : refuse(c, added.refusal);
  },
);

voiceLibraryApi.delete(
  "/collections/:collection_id/voice/:voice_id",
  requireCaller,
  doc("Remove a voice from a collection (the voice stays)", { success: { description: "JSON: collection_id, voice_id" }, responses: { 404: "collection_not_found, voice_not_found" } }),
  valid("param", collectionVoiceParam),
  async (c) => {
    const { collection_id: collectionId, voice_id: voiceId } = c.req.valid("param");
    const removed = await removeVoiceFromCollection(c.env, c.get("caller"), collectionId, voiceId);
    return removed.ok ? c.json({ collection_id: collectionId, voice_id: voiceId }) : refuse(c, removed.refusal);
  },
);
