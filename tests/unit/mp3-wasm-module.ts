// What wrangler gives app/lib/audio/mp3.ts for its `./generated/mp3.wasm` import (a compiled module), made in
// Node from the same file, so unit tests run the real LAME build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const wasmPath = createRequire(import.meta.url).resolve("wasm-media-encoders/wasm/mp3");
export default new WebAssembly.Module(readFileSync(wasmPath));
