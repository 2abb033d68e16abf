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

/** The models this deployment serves: the speech models in the registry's catalog. */
export async function servedModels(env: Env): Promise<Model[]> {
  return availableModels(await speechEngine(env).catalog());
}

/** Every model /v1/models lists: the speech models, then the voice-changer models. */
export async function listedModels(env: Env): Promise<{ speech: Model[]; voiceConversion: Omit<Model, "engine">[] }> {
  const catalog = await speechEngine(env).catalog();
  return { speech: availableModels(catalog), voiceConversion: availableVoiceConversionModels(catalog) };
}

/** The speech-to-text model ids the registry serves; empty when the deployment configures none. */
export async function transcriptionModels(env: Env): Promise<string[]> {
  return (await speechEngine(env).catalog()).capabilities["speech-to-text"].flatMap((p) => p.models.map((m) => m.id));
}

/** Transcribes with the registry's speech-to-text engine: the model asked for when it serves it, else its default. */
export async function transcribe(env: Env, request: TranscriptionRequest, model?: string): Promise<TranscriptionResult> {
  return speechEngine(env).transcribe(request, model ? { model } : undefined);
}
