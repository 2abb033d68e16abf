import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";

/** Raw PCM that OpenAI-compatible servers return for response_format "pcm": 24 kHz, 16-bit, mono. */
const OPENAI_PCM_RATE = 24000;

export type OpenAiEngineConfig = { baseUrl: string; apiKey?: string; model: string };

/**
 * Any server speaking POST /v1/audio/speech (OpenAI's shape), which most open-source speech servers do.
 * Such servers give no word timings, so the caller estimates the alignment from the duration.
 */
export async function synthesizeWithOpenAiCompatible(config: OpenAiEngineConfig, request: SynthesisRequest, voice: string): Promise<SynthesisResult> {
  const response = await fetch(`${config.baseUrl.replace(/\/+$/, "")}/v1/audio/speech`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({ model: config.model, input: request.text, voice, response_format: "pcm", speed: request.rate / 175 }),
  });
  if (!response.ok) throw new Error(`speech server answered ${response.status}`);
  const pcm = new Uint8Array(await response.arrayBuffer());
  return { pcm, sampleRate: OPENAI_PCM_RATE, durationMs: (pcm.byteLength / 2 / OPENAI_PCM_RATE) * 1000, words: [] };
}
