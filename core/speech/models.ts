import type { EngineCatalog } from "../engines/capabilities";
import { SPEECH_MODEL_IDS, type SpeechProviderId } from "../engines/speech";

/** Speech models: one per speech provider of the engine registry. The embedded espeak-ng engine backs the default model. */
export type ModelEngine = SpeechProviderId;

export type Model = {
  model_id: string;
  name: string;
  description: string;
  engine: ModelEngine;
  can_do_text_to_speech: boolean;
  can_do_voice_conversion: boolean;
  max_characters_request_free_user: number;
  max_characters_request_subscribed_user: number;
  languages: { language_id: string; name: string }[];
};

const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "German", fr: "French", es: "Spanish", it: "Italian", pt: "Portuguese" };
const languages = Object.entries(LANGUAGE_NAMES).map(([language_id, name]) => ({ language_id, name }));

export const MODELS: readonly Model[] = [
  {
    model_id: SPEECH_MODEL_IDS.embedded,
    name: "Parlance Multilingual v1",
    description: "Formant synthesis (espeak-ng) running inside the worker: fast, private, six languages.",
    engine: "embedded",
    can_do_text_to_speech: true,
    can_do_voice_conversion: false,
    max_characters_request_free_user: 2500,
    max_characters_request_subscribed_user: 5000,
    languages,
  },
  {
    model_id: SPEECH_MODEL_IDS.openai,
    name: "External speech server",
    description: "Any OpenAI-compatible speech server this deployment points at (OPENAI_SPEECH_BASE_URL). Listed only when configured.",
    engine: "openai",
    can_do_text_to_speech: true,
    can_do_voice_conversion: false,
    max_characters_request_free_user: 2500,
    max_characters_request_subscribed_user: 4096,
    languages,
  },
  {
    model_id: SPEECH_MODEL_IDS["workers-ai"],
    name: "Workers AI speech",
    description: "Cloudflare Workers AI (Deepgram Aura) through the AI binding. Listed only when the deployment enables it.",
    engine: "workers-ai",
    can_do_text_to_speech: true,
    can_do_voice_conversion: false,
    max_characters_request_free_user: 2000,
    max_characters_request_subscribed_user: 2000,
    languages: [{ language_id: "en", name: "English" }],
  },
];

/**
 * Voice-changer models (speech to speech), listed by /v1/models beside the speech models as the SDK expects: the
 * embedded provider's DSP conversion (decision 0031). Listed when the registry's catalog serves them.
 */
export const VOICE_CONVERSION_MODELS: readonly Omit<Model, "engine">[] = [
  {
    model_id: "parlance_voice_changer_v1",
    name: "Parlance Voice Changer v1",
    description: "Signal processing inside the worker: moves a recording's pitch and formants toward the chosen voice and keeps its words and timing (not a neural voice conversion).",
    can_do_text_to_speech: false,
    can_do_voice_conversion: true,
    max_characters_request_free_user: 0,
    max_characters_request_subscribed_user: 0,
    languages,
  },
];

/** The voice-changer models this deployment serves, as its catalog lists them. */
export function availableVoiceConversionModels(catalog: EngineCatalog): Omit<Model, "engine">[] {
  const listed = new Set(catalog.capabilities["voice-conversion"].flatMap((p) => p.models.map((m) => m.id)));
  return VOICE_CONVERSION_MODELS.filter((m) => listed.has(m.model_id));
}

/** What may be claimed when the catalog cannot be read: the embedded engine, which is always there. */
export function embeddedModels(): Model[] {
  return MODELS.filter((m) => m.engine === "embedded");
}

/** The models this deployment serves: exactly the speech models the engine registry's catalog lists. */
export function availableModels(catalog: EngineCatalog): Model[] {
  const listed = new Set(catalog.capabilities.speech.flatMap((p) => p.models.map((m) => m.id)));
  return MODELS.filter((m) => listed.has(m.model_id));
}

/**
 * Engines that synthesize with a neural model: an OpenAI-compatible speech server and Workers AI (Deepgram
 * Aura). The embedded engine is espeak-ng's formant synthesizer: clear and fast, recognisably synthetic.
 */
export const NEURAL_ENGINES: readonly ModelEngine[] = ["openai", "workers-ai"];

/** The served models that a neural engine backs; empty when only the embedded engine is configured. */
export function neuralModels<M extends Pick<Model, "engine">>(models: readonly M[]): M[] {
  return models.filter((m) => NEURAL_ENGINES.includes(m.engine));
}

export const DEFAULT_MODEL_ID = SPEECH_MODEL_IDS.embedded;

/**
 * Model ids that programs written for the commercial service send; they are served by our default model so
 * that such code runs unchanged. Responses and history record the id the caller asked for.
 */
export const MODEL_ALIASES: Record<string, string> = {
  eleven_multilingual_v2: DEFAULT_MODEL_ID,
  eleven_flash_v2_5: DEFAULT_MODEL_ID,
  eleven_turbo_v2_5: DEFAULT_MODEL_ID,
  eleven_flash_v2: DEFAULT_MODEL_ID,
  eleven_turbo_v2: DEFAULT_MODEL_ID,
  eleven_monolingual_v1: DEFAULT_MODEL_ID,
  eleven_v3: DEFAULT_MODEL_ID,
};

export function resolveModel(modelId: string | null | undefined, models: readonly Model[] = MODELS): Model | undefined {
  const id = modelId ?? DEFAULT_MODEL_ID;
  return models.find((m) => m.model_id === (MODEL_ALIASES[id] ?? id));
}

/** The most characters one request may carry for a model. */
export function maxCharactersPerRequest(model: Model, isPaid: boolean): number {
  return isPaid ? model.max_characters_request_subscribed_user : model.max_characters_request_free_user;
}
