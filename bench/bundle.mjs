// Bundles the workers' own TypeScript modules for Node, so benchmarks time the code the workers run.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "../scripts/stack.mjs";

/** wrangler imports a .wasm file as a compiled module; in Node the same comes from compiling the file. */
const compiledWasm = {
  name: "compiled-wasm",
  setup(build) {
    build.onLoad({ filter: /\.wasm$/ }, (args) => ({
      contents: `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(args.path)}));`,
      loader: "js",
    }));
  },
};

/** Writes `source` (an entry module re-exporting what the benchmark needs) to `dir`, bundles and imports it. */
export async function loadBundle(dir, name, source) {
  const entry = join(dir, `${name}-entry.ts`);
  writeFileSync(entry, source);
  const out = join(dir, `${name}.mjs`);
  await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile: out, tsconfig: join(ROOT, "tsconfig.json"), logLevel: "error", plugins: [compiledWasm] });
  return import(pathToFileURL(out).href);
}
