// The engine registry: for each capability, the providers this deployment has (the embedded ones the host
// worker brings, then the configured servers and Workers AI), the model ids they expose, and the engine that
// answers a request. docs/engines.md describes every capability and provider.
import { CAPABILITIES, type Capability, type EngineCatalog, type EngineOf, type ProviderEntry, type ProviderId } from "./capabilities";
import { readEngineConfig, type EngineEnv, type ProviderConfig } from "./config";
import { SPEECH_MODEL_IDS, type SpeechProviderId } from "./speech";
import { platformFetch, type Fetch, type HttpServer } from "./providers/http";
import { libreTranslate } from "./providers/libretranslate";
import { elevenLabsSound } from "./providers/elevenlabs-sound";
import { xttsSpeech } from "./providers/xtts";
import { SOUND_MODEL_IDS } from "./sound-generation";
import { VOICE_CONVERSION_MODEL_IDS } from "./voice-conversion";
import { openAiChat, openAiEmbeddings, openAiSpeech, openAiTranscription } from "./providers/openai-compatible";
import { workersAiChat, workersAiEmbeddings, workersAiSpeech, workersAiTranscription, workersAiTranslation, type AiBinding } from "./providers/workers-ai";

/**
 * Embedded providers run inside workerd with nothing downloaded, so they come with the worker that bundles
 * them (espeak-ng, RNNoise and the procedural sound engine with workers/speech) rather than from configuration.
 */
export type EmbeddedProviders = { [C in Capability]?: { engine: EngineOf[C]; upstream: string } };

/** Which engine to use: a provider, a model id from the catalog, or (neither) the capability's default. */
export type EngineChoice = { provider?: ProviderId; model?: string };

export type EngineRegistry = {
  /** Per capability, the providers configured (the first is the default) and the model ids each exposes. */
  catalog(): EngineCatalog;
  /** The engine for a choice, or null when no configured provider matches it. */
  get<C extends Capability>(capability: C, choice?: EngineChoice): EngineOf[C] | null;
};

type Registration = ProviderEntry & { capability: Capability; create: () => EngineOf[Capability] };

/** Speech, sound and voice-changer models have public ids (GET /v1/models, model_id); the other capabilities' models are known by their upstream name. */
function modelId(capability: Capability, provider: ProviderId, upstream: string): string {
  if (capability === "speech") return SPEECH_MODEL_IDS[provider as SpeechProviderId];
  if (capability === "sound-generation") return SOUND_MODEL_IDS[provider as keyof typeof SOUND_MODEL_IDS];
  if (capability === "voice-conversion" && provider === "embedded") return VOICE_CONVERSION_MODEL_IDS.embedded;
  return upstream;
}

function upstreamOf(config: ProviderConfig): string {
  if (config.provider === "workers-ai") return config.model;
  if (config.provider === "xtts") return "xtts_v2";
  return config.provider === "libretranslate" ? "libretranslate" : config.server.model;
}

type Adapters<Config> = Partial<{ [C in Capability]: (config: Config, fetcher: Fetch) => EngineOf[C] }>;

const OPENAI_ADAPTERS: Adapters<HttpServer> = { speech: openAiSpeech, "speech-to-text": openAiTranscription, chat: openAiChat, embeddings: openAiEmbeddings };
const WORKERS_AI_ADAPTERS: Adapters<{ ai: AiBinding; model: string }> = {
  speech: ({ ai, model }) => workersAiSpeech(ai, model),
  "speech-to-text": ({ ai, model }) => workersAiTranscription(ai, model),
  translation: ({ ai, model }) => workersAiTranslation(ai, model),
  chat: ({ ai, model }) => workersAiChat(ai, model),
  embeddings: ({ ai, model }) => workersAiEmbeddings(ai, model),
};

/** The adapter of a configured provider (configuration only names capabilities that have one). */
function adapter(config: ProviderConfig, fetcher: Fetch): (() => EngineOf[Capability]) | null {
  switch (config.provider) {
    case "libretranslate":
      return () => libreTranslate(config.server, fetcher);
    case "elevenlabs":
      return () => elevenLabsSound(config.server, fetcher);
    case "xtts":
      return () => xttsSpeech(config.server, fetcher);
    case "openai": {
      const make = OPENAI_ADAPTERS[config.capability];
      return make ? () => make(config.server, fetcher) : null;
    }
    case "workers-ai": {
      const make = WORKERS_AI_ADAPTERS[config.capability];
      return make ? () => make(config, fetcher) : null;
    }
  }
}

export function createEngineRegistry(env: EngineEnv, options: { embedded?: EmbeddedProviders; fetch?: Fetch } = {}): EngineRegistry {
  const { providers, problems } = readEngineConfig(env);
  const registrations: Registration[] = [];
  for (const capability of CAPABILITIES) {
    const embedded = options.embedded?.[capability];
    if (embedded) {
      registrations.push({ capability, provider: "embedded", models: [{ id: modelId(capability, "embedded", embedded.upstream), upstream: embedded.upstream }], create: () => embedded.engine });
    }
  }
  for (const config of providers) {
    const create = adapter(config, options.fetch ?? platformFetch);
    if (!create) continue;
    const upstream = upstreamOf(config);
    registrations.push({ capability: config.capability, provider: config.provider, models: [{ id: modelId(config.capability, config.provider, upstream), upstream }], create });
  }

  return {
    catalog() {
      const capabilities = Object.fromEntries(CAPABILITIES.map((c) => [c, [] as ProviderEntry[]])) as Record<Capability, ProviderEntry[]>;
      for (const { capability, provider, models } of registrations) capabilities[capability].push({ provider, models });
      return { capabilities, problems };
    },
    get<C extends Capability>(capability: C, choice: EngineChoice = {}): EngineOf[C] | null {
      const found = registrations.find(
        (r) => r.capability === capability && (!choice.provider || r.provider === choice.provider) && (!choice.model || r.models.some((m) => m.id === choice.model)),
      );
      return found ? (found.create() as EngineOf[C]) : null;
    },
  };
}
