import type { Context } from "hono";
import { Hono } from "hono";
import { formatSpec, OUTPUT_FORMATS } from "../../core/audio/output-formats";
import { concatAlignments, type Alignment } from "../../core/speech/speech-text";
import { planSpeech, QuotaExhaustedError, runSpeech, type GenerationLifetime, type SpeechPlan, type SpeechRequest, type SpeechSource } from "~/speech/generation.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { dialogueBody, speechBody, speechQuery, voiceParam } from "~/api/schemas";
import { valid } from "~/api/validation";
import { apiDocs, type RouteDoc } from "~/api/route-docs";
import { toBase64 } from "../../core/base64";

type Mode = { stream: boolean; timestamps: boolean };

function speechHeaders(plan: SpeechPlan, contentType: string): Record<string, string> {
  return {
    "content-type": contentType,
    "history-item-id": plan.historyItemId,
    "character-cost": String(plan.characters),
    "current-concurrent-requests": String(plan.concurrency.active),
    "maximum-concurrent-requests": String(plan.concurrency.limit),
  };
}

/**
 * How a route other than the ElevenLabs-shaped ones packs the encoded audio (the OpenAI-compatible route's wav,
 * flac and server-sent events): its content type, the whole body from all the audio, or a stream's pieces.
 */
export type AudioPacking = {
  contentType: string;
  headers?: Record<string, string>;
  whole?: (audio: Uint8Array) => Uint8Array<ArrayBuffer>;
  stream?: () => { push(audio: Uint8Array): Uint8Array[]; end(plan: SpeechPlan): Uint8Array[] };
};

/** Plans, then answers whole or streamed, raw audio or JSON with timestamps (or as `packing` says). */
export async function respond(c: Context<AuthedEnv>, request: SpeechRequest, mode: Mode, packing?: AudioPacking) {
  const planned = await planSpeech(c.env, c.get("caller"), request);
  if (!planned.ok) {
    const { refusal } = planned;
    for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
    return apiError(c, refusal.httpStatus, refusal.status, refusal.message, refusal.detail);
  }
  const plan = planned.plan;
  const rawType = packing?.contentType ?? formatSpec(request.outputFormat).contentType;
  // The plan holds a concurrency slot from here: the generation is started at once and stops when the client
  // goes away (the request's signal, enable_request_signal) or cancels the stream; it releases the slot either way.
  const stop = new AbortController();
  const clientGone = () => stop.abort(new Error("the client went away"));
  if (c.req.raw.signal.aborted) clientGone();
  else c.req.raw.signal.addEventListener("abort", clientGone, { once: true });
  const lifetime: GenerationLifetime = { waitUntil: (promise) => c.executionCtx.waitUntil(promise), signal: stop.signal };

  if (!mode.stream) {
    const parts: Uint8Array[] = [];
    const alignments: Alignment[] = [];
    try {
      await runSpeech(c.env, plan, (chunk) => {
        parts.push(chunk.audio);
        if (chunk.alignment) alignments.push(chunk.alignment);
      }, lifetime);
    } catch (error) {
      if (error instanceof QuotaExhaustedError) return apiError(c, error.refusal.httpStatus, error.refusal.status, error.refusal.message);
      // A language whose data this deployment has not put into R2 (decision 0059): the engine names the object.
      if (String(error).includes("data for language")) return apiError(c, 503, "language_unavailable", `${String((error as Error).message ?? error).replace(/^Error: /, "")} Nothing was charged.`);
      return apiError(c, 500, "generation_failed", "Speech generation failed; nothing was charged.");
    }
    const audio = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let offset = 0;
    for (const p of parts) {
      audio.set(p, offset);
      offset += p.byteLength;
    }
    if (!mode.timestamps) return new Response(packing?.whole ? packing.whole(audio) : audio, { headers: { ...packing?.headers, ...speechHeaders(plan, rawType) } });
    const alignment = concatAlignments(alignments);
    return new Response(JSON.stringify({ audio_base64: toBase64(audio), alignment, normalized_alignment: alignment }), {
      headers: speechHeaders(plan, "application/json"),
    });
  }

  // Streaming: the first sentence's audio leaves before the rest is synthesized.
  const encoder = new TextEncoder();
  const packer = packing?.stream?.();
  const stream = new ReadableStream<Uint8Array>({
    // The generation is started here, not awaited: the runtime holds back a response (headers included)
    // until its stream's start() settles, which would make the whole text's synthesis the first byte's wait.
    start(controller) {
      void produce(controller);
    },
    cancel(reason) {
      stop.abort(reason ?? new Error("the stream was cancelled"));
    },
  });
  async function produce(controller: ReadableStreamDefaultController<Uint8Array>) {
    try {
      await runSpeech(c.env, plan, (chunk) => {
        if (packer) {
          for (const piece of packer.push(chunk.audio)) controller.enqueue(piece);
        } else if (!mode.timestamps) {
          if (chunk.audio.byteLength) controller.enqueue(chunk.audio);
        } else {
          const line = { audio_base64: toBase64(chunk.audio), alignment: chunk.alignment, normalized_alignment: chunk.alignment };
          controller.enqueue(encoder.encode(JSON.stringify(line) + "\n"));
        }
        return yieldToRuntime();
      }, lifetime);
      for (const piece of packer?.end(plan) ?? []) controller.enqueue(piece);
      controller.close();
    } catch (error) {
      if (!stop.signal.aborted) controller.error(error);
    }
  }
  return new Response(stream, { headers: { ...packing?.headers, ...speechHeaders(plan, mode.timestamps ? "application/x-ndjson" : rawType) } });
}

