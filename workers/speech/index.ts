import { WorkerEntrypoint } from "cloudflare:workers";
import type { EngineRequest, EngineResult } from "./engine";
import { synthesizeWithEspeak } from "./espeak";

/**
 * The speech engine, reached from the app over RPC (service binding SPEECH). The embedded espeak-ng build
 * is the engine today; other engines plug in behind the same `synthesize` call.
 */
export default class SpeechEngine extends WorkerEntrypoint {
  async synthesize(request: EngineRequest): Promise<EngineResult> {
    return synthesizeWithEspeak(request);
  }

  override async fetch(): Promise<Response> {
    return new Response("The speech engine is reached over RPC only.", { status: 404 });
  }
}
