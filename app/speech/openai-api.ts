import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { flacFile, flacHeader, FlacStream } from "../../core/audio/flac";
import { int16FromBytes } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import { toBase64 } from "../../core/base64";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, type ValidationIssue } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { valid } from "~/api/validation";
import { respond, type AudioPacking } from "~/speech/api";
import { openAiVoiceOverrides, openAiVoiceTable, setOpenAiVoice, transcriptionModels } from "~/speech/speech.server";
import { startTranscription } from "~/transcription/transcription.server";
import { EMBEDDED_TRANSCRIPTION_MODEL } from "../../core/engines/speech-to-text";
import { SCRIBE_MODEL_IDS } from "~/transcription/rules/transcription";

/** OpenAI's transcription model names, which its SDK sends. */
const OPENAI_TRANSCRIPTION_MODELS: readonly string[] = ["whisper-1", "gpt-4o-transcribe", "gpt-4o-mini-transcribe"];
import {
  AAC_REFUSAL,
  isOpenAiSpeechModel,
  NO_SPEECH_TO_TEXT,
  OPENAI_FORMAT_SPECS,
  OPENAI_RESPONSE_FORMATS,
  OPENAI_SPEED_RANGE,
  OPENAI_VOICE_NAMES,
  openAiRefusal,
  openAiValidation,
  prosodyFromInstructions,
  rateForSpeed,
  takesInstructions,
  voiceIdFor,
  srtOf,
  TRANSCRIPTION_FORMATS,
  TRANSCRIPTION_MAX_BYTES,
  transcriptSegments,
  vttOf,
  type OpenAiFormatSpec,
  type TranscriptionFormat,
} from "~/speech/rules/openai";

/**
 * OpenAI's error shape on this router only: every refusal the shared layers give in the platform's shape
 * ({"detail": ...}: authentication, validation, the speech plan's refusals, an unknown path) is rewritten into
 * {"error": {"message", "type", "code", "param"}} with OpenAI's status, so OpenAI's SDK raises its typed errors.
 */
const openAiErrors: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (res.status < 400 || !res.headers.get("content-type")?.includes("application/json")) return;
  const body = (await res.clone().json().catch(() => null)) as { detail?: ValidationIssue[] | { status: string; message: string } } | null;
  if (!body?.detail) return;
  const translated = Array.isArray(body.detail) ? openAiValidation(body.detail) : openAiRefusal(res.status, body.detail.status, body.detail.message);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  c.res = undefined;
  c.res = new Response(JSON.stringify(translated.body), { status: translated.status, headers });
};

/** An error in OpenAI's shape from the handler itself (what the platform has no refusal for). */
function openAiError(status: 400 | 501 | 502, code: string, message: string, param: string | null, headers: Record<string, string> = {}) {
  const type = status === 400 ? "invalid_request_error" : "server_error";
  return new Response(JSON.stringify({ error: { message, type, code, param } }), { status, headers: { "content-type": "application/json", ...headers } });
}

const encoder = new TextEncoder();
const sseEvent = (event: object) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

/** A WAV header for a stream of unknown length (sizes 0xFFFFFFFF, as streaming servers write it). */
function streamingWavHeader(sampleRate: number): Uint8Array {
  const header = wavFile(new Int16Array(0), sampleRate);
  const view = new DataView(header.buffer);
  view.setUint32(4, 0xffffffff, true);
  view.setUint32(40, 0xffffffff, true);
  return header;
}

const SAMPLE_RATE = 24000; // the pcm_24000 source of wav, flac and pcm

/** The container's whole file from the encoded audio, and its streaming counterpart. */
function container(spec: OpenAiFormatSpec): { whole(audio: Uint8Array): Uint8Array<ArrayBuffer>; stream(): { push(audio: Uint8Array): Uint8Array[]; end(): Uint8Array[] } } {
  switch (spec.container) {
    case "wav":
      return {
        whole: (audio) => wavFile(int16FromBytes(audio), SAMPLE_RATE) as Uint8Array<ArrayBuffer>,
        stream: () => {
          let started = false;
          return {
            push: (audio) => (started ? [audio] : ((started = true), [streamingWavHeader(SAMPLE_RATE), audio])),
            end: () => (started ? [] : [streamingWavHeader(SAMPLE_RATE)]),
          };
        },
      };
    case "flac":
      return {
        whole: (audio) => flacFile(int16FromBytes(audio), SAMPLE_RATE) as Uint8Array<ArrayBuffer>,
        stream: () => {
          const flac = new FlacStream(SAMPLE_RATE);
          let started = false;
          const head = () => (started ? [] : ((started = true), [flacHeader(SAMPLE_RATE)]));
          return { push: (audio) => [...head(), ...flac.push(int16FromBytes(audio))], end: () => [...head(), ...flac.finish()] };
        },
      };
    case "raw":
      return { whole: (audio) => audio.slice(), stream: () => ({ push: (audio) => [audio], end: () => [] }) };
  }
}

