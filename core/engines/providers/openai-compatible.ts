// The OpenAI-compatible HTTP protocol that most open-source model servers speak (speaches, LocalAI, vLLM,
// Ollama, llama.cpp's server, Kokoro-FastAPI, ...): one adapter per endpoint.
import type { ChatEngine, ChatRequest, ChatResult, ChatToolCall } from "../chat";
import type { EmbeddingsEngine } from "../embeddings";
import type { SpeechEngine } from "../speech";
import type { SpeechToTextEngine, TranscriptionResult } from "../speech-to-text";
import { accepted, bearer, openAiEndpoint, platformFetch, type Fetch, type HttpServer } from "./http";
import { readServerSentEvents } from "../../http/server-sent-events";

/** Raw PCM that OpenAI-compatible servers return for response_format "pcm": 24 kHz, 16-bit, mono. */
const OPENAI_PCM_RATE = 24000;
/** The speaking rate (espeak-ng words per minute) that is the protocol's speed 1. */
const NORMAL_RATE = 175;

function postJson(server: HttpServer, fetcher: Fetch, path: string, body: Record<string, unknown>): Promise<Response> {
  return fetcher(openAiEndpoint(server.baseUrl, path), {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(server.apiKey) },
    body: JSON.stringify({ model: server.model, ...body }),
  });
}

/**
 * POST /v1/audio/speech with response_format "pcm". Such servers give no word timings, so the caller
 * estimates the alignment from the duration.
 */
export function openAiSpeech(server: HttpServer, fetcher: Fetch = platformFetch): SpeechEngine {
  return {
    async synthesize(request) {
      const body = { input: request.text, voice: request.externalVoice ?? "alloy", response_format: "pcm", speed: request.rate / NORMAL_RATE };
      const response = await accepted(await postJson(server, fetcher, "audio/speech", body), "speech server");
      const pcm = new Uint8Array(await response.arrayBuffer());
      return { pcm, sampleRate: OPENAI_PCM_RATE, durationMs: (pcm.byteLength / 2 / OPENAI_PCM_RATE) * 1000, words: [] };
    },
  };
}

const FILE_EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/wave": "wav",
  "audio/x-wav": "wav",
  "audio/ogg": "ogg",
  "audio/opus": "ogg",
  "audio/webm": "webm",
  "audio/flac": "flac",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "video/mp4": "mp4",
};

/** A word as Whisper gives it (OpenAI's verbose_json and Workers AI alike): seconds from the start. */
export type WhisperWord = { word?: unknown; start?: unknown; end?: unknown };

export function wordsFromWhisper(words: WhisperWord[]): TranscriptionResult["words"] {
  return words.flatMap((w) =>
    typeof w.word === "string" && typeof w.start === "number" && typeof w.end === "number" ? [{ text: w.word.trim(), startMs: Math.round(w.start * 1000), endMs: Math.round(w.end * 1000) }] : [],
  );
}

type VerboseTranscription = { text?: unknown; language?: unknown; duration?: unknown; words?: WhisperWord[] };

/**
 * POST /v1/audio/transcriptions (multipart) asking for verbose_json with word timestamps; servers that give
 * less (plain json: only `text`) are read as far as they go.
 */
