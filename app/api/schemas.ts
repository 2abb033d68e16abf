import { z } from "zod";
import { dialogueCharacters, MAX_DIALOGUE_CHARACTERS, MAX_DIALOGUE_LINES, speakableLines } from "~/speech/rules/dialogue";
import { DEFAULT_OUTPUT_FORMAT, OUTPUT_FORMATS } from "../../core/audio/output-formats";
import { USAGE_BREAKDOWNS, USAGE_INTERVALS, USAGE_METRICS } from "~/usage/rules/usage";
import { SPEED_RANGE } from "../../core/voices/voice-rules";
import { CHUNK_LENGTH_RANGE, INACTIVITY_TIMEOUT } from "~/speech/rules/stream-input";
import { MAX_LOCATORS } from "../../core/pronunciation/rules";

/** Request schemas of the speech API: shared by the routes, /openapi.json and the /api page. */
const unit = z.number().min(0).max(1);
export const voiceSettingsSchema = z.object({
  stability: unit.nullish(),
  similarity_boost: unit.nullish(),
  style: unit.nullish(),
  use_speaker_boost: z.boolean().nullish(),
  speed: z.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max).nullish(),
});

export const MAX_TEXT_LENGTH = 10_000;

/** A pronunciation dictionary and, optionally, its version (the latest when absent). */
export const pronunciationLocator = z.object({ pronunciation_dictionary_id: z.string().min(1).max(100), version_id: z.string().max(100).nullish() });

export const speechBody = z.object({
  text: z.string().min(1, "Text must not be empty.").max(MAX_TEXT_LENGTH).refine((t) => t.trim().length > 0, "Text must not be empty."),
  model_id: z.string().max(100).nullish(),
  language_code: z.string().max(10).nullish(),
  voice_settings: voiceSettingsSchema.nullish(),
  seed: z.number().int().min(0).max(4294967295).nullish(),
  previous_text: z.string().max(MAX_TEXT_LENGTH).nullish(),
  next_text: z.string().max(MAX_TEXT_LENGTH).nullish(),
  previous_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  next_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  apply_text_normalization: z.enum(["auto", "on", "off"]).nullish(),
  pronunciation_dictionary_locators: z.array(pronunciationLocator).max(MAX_LOCATORS, `At most ${MAX_LOCATORS} pronunciation dictionaries per request.`).nullish(),
});

export const speechQuery = z.object({
  output_format: z.enum(OUTPUT_FORMATS).default(DEFAULT_OUTPUT_FORMAT),
  enable_logging: z.string().optional(),
  optimize_streaming_latency: z.string().optional(),
});

/** Query parameters of the input-streaming WebSockets (stream-input and multi-stream-input). */
const flag = z.enum(["true", "false"]).transform((v) => v === "true");
export const streamInputQuery = z.object({
  model_id: z.string().max(100).optional(),
  output_format: z.enum(OUTPUT_FORMATS).default(DEFAULT_OUTPUT_FORMAT),
  language_code: z.string().max(10).optional(),
  inactivity_timeout: z.coerce.number().int().min(1).max(INACTIVITY_TIMEOUT.max).default(INACTIVITY_TIMEOUT.default),
  // Alignment always comes with the audio it belongs to, so sync_alignment asks for what is sent anyway.
  sync_alignment: flag.default(false),
  auto_mode: flag.default(false),
  enable_ssml_parsing: flag.default(false),
  enable_logging: z.string().optional(),
  apply_text_normalization: z.enum(["auto", "on", "off"]).optional(),
});

/** One client message of either socket: the first (settings, key), text, flush, and the multi-context controls. */
export const streamInputMessage = z.object({
  text: z.string().max(MAX_TEXT_LENGTH).nullish(),
  voice_settings: voiceSettingsSchema.nullish(),
  generation_config: z.object({ chunk_length_schedule: z.array(z.number().int().min(CHUNK_LENGTH_RANGE.min).max(CHUNK_LENGTH_RANGE.max)).min(1).max(20).nullish() }).nullish(),
  // The single-context SDK names the key "xi-api-key", the docs and the multi-context SDK "xi_api_key".
  xi_api_key: z.string().max(200).nullish(),
  "xi-api-key": z.string().max(200).nullish(),
  authorization: z.string().max(300).nullish(),
  try_trigger_generation: z.boolean().nullish(),
  flush: z.boolean().nullish(),
  context_id: z.string().min(1).max(100).nullish(),
  contextId: z.string().min(1).max(100).nullish(),
  close_context: z.boolean().nullish(),
  close_socket: z.boolean().nullish(),
});
export type StreamInputMessage = z.infer<typeof streamInputMessage>;

export const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });

export const dialogueBody = z.object({
  inputs: z
    .array(z.object({ text: z.string().max(MAX_DIALOGUE_CHARACTERS), voice_id: z.string().min(1).max(100) }))
    .min(1)
    .transform(speakableLines)
    .refine((lines) => lines.length > 0, "At least one line must have text.")
    .refine((lines) => lines.length <= MAX_DIALOGUE_LINES, `At most ${MAX_DIALOGUE_LINES} lines.`)
    .refine((lines) => dialogueCharacters(lines) <= MAX_DIALOGUE_CHARACTERS, `At most ${MAX_DIALOGUE_CHARACTERS} characters in all.`),
  model_id: z.string().max(100).nullish(),
  settings: z.object({ stability: unit.nullish() }).nullish(),
  seed: z.number().int().min(0).max(4294967295).nullish(),
});


/** GET /v1/usage/character-stats, as the commercial API names its parameters (times in Unix milliseconds). */
export const usageQuery = z
  .object({
    start_unix: z.coerce.number().int().min(0),
    end_unix: z.coerce.number().int().min(0),
    include_workspace_metrics: z.enum(["true", "false"]).default("false"),
    breakdown_type: z.enum(USAGE_BREAKDOWNS).default("none"),
    aggregation_interval: z.enum(USAGE_INTERVALS).default("day"),
    aggregation_bucket_size: z.coerce.number().int().min(1).nullish(),
    metric: z.enum(USAGE_METRICS).default("credits"),
  })
  .superRefine((q, ctx) => {
    if (q.end_unix <= q.start_unix) ctx.addIssue({ code: "custom", path: ["end_unix"], message: "end_unix must be after start_unix" });
    if (q.breakdown_type === "user" && q.include_workspace_metrics !== "true") {
      ctx.addIssue({ code: "custom", path: ["breakdown_type"], message: "breakdown_type user needs include_workspace_metrics=true" });
    }
  });