const speechBody = z.object({
  model: z.string().min(1).max(100),
  input: z
    .string()
    .max(4096)
    .refine((text) => text.trim().length > 0, "input is empty: there is nothing to speak"),
  voice: z.union([z.string().min(1).max(100), z.object({ id: z.string().min(1).max(100) })]),
  response_format: z.enum(OPENAI_RESPONSE_FORMATS).default("mp3"),
  speed: z.number().min(OPENAI_SPEED_RANGE.min).max(OPENAI_SPEED_RANGE.max).optional(),
  instructions: z.string().max(4096).optional(),
  stream_format: z.enum(["audio", "sse"]).default("audio"),
});

const doc = apiDocs("OpenAI-compatible");
export const openAiAudioApi = new Hono<AuthedEnv>();
openAiAudioApi.use("*", openAiErrors);
openAiAudioApi.use("*", requireCaller);

openAiAudioApi.post(
  "/speech",
  doc("Speech (OpenAI's shape)", {
    description:
      "Same voices, quota and history as every speech request. Models tts-1, tts-1-hd, gpt-4o-mini-tts (all the default model); OpenAI's voice names (GET /v1/openai/voices) or voice ids; mp3, opus, flac, wav, pcm (aac refused); speed 0.25-4 (the engine reaches 0.46-2.57: effective-speed header); stream_format sse. Decision 0027.",
    success: { contentTypes: ["audio/mpeg", "audio/ogg", "audio/flac", "audio/wav", "audio/pcm", "text/event-stream"], description: "Audio, or events" },
    errorShape: "openai",
    responses: {
      400: "invalid_value (param names the field), unsupported_response_format, max_character_limit_exceeded",
      402: "payment_required",
      403: "voice_blocked, voice_captcha_required",
      404: "model_not_found, voice_not_found",
      429: "insufficient_quota, too_many_concurrent_requests",
      500: "generation_failed (nothing is charged)",
    },
  }),
  valid("json", speechBody),
  async (c) => {
    const body = c.req.valid("json");
    if (body.response_format === "aac") return openAiError(400, "unsupported_response_format", AAC_REFUSAL, "response_format");
    const spec = OPENAI_FORMAT_SPECS[body.response_format];
    const requested = typeof body.voice === "string" ? body.voice : body.voice.id;
    const voiceId = voiceIdFor(requested, await openAiVoiceOverrides(c.env, c.get("caller")));
    const openAiModel = isOpenAiSpeechModel(body.model);
    const prosody = prosodyFromInstructions(openAiModel && !takesInstructions(body.model) ? undefined : body.instructions);
    const changesProsody = body.speed !== undefined || prosody.applied.length > 0;
    const speed = (body.speed ?? OPENAI_SPEED_RANGE.default) * prosody.pace;
    const headers: Record<string, string> = {};
    if (changesProsody) headers["effective-speed"] = String(rateForSpeed(speed).effectiveSpeed);
    if (body.instructions !== undefined) headers["instructions-applied"] = prosody.applied.join(", ") || "none";
    const box = container(spec);
    const sse = body.stream_format === "sse";
    const packing: AudioPacking = {
      contentType: sse ? "text/event-stream" : spec.contentType,
      headers: sse ? { ...headers, "cache-control": "no-cache" } : headers,
      whole: box.whole,
      stream: sse
        ? () => {
            const inner = box.stream();
            const events = (pieces: Uint8Array[]) => pieces.filter((p) => p.byteLength).map((p) => sseEvent({ type: "speech.audio.delta", audio: toBase64(p) }));
            return {
              push: (audio) => events(inner.push(audio)),
              // The platform counts characters: each counts as one input token (decision 0027).
              end: (plan) => [...events(inner.end()), sseEvent({ type: "speech.audio.done", usage: { input_tokens: plan.characters, output_tokens: 0, total_tokens: plan.characters } })],
            };
          }
        : undefined,
    };
    return respond(
      c,
      {
        voiceId,
        text: body.input,
        modelId: openAiModel ? null : body.model,
        outputFormat: spec.source,
        openAiProsody: changesProsody ? { speed, pitchShift: prosody.pitchShift, rangeShift: prosody.rangeShift } : null,
        source: "OpenAI",
        requestId: c.get("requestId"),
      },
      { stream: sse, timestamps: false },
      packing,
    );
  },
);

