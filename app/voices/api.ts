import { Hono } from "hono";
import { z } from "zod";
import {
  answerVoiceCaptcha,
  captchaImageDataUrl,
  captchaSpokenChallenge,
  deleteOwnVoice,
  editVoiceSettings,
  findUsableVoice,
  issueVoiceCaptcha,
  listVoicePage,
  findCollection,
  premadeVoices,
  previewTarget,
  replicateVoice,
  settingsOfVoice,
  usableVoices,
  voiceSettingsOf,
} from "~/voices/voices.server";
import { previewTextFor, VOICE_PAGE_SIZE_DEFAULT, VOICE_PAGE_SIZE_MAX } from "../../core/voices/voice-rules";
import { VOICE_TYPES } from "~/voices/rules/voice-search";
import { synthesizeUncharged } from "~/speech/generation.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { voiceJson } from "./voice-json";
import { addClonedVoice, deleteSample, editOwnVoice, ownVoicePreview, sampleAudio, type CloningRefusal, type SampleUpload } from "~/voices/cloning.server";
import { voiceSettingsSchema } from "~/api/schemas";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { DEFAULT_VOICE_SETTINGS } from "../../core/voices/voice-settings";
import { FINE_TUNING_STATES, VOICE_CATEGORIES } from "../../core/voices/voices";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../core/voices/voice-safety";

export const voicesApi = new Hono<AuthedEnv>();
const doc = apiDocs("Voices");

/** Previews are public files, generated once by the engine on first request and kept in R2. */
voicesApi.get(
  "/previews/:file",
  doc("A premade voice's preview", {
    description: "Public: made by the engine on the first request, then kept. A blocked voice's preview is refused.",
    success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
    responses: { 403: "voice_blocked", 404: "not_found" },
  }),
  valid("param", z.object({ file: z.string().regex(/^voice_preview_[a-z0-9_]+\.mp3$/) })),
  async (c) => {
    const target = await previewTarget(c.env, c.req.valid("param").file);
    if (!target) return apiError(c, 404, "not_found", "No such preview");
    // A blocked voice is heard nowhere. A CAPTCHA voice's preview stays public: its fixed sample makes the voice
    // say nothing anyone chose (decision 0023); the page still opens the check before playing it.
    if (!voiceUsable(target.voice.safetyControl)) return apiError(c, 403, "voice_blocked", VOICE_BLOCKED_API_MESSAGE);
    let object = await c.env.MEDIA.get(target.key);
    if (!object) {
      const text = previewTextFor(target.language);
      await c.env.MEDIA.put(target.key, await synthesizeUncharged(c.env, target.voice, text, "mp3_44100_128", target.language), {
        httpMetadata: { contentType: "audio/mpeg" },
      });
      object = await c.env.MEDIA.get(target.key);
    }
    return new Response(object!.body, { headers: { "content-type": "audio/mpeg", "cache-control": "public, max-age=604800", etag: object!.httpEtag } });
  },
);

voicesApi.use("*", requireCaller);

voicesApi.get("/", doc("List voices", { success: { description: "JSON: voices" } }), valid("query", z.object({ show_legacy: z.string().optional() })), async (c) => {
  const origin = new URL(c.req.url).origin;
  const caller = c.get("caller");
  return c.json({ voices: (await usableVoices(c.env, caller)).map((voice) => voiceJson(voice, origin, caller.membership.workspace.id)) });
});

voicesApi.get("/settings/default", doc("Default voice settings", { success: { description: "JSON settings" } }), (c) => c.json(DEFAULT_VOICE_SETTINGS));

const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });
const voiceNotFound = (voiceId: string) => `A voice with the voice_id ${voiceId} was not found.`;

voicesApi.get(
  "/:voice_id",
  doc("Get a voice, with your workspace's settings for it", { success: { description: "JSON voice" }, responses: { 404: "voice_not_found" } }),
  valid("param", voiceParam),
  async (c) => {
    const caller = c.get("caller");
    const voiceId = c.req.valid("param").voice_id;
    const voice = await findUsableVoice(c.env, caller, voiceId);
    if (!voice) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
    return c.json({ ...voiceJson(voice, new URL(c.req.url).origin, caller.membership.workspace.id), settings: await settingsOfVoice(c.env, caller, voice) });
  },
);

voicesApi.get(
  "/:voice_id/settings",
  doc("A voice's settings for your workspace", { success: { description: "JSON settings" }, responses: { 404: "voice_not_found" } }),
  valid("param", voiceParam),
  async (c) => {
    const voiceId = c.req.valid("param").voice_id;
    const settings = await voiceSettingsOf(c.env, c.get("caller"), voiceId);
    if (!settings) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
    return c.json(settings);
  },
);

