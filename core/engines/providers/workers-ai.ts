// Cloudflare Workers AI through the AI binding: one adapter per capability, each speaking the input and
// output shapes of the model family it names (Deepgram Aura, Whisper, M2M100, text generation, BGE).
import { toBase64 } from "../../base64";
import type { ChatEngine } from "../chat";
import type { EmbeddingsEngine } from "../embeddings";
import type { SpeechEngine } from "../speech";
import type { SpeechToTextEngine } from "../speech-to-text";
import type { TranslationEngine } from "../translation";
import { chatResultFrom, tokenUsage, wireMessages, wordsFromWhisper, type ChatCompletion, type WhisperWord } from "./openai-compatible";

/** The part of the AI binding the adapters use. */
export type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

const SPEECH_SAMPLE_RATE = 24000;

/** Deepgram's Aura models take linear16 without a container, which is the PCM the rest of the pipeline encodes. */
export function workersAiSpeech(ai: AiBinding, model: string): SpeechEngine {
  return {
    async synthesize(request) {
      const speaker = request.externalVoice ?? "angus";
      const output = await ai.run(model, { text: request.text, speaker, encoding: "linear16", container: "none", sample_rate: SPEECH_SAMPLE_RATE });
      const pcm = output instanceof ReadableStream ? new Uint8Array(await new Response(output).arrayBuffer()) : new Uint8Array(output as ArrayBuffer);
      return { pcm, sampleRate: SPEECH_SAMPLE_RATE, durationMs: (pcm.byteLength / 2 / SPEECH_SAMPLE_RATE) * 1000, words: [] };
    },
  };
}

type WhisperOutput = {
  text?: unknown;
  words?: WhisperWord[];
  segments?: { words?: WhisperWord[] }[];
  transcription_info?: { language?: unknown; duration?: unknown };
};

/** The first Whisper models on Workers AI take the file as an array of bytes; later ones (large-v3-turbo) as base64. */
const BYTE_ARRAY_WHISPERS = new Set(["@cf/openai/whisper", "@cf/openai/whisper-tiny-en"]);

/** Whisper: the file in, the text with word timings (top-level or per segment, by model) out. */
export function workersAiTranscription(ai: AiBinding, model: string): SpeechToTextEngine {
  return {
    async transcribe(request) {
      // The byte-array models take nothing but the audio.
      const input = BYTE_ARRAY_WHISPERS.has(model)
        ? { audio: [...request.audio] }
        : { audio: toBase64(request.audio), ...(request.language ? { language: request.language } : {}), ...(request.prompt ? { initial_prompt: request.prompt } : {}) };
      const output = (await ai.run(model, input)) as WhisperOutput;
      if (typeof output.text !== "string") throw new Error("Workers AI answered without a transcription");
      const words = output.words ?? (output.segments ?? []).flatMap((s) => s.words ?? []);
      const info = output.transcription_info;
      return {
        text: output.text.trim(),
        language: typeof info?.language === "string" ? info.language : null,
        durationMs: typeof info?.duration === "number" ? Math.round(info.duration * 1000) : null,
        words: wordsFromWhisper(words),
      };
    },
  };
}

/** M2M100: it translates from a named language only (it defaults to English when none is given, so we never omit it). */
export function workersAiTranslation(ai: AiBinding, model: string): TranslationEngine {
  return {
    async translate(request) {
      if (!request.source) throw new Error(`Workers AI translation (${model}) cannot detect the source language: name it`);
      const output = (await ai.run(model, { text: request.text, source_lang: request.source, target_lang: request.target })) as { translated_text?: unknown };
      if (typeof output.translated_text !== "string") throw new Error("Workers AI answered without a translation");
      return { text: output.translated_text, detectedSource: null };
    },
  };
}

/** Text generation with messages: older models answer `response`, newer ones an OpenAI-style completion. */
export function workersAiChat(ai: AiBinding, model: string): ChatEngine {
  return {
    async chat(request) {
      const input: Record<string, unknown> = { messages: wireMessages(request) };
      if (request.maxTokens !== undefined) input.max_tokens = request.maxTokens;
      if (request.temperature !== undefined) input.temperature = request.temperature;
      // Function calling models take OpenAI-shaped tools.
      if (request.tools?.length) input.tools = request.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
      const output = (await ai.run(model, input)) as ChatCompletion & { response?: unknown; tool_calls?: { name?: unknown; arguments?: unknown }[] };
      if (output.choices) return chatResultFrom(output, "Workers AI");
      // The older shape: tool calls beside the response, arguments as an object.
      const toolCalls = (output.tool_calls ?? []).flatMap((call, i) =>
        typeof call.name === "string" ? [{ id: `call_${i}`, name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}) }] : [],
      );
      if (typeof output.response !== "string" && !toolCalls.length) throw new Error("Workers AI answered without a message");
      const content = typeof output.response === "string" ? output.response : "";
      return { content, finishReason: toolCalls.length ? "tool_calls" : null, usage: tokenUsage(output.usage), ...(toolCalls.length ? { toolCalls } : {}) };
    },
  };
}

/** BGE embedding models: `text` (a list) in, `data` (one vector per text) out. */
export function workersAiEmbeddings(ai: AiBinding, model: string): EmbeddingsEngine {
  return {
    async embed(request) {
      if (request.input.length === 0) return { vectors: [] };
      const output = (await ai.run(model, { text: request.input })) as { data?: unknown };
      if (!Array.isArray(output.data) || output.data.length !== request.input.length) throw new Error("Workers AI answered a different number of vectors than texts");
      return { vectors: output.data as number[][] };
    },
  };
}
