import { describe, expect, it } from "vitest";
import { byHost, fetchFrom, libreTranslateStandIn, openAiCompatibleStandIn } from "../../tests/engines/protocol-stand-ins";
import { CAPABILITIES } from "./capabilities";
import { readEngineConfig } from "./config";
import type { AiBinding } from "./providers/workers-ai";
import { createEngineRegistry } from "./registry";
import type { SpeechEngine } from "./speech";

/** A stand-in for the embedded speech provider (the real one is espeak-ng in workers/speech, tested there). */
const embeddedSpeech: SpeechEngine = { synthesize: async () => ({ pcm: new Uint8Array(2), sampleRate: 22050, durationMs: 0, words: [] }) };
const embedded = { speech: { engine: embeddedSpeech, upstream: "espeak-ng" } };
const ai: AiBinding = { run: async () => ({ response: "from Workers AI" }) };

describe("engine configuration", () => {
  it("has nothing configured without variables", () => {
    expect(readEngineConfig({})).toEqual({ providers: [], problems: [] });
    expect(readEngineConfig({ OPENAI_SPEECH_BASE_URL: "", LIBRETRANSLATE_URL: " " })).toEqual({ providers: [], problems: [] });
  });

  it("reads each server and its model, with the defaults where a protocol has a usual name", () => {
    const { providers } = readEngineConfig({
      OPENAI_SPEECH_BASE_URL: "http://tts:8880",
      OPENAI_TRANSCRIPTION_BASE_URL: "http://stt:8000/v1",
      OPENAI_TRANSCRIPTION_API_KEY: "k",
      OPENAI_CHAT_BASE_URL: "http://ollama:11434",
      OPENAI_CHAT_MODEL: "llama3.2",
      LIBRETRANSLATE_URL: "http://lt:5000",
    });
    expect(providers).toEqual([
      { capability: "speech", provider: "openai", server: { baseUrl: "http://tts:8880", model: "tts-1" } },
      { capability: "speech-to-text", provider: "openai", server: { baseUrl: "http://stt:8000/v1", apiKey: "k", model: "whisper-1" } },
      { capability: "chat", provider: "openai", server: { baseUrl: "http://ollama:11434", model: "llama3.2" } },
      { capability: "translation", provider: "libretranslate", server: { baseUrl: "http://lt:5000" } },
    ]);
  });

  it("turns on every Workers AI capability with the AI binding, each model overridable", () => {
    const { providers, problems } = readEngineConfig({ AI: ai, WORKERS_AI_CHAT_MODEL: "@cf/openai/gpt-oss-20b" });
    expect(providers.map((p) => [p.capability, p.provider === "workers-ai" ? p.model : null])).toEqual([
      ["speech", "@cf/deepgram/aura-1"],
      ["speech-to-text", "@cf/openai/whisper-large-v3-turbo"],
      ["translation", "@cf/meta/m2m100-1.2b"],
      ["chat", "@cf/openai/gpt-oss-20b"],
      ["embeddings", "@cf/baai/bge-m3"],
    ]);
    expect(problems).toEqual([]);
  });

  it("leaves out incomplete or invalid configuration and says why", () => {
    const { providers, problems } = readEngineConfig({
      OPENAI_CHAT_BASE_URL: "http://ollama:11434",
      OPENAI_EMBEDDINGS_BASE_URL: "ollama:11434",
      OPENAI_EMBEDDINGS_MODEL: "nomic-embed-text",
      OPENAI_TRANSCRIPTION_MODEL: "whisper-1",
      LIBRETRANSLATE_API_KEY: "k",
      WORKERS_AI_SPEECH_MODEL: "@cf/deepgram/aura-2-en",
    });
    expect(providers).toEqual([]);
    expect(problems).toEqual([
      "OPENAI_TRANSCRIPTION_MODEL is set without OPENAI_TRANSCRIPTION_BASE_URL: ignored.",
      "OPENAI_CHAT_BASE_URL is set without OPENAI_CHAT_MODEL: chat through it is off.",
      "OPENAI_EMBEDDINGS_BASE_URL is not an http(s) URL: embeddings through it is off.",
      "LIBRETRANSLATE_API_KEY is set without LIBRETRANSLATE_URL: ignored.",
      "WORKERS_AI_SPEECH_MODEL is set without the AI binding: ignored.",
    ]);
  });
});

describe("engine registry", () => {
  it("lists only the embedded speech provider when nothing is configured, and no engine for the rest", () => {
    const registry = createEngineRegistry({}, { embedded });
    const { capabilities } = registry.catalog();
    expect(Object.keys(capabilities)).toEqual([...CAPABILITIES]);
    expect(capabilities.speech).toEqual([{ provider: "embedded", models: [{ id: "parlance_multilingual_v1", upstream: "espeak-ng" }] }]);
    for (const capability of CAPABILITIES.filter((c) => c !== "speech")) {
      expect(capabilities[capability]).toEqual([]);
      expect(registry.get(capability)).toBeNull();
    }
    expect(registry.get("speech")).toBe(embeddedSpeech);
    expect(registry.get("speech", { provider: "openai" })).toBeNull();
  });

  it("lists each configured provider with its model ids, servers before Workers AI, and picks by provider or model", async () => {
    const standIns = byHost({ "models.test": openAiCompatibleStandIn({ speech: "kokoro", chat: "llama3.2" }), "translate.test": libreTranslateStandIn() });
    const registry = createEngineRegistry(
      { OPENAI_SPEECH_BASE_URL: "http://models.test", OPENAI_SPEECH_MODEL: "kokoro", OPENAI_CHAT_BASE_URL: "http://models.test/v1", OPENAI_CHAT_MODEL: "llama3.2", LIBRETRANSLATE_URL: "http://translate.test", AI: ai },
      { embedded, fetch: fetchFrom(standIns) },
    );
    const { capabilities } = registry.catalog();
    expect(capabilities.speech).toEqual([
      { provider: "embedded", models: [{ id: "parlance_multilingual_v1", upstream: "espeak-ng" }] },
      { provider: "openai", models: [{ id: "parlance_openai_compatible_v1", upstream: "kokoro" }] },
      { provider: "workers-ai", models: [{ id: "parlance_workers_ai_v1", upstream: "@cf/deepgram/aura-1" }] },
    ]);
    expect(capabilities.chat.map((p) => p.models[0]!.id)).toEqual(["llama3.2", "@cf/meta/llama-3.1-8b-instruct-fp8"]);
    expect(capabilities.translation.map((p) => p.provider)).toEqual(["libretranslate", "workers-ai"]);
    expect(capabilities["voice-conversion"]).toEqual([]);

    expect((await registry.get("chat")!.chat({ messages: [{ role: "user", content: "Hi" }] })).content).toBe("You said: Hi");
    expect((await registry.get("chat", { provider: "workers-ai" })!.chat({ messages: [{ role: "user", content: "Hi" }] })).content).toBe("from Workers AI");
    expect((await registry.get("chat", { model: "@cf/meta/llama-3.1-8b-instruct-fp8" })!.chat({ messages: [{ role: "user", content: "Hi" }] })).content).toBe("from Workers AI");
    expect((await registry.get("translation")!.translate({ text: "Hi", source: "en", target: "de" })).text).toBe("[de] Hi");
    const spoken = await registry.get("speech", { model: "parlance_openai_compatible_v1" })!.synthesize({ text: "Hi", engineVoice: "en-us", rate: 175, pitch: 50, range: 50, externalVoice: "af_bella" });
    expect(spoken.sampleRate).toBe(24000);
    expect(registry.get("chat", { model: "gpt-4o" })).toBeNull();
  });
});
