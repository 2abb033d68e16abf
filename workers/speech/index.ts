import { WorkerEntrypoint } from "cloudflare:workers";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import { synthesizeWithEspeak } from "./espeak";
import { openAiSpeech } from "../../core/engines/providers/openai-compatible";
import { workersAiSpeech } from "../../core/engines/providers/workers-ai";

/** Configuration of the optional engines (wrangler vars and secrets of this worker). */
type SpeechEnv = {
  OPENAI_SPEECH_BASE_URL?: string;
  OPENAI_SPEECH_API_KEY?: string;
  OPENAI_SPEECH_MODEL?: string;
  WORKERS_AI_SPEECH_MODEL?: string;
  AI?: { run(model: string, input: Record<string, unknown>): Promise<unknown> };
};

/**
 * The speech engine, reached from the app over RPC (service binding SPEECH). The embedded espeak-ng build
 * is the engine today; other engines plug in behind the same `synthesize` call.
 */
export default class SpeechEngine extends WorkerEntrypoint<SpeechEnv> {
  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const env = this.env;
    switch (request.engine ?? "embedded") {
      case "embedded":
        return synthesizeWithEspeak(request);
      case "openai":
        if (!env.OPENAI_SPEECH_BASE_URL) throw new Error("OPENAI_SPEECH_BASE_URL is not configured");
        return openAiSpeech({ baseUrl: env.OPENAI_SPEECH_BASE_URL, apiKey: env.OPENAI_SPEECH_API_KEY, model: env.OPENAI_SPEECH_MODEL ?? "tts-1" }).synthesize(request);
      case "workers-ai":
        if (!env.AI) throw new Error("The AI binding is not configured");
        return workersAiSpeech(env.AI, env.WORKERS_AI_SPEECH_MODEL ?? "@cf/deepgram/aura-1").synthesize(request);
    }
  }

  /** Which optional engines this deployment has configured. */
  async engines(): Promise<{ openai: boolean; workersAi: boolean }> {
    return { openai: Boolean(this.env.OPENAI_SPEECH_BASE_URL), workersAi: Boolean(this.env.AI) };
  }

  override async fetch(): Promise<Response> {
    return new Response("The speech engine is reached over RPC only.", { status: 404 });
  }
}
