// Voice isolator benchmark: RNNoise (core/audio/rnnoise.ts, the code and wasm the speech worker runs) on the
// platform's own speech plus white noise, timed in workerd (a Miniflare worker bundling the same module) against
// the same library in Node, in the same run; and the noise floor of a noise-only stretch before and after.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { isMain } from "./standalone.mjs";

const SECONDS = 30;
const RUNS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dbfs = (s, from, to) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += s[i] * s[i];
  return 20 * Math.log10(Math.sqrt(sum / (to - from)) / 32768);
};

/** 30 s at 48 kHz: 3 s of white noise alone, then sentences of the embedded voice in the same noise. */
async function noisySpeech(dir) {
  const synthesizer = await createEmbeddedSynthesizer(dir);
  const { samples, sampleRate } = await synthesizer.speak({ text: "The voice isolator keeps the speech and removes the steady noise behind it. ".repeat(4), voice: "en-us", rate: 175, pitch: 50, range: 50 });
  const out = new Int16Array(48000 * SECONDS);
  for (let i = 48000 * 3, j = 0; i < out.length; i++, j++) out[i] = samples[Math.floor((j * sampleRate) / 48000) % samples.length];
  let seed = 5;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out[i] = Math.max(-32768, Math.min(32767, out[i] + Math.round((seed / 2147483648 - 0.5) * 3000)));
  }
  return out;
}

export async function isolationBench(dir) {
  const noisy = await noisySpeech(dir);
  const wasmPath = join(ROOT, "node_modules/@jitsi/rnnoise-wasm/dist/rnnoise.wasm");

  // Node: the same module, bundled for Node (the wasm compiled from the same file).
  const { denoise48k } = await loadBundle(dir, "rnnoise", `export { denoise48k } from ${JSON.stringify(join(ROOT, "core/audio/rnnoise.ts"))};`);
  const node = [];
  let cleaned;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    cleaned = (await denoise48k(noisy)).samples;
    node.push((performance.now() - start) / 1000);
  }

  // workerd: the same module bundled as the speech worker bundles it, the wasm as a compiled module; timed from
  // outside (inside a worker the clock stands still while it computes) less an empty request's round trip.
  const script = join(dir, "isolation-worker.mjs");
  await build({
    stdin: {
      contents: `import { denoise48k } from ${JSON.stringify(join(ROOT, "core/audio/rnnoise.ts"))};
export default { async fetch(request) {
  const samples = new Int16Array(await request.arrayBuffer());
  if (new URL(request.url).pathname === "/empty") return new Response(String(samples.length));
  const out = await denoise48k(samples);
  return new Response(out.samples.length.toString());
} };`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    outfile: script,
    external: ["*.wasm"],
    logLevel: "error",
    plugins: [{ name: "wasm-path", setup: (b) => b.onResolve({ filter: /rnnoise\.wasm$/ }, () => ({ path: "./rnnoise.wasm", external: true })) }],
  });
  writeFileSync(join(dir, "rnnoise.wasm"), readFileSync(wasmPath));
  const mf = new Miniflare({
    modules: [
      { type: "ESModule", path: script },
      { type: "CompiledWasm", path: join(dir, "rnnoise.wasm") },
    ],
    modulesRoot: dir,
    compatibilityDate: "2026-04-26",
  });
  const body = new Uint8Array(noisy.buffer);
  const workerd = [];
  try {
    await (await mf.dispatchFetch("http://bench/", { method: "POST", body })).text(); // warm the isolate
    for (let run = 0; run < RUNS; run++) {
      const emptyStart = performance.now();
      await (await mf.dispatchFetch("http://bench/empty", { method: "POST", body })).text();
      const empty = performance.now() - emptyStart;
      const start = performance.now();
      await (await mf.dispatchFetch("http://bench/", { method: "POST", body })).text();
      workerd.push((performance.now() - start - empty) / 1000);
    }
  } finally {
    await mf.dispose();
  }
  return {
    seconds: SECONDS,
    nodeRealtime: SECONDS / median(node),
    workerdRealtime: SECONDS / median(workerd),
    noiseBefore: dbfs(noisy, 48000 * 0.5, 48000 * 2.5),
    noiseAfter: dbfs(cleaned, 48000 * 0.5, 48000 * 2.5),
  };
}

export function printIsolationBench(result) {
  console.log(`\nVoice isolator (RNNoise, ${result.seconds} s of speech with white noise, median of ${RUNS} runs)`);
  console.table({
    "workerd (the worker's bundle)": { "x real time": result.workerdRealtime.toFixed(1) },
    "Node (same code and wasm)": { "x real time": result.nodeRealtime.toFixed(1) },
  });
  console.log(`Noise-only stretch: ${result.noiseBefore.toFixed(1)} dBFS before, ${result.noiseAfter.toFixed(1)} dBFS after (${(result.noiseBefore - result.noiseAfter).toFixed(1)} dB lower)`);
}

// Run alone: `node bench/isolation.mjs`.
if (isMain(import.meta.url)) {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  printIsolationBench(await isolationBench(mkdtempSync(join(tmpdir(), "bench-isolation-"))));
}