voicesApi.post(
  "/:voice_id/settings/edit",
  doc("Edit a voice's settings for your workspace", { success: { description: "JSON: status" }, responses: { 404: "voice_not_found" } }),
  valid("param", voiceParam),
  valid("json", voiceSettingsSchema),
  async (c) => {
    const voiceId = c.req.valid("param").voice_id;
    const patch = Object.fromEntries(Object.entries(c.req.valid("json")).filter(([, v]) => v !== null && v !== undefined));
    if (!(await editVoiceSettings(c.env, c.get("caller"), voiceId, patch))) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
    return c.json({ status: "ok" });
  },
);

// Instant voice cloning and the workspace's own voices (decision 0024): samples measured and the embedded engine's
// voice derived from them. Multipart like the commercial API: name, files (repeated), description, labels (JSON).
const fileList = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.custom<File>((v) => v instanceof File, "Each of files must be a file upload")));
const labelsField = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === "string")) return parsed as Record<string, string>;
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: "custom", message: "labels must be a JSON object of strings, e.g. {\"accent\": \"british\"}" });
    return z.NEVER;
  });
const voiceForm = z.object({
  name: z.string().trim().min(1).max(100),
  files: fileList,
  description: z.string().max(1000).optional(),
  labels: labelsField.optional(),
  remove_background_noise: z.enum(["true", "false"]).optional(),
});

async function uploads(files: File[]): Promise<SampleUpload[]> {
  return Promise.all(files.map(async (file) => ({ name: file.name || "sample", type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) })));
}
const refused = (c: Parameters<typeof apiError>[0], refusal: CloningRefusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);

voicesApi.post(
  "/add",
  doc("Add a voice by instant cloning", {
    description:
      "Clones a voice from audio samples (MP3, WAV or mono Ogg Opus decode here; the other accepted types of spec §5 are refused with a reason): up to 25 files of 10 MB each, 5 minutes in all, with at least a second of voiced speech each. The embedded engine is formant synthesis: the clone matches the speaker's pitch, pitch range, pace and timbre scale, not the voice itself. From the Starter plan; counts toward the plan's custom voices and its voice additions and edits per billing period. remove_background_noise: the samples go through the voice isolator (RNNoise) before they are measured; the stored samples stay as uploaded.",
    success: { description: "JSON: voice_id, requires_verification" },
    responses: {
      400: "no_samples, empty_sample, undecodable_sample, no_speech_in_sample, too_many_samples, samples_too_long, voice_limit_reached, voice_add_edit_limit_reached",
      403: "can_not_use_instant_voice_cloning (the free plan)",
      413: "sample_too_large",
      415: "unsupported_audio_type",
    },
  }),
  valid("form", voiceForm),
  async (c) => {
    const form = c.req.valid("form");
    const added = await addClonedVoice(c.env, c.get("caller"), {
      name: form.name,
      description: form.description ?? null,
      labels: form.labels,
      files: await uploads(form.files),
      removeBackgroundNoise: form.remove_background_noise === "true",
    });
    if (!added.ok) return refused(c, added.refusal);
    return c.json({ voice_id: added.value.voiceId, requires_verification: added.value.requiresVerification });
  },
);

voicesApi.post(
  "/:voice_id/edit",
  doc("Edit one of your voices", {
    description: "Name (required), description, labels (merged into the voice's), and more samples, after which the voice is measured again. Counts as a voice edit.",
    success: { description: "JSON: status ok" },
    responses: { 400: "as POST /v1/voices/add", 403: "can_not_use_instant_voice_cloning", 404: "voice_not_found (premade, unknown and another workspace's voices alike)", 413: "sample_too_large", 415: "unsupported_audio_type" },
  }),
  valid("param", voiceParam),
  valid("form", voiceForm),
  async (c) => {
    const form = c.req.valid("form");
    const edited = await editOwnVoice(c.env, c.get("caller"), c.req.valid("param").voice_id, {
      name: form.name,
      description: form.description,
      labels: form.labels,
      files: await uploads(form.files),
    });
    if (!edited.ok) return refused(c, edited.refusal);
    return c.json({ status: "ok" });
  },
);

