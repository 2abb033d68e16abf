// The embedded speech engine exactly as the speech worker runs it (workers/speech/espeak-synth.ts over the
// WebAssembly build and data archive that scripts/build-espeak.mjs writes), for the benchmarks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";

export async function createEmbeddedSynthesizer(dir) {
  const { EspeakSynthesizer, unpackDataArchive } = await loadBundle(
    dir,
    "espeak",
    `export { EspeakSynthesizer } from ${JSON.stringify(join(ROOT, "workers/speech/espeak-synth.ts"))};
export { unpackDataArchive } from ${JSON.stringify(join(ROOT, "workers/speech/data-archive.ts"))};`,
  );
  const data = readFileSync(join(ROOT, "workers/speech/generated/espeak-ng.data"));
  const module = new WebAssembly.Module(readFileSync(join(ROOT, "workers/speech/generated/espeak-ng.wasm")));
  return EspeakSynthesizer.create(module, unpackDataArchive(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));
}
