// What wrangler gives core/audio/rnnoise.ts for its rnnoise.wasm import (a compiled module), made in Node from the
// same file, so unit tests and the Node baseline of the benchmark run the real RNNoise build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const packageDir = dirname(createRequire(import.meta.url).resolve("@jitsi/rnnoise-wasm/package.json"));
export default new WebAssembly.Module(readFileSync(join(packageDir, "dist/rnnoise.wasm")));
