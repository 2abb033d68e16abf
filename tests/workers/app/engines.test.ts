// The engine registry as the speech worker hosts it, over RPC, with the engines this project configures
// (vitest.config.ts): each configured server is a stand-in that speaks and checks its protocol.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EngineCatalog } from "../../../core/engines/capabilities";
import type { ChatRequest, ChatResult } from "../../../core/engines/chat";
import type { EmbeddingsRequest, EmbeddingsResult } from "../../../core/engines/embeddings";
import type { EngineChoice } from "../../../core/engines/registry";
import type { TranscriptionRequest, TranscriptionResult } from "../../../core/engines/speech-to-text";
import type { TranslationRequest, TranslationResult } from "../../../core/engines/translation";
import { api, createKey, signUp } from "./helpers";

type EngineHost = {
  catalog(): Promise<EngineCatalog>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>;
  chat(request: ChatRequest, choice?: EngineChoice): Promise<ChatResult>;
  embed(request: EmbeddingsRequest, choice?: EngineChoice): Promise<EmbeddingsResult>;
};
const engines = env.SPEECH as unknown as EngineHost;

describe("engine registry (speech worker)", () => {
  it("lists the embedded speech provider and each configured one with its model ids, and nothing where no provider exists", async () => {
    const { capabilities, problems } = await engines.catalog();
    expect(capabilities.speech).toEqual([
      { provider: "embedded", models: [{ id: "parlance_multilingual_v1", upstream: "espeak-ng" }] },
      { provider: "openai", models: [{ id: "parlance_openai_compatible_v1", upstream: "kokoro" }] },
    ]);
    // The embedded recogniser (PocketSphinx) first: the default; the configured server by its model id.
    expect(capabilities["speech-to-text"]).toEqual([
      { provider: "embedded", models: [{ id: "pocketsphinx", upstream: "pocketsphinx" }] },
      { provider: "openai", models: [{ id: "Systran/faster-whisper-small", upstream: "Systran/faster-whisper-small" }] },
    ]);
    expect(capabilities.translation).toEqual([
      { provider: "embedded", models: [{ id: "parlance-rules-en-es", upstream: "parlance-rules-en-es" }] },
      { provider: "libretranslate", models: [{ id: "libretranslate", upstream: "libretranslate" }] },
    ]);
    // Chat: the embedded retrieval responder (not a language model, decision 0037) first, then the configured server.
    expect(capabilities.chat.map((p) => p.models[0]!.id)).toEqual(["parlance-retrieval-responder", "llama3.2"]);
    expect(capabilities.embeddings.map((p) => p.models[0]!.id)).toEqual(["nomic-embed-text"]);
    // Sound effects: the embedded procedural engine only (no generative server is configured here).
    expect(capabilities["sound-generation"]).toEqual([{ provider: "embedded", models: [{ id: "parlance_sound_procedural_v1", upstream: "procedural-audio" }] }]);
    expect(capabilities["noise-isolation"]).toEqual([{ provider: "embedded", models: [{ id: "rnnoise", upstream: "rnnoise" }] }]);
    // The voice changer: the embedded DSP converter (decision 0031).
    expect(capabilities["voice-conversion"]).toEqual([{ provider: "embedded", models: [{ id: "parlance_voice_changer_v1", upstream: "psola-formant-warp" }] }]);
    expect(problems).toEqual([]);
  });

  it("GET /v1/models lists exactly the catalogue's speech models, then its voice-changer models", async () => {
    const key = await createKey(await signUp("engines-models@example.com"));
    const models = (await (await api("/v1/models", { key })).json()) as { model_id: string; can_do_text_to_speech: boolean; can_do_voice_conversion: boolean }[];
    const { capabilities } = await engines.catalog();
    const ids = (kind: "speech" | "voice-conversion") => capabilities[kind].flatMap((p) => p.models.map((m) => m.id));
    expect(models.map((m) => m.model_id)).toEqual([...ids("speech"), ...ids("voice-conversion")]);
    expect(models.filter((m) => m.can_do_voice_conversion).map((m) => m.model_id)).toEqual(ids("voice-conversion"));
    expect(models.filter((m) => m.can_do_text_to_speech).map((m) => m.model_id)).toEqual(ids("speech"));
  });

  it("transcribes, translates, chats and embeds through the configured servers", async () => {
    const heard = await engines.transcribe({ audio: new Uint8Array(1200), contentType: "audio/wav", language: "en" }, { provider: "openai" });
    expect(heard).toMatchObject({ text: "Heard 1200 bytes of audio/wav.", language: "en" });
    expect(heard.words.length).toBeGreaterThan(0);
    expect(await engines.translate({ text: "Good morning", source: null, target: "de" }, { provider: "libretranslate" })).toEqual({ text: "[de] Good morning", detectedSource: "en" });
    // The embedded rule-based translator is the default, for the pair it has a lexicon for.
    expect(await engines.translate({ text: "The red car is fast.", source: "en", target: "es" })).toEqual({ text: "El coche rojo es rápido.", detectedSource: null, unknownWords: [] });
    expect((await engines.chat({ messages: [{ role: "user", content: "Hello" }] }, { model: "llama3.2" })).content).toBe("You said: Hello");
    // The default: the retrieval responder answers from the passages it is given, and says when they do not answer.
    const passages = [{ id: "p1", source: "Opening hours", text: "The shop opens at nine in the morning. It closes at six." }];
    expect((await engines.chat({ messages: [{ role: "user", content: "When does the shop open?" }], passages })).content).toBe("The shop opens at nine in the morning.");
    expect((await engines.chat({ messages: [{ role: "user", content: "Do you sell bicycles?" }], passages })).content).toBe("I don't know. Nothing I have been given answers that.");
    expect((await engines.embed({ input: ["one", "three"] })).vectors).toEqual([
      [3, 2, 0],
      [5, 2, 1],
    ]);
  });

  it("refuses a provider or model that is not configured", async () => {
    // Awaited in place: an RPC promise handed to expect().rejects is reported as unhandled as well.
    const refusal = (call: Promise<unknown>) => call.then(() => null, (error: Error) => error.message);
    expect(await refusal(engines.chat({ messages: [{ role: "user", content: "Hello" }] }, { provider: "workers-ai" }))).toBe("No chat engine is configured from provider workers-ai");
    expect(await refusal(engines.embed({ input: ["x"] }, { model: "@cf/baai/bge-m3" }))).toBe("No embeddings engine is configured with model @cf/baai/bge-m3");
  });
});
