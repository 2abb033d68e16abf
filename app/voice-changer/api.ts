import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { speechQuery, voiceParam, voiceSettingsSchema } from "~/api/schemas";
import { ISOLATION_FILE_FORMATS } from "~/isolation/rules/isolation";
import { alignRecording, convertRecording, type Refusal } from "~/voice-changer/voice-changer.server";
import { formatSpec, OUTPUT_FORMATS, type OutputFormat } from "../../core/audio/output-formats";

type Issue = { loc: (string | number)[]; msg: string; type: string };

/** The multipart form, or the validation error that a non-multipart body gets. */
async function readForm(c: Context<AuthedEnv>): Promise<FormData | Response> {
  try {
    return await c.req.formData();
  } catch {
    return validationError(c, [{ loc: ["body"], msg: "Expected a multipart/form-data body with an audio file", type: "model_attributes_type" }]);
  }
}

function answerRefusal(c: Context<AuthedEnv>, refusal: Refusal) {
  for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
  return apiError(c, refusal.httpStatus, refusal.status, refusal.message, refusal.detail);
}

/** Reads the speech-to-speech form as the SDK sends it: audio, model_id, voice_settings (JSON), seed, remove_background_noise, file_format. */
function readConversionForm(form: FormData) {
  const issues: Issue[] = [];
  const audio = form.get("audio");
  if (!audio || typeof audio === "string") issues.push({ loc: ["body", "audio"], msg: "Field required: an audio file", type: "missing" });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : null;
  };
  const fileFormat = text("file_format") ?? "other";
  if (!(ISOLATION_FILE_FORMATS as readonly string[]).includes(fileFormat)) issues.push({ loc: ["body", "file_format"], msg: `Input should be ${ISOLATION_FILE_FORMATS.map((f) => `'${f}'`).join(" or ")}`, type: "enum" });
  let voiceSettings: z.infer<typeof voiceSettingsSchema> | null = null;
  const settingsText = text("voice_settings");
  if (settingsText) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(settingsText);
    } catch {
      parsed = undefined;
    }
    const checked = voiceSettingsSchema.safeParse(parsed);
    if (checked.success) voiceSettings = checked.data;
    else issues.push({ loc: ["body", "voice_settings"], msg: "voice_settings must be a JSON object of stability, similarity_boost, style (0 to 1), use_speaker_boost and speed", type: "value_error" });
  }
  const seedText = text("seed");
  const seed = seedText === null ? null : Number(seedText);
  if (seed !== null && !(Number.isInteger(seed) && seed >= 0 && seed <= 4294967295)) issues.push({ loc: ["body", "seed"], msg: "Input should be an integer between 0 and 4294967295", type: "int_parsing" });
  const noise = text("remove_background_noise") ?? "false";
  if (!["true", "false"].includes(noise)) issues.push({ loc: ["body", "remove_background_noise"], msg: "Input should be a valid boolean", type: "bool_parsing" });
  if (issues.length || !(audio instanceof File)) return { issues, ok: false as const };
  return { ok: true as const, audio, fileFormat: fileFormat as (typeof ISOLATION_FILE_FORMATS)[number], modelId: text("model_id"), voiceSettings, seed, removeBackgroundNoise: noise === "true" };
}

async function convert(c: Context<AuthedEnv>, stream: boolean, voiceId: string, outputFormat: OutputFormat) {
  const form = await readForm(c);
  if (form instanceof Response) return form;
  const read = readConversionForm(form);
  if (!read.ok) return validationError(c, read.issues);
  const result = await convertRecording(
    c.env,
    c.get("caller"),
    {
      voiceId,
      audio: new Uint8Array(await read.audio.arrayBuffer()),
      contentType: read.audio.type,
      fileName: read.audio.name,
      fileFormat: read.fileFormat,
      modelId: read.modelId,
      outputFormat,
      voiceSettings: read.voiceSettings,
      seed: read.seed,
      removeBackgroundNoise: read.removeBackgroundNoise,
      requestId: c.get("requestId"),
    },
    (promise) => c.executionCtx.waitUntil(promise),
  );
  if (!result.ok) return answerRefusal(c, result.refusal);
  const headers = {
    "content-type": result.row.contentType,
    "history-item-id": result.row.id,
    "request-id": result.row.requestId,
    "character-cost": String(result.row.characterCountChangeTo - result.row.characterCountChangeFrom),
    "current-concurrent-requests": String(result.concurrency.active),
    "maximum-concurrent-requests": String(result.concurrency.limit),
  };
  if (!stream) return new Response(result.audio as Uint8Array<ArrayBuffer>, { headers });
  // The whole recording is converted before the first byte (the DSP runs far faster than real time); the stream
  // then sends it in chunks as the commercial API's /stream does.
  const audio = result.audio;
  const CHUNK = 16 * 1024;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= audio.byteLength) return controller.close();
      controller.enqueue(audio.slice(at, at + CHUNK));
      at += CHUNK;
    },
  });
  return new Response(body, { headers });
}

