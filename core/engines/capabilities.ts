import type { ChatEngine } from "./chat";
import type { EmbeddingsEngine } from "./embeddings";
import type { NoiseIsolationEngine } from "./noise-isolation";
import type { SoundGenerationEngine } from "./sound-generation";
import type { SpeechEngine } from "./speech";
import type { SpeechToTextEngine } from "./speech-to-text";
import type { TranslationEngine } from "./translation";
import type { VoiceConversionEngine } from "./voice-conversion";

/** Every AI capability the product areas use; each is one interface with providers (docs/engines.md). */
export const CAPABILITIES = ["speech", "speech-to-text", "translation", "voice-conversion", "noise-isolation", "sound-generation", "chat", "embeddings"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The interface a provider implements for each capability. */
export type EngineOf = {
  speech: SpeechEngine;
  "speech-to-text": SpeechToTextEngine;
  translation: TranslationEngine;
  "voice-conversion": VoiceConversionEngine;
  "noise-isolation": NoiseIsolationEngine;
  "sound-generation": SoundGenerationEngine;
  chat: ChatEngine;
  embeddings: EmbeddingsEngine;
};

/**
 * Where an engine runs: inside workerd with nothing downloaded ("embedded"), a server speaking the
 * OpenAI-compatible HTTP protocol ("openai"), a LibreTranslate server, a server speaking ElevenLabs'
 * sound-generation protocol ("elevenlabs"), a neural cloning server speaking Coqui's XTTS server protocol
 * ("xtts"), or Cloudflare Workers AI through the AI binding.
 */
export type ProviderId = "embedded" | "openai" | "libretranslate" | "elevenlabs" | "workers-ai" | "xtts";

/** One configured provider of a capability and the models it exposes. */
export type ProviderEntry = {
  provider: ProviderId;
  /** `id`: what callers pick it by (public ids for speech, else the upstream name); `upstream`: what the provider is asked for. */
  models: { id: string; upstream: string }[];
};

/**
 * What a deployment has: per capability, the configured providers in order of preference (the first is the
 * default), and configuration that was ignored because it is incomplete or invalid.
 */
export type EngineCatalog = {
  capabilities: Record<Capability, ProviderEntry[]>;
  problems: string[];
};
