// What wrangler gives app/lib/audio/opus.ts for its `./generated/opus.wasm` import (a compiled module), made in
// Node from the same file, so unit tests run the real libopus build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const wasmPath = createRequire(import.meta.url).resolve("@evan/opus/wasm/opus.wasm");
export default new WebAssembly.Module(readFileSync(wasmPath));