/** A file's content type: the one it came with, else from its name's extension. */
const TYPE_BY_EXTENSION: Record<string, string> = { mp3: "audio/mpeg", mpga: "audio/mpeg", mpeg: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg", opus: "audio/ogg", oga: "audio/ogg", webm: "audio/webm", flac: "audio/flac", m4a: "audio/mp4", mp4: "audio/mp4" };
function contentTypeOf(file: File): string | null {
  const declared = file.type.split(";")[0]!.trim().toLowerCase();
  if (declared.startsWith("audio/") || declared === "video/mp4" || declared === "video/webm") return declared;
  return TYPE_BY_EXTENSION[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? null;
}

const noEngine = () => openAiError(NO_SPEECH_TO_TEXT.status, NO_SPEECH_TO_TEXT.code, NO_SPEECH_TO_TEXT.message, null, { "x-should-retry": "false" });
const badField = (param: string, message: string) => openAiError(400, "invalid_value", message, param);

/**
 * OpenAI's transcription and translation requests on the platform's speech to text (app/transcription): the
 * same checks, charge by duration and stored transcript as POST /v1/speech-to-text; refusals in OpenAI's shape.
 */
async function transcriptionRequest(c: Context<AuthedEnv>, task: "transcribe" | "translate") {
  const models = await transcriptionModels(c.env);
  if (!models.length) return noEngine();
  const form = await c.req.raw.formData().catch(() => null);
  if (!form) return badField("file", "The body must be multipart/form-data with an audio file.");
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return badField("file", "file is required: the audio to transcribe.");
  if (file.size > TRANSCRIPTION_MAX_BYTES) return badField("file", `file is ${file.size} bytes; the limit is ${TRANSCRIPTION_MAX_BYTES}.`);
  const contentType = contentTypeOf(file);
  if (!contentType) return badField("file", "file is not a recognised audio format (mp3, mp4, m4a, ogg, opus, wav, webm, flac).");
  const model = form.get("model");
  if (typeof model !== "string" || !model.trim()) return badField("model", "model is required (whisper-1, or one of this server's speech-to-text models).");
  const format = form.get("response_format") ?? "json";
  if (typeof format !== "string" || !(TRANSCRIPTION_FORMATS as readonly string[]).includes(format)) return badField("response_format", `response_format must be one of ${TRANSCRIPTION_FORMATS.join(", ")}.`);
  const language = task === "translate" ? null : form.get("language");
  if (language !== null && (typeof language !== "string" || !/^[a-z]{2,3}$/i.test(language))) return badField("language", "language must be an ISO-639-1 code such as en.");
  const prompt = form.get("prompt");
  if (prompt !== null && (typeof prompt !== "string" || prompt.length > 4096)) return badField("prompt", "prompt must be text of at most 4096 characters.");
  const granularities = form.getAll("timestamp_granularities[]");
  if (!granularities.every((g) => g === "word" || g === "segment")) return badField("timestamp_granularities", "timestamp_granularities[] takes word and segment.");
  const started = await startTranscription(
    c.env,
    c.get("caller"),
    {
      audio: new Uint8Array(await file.arrayBuffer()),
      contentType,
      fileName: file.name || null,
      pcm16k: false,
      // Translation into English: only the embedded engine's case, English speech to English text.
      // OpenAI's own model names mean this server's default engine, as the scribe ids do on /v1/speech-to-text.
      modelId: task === "translate" ? EMBEDDED_TRANSCRIPTION_MODEL : OPENAI_TRANSCRIPTION_MODELS.includes(model) ? SCRIBE_MODEL_IDS[0] : model,
      languageCode: task === "translate" ? "en" : (language?.toLowerCase() ?? null),
      diarize: false,
      // OpenAI's transcription answer has no place for audio events.
      tagAudioEvents: false,
      granularity: "word",
      additionalFormats: [],
      requestId: c.get("requestId"),
    },
    (promise) => c.executionCtx.waitUntil(promise),
  );
  const done = started.ok ? await started.work : started;
  if (!done.ok) {
    if (done.refusal.status === "speech_to_text_failed") return openAiError(502, "speech_to_text_failed", done.refusal.message, null);
    return apiError(c, done.refusal.httpStatus, done.refusal.status, done.refusal.message);
  }
  const result = done.heard;
  const segments = transcriptSegments(result.text, result.words, result.durationMs);
  switch (format as TranscriptionFormat) {
    case "text":
      return c.text(`${result.text}\n`);
    case "srt":
      return c.body(srtOf(segments), 200, { "content-type": "application/x-subrip; charset=utf-8" });
    case "vtt":
      return c.body(vttOf(segments), 200, { "content-type": "text/vtt; charset=utf-8" });
    case "verbose_json": {
      const duration = (result.durationMs ?? Math.max(0, ...result.words.map((w) => w.endMs))) / 1000;
      const words = granularities.includes("word") ? { words: result.words.map((w) => ({ word: w.text, start: w.startMs / 1000, end: w.endMs / 1000 })) } : {};
      const withSegments = granularities.length === 0 || granularities.includes("segment");
      const heardLanguage = task === "translate" ? "en" : (result.language ?? language ?? null);
      return c.json({ task, language: heardLanguage, duration, text: result.text, ...(withSegments ? { segments } : {}), ...words });
    }
    case "json":
      return c.json({ text: result.text });
  }
}

const TRANSCRIPTION_RESPONSES = {
  400: "invalid_value (param names the field), invalid_file_type, empty_file, invalid_audio, audio_too_long",
  401: "quota_exceeded",
  422: "unsupported_language (the embedded engine hears US English only)",
  501: "speech_to_text_unavailable",
  502: "speech_to_text_failed",
};

openAiAudioApi.post(
  "/transcriptions",
  doc("Transcription (OpenAI's shape)", {
    description:
      "OpenAI's multipart request (file up to 25 MB, model, language, prompt, timestamp_granularities) on the deployment's speech-to-text engine (the embedded PocketSphinx, US English, by default; whisper-1 means the default); json, text, srt, vtt or verbose_json. Charged by audio duration as POST /v1/speech-to-text.",
    success: { contentTypes: ["application/json", "text/plain", "application/x-subrip", "text/vtt"], description: "The transcript" },
    errorShape: "openai",
    responses: TRANSCRIPTION_RESPONSES,
  }),
  (c) => transcriptionRequest(c, "transcribe"),
);

/** Speech translation into English: the embedded engine hears English only, so English speech gives English text; nothing else is translated. */
openAiAudioApi.post(
  "/translations",
  doc("Translation to English (OpenAI's shape)", {
    description:
      "OpenAI's multipart request (file, model, prompt, response_format). The embedded engine hears US English only: English speech comes back as English text; speech in another language is not translated (a neural provider with translation is needed for that). Charged as a transcription.",
    success: { contentTypes: ["application/json", "text/plain", "application/x-subrip", "text/vtt"], description: "The English text" },
    errorShape: "openai",
    responses: TRANSCRIPTION_RESPONSES,
  }),
  (c) => transcriptionRequest(c, "translate"),
);

/** Which voice each of OpenAI's standard voice names speaks as in the workspace (a platform route: its error shape). */
const voicesDoc = apiDocs("OpenAI-compatible");
export const openAiVoicesApi = new Hono<AuthedEnv>();
openAiVoicesApi.use("*", requireCaller);
openAiVoicesApi.get(
  "/",
  voicesDoc("OpenAI voice names and their voices", { description: "Each standard name (alloy, ash, ...), the voice it speaks as in this workspace, its default and whether the workspace changed it.", success: { description: "JSON: voices" } }),
  async (c) => c.json({ voices: await openAiVoiceTable(c.env, c.get("caller")) }),
);
const nameParam = z.object({ name: z.enum(OPENAI_VOICE_NAMES) });
openAiVoicesApi.put(
  "/:name",
  voicesDoc("Choose the voice of an OpenAI voice name (admins)", { success: { description: "JSON: the name's row" }, responses: { 403: "forbidden", 404: "voice_not_found" } }),
  valid("param", nameParam),
  valid("json", z.object({ voice_id: z.string().min(1).max(100) })),
  async (c) => {
    const name = c.req.valid("param").name;
    const changed = await setOpenAiVoice(c.env, c.get("caller"), name, c.req.valid("json").voice_id);
    if (!changed.ok) return apiError(c, changed.status, changed.code, changed.message);
    return c.json((await openAiVoiceTable(c.env, c.get("caller"))).find((row) => row.name === name));
  },
);
openAiVoicesApi.delete(
  "/:name",
  voicesDoc("Restore the default voice of an OpenAI voice name (admins)", { success: { description: "JSON: the name's row" }, responses: { 403: "forbidden" } }),
  valid("param", nameParam),
  async (c) => {
    const name = c.req.valid("param").name;
    const changed = await setOpenAiVoice(c.env, c.get("caller"), name, null);
    if (!changed.ok) return apiError(c, changed.status, changed.code, changed.message);
    return c.json((await openAiVoiceTable(c.env, c.get("caller"))).find((row) => row.name === name));
  },
);