const doc = apiDocs("Voice changer");
const REFUSALS = {
  400: "invalid_file_type, empty_file, file_too_large, invalid_audio (damaged or truncated), unsupported_audio_codec, no_audio_track, no_speech, audio_too_long (detail.max_duration_seconds), model_not_found; nothing is charged",
  401: "quota_exceeded",
  402: "payment_required",
  403: "voice_blocked, voice_captcha_required, output_format_not_allowed",
  404: "voice_not_found",
  429: "too_many_concurrent_requests",
  500: "conversion_failed (nothing is charged)",
};
const AUDIO = { success: { contentTypes: [...new Set(OUTPUT_FORMATS.map((f) => formatSpec(f).contentType))], description: "The recording in the voice, as long as the recording" }, responses: REFUSALS };
const DESCRIPTION =
  "Multipart: audio (an accepted audio or video file), model_id, voice_settings (JSON), seed, remove_background_noise, file_format; query output_format. " +
  "The embedded converter moves pitch and formants to the voice's and keeps the timing (decision 0031). Charged 1,000 credits per minute of audio.";

export const speechToSpeechApi = new Hono<AuthedEnv>();
speechToSpeechApi.use("*", requireCaller);
speechToSpeechApi.post("/:voice_id", doc("Say a recording in another voice", { description: DESCRIPTION, ...AUDIO }), valid("param", voiceParam), valid("query", speechQuery), (c) =>
  convert(c, false, c.req.valid("param").voice_id, c.req.valid("query").output_format),
);
speechToSpeechApi.post("/:voice_id/stream", doc("Say a recording in another voice, streamed", AUDIO), valid("param", voiceParam), valid("query", speechQuery), (c) =>
  convert(c, true, c.req.valid("param").voice_id, c.req.valid("query").output_format),
);

export const forcedAlignmentApi = new Hono<AuthedEnv>();
forcedAlignmentApi.use("*", requireCaller);
forcedAlignmentApi.post(
  "/",
  doc("Align a known text to its recording", {
    description: "Multipart: file (an accepted audio file), text. Characters and words with start and end in seconds, and the loss. The text is spoken by the embedded engine and warped onto the recording by MFCC dynamic time warping (decision 0031).",
    success: { description: "JSON: characters, words, loss" },
    responses: { 400: "invalid_file_type, empty_file, file_too_large, invalid_audio, unsupported_audio_codec, no_audio_track, audio_too_long, empty_text, text_too_long" },
  }),
  async (c) => {
    const form = await readForm(c);
    if (form instanceof Response) return form;
    const file = form.get("file");
    const text = form.get("text");
    const issues: Issue[] = [];
    if (!(file instanceof File)) issues.push({ loc: ["body", "file"], msg: "Field required: an audio file", type: "missing" });
    if (typeof text !== "string") issues.push({ loc: ["body", "text"], msg: "Field required: the text to align", type: "missing" });
    if (!(file instanceof File) || typeof text !== "string") return validationError(c, issues);
    const result = await alignRecording(c.env, { audio: new Uint8Array(await file.arrayBuffer()), contentType: file.type, text });
    if (!result.ok) return answerRefusal(c, result.refusal);
    const { characters, words, loss } = result.alignment;
    return c.json({ characters, words, loss });
  },
);
