// Which providers a deployment has configured, read from its environment (wrangler vars, secrets and the AI
// binding). Nothing configured: the embedded providers only. README ("Configuration") and docs/engines.md
// list every variable.
import type { Capability } from "./capabilities";
import type { HttpServer } from "./providers/http";
import type { AiBinding } from "./providers/workers-ai";

/** The variables and binding the registry reads; a worker's own Env is passed as it is. */
export type EngineEnv = {
  AI?: AiBinding;
  OPENAI_SPEECH_BASE_URL?: string;
  OPENAI_SPEECH_API_KEY?: string;
  OPENAI_SPEECH_MODEL?: string;
  OPENAI_TRANSCRIPTION_BASE_URL?: string;
  OPENAI_TRANSCRIPTION_API_KEY?: string;
  OPENAI_TRANSCRIPTION_MODEL?: string;
  OPENAI_CHAT_BASE_URL?: string;
  OPENAI_CHAT_API_KEY?: string;
  OPENAI_CHAT_MODEL?: string;
  OPENAI_EMBEDDINGS_BASE_URL?: string;
  OPENAI_EMBEDDINGS_API_KEY?: string;
  OPENAI_EMBEDDINGS_MODEL?: string;
  LIBRETRANSLATE_URL?: string;
  LIBRETRANSLATE_API_KEY?: string;
  SOUND_GENERATION_BASE_URL?: string;
  SOUND_GENERATION_API_KEY?: string;
  SOUND_GENERATION_MODEL?: string;
  XTTS_BASE_URL?: string;
  XTTS_API_KEY?: string;
  WORKERS_AI_SPEECH_MODEL?: string;
  WORKERS_AI_TRANSCRIPTION_MODEL?: string;
  WORKERS_AI_TRANSLATION_MODEL?: string;
  WORKERS_AI_CHAT_MODEL?: string;
  WORKERS_AI_EMBEDDINGS_MODEL?: string;
};

/** A configured provider of one capability: the server it calls or the Workers AI model it runs. */
export type ProviderConfig =
  | { capability: Capability; provider: "openai"; server: HttpServer }
  | { capability: "translation"; provider: "libretranslate"; server: { baseUrl: string; apiKey?: string } }
  | { capability: "sound-generation"; provider: "elevenlabs"; server: HttpServer }
  | { capability: "speech"; provider: "xtts"; server: { baseUrl: string; apiKey?: string } }
  | { capability: Capability; provider: "workers-ai"; ai: AiBinding; model: string };

/** OpenAI-compatible servers, one per capability: `<prefix>_BASE_URL`, `<prefix>_API_KEY`, `<prefix>_MODEL`. */
export const OPENAI_SERVERS: { capability: Capability; prefix: string; defaultModel: string | null }[] = [
  { capability: "speech", prefix: "OPENAI_SPEECH", defaultModel: "tts-1" },
  { capability: "speech-to-text", prefix: "OPENAI_TRANSCRIPTION", defaultModel: "whisper-1" },
  // A chat or embeddings server serves whatever models it has loaded: there is no name to assume.
  { capability: "chat", prefix: "OPENAI_CHAT", defaultModel: null },
  { capability: "embeddings", prefix: "OPENAI_EMBEDDINGS", defaultModel: null },
];

/** Workers AI models per capability (used when the AI binding exists): `WORKERS_AI_<name>_MODEL` overrides the default. */
export const WORKERS_AI_MODELS: { capability: Capability; variable: string; defaultModel: string }[] = [
  { capability: "speech", variable: "WORKERS_AI_SPEECH_MODEL", defaultModel: "@cf/deepgram/aura-1" },
  { capability: "speech-to-text", variable: "WORKERS_AI_TRANSCRIPTION_MODEL", defaultModel: "@cf/openai/whisper-large-v3-turbo" },
  { capability: "translation", variable: "WORKERS_AI_TRANSLATION_MODEL", defaultModel: "@cf/meta/m2m100-1.2b" },
  { capability: "chat", variable: "WORKERS_AI_CHAT_MODEL", defaultModel: "@cf/meta/llama-3.1-8b-instruct-fp8" },
  { capability: "embeddings", variable: "WORKERS_AI_EMBEDDINGS_MODEL", defaultModel: "@cf/baai/bge-m3" },
];

/** A variable's value; an empty string (as wrangler.toml writes an unset var) counts as unset. */
function value(env: EngineEnv, name: string): string | undefined {
  const v = (env as Record<string, unknown>)[name];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

function httpUrl(text: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The configured providers, in the order the registry prefers them (servers the deployment points at before
 * Workers AI), and the configuration it ignored, each with the reason.
 */
export function readEngineConfig(env: EngineEnv): { providers: ProviderConfig[]; problems: string[] } {
  const providers: ProviderConfig[] = [];
  const problems: string[] = [];
  const server = (urlVar: string, keyVar: string, what: string): { baseUrl: string; apiKey?: string } | null => {
    const baseUrl = value(env, urlVar);
    if (!baseUrl) {
      if (value(env, keyVar)) problems.push(`${keyVar} is set without ${urlVar}: ignored.`);
      return null;
    }
    if (!httpUrl(baseUrl)) {
      problems.push(`${urlVar} is not an http(s) URL: ${what} through it is off.`);
      return null;
    }
    const apiKey = value(env, keyVar);
    return apiKey ? { baseUrl, apiKey } : { baseUrl };
  };

  for (const { capability, prefix, defaultModel } of OPENAI_SERVERS) {
    const found = server(`${prefix}_BASE_URL`, `${prefix}_API_KEY`, capability);
    const model = value(env, `${prefix}_MODEL`) ?? defaultModel;
    if (!found) {
      if (!value(env, `${prefix}_BASE_URL`) && value(env, `${prefix}_MODEL`)) problems.push(`${prefix}_MODEL is set without ${prefix}_BASE_URL: ignored.`);
      continue;
    }
    if (!model) {
      problems.push(`${prefix}_BASE_URL is set without ${prefix}_MODEL: ${capability} through it is off.`);
      continue;
    }
    providers.push({ capability, provider: "openai", server: { ...found, model } });
  }

  const libre = server("LIBRETRANSLATE_URL", "LIBRETRANSLATE_API_KEY", "translation");
  if (libre) providers.push({ capability: "translation", provider: "libretranslate", server: libre });

  // A generative sound-effects server speaking ElevenLabs' /v1/sound-generation (decision 0028).
  const sound = server("SOUND_GENERATION_BASE_URL", "SOUND_GENERATION_API_KEY", "sound generation");
  if (sound) providers.push({ capability: "sound-generation", provider: "elevenlabs", server: { ...sound, model: value(env, "SOUND_GENERATION_MODEL") ?? "eleven_text_to_sound_v2" } });
  else if (value(env, "SOUND_GENERATION_MODEL") && !value(env, "SOUND_GENERATION_BASE_URL")) problems.push("SOUND_GENERATION_MODEL is set without SOUND_GENERATION_BASE_URL: ignored.");

  // A neural cloning server speaking Coqui's XTTS streaming-server protocol (decision 0051): it speaks cloned voices.
  const xtts = server("XTTS_BASE_URL", "XTTS_API_KEY", "neural cloning");
  if (xtts) providers.push({ capability: "speech", provider: "xtts", server: xtts });

  for (const { capability, variable, defaultModel } of WORKERS_AI_MODELS) {
    if (env.AI) providers.push({ capability, provider: "workers-ai", ai: env.AI, model: value(env, variable) ?? defaultModel });
    else if (value(env, variable)) problems.push(`${variable} is set without the AI binding: ignored.`);
  }
  return { providers, problems };
}
