// A generative sound-effects server over ElevenLabs' documented protocol, POST /v1/sound-generation (decision
// 0028): ElevenLabs itself or any server that speaks it. The audio is asked for as raw 44.1 kHz PCM, so it
// goes through the platform's own encoders like every other engine's.
import type { SoundGenerationEngine } from "../sound-generation";
import { accepted, type Fetch, type HttpServer } from "./http";

const SAMPLE_RATE = 44100;

export function soundGenerationEndpoint(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base.endsWith("/v1") ? base : `${base}/v1`}/sound-generation?output_format=pcm_${SAMPLE_RATE}`;
}

export function elevenLabsSound(server: HttpServer, fetcher: Fetch): SoundGenerationEngine {
  return {
    async generate(request) {
      const response = await accepted(
        await fetcher(soundGenerationEndpoint(server.baseUrl), {
          method: "POST",
          headers: { "content-type": "application/json", ...(server.apiKey ? { "xi-api-key": server.apiKey } : {}) },
          // The protocol has no seed: a server's output varies from call to call.
          body: JSON.stringify({ text: request.prompt, duration_seconds: request.durationSeconds, prompt_influence: request.promptInfluence, loop: request.loop, model_id: server.model }),
        }),
        "The sound-generation server",
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { pcm: bytes.byteLength % 2 ? bytes.slice(0, -1) : bytes, sampleRate: SAMPLE_RATE, recipes: [] };
    },
  };
}
