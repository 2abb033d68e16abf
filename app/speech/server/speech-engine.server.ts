import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { availableModels, type EngineAvailability, type Model } from "~/speech/rules/models";

type SpeechRpc = { synthesize(request: SynthesisRequest): Promise<SynthesisResult>; engines(): Promise<EngineAvailability> };

/** The speech worker, over its service binding (RPC). */
export function speechEngine(env: Env): SpeechRpc {
  return env.SPEECH as unknown as SpeechRpc;
}

/** The models this deployment serves, asking the speech worker which optional engines it has. */
export async function servedModels(env: Env): Promise<Model[]> {
  return availableModels(await speechEngine(env).engines());
}
