import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";

const SAMPLE_RATE = 24000;

type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

/**
 * Cloudflare Workers AI through the AI binding, for deployments that enable it. Deepgram's Aura models take
 * linear16 without a container, which is the PCM the rest of the pipeline encodes.
 */
export async function synthesizeWithWorkersAi(ai: AiBinding, model: string, request: SynthesisRequest, speaker: string): Promise<SynthesisResult> {
  const output = await ai.run(model, { text: request.text, speaker, encoding: "linear16", container: "none", sample_rate: SAMPLE_RATE });
  const pcm = output instanceof ReadableStream ? new Uint8Array(await new Response(output).arrayBuffer()) : new Uint8Array(output as ArrayBuffer);
  return { pcm, sampleRate: SAMPLE_RATE, durationMs: (pcm.byteLength / 2 / SAMPLE_RATE) * 1000, words: [] };
}
