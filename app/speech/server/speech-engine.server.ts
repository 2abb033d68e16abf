import type { EngineRequest, EngineResult } from "../../../workers/speech/engine";
import { availableModels, type EngineAvailability, type Model } from "~/speech/rules/models";

type SpeechRpc = { synthesize(request: EngineRequest): Promise<EngineResult>; engines(): Promise<EngineAvailability> };

/** The speech worker, over its service binding (RPC). */
export function speechEngine(env: Env): SpeechRpc {
  return env.SPEECH as unknown as SpeechRpc;
}

/** The models this deployment serves, asking the speech worker which optional engines it has. */
export async function servedModels(env: Env): Promise<Model[]> {
  return availableModels(await speechEngine(env).engines());
}
