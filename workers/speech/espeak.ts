// espeak-ng compiled to WebAssembly by scripts/build-espeak.mjs: a compiled module (wrangler's rule for .wasm)
import espeakWasm from "./generated/espeak-ng.wasm";
// @ts-expect-error - a Data module: the languages' data as an ArrayBuffer (scripts/build-espeak.mjs packs it)
import espeakData from "./generated/espeak-ng.data";
import { unpackDataArchive } from "./data-archive";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import { EspeakSynthesizer } from "./espeak-synth";

/** One synthesizer per isolate: the module is compiled and the data parsed once, and every request reuses it. */
let synthesizer: Promise<EspeakSynthesizer> | null = null;

/** Synthesis is synchronous inside the module; requests in one isolate take turns. */
let queue: Promise<unknown> = Promise.resolve();

export function synthesizeWithEspeak(request: SynthesisRequest): Promise<SynthesisResult> {
  const run = queue.then(async () => {
    synthesizer ??= EspeakSynthesizer.create(espeakWasm as WebAssembly.Module, unpackDataArchive(espeakData as ArrayBuffer));
    const spoken = await (await synthesizer).speak({
      text: request.text,
      voice: request.engineVoice,
      rate: request.rate,
      pitch: request.pitch,
      range: request.range,
      seed: request.seed,
      phonemes: request.phonemes,
    });
    const { samples, sampleRate, words } = spoken;
    return { pcm: new Uint8Array(samples.buffer), sampleRate, durationMs: (samples.length / sampleRate) * 1000, words };
  });
  queue = run.catch(() => undefined);
  return run;
}