voicesApi.delete(
  "/:voice_id",
  doc("Delete one of your voices", {
    description: "The voice, its settings and its samples in storage. History items made with it keep its name.",
    success: { description: "JSON: status ok" },
    responses: { 403: "missing_permissions (the admin role on the voice is needed)", 404: "voice_not_found (premade, unknown, not shared with you and another workspace's voices alike)" },
  }),
  valid("param", voiceParam),
  async (c) => {
    const deleted = await deleteOwnVoice(c.env, c.get("caller"), c.req.valid("param").voice_id);
    if (!deleted.ok) return apiError(c, deleted.httpStatus, deleted.status, deleted.message);
    return c.json({ status: "ok" });
  },
);

voicesApi.post(
  "/:voice_id/replicate-to-isolated-environment",
  doc("Copy one of your voices into another workspace you belong to", {
    description:
      "The self-hosted meaning of replication (one database holds every workspace, so there is no other residency): an instant clone or a designed voice, with its samples and preview, is copied into target_workspace_id. You need the admin role on the voice and the Voices permission here, and membership with the Voices permission in the target, whose plan's voice limits apply. An API key acts for its owner, a person: their membership of the target is checked; a service account's key is refused. The copy always gets a new voice_id (voice ids are unique across the deployment): preserve_voice_id is accepted and has no effect.",
    success: { description: "JSON: voice_id (of the copy)" },
    responses: {
      400: "voice_not_replicable (premade, professional and library voices), same_workspace, voice_limit_reached, voice_add_edit_limit_reached",
      403: "missing_permissions, service_account_not_allowed, can_not_use_instant_voice_cloning (the target's plan), voice_blocked, two_factor_required (the target's policy)",
      404: "voice_not_found, workspace_not_found (unknown, or not one you belong to)",
    },
  }),
  valid("param", voiceParam),
  valid("json", z.object({ target_workspace_id: z.string().min(1).max(100), preserve_voice_id: z.boolean().optional() })),
  async (c) => {
    const replicated = await replicateVoice(c.env, c.get("caller"), c.req.valid("param").voice_id, c.req.valid("json").target_workspace_id);
    if (!replicated.ok) return refused(c, replicated.refusal);
    return c.json({ voice_id: replicated.voiceId });
  },
);

voicesApi.get(
  "/:voice_id/preview",
  doc("Hear one of your voices", {
    description: "The preview text in the voice's language, spoken by the voice; made on the first request and kept until the voice changes.",
    success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
    responses: { 404: "voice_not_found (premade voices have public previews; unknown and another workspace's voices)" },
  }),
  valid("param", voiceParam),
  async (c) => {
    const voiceId = c.req.valid("param").voice_id;
    const body = await ownVoicePreview(c.env, c.get("caller"), voiceId);
    if (!body) return apiError(c, 404, "voice_not_found", voiceNotFound(voiceId));
    return new Response(body, { headers: { "content-type": "audio/mpeg", "cache-control": "private, max-age=300" } });
  },
);

const sampleParam = voiceParam.extend({ sample_id: z.string().min(1).max(100) });
const sampleNotFound = (sampleId: string) => `A sample with the sample_id ${sampleId} was not found on this voice.`;

voicesApi.get(
  "/:voice_id/samples/:sample_id/audio",
  doc("Get a sample's audio", { description: "The recording as it was uploaded.", success: { contentTypes: ["audio/mpeg", "audio/wav", "audio/ogg"], description: "The sample's audio" }, responses: { 404: "sample_not_found" } }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const audio = await sampleAudio(c.env, c.get("caller"), voiceId, sampleId);
    if (!audio) return apiError(c, 404, "sample_not_found", sampleNotFound(sampleId));
    return new Response(audio.body, { headers: { "content-type": audio.contentType, "cache-control": "private, no-store" } });
  },
);

voicesApi.delete(
  "/:voice_id/samples/:sample_id",
  doc("Delete a sample of one of your voices", { description: "The recording leaves storage and the voice's list; the voice keeps how it sounds.", success: { description: "JSON: status ok" }, responses: { 404: "sample_not_found" } }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    if (!(await deleteSample(c.env, c.get("caller"), voiceId, sampleId))) return apiError(c, 404, "sample_not_found", sampleNotFound(sampleId));
    return c.json({ status: "ok" });
  },
);

// The voice CAPTCHA (decision 0023): a voice under a CAPTCHA control speaks for a workspace once a person of it
// has read a challenge; the page's dialog and API callers take the same steps.
const challengeParam = voiceParam.extend({ challenge_id: z.string().uuid() });