/**
 * Lets the runtime deliver what is ready (the response, its chunks) before the next sentence is made: the calls
 * to the speech worker never leave the process, so without a timer turn they run back to back and the response
 * went out only after the last sentence (measured by bench/stream-latency.mjs).
 */
function yieldToRuntime(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const doc = apiDocs("Text to speech");
/** The audio content types of the output formats, MP3 (the default) first. */
const AUDIO = [...new Set(OUTPUT_FORMATS.map((f) => formatSpec(f).contentType))];
const REFUSALS: RouteDoc["responses"] = {
  400: "model_not_found, max_character_limit_exceeded",
  401: "quota_exceeded",
  402: "payment_required",
  403: "voice_blocked, voice_captcha_required (detail.voice_id names the voice: solve its check at /v1/voices/{voice_id}/captcha), output_format_not_allowed",
  404: "voice_not_found",
  429: "too_many_concurrent_requests",
  500: "generation_failed (nothing is charged)",
  503: "language_unavailable: the language's data is not installed on this deployment (nothing is charged)",
};
const audio = (description: string) => ({ success: { contentTypes: AUDIO, description }, responses: REFUSALS });
const withTimestamps = (contentType: string, description: string) => ({ success: { contentTypes: [contentType], description }, responses: REFUSALS });

export const textToSpeechApi = new Hono<AuthedEnv>();
textToSpeechApi.use("*", requireCaller);

const routes: [string, Mode, ReturnType<typeof doc>][] = [
  ["/:voice_id", { stream: false, timestamps: false }, doc("Convert text to speech", audio("Audio in the requested output_format"))],
  ["/:voice_id/stream", { stream: true, timestamps: false }, doc("Stream speech as it is synthesized", audio("Audio, streamed sentence by sentence"))],
  ["/:voice_id/with-timestamps", { stream: false, timestamps: true }, doc("Speech with character alignment", withTimestamps("application/json", "JSON: audio_base64, alignment, normalized_alignment"))],
  [
    "/:voice_id/stream/with-timestamps",
    { stream: true, timestamps: true },
    doc("Streamed speech with character alignment", withTimestamps("application/x-ndjson", "One JSON line per chunk: audio_base64, alignment")),
  ],
];
for (const [path, mode, described] of routes) {
  textToSpeechApi.post(path, described, valid("param", voiceParam), valid("query", speechQuery), valid("json", speechBody), (c) => {
    const body = c.req.valid("json");
    return respond(c, {
      voiceId: c.req.valid("param").voice_id,
      text: body.text,
      modelId: body.model_id,
      outputFormat: c.req.valid("query").output_format,
      voiceSettings: body.voice_settings,
      seed: body.seed,
      languageCode: body.language_code,
      nextText: body.next_text,
      pronunciationLocators: body.pronunciation_dictionary_locators,
      source: (c.get("caller").via === "session" ? "TTS" : "API") satisfies SpeechSource,
      requestId: c.get("requestId"),
    }, mode);
  });
}

export const textToDialogueApi = new Hono<AuthedEnv>();
textToDialogueApi.use("*", requireCaller);
for (const [path, stream] of [["/", false], ["/stream", true]] as const) {
  const described = stream ? doc("Stream a dialogue of several voices", audio("Audio, streamed line by line")) : doc("Speak a dialogue of several voices", audio("Audio in the requested output_format"));
  textToDialogueApi.post(path, described, valid("query", speechQuery), valid("json", dialogueBody), (c) => {
    const body = c.req.valid("json");
    return respond(c, {
      voiceId: body.inputs[0]!.voice_id,
      text: body.inputs.map((l) => l.text).join("\n"),
      dialogue: body.inputs,
      modelId: body.model_id,
      outputFormat: c.req.valid("query").output_format,
      voiceSettings: body.settings?.stability != null ? { stability: body.settings.stability } : null,
      seed: body.seed,
      source: "Dialogue",
      requestId: c.get("requestId"),
    }, { stream, timestamps: false });
  });
}
