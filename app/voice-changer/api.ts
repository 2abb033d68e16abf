import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { validationError, type ValidationIssue } from "~/api/errors";
import { answerRefusal, audioResponse, fileFormatField, formFile, formText, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { speechQuery, voiceParam, voiceSettingsSchema } from "~/api/schemas";
import { alignRecording, convertRecording } from "~/voice-changer/voice-changer.server";
import { formatSpec, OUTPUT_FORMATS, type OutputFormat } from "../../core/audio/output-formats";

/** Reads the speech-to-speech form as the SDK sends it: audio, model_id, voice_settings (JSON), seed, remove_background_noise, file_format. */
function readConversionForm(form: FormData) {
  const issues: ValidationIssue[] = [];
  const audio = formFile(form, "audio", "an audio file");
  if ("issue" in audio) issues.push(audio.issue);
  const text = (name: string) => formText(form, name);
  const format = fileFormatField(form);
  if ("issue" in format) issues.push(format.issue);
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
  if (issues.length || "issue" in audio || "issue" in format) return { issues, ok: false as const };
  return { ok: true as const, audio: audio.file, fileFormat: format.fileFormat, modelId: text("model_id"), voiceSettings, seed, removeBackgroundNoise: noise === "true" };
}

async function convert(c: Context<AuthedEnv>, stream: boolean, voiceId: string, outputFormat: OutputFormat) {
  const form = await readMultipart(c, "an audio file");
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
  return audioResponse(result.audio, headers, stream);
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
    const form = await readMultipart(c, "an audio file");
    if (form instanceof Response) return form;
    const file = formFile(form, "file", "an audio file");
    const text = form.get("text");
    const issues: ValidationIssue[] = [];
    if ("issue" in file) issues.push(file.issue);
    if (typeof text !== "string") issues.push({ loc: ["body", "text"], msg: "Field required: the text to align", type: "missing" });
    if ("issue" in file || typeof text !== "string") return validationError(c, issues);
    const result = await alignRecording(c.env, { audio: new Uint8Array(await file.file.arrayBuffer()), contentType: file.file.type, text });
    if (!result.ok) return answerRefusal(c, result.refusal);
    const { characters, words, loss } = result.alignment;
    return c.json({ characters, words, loss });
  },
);
