// What wrangler gives app/lib/audio/mp3-decoder.ts for its `./generated/minimp3.wasm` import (a compiled module),
// made in Node from the same file, so unit tests run the real minimp3 build.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const packageDir = dirname(createRequire(import.meta.url).resolve("minimp3-wasm/package.json"));
export default new WebAssembly.Module(readFileSync(join(packageDir, "dist/decoder.opt.wasm")));