export function openAiTranscription(server: HttpServer, fetcher: Fetch = platformFetch): SpeechToTextEngine {
  return {
    async transcribe(request) {
      const form = new FormData();
      const type = request.contentType.split(";")[0]!.trim().toLowerCase();
      // The bytes are never a SharedArrayBuffer here (they come from a request or over RPC).
      form.set("file", new Blob([request.audio as Uint8Array<ArrayBuffer>], { type }), `audio.${FILE_EXTENSIONS[type] ?? "bin"}`);
      form.set("model", server.model);
      form.set("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
      if (request.language) form.set("language", request.language);
      if (request.prompt) form.set("prompt", request.prompt);
      const response = await accepted(
        await fetcher(openAiEndpoint(server.baseUrl, "audio/transcriptions"), { method: "POST", headers: bearer(server.apiKey), body: form }),
        "transcription server",
      );
      const result = (await response.json()) as VerboseTranscription;
      if (typeof result.text !== "string") throw new Error("transcription server answered without text");
      return {
        text: result.text.trim(),
        language: typeof result.language === "string" ? result.language : null,
        durationMs: typeof result.duration === "number" ? Math.round(result.duration * 1000) : null,
        words: wordsFromWhisper(result.words ?? []),
      };
    },
  };
}

type TokenUsage = { prompt_tokens?: unknown; completion_tokens?: unknown };
type WireToolCall = { id?: unknown; index?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };

export type ChatCompletion = {
  choices?: { message?: { content?: unknown; tool_calls?: WireToolCall[] }; finish_reason?: unknown }[];
  usage?: TokenUsage;
};

/** Token counts in the OpenAI shape (Workers AI uses the same names). */
export function tokenUsage(usage: TokenUsage | undefined): ChatResult["usage"] {
  return typeof usage?.prompt_tokens === "number" && typeof usage.completion_tokens === "number" ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : null;
}

function toolCallsFrom(calls: WireToolCall[] | undefined): ChatToolCall[] | undefined {
  if (!Array.isArray(calls) || !calls.length) return undefined;
  return calls.map((call, i) => ({
    id: typeof call.id === "string" ? call.id : `call_${i}`,
    name: String(call.function?.name ?? ""),
    arguments: typeof call.function?.arguments === "string" ? call.function.arguments : JSON.stringify(call.function?.arguments ?? {}),
  }));
}

/** Reads a chat completion (the OpenAI shape; Workers AI's newer models answer it too). */
export function chatResultFrom(completion: ChatCompletion, server: string): ChatResult {
  const choice = completion.choices?.[0];
  const toolCalls = toolCallsFrom(choice?.message?.tool_calls);
  // A message that only calls tools has null content.
  if (typeof choice?.message?.content !== "string" && !toolCalls) throw new Error(`${server} answered without a message`);
  const content = typeof choice?.message?.content === "string" ? choice.message.content : "";
  return { content, finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : null, usage: tokenUsage(completion.usage), ...(toolCalls ? { toolCalls } : {}) };
}

/** The conversation as the OpenAI protocol carries it: retrieved passages join the prompt as one more system message. */
export function wireMessages(request: ChatRequest): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = request.messages.map((m) => {
    if (m.role === "tool") return { role: "tool", content: m.content, tool_call_id: m.toolCallId };
    if (m.role === "assistant" && m.toolCalls?.length) {
      return { role: "assistant", content: m.content || null, tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) };
    }
    return { role: m.role, content: m.content };
  });
  if (request.passages?.length) {
    const knowledge = request.passages.map((p) => `[${p.source}] ${p.text}`).join("\n\n");
    const at = messages.findIndex((m) => m.role !== "system");
    messages.splice(at < 0 ? messages.length : at, 0, { role: "system", content: `Answer from this knowledge where it applies; say so when it does not cover the question.\n\n${knowledge}` });
  }
  return messages;
}

function chatBody(request: ChatRequest, stream: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { messages: wireMessages(request), stream };
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.tools?.length) body.tools = request.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
  if (stream) body.stream_options = { include_usage: true };
  return body;
}

type StreamChunk = { choices?: { delta?: { content?: unknown; tool_calls?: WireToolCall[] }; finish_reason?: unknown }[]; usage?: TokenUsage };

/** POST /v1/chat/completions, whole or streamed (server-sent events; tool calls arrive in pieces by index). */
export function openAiChat(server: HttpServer, fetcher: Fetch = platformFetch): ChatEngine {
  return {
    async chat(request) {
      const response = await accepted(await postJson(server, fetcher, "chat/completions", chatBody(request, false)), "chat server");
      return chatResultFrom((await response.json()) as ChatCompletion, "chat server");
    },
    async *stream(request) {
      const response = await accepted(await postJson(server, fetcher, "chat/completions", chatBody(request, true)), "chat server");
      if (!response.body) throw new Error("chat server answered without a body");
      let content = "";
      let finishReason: string | null = null;
      let usage: ChatResult["usage"] = null;
      const calls: { id: string; name: string; arguments: string }[] = [];
      for await (const { data } of readServerSentEvents(response.body)) {
        if (data.trim() === "[DONE]") break;
        const chunk = JSON.parse(data) as StreamChunk;
        usage = tokenUsage(chunk.usage) ?? usage;
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        if (typeof choice.finish_reason === "string") finishReason = choice.finish_reason;
        const piece = choice.delta?.content;
        if (typeof piece === "string" && piece) {
          content += piece;
          yield { content: piece };
        }
        for (const call of choice.delta?.tool_calls ?? []) {
          const index = typeof call.index === "number" ? call.index : calls.length;
          const target = (calls[index] ??= { id: "", name: "", arguments: "" });
          if (typeof call.id === "string") target.id = call.id;
          if (typeof call.function?.name === "string") target.name += call.function.name;
          if (typeof call.function?.arguments === "string") target.arguments += call.function.arguments;
        }
      }
      const toolCalls = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
      yield { done: { content, finishReason, usage, ...(toolCalls.length ? { toolCalls } : {}) } };
    },
  };
}

/** POST /v1/embeddings with float vectors, returned in the order of the input. */
export function openAiEmbeddings(server: HttpServer, fetcher: Fetch = platformFetch): EmbeddingsEngine {
  return {
    async embed(request) {
      if (request.input.length === 0) return { vectors: [] };
      const response = await accepted(await postJson(server, fetcher, "embeddings", { input: request.input, encoding_format: "float" }), "embeddings server");
      const result = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
      const data = [...(result.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      if (data.length !== request.input.length || !data.every((d) => Array.isArray(d.embedding))) {
        throw new Error(`embeddings server answered ${data.length} vectors for ${request.input.length} inputs`);
      }
      return { vectors: data.map((d) => d.embedding as number[]) };
    },
  };
}
