import { describe, expect, it } from "vitest";
import { fromBase64 } from "../../base64";
import { SPEECH_PARAMETERS_READ } from "../speech";
import { workersAiChat, workersAiEmbeddings, workersAiSpeech, workersAiTranscription, workersAiTranslation, type AiBinding } from "./workers-ai";

/** A stand-in AI binding (tests only): it records each run and answers what the named model family answers. */
function fakeAi(answer: (model: string, input: Record<string, unknown>) => unknown): AiBinding & { runs: { model: string; input: Record<string, unknown> }[] } {
  const runs: { model: string; input: Record<string, unknown> }[] = [];
  return {
    runs,
    async run(model, input) {
      runs.push({ model, input });
      return answer(model, input);
    },
  };
}

describe("Workers AI adapters", () => {
  it("speech: asks Aura for headerless linear16 at 24 kHz in the external voice, stream or buffer", async () => {
    const pcm = new Uint8Array(4800);
    const asStream = fakeAi(() => new Response(pcm).body);
    const result = await workersAiSpeech(asStream, "@cf/deepgram/aura-1").synthesize({ text: "Hi", engineVoice: "en-us", rate: 175, pitch: 50, range: 50, externalVoice: "luna" });
    expect(asStream.runs[0]).toEqual({ model: "@cf/deepgram/aura-1", input: { text: "Hi", speaker: "luna", encoding: "linear16", container: "none", sample_rate: 24000 } });
    expect(result).toMatchObject({ sampleRate: 24000, durationMs: 100, words: [] });
    const asBuffer = fakeAi(() => pcm.buffer);
    expect((await workersAiSpeech(asBuffer, "@cf/deepgram/aura-1").synthesize({ text: "Hi", engineVoice: "en-us", rate: 175, pitch: 50, range: 50 })).pcm.byteLength).toBe(4800);
    expect(asBuffer.runs[0]!.input.speaker).toBe("angus");
  });

  it("speech reads none of the synthesis parameters (SPEECH_PARAMETERS_READ): rate, pitch, range and seed change nothing", async () => {
    const ai = fakeAi(() => new Uint8Array(480).buffer);
    const engine = workersAiSpeech(ai, "@cf/deepgram/aura-1");
    const request = { text: "Hi", engineVoice: "en-us", rate: 175, pitch: 50, range: 50, externalVoice: "luna" };
    for (const variant of [{}, { rate: 140 }, { pitch: 10 }, { range: 90 }, { seed: 7 }]) await engine.synthesize({ ...request, ...variant });
    expect(new Set(ai.runs.map((run) => JSON.stringify(run.input))).size).toBe(1);
    expect(SPEECH_PARAMETERS_READ["workers-ai"]).toEqual([]);
  });

  it("speech to text: large-v3-turbo gets base64 and the language, and its per-segment words are read", async () => {
    const audio = new Uint8Array([1, 2, 3, 250]);
    const ai = fakeAi(() => ({
      text: " Hallo Welt",
      transcription_info: { language: "de", duration: 1.25 },
      segments: [{ words: [{ word: " Hallo", start: 0, end: 0.5 }, { word: " Welt", start: 0.6, end: 1.1 }] }],
    }));
    const result = await workersAiTranscription(ai, "@cf/openai/whisper-large-v3-turbo").transcribe({ audio, contentType: "audio/wav", language: "de", prompt: "Grüße" });
    expect(fromBase64(ai.runs[0]!.input.audio as string)).toEqual(audio);
    expect(ai.runs[0]!.input).toMatchObject({ language: "de", initial_prompt: "Grüße" });
    expect(result).toEqual({ text: "Hallo Welt", language: "de", durationMs: 1250, words: [{ text: "Hallo", startMs: 0, endMs: 500 }, { text: "Welt", startMs: 600, endMs: 1100 }] });
  });

  it("speech to text: the first whisper model gets the bytes as an array and nothing else", async () => {
    const ai = fakeAi(() => ({ text: "hello", words: [{ word: "hello", start: 0, end: 0.4 }] }));
    const result = await workersAiTranscription(ai, "@cf/openai/whisper").transcribe({ audio: new Uint8Array([9, 8]), contentType: "audio/mpeg", language: "en" });
    expect(ai.runs[0]!.input).toEqual({ audio: [9, 8] });
    expect(result).toEqual({ text: "hello", language: null, durationMs: null, words: [{ text: "hello", startMs: 0, endMs: 400 }] });
  });

  it("translation: M2M100 gets both languages, and refuses to guess a missing source (it would assume English)", async () => {
    const ai = fakeAi((_, input) => ({ translated_text: `(${String(input.target_lang)}) ${String(input.text)}` }));
    const engine = workersAiTranslation(ai, "@cf/meta/m2m100-1.2b");
    expect(await engine.translate({ text: "Bonjour", source: "fr", target: "en" })).toEqual({ text: "(en) Bonjour", detectedSource: null });
    expect(ai.runs[0]!.input).toEqual({ text: "Bonjour", source_lang: "fr", target_lang: "en" });
    await expect(engine.translate({ text: "Bonjour", source: null, target: "en" })).rejects.toThrow("cannot detect the source language");
    expect(ai.runs).toHaveLength(1);
  });

  it("chat: reads the classic `response` and the OpenAI-style completion newer models answer", async () => {
    const classic = fakeAi(() => ({ response: "Hi!", usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 } }));
    expect(await workersAiChat(classic, "@cf/meta/llama-3.1-8b-instruct-fp8").chat({ messages: [{ role: "user", content: "Hello" }], maxTokens: 64 })).toEqual({
      content: "Hi!",
      finishReason: null,
      usage: { promptTokens: 12, completionTokens: 2 },
    });
    expect(classic.runs[0]!.input).toEqual({ messages: [{ role: "user", content: "Hello" }], max_tokens: 64 });
    const modern = fakeAi(() => ({ choices: [{ message: { role: "assistant", content: "Hey" }, finish_reason: "stop" }] }));
    expect(await workersAiChat(modern, "@cf/openai/gpt-oss-20b").chat({ messages: [{ role: "user", content: "Hello" }] })).toEqual({ content: "Hey", finishReason: "stop", usage: null });
  });

  it("chat: offers tools and reads the tool calls of the classic shape (arguments as an object)", async () => {
    const ai = fakeAi(() => ({ response: null, tool_calls: [{ name: "get_weather", arguments: { city: "Oslo" } }] }));
    const tools = [{ name: "get_weather", description: "The weather", parameters: { type: "object", properties: { city: { type: "string" } } } }];
    expect(await workersAiChat(ai, "@hf/nousresearch/hermes-2-pro-mistral-7b").chat({ messages: [{ role: "user", content: "Weather?" }], tools })).toEqual({
      content: "",
      finishReason: "tool_calls",
      usage: null,
      toolCalls: [{ id: "call_0", name: "get_weather", arguments: '{"city":"Oslo"}' }],
    });
    expect(ai.runs[0]!.input.tools).toEqual([{ type: "function", function: tools[0] }]);
  });

  it("embeddings: BGE gets the texts and answers one vector each", async () => {
    const ai = fakeAi((_, input) => ({ shape: [2, 3], data: (input.text as string[]).map((t) => [t.length, 0, 1]) }));
    expect(await workersAiEmbeddings(ai, "@cf/baai/bge-m3").embed({ input: ["ab", "cde"] })).toEqual({ vectors: [[2, 0, 1], [3, 0, 1]] });
    const short = fakeAi(() => ({ data: [[1]] }));
    await expect(workersAiEmbeddings(short, "@cf/baai/bge-m3").embed({ input: ["a", "b"] })).rejects.toThrow("different number of vectors");
  });
});
