import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_OUTPUT_FORMAT, formatSpec, OUTPUT_FORMATS } from "../../core/audio/output-formats";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { soundHistory, soundHistoryItem, soundHistoryItemJson } from "~/sound-effects/sound-effects.server";
import { generateSoundEffect } from "~/sound-effects/generation.server";
import { rangedObjectResponse } from "~/history/history.server";
import { PROMPT_INFLUENCE_DEFAULT, SOUND_DURATION_RANGE, SOUND_TEXT_MAX_CHARACTERS } from "~/sound-effects/rules/sound-effects";

const doc = apiDocs("Sound effects");

export const soundBody = z.object({
  text: z
    .string()
    .max(SOUND_TEXT_MAX_CHARACTERS, `Text must be at most ${SOUND_TEXT_MAX_CHARACTERS} characters.`)
    .refine((t) => t.trim() !== "", "Text must describe the sound."),
  duration_seconds: z.number().min(SOUND_DURATION_RANGE.min, `duration_seconds must be at least ${SOUND_DURATION_RANGE.min}.`).max(SOUND_DURATION_RANGE.max, `duration_seconds must be at most ${SOUND_DURATION_RANGE.max}.`).nullish(),
  prompt_influence: z.number().min(0, "prompt_influence must be between 0 and 1.").max(1, "prompt_influence must be between 0 and 1.").nullish(),
  loop: z.boolean().nullish(),
  model_id: z.string().max(100).nullish(),
  /** An extension: the same seed and request give the same sound from the embedded engine. */
  seed: z.number().int().min(0).max(4294967295).nullish(),
});

export const soundEffectsApi = new Hono<AuthedEnv>();
soundEffectsApi.use("*", requireCaller);

soundEffectsApi.post(
  "/",
  doc("Make a sound effect from a description", {
    success: { contentTypes: [...new Set(OUTPUT_FORMATS.map((f) => formatSpec(f).contentType))], description: "Audio in the requested output_format; header sound-generation-history-item-id" },
    responses: { 400: "model_not_found", 401: "quota_exceeded", 402: "payment_required", 403: "output_format_not_allowed", 500: "generation_failed (nothing is charged)" },
  }),
  valid("query", z.object({ output_format: z.enum(OUTPUT_FORMATS).default(DEFAULT_OUTPUT_FORMAT) })),
  valid("json", soundBody),
  async (c) => {
    const body = c.req.valid("json");
    const result = await generateSoundEffect(c.env, c.get("caller"), {
      text: body.text.trim(),
      durationSeconds: body.duration_seconds ?? null,
      promptInfluence: body.prompt_influence ?? PROMPT_INFLUENCE_DEFAULT,
      loop: body.loop ?? false,
      outputFormat: c.req.valid("query").output_format,
      modelId: body.model_id ?? null,
      seed: body.seed ?? null,
    });
    if (!result.ok) return apiError(c, result.refusal.httpStatus, result.refusal.status, result.refusal.message);
    return new Response(new Uint8Array(result.audio), {
      headers: {
        "content-type": result.item.contentType,
        "sound-generation-history-item-id": result.item.id,
        "character-cost": String(result.item.credits),
        "x-sound-recipes": JSON.parse(result.item.recipes).join(","),
      },
    });
  },
);

soundEffectsApi.get(
  "/history",
  doc("List sound generations, newest first", { success: { description: "JSON: history (sound generation items)" } }),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(1000).default(100), search: z.string().max(200).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const rows = await soundHistory(c.env, c.get("caller"), { pageSize: q.page_size, search: q.search });
    return c.json({ history: rows.map(soundHistoryItemJson) });
  },
);

const idParam = z.object({ sound_generation_history_item_id: z.string().min(1).max(100) });

soundEffectsApi.get(
  "/history/:sound_generation_history_item_id/audio",
  doc("A sound generation's audio (HTTP Range supported)", { success: { contentTypes: ["audio/mpeg"], description: "The stored audio; 206 for a Range" }, responses: { 404: "not_found" } }),
  valid("param", idParam),
  async (c) => {
    const row = await soundHistoryItem(c.env, c.get("caller"), c.req.valid("param").sound_generation_history_item_id);
    if (!row) return apiError(c, 404, "not_found", "Sound generation not found");
    const response = await rangedObjectResponse(c.env.MEDIA, row.audioKey, row.audioBytes, c.req.header("range"), { "content-type": row.contentType });
    return response ?? apiError(c, 404, "not_found", "Sound generation audio not found");
  },
);
