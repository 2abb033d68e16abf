import { describe, expect, it } from "vitest";
import type { EngineCatalog, ProviderEntry } from "../../../core/engines/capabilities";
import { SPEECH_MODEL_IDS, type SpeechProviderId } from "../../../core/engines/speech";
import { availableModels, DEFAULT_MODEL_ID, MODELS, resolveModel } from "../../../core/speech/models";

const entry = (provider: SpeechProviderId, upstream: string): ProviderEntry => ({ provider, models: [{ id: SPEECH_MODEL_IDS[provider], upstream }] });

function catalog(speech: ProviderEntry[]): EngineCatalog {
  const none: ProviderEntry[] = [];
  return {
    capabilities: { speech, "speech-to-text": none, translation: none, "voice-conversion": none, "noise-isolation": none, "sound-generation": none, chat: none, embeddings: none },
    problems: [],
  };
}

describe("speech models", () => {
  it("serves exactly the speech models the registry lists, in the model list's order", () => {
    expect(availableModels(catalog([entry("embedded", "espeak-ng")])).map((m) => m.model_id)).toEqual(["parlance_multilingual_v1"]);
    const all = catalog([entry("embedded", "espeak-ng"), entry("workers-ai", "@cf/deepgram/aura-1"), entry("openai", "kokoro")]);
    expect(availableModels(all).map((m) => m.model_id)).toEqual(["parlance_multilingual_v1", "parlance_openai_compatible_v1", "parlance_workers_ai_v1"]);
    expect(availableModels(catalog([]))).toEqual([]);
  });

  it("has a model for every speech provider, backed by that provider; the cloning server speaks its cloned voices only, no model", () => {
    for (const [provider, id] of Object.entries(SPEECH_MODEL_IDS)) expect(MODELS.find((m) => m.model_id === id)?.engine).toBe(provider === "xtts" ? undefined : provider);
    expect(MODELS.find((m) => m.model_id === DEFAULT_MODEL_ID)?.engine).toBe("embedded");
  });

  it("resolves the commercial service's model ids to the default model, among the served ones only", () => {
    const served = availableModels(catalog([entry("embedded", "espeak-ng")]));
    expect(resolveModel("eleven_multilingual_v2", served)?.model_id).toBe("parlance_multilingual_v1");
    expect(resolveModel(null, served)?.model_id).toBe("parlance_multilingual_v1");
    expect(resolveModel("parlance_workers_ai_v1", served)).toBeUndefined();
    expect(resolveModel("no_such_model", served)).toBeUndefined();
  });
});