voicesApi.post(
  "/:voice_id/captcha",
  doc("Get a CAPTCHA challenge for a voice under a CAPTCHA control", {
    description:
      "The characters to read are drawn in `image` (an SVG data URL) and spoken at `audio_url`. Send them to POST /v1/voices/{voice_id}/captcha/{challenge_id} within 10 minutes, 3 tries at most; a new challenge replaces your previous one for the voice.",
    success: { description: "JSON: challenge_id, image, audio_url, expires_at_unix, attempts" },
    responses: { 400: "voice_captcha_not_required", 403: "voice_blocked", 404: "voice_not_found" },
  }),
  valid("param", voiceParam),
  async (c) => {
    const voiceId = c.req.valid("param").voice_id;
    const issued = await issueVoiceCaptcha(c.env, c.get("caller"), voiceId);
    if (!issued.ok) return apiError(c, issued.refusal.httpStatus, issued.refusal.status, issued.refusal.message);
    const { challengeId, imageSvg, expiresAt, attempts } = issued.challenge;
    c.header("cache-control", "no-store");
    return c.json({
      challenge_id: challengeId,
      image: captchaImageDataUrl(imageSvg),
      audio_url: `${new URL(c.req.url).origin}/v1/voices/${encodeURIComponent(voiceId)}/captcha/${challengeId}/audio`,
      expires_at_unix: expiresAt,
      attempts,
    });
  },
);

voicesApi.post(
  "/:voice_id/captcha/:challenge_id",
  doc("Answer a voice's CAPTCHA challenge", {
    description: "Right: your workspace may generate with the voice for 12 hours (from the page and the API alike). Wrong: one of the challenge's tries is spent.",
    success: { description: "JSON: status, voice_id, valid_until_unix" },
    responses: {
      400: "captcha_incorrect (detail.attempts_left), voice_captcha_not_required",
      403: "voice_blocked",
      404: "voice_not_found, captcha_challenge_not_found (expired, used up or unknown: ask for a new one)",
    },
  }),
  valid("param", challengeParam),
  valid("json", z.object({ answer: z.string().max(32) })),
  async (c) => {
    const { voice_id: voiceId, challenge_id: challengeId } = c.req.valid("param");
    const answered = await answerVoiceCaptcha(c.env, c.get("caller"), voiceId, challengeId, c.req.valid("json").answer);
    if (!answered.ok) {
      const { httpStatus, status, message, attemptsLeft } = answered.refusal;
      return apiError(c, httpStatus, status, message, attemptsLeft === undefined ? undefined : { attempts_left: attemptsLeft });
    }
    return c.json({ status: "ok", voice_id: voiceId, valid_until_unix: answered.validUntil });
  },
);

voicesApi.get(
  "/:voice_id/captcha/:challenge_id/audio",
  doc("Hear a CAPTCHA challenge", {
    description: "The challenge's characters, spoken one by one (letters by name, then numbers), twice: the image's alternative.",
    success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
    responses: { 404: "captcha_challenge_not_found" },
  }),
  valid("param", challengeParam),
  async (c) => {
    const { voice_id: voiceId, challenge_id: challengeId } = c.req.valid("param");
    const text = await captchaSpokenChallenge(c.env, c.get("caller"), voiceId, challengeId);
    // Spoken by an unrestricted English premade voice, never by the voice under the check.
    const speaker = (await premadeVoices(c.env, "en")).find((voice) => !voice.safetyControl);
    if (!text || !speaker) return apiError(c, 404, "captcha_challenge_not_found", "This challenge has expired, was used up or was never issued: ask for a new one.");
    const audio = await synthesizeUncharged(c.env, speaker, text, "mp3_44100_128", "en");
    return new Response(audio as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/mpeg", "cache-control": "no-store" } });
  },
);

/** GET /v2/voices: searchable, sortable, paged by an opaque token. */
export const voicesV2Api = new Hono<AuthedEnv>();
voicesV2Api.use("*", requireCaller);
voicesV2Api.get(
  "/",
  doc("Search, sort and page voices", { success: { description: "JSON: voices, has_more, total_count, next_page_token" } }),
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
    // Only the workspace's own collections filter; any other id is refused, not read as "no filter".
    if (q.collection_id !== undefined) {
      const found = await findCollection(c.env, caller, q.collection_id);
      if (!found.ok) return apiError(c, found.refusal.httpStatus, found.refusal.status, found.refusal.message);
    }
    const page = await listVoicePage(c.env, caller, {
      pageSize: q.page_size,
      nextPageToken: q.next_page_token,
      search: q.search,
      category: q.category,
      voiceType: q.voice_type,
      fineTuningState,
      collectionId: q.collection_id,
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
