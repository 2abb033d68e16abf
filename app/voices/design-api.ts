// /v1/text-to-voice: voice design and remix from a description, and saving a preview as a voice (decision 0026).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { designVoicePreviews, generatedVoiceAudio, saveDesignedVoice, type DesignPreview } from "./server/voice-design.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { voiceJson } from "./voice-json";
import { DESCRIPTION_LENGTH, DESIGN_HONESTY, PREVIEW_TEXT_LENGTH } from "../../core/voices/voice-design";
import { OUTPUT_FORMATS, tierAllowsFormat, minimumTierFor, type OutputFormat } from "../../core/audio/output-formats";
import { TIER_DISPLAY_NAMES } from "../../core/billing/plans";

export const textToVoiceApi = new Hono<AuthedEnv>();
textToVoiceApi.use("*", requireCaller);

const doc = apiDocs("Text to voice");

const query = z.object({ output_format: z.enum(OUTPUT_FORMATS).default("mp3_44100_128") });
/** The fields the previews follow; the commercial API's others (loudness, guidance_scale, ...) are accepted and have no counterpart. */
const designBody = z.object({
  voice_description: z
    .string()
    .trim()
    .min(DESCRIPTION_LENGTH.min, `The voice description must be at least ${DESCRIPTION_LENGTH.min} characters.`)
    .max(DESCRIPTION_LENGTH.max, `The voice description must be at most ${DESCRIPTION_LENGTH.max} characters.`),
  text: z
    .string()
    .trim()
    .min(PREVIEW_TEXT_LENGTH.min, `The text must be between ${PREVIEW_TEXT_LENGTH.min} and ${PREVIEW_TEXT_LENGTH.max} characters.`)
    .max(PREVIEW_TEXT_LENGTH.max, `The text must be between ${PREVIEW_TEXT_LENGTH.min} and ${PREVIEW_TEXT_LENGTH.max} characters.`)
    .nullish(),
  auto_generate_text: z.boolean().nullish(),
  seed: z.number().int().min(0).max(4294967295).nullish(),
  loudness: z.number().nullish(),
  quality: z.number().nullish(),
  guidance_scale: z.number().nullish(),
  should_enhance: z.boolean().nullish(),
  model_id: z.string().max(100).nullish(),
});

const previewJson = (preview: DesignPreview) => ({
  audio_base_64: base64(preview.audio),
  generated_voice_id: preview.generatedVoiceId,
  media_type: preview.mediaType,
  duration_secs: preview.durationSecs,
  language: preview.language,
});

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const previewsDoc = {
  description: `${DESIGN_HONESTY} Three previews; each generated_voice_id can be saved with POST /v1/text-to-voice for 24 hours. Without \`text\`, the previews say a text written for the description.`,
  success: { description: "JSON: previews (audio_base_64, generated_voice_id, media_type, duration_secs, language), text" },
  responses: { 403: "output_format_not_allowed", 422: "voice_description shorter than 20 or longer than 1000 characters; text not 100 to 1000 characters" },
};

async function previews(c: Context<AuthedEnv>, body: z.output<typeof designBody>, outputFormat: OutputFormat, voiceId?: string) {
  const caller = c.get("caller");
  const tier = caller.membership.workspace.tier;
  if (!tierAllowsFormat(tier, outputFormat)) {
    return apiError(c, 403, "output_format_not_allowed", `The ${outputFormat} output format needs the ${TIER_DISPLAY_NAMES[minimumTierFor(outputFormat)]} plan or above.`);
  }
  const designed = await designVoicePreviews(c.env, caller, { description: body.voice_description, text: body.text ?? null, seed: body.seed ?? null, outputFormat, voiceId });
  if (!designed.ok) return apiError(c, designed.refusal.httpStatus, designed.refusal.status, designed.refusal.message);
  return c.json({ previews: designed.previews.map(previewJson), text: designed.text });
}

for (const path of ["/create-previews", "/design"]) {
  textToVoiceApi.post(path, doc("Design a voice from a description", previewsDoc), valid("query", query), valid("json", designBody), (c) =>
    previews(c, c.req.valid("json"), c.req.valid("query").output_format),
  );
}

textToVoiceApi.post(
  "/",
  doc("Save a designed voice", {
    description: "Saves a preview (its generated_voice_id, for 24 hours after it was made) as a voice of category generated; it counts against the plan's custom voice limit.",
    success: { description: "JSON: the voice" },
    responses: { 400: "voice_limit_reached", 404: "generated_voice_not_found (unknown, expired or another workspace's)", 422: "invalid body" },
  }),
  valid(
    "json",
    z.object({
      voice_name: z.string().trim().min(1, "The voice needs a name.").max(100),
      voice_description: z.string().trim().max(DESCRIPTION_LENGTH.max),
      generated_voice_id: z.string().min(1).max(100),
      labels: z.record(z.string().max(50), z.string().max(200).nullish()).nullish(),
      played_not_selected_voice_ids: z.array(z.string().max(100)).max(10).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const caller = c.get("caller");
    const labels = Object.fromEntries(Object.entries(body.labels ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const saved = await saveDesignedVoice(c.env, caller, { generatedVoiceId: body.generated_voice_id, name: body.voice_name, description: body.voice_description, labels });
    if (!saved.ok) return apiError(c, saved.refusal.httpStatus, saved.refusal.status, saved.refusal.message);
    return c.json(voiceJson(saved.voice, new URL(c.req.url).origin, caller.membership.workspace.id));
  },
);

textToVoiceApi.post(
  "/:voice_id/remix",
  doc("Remix a voice from a description", {
    ...previewsDoc,
    description: `Three previews of the voice changed as the description says ("higher and faster", "a raspy old man"): its accent and variant stay unless the description names others. ${previewsDoc.description}`,
    responses: { ...previewsDoc.responses, 403: "voice_blocked, output_format_not_allowed", 404: "voice_not_found" },
  }),
  valid("param", z.object({ voice_id: z.string().min(1).max(100) })),
  valid("query", query),
  valid("json", designBody),
  (c) => previews(c, c.req.valid("json"), c.req.valid("query").output_format, c.req.valid("param").voice_id),
);

textToVoiceApi.get(
  "/:generated_voice_id/stream",
  doc("Hear a voice preview", { success: { contentTypes: ["audio/mpeg"], description: "The preview's audio" }, responses: { 404: "generated_voice_not_found" } }),
  valid("param", z.object({ generated_voice_id: z.string().min(1).max(100) })),
  async (c) => {
    const id = c.req.valid("param").generated_voice_id;
    const audio = await generatedVoiceAudio(c.env, c.get("caller"), id);
    if (!audio) return apiError(c, 404, "generated_voice_not_found", `No voice preview with the generated_voice_id ${id}: previews are kept 24 hours.`);
    return new Response(audio.body, { headers: { "content-type": audio.mediaType, "cache-control": "private, max-age=3600" } });
  },
);
