// espeak-ng compiled to WebAssembly by scripts/build-espeak.mjs: a compiled module (wrangler's rule for .wasm)
import espeakWasm from "./generated/espeak-ng.wasm";
// @ts-expect-error - a Data module: the bundled languages' data as an ArrayBuffer (scripts/build-espeak.mjs packs it)
import espeakData from "./generated/espeak-ng.data";
import { unpackDataArchive } from "./data-archive";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import { EspeakSynthesizer } from "./espeak-synth";
import { dictionaryOfVoice, readDictionary, readManifest, type EspeakManifest } from "./espeak-dictionaries";

/** One synthesizer per isolate: the module is compiled and the data parsed once, and every request reuses it. */
let synthesizer: Promise<{ synth: EspeakSynthesizer; manifest: EspeakManifest }> | null = null;

/** Synthesis is synchronous inside the module; requests in one isolate take turns. */
let queue: Promise<unknown> = Promise.resolve();

function create() {
  const files = unpackDataArchive(espeakData as ArrayBuffer);
  const manifest = readManifest(files);
  return EspeakSynthesizer.create(espeakWasm as WebAssembly.Module, files).then((synth) => ({ synth, manifest }));
}

/**
 * Speech from the embedded engine. A voice whose language is not bundled has its dictionary read from R2 (`media`,
 * one range of the dictionaries' pack) the first time this isolate speaks it, and mounted into the engine's files.
 */
export function synthesizeWithEspeak(request: SynthesisRequest, media?: R2Bucket): Promise<SynthesisResult> {
  const run = queue.then(async () => {
    synthesizer ??= create();
    const { synth, manifest } = await synthesizer;
    await ensureDictionary(synth, manifest, request.engineVoice, media);
    const spoken = await synth.speak({
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

async function ensureDictionary(synth: EspeakSynthesizer, manifest: EspeakManifest, voice: string, media: R2Bucket | undefined) {
  const dictionary = dictionaryOfVoice(voice, manifest.voices);
  if (!dictionary || !manifest.dictionaries[dictionary] || synth.hasFile(`${dictionary}_dict`)) return;
  synth.mount(`${dictionary}_dict`, await readDictionary(media, dictionary, manifest));
}
