import type { EngineCatalog } from "../../../core/engines/capabilities";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import type { TranscriptionRequest, TranscriptionResult } from "../../../core/engines/speech-to-text";
import type { EngineChoice } from "../../../core/engines/registry";
import type { AudioFile } from "../../../core/engines/audio";
import type { XttsSpeaker } from "../../../core/engines/providers/xtts";
import { availableModels, availableVoiceConversionModels, type Model } from "../../../core/speech/models";

type SpeechRpc = {
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  catalog(): Promise<EngineCatalog>;
  /** The neural cloning server's conditioning for a reference recording (decision 0051). */
  cloneSpeaker(reference: AudioFile): Promise<XttsSpeaker>;
};

/** The speech worker, the engine registry's host, over its service binding (RPC). */
export function speechEngine(env: Env): SpeechRpc {
  return env.SPEECH as unknown as SpeechRpc;
}

/**
 * The registry's catalog, kept per isolate for a minute: it is the speech worker's configuration (its vars, secrets
 * and bindings), which changes only when that worker is deployed again, and every generation asked it twice over
 * RPC before its first sentence (decision 0082). A failed read is not kept.
 */
const CATALOG_TTL_MS = 60_000;
let cachedCatalog: { binding: unknown; until: number; catalog: Promise<EngineCatalog> } | null = null;
export function engineCatalog(env: Pick<Env, "SPEECH">): Promise<EngineCatalog> {
  const now = Date.now();
  if (cachedCatalog && cachedCatalog.binding === env.SPEECH && now < cachedCatalog.until) return cachedCatalog.catalog;
  const entry = { binding: env.SPEECH as unknown, until: now + CATALOG_TTL_MS, catalog: speechEngine(env as Env).catalog() };
  entry.catalog.catch(() => {
    if (cachedCatalog === entry) cachedCatalog = null;
  });
  cachedCatalog = entry;
  return entry.catalog;
}

/** The models this deployment serves: the speech models in the registry's catalog. */
export async function servedModels(env: Env): Promise<Model[]> {
  return availableModels(await engineCatalog(env));
}

/** Every model /v1/models lists: the speech models, then the voice-changer models. */
export async function listedModels(env: Env): Promise<{ speech: Model[]; voiceConversion: Omit<Model, "engine">[] }> {
  const catalog = await engineCatalog(env);
  return { speech: availableModels(catalog), voiceConversion: availableVoiceConversionModels(catalog) };
}

/** The speech-to-text model ids the registry serves; empty when the deployment configures none. */
export async function transcriptionModels(env: Env): Promise<string[]> {
  return (await engineCatalog(env)).capabilities["speech-to-text"].flatMap((p) => p.models.map((m) => m.id));
}

/** Transcribes with the registry's speech-to-text engine: the model asked for when it serves it, else its default. */
export async function transcribe(env: Env, request: TranscriptionRequest, model?: string): Promise<TranscriptionResult> {
  return speechEngine(env).transcribe(request, model ? { model } : undefined);
}
