import type { EngineCatalog } from "../../../core/engines/capabilities";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { availableModels, type Model } from "~/speech/rules/models";

type SpeechRpc = { synthesize(request: SynthesisRequest): Promise<SynthesisResult>; catalog(): Promise<EngineCatalog> };

/** The speech worker, the engine registry's host, over its service binding (RPC). */
export function speechEngine(env: Env): SpeechRpc {
  return env.SPEECH as unknown as SpeechRpc;
}

/** The models this deployment serves: the speech models in the registry's catalog. */
export async function servedModels(env: Env): Promise<Model[]> {
  return availableModels(await speechEngine(env).catalog());
}
