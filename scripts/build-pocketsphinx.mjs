// Builds the speech worker's recogniser, PocketSphinx (BSD-2-Clause) on SphinxBase, from source:
// - the upstream sources as Debian (bookworm) ships them, downloaded once into node_modules/.cache and checked
//   against their SHA-256; PocketSphinx's tarball also carries the US English model (acoustic model,
//   CMU pronouncing dictionary, trigram language model);
// - compiled to WebAssembly by Clang and LLD running in WebAssembly (@yowasp/clang), as scripts/build-espeak.mjs
//   does for espeak-ng: the worker's recogniser (workers/speech/c-sphinx/recognize.c's entry points);
// - the model's files packed into one archive (workers/speech/data-archive.ts reads the format). The archive is
//   too large for a worker bundle (docs/decisions/0030-speech-to-text.md): the start step puts it into the
//   local R2 bucket and the speech worker reads it from there on first use.
// Outputs in workers/speech/generated/ are rebuilt when an input changes, never edited by hand.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdtempSync, cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "workers/speech/generated");
const C_DIR = join(ROOT, "workers/speech/c-sphinx");
const CACHE = join(ROOT, "node_modules/.cache/parlance-pocketsphinx");

const POOL = "http://deb.debian.org/debian/pool/main";
export const SOURCES = {
  sphinxbase: {
    url: process.env.SPHINXBASE_SOURCE_URL ?? `${POOL}/s/sphinxbase/sphinxbase_0.8+5prealpha+1.orig.tar.gz`,
    sha256: "f72bdb59e50b558bed47cc2105777200d2b246a0f328e913de16a9b22f9a246f",
  },
  pocketsphinx: {
    url: process.env.POCKETSPHINX_SOURCE_URL ?? `${POOL}/p/pocketsphinx/pocketsphinx_0.8+5prealpha+1.orig.tar.gz`,
    sha256: "ef5bb5547e2712bdf571f256490ef42a47962033892efd9d7df8eed7fe573ed9",
  },
};

/** The model files the recogniser reads, under the archive's root (paths as recognize.c is given them). */
const MODEL = "model/en-us";
const MODEL_FILES = ["en-us/feat.params", "en-us/mdef", "en-us/means", "en-us/variances", "en-us/sendump", "en-us/transition_matrices", "en-us/noisedict", "cmudict-en-us.dict", "en-us.lm.bin"];

/** SphinxBase's library sources without threads (sbthread.c), memory mapping (mmio.c: WASI has none) and audio devices. */
const SPHINXBASE_DIRS = ["util", "fe", "feat", "lm"];
const SPHINXBASE_SKIP = ["sbthread.c", "mmio.c"];

/** What configure would write into config.h for this target. */
const CONFIG_H = `#define HAVE_LONG_LONG 1
#define SIZEOF_LONG_LONG 8
#define SIZEOF_LONG 4
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SNPRINTF 1
#define STDC_HEADERS 1
`;

/**
 * SphinxBase's allocator can jump back to a caller on failure (ckd_set_jump), which WebAssembly without exception
 * handling cannot do; nothing here asks it to, so a failed allocation aborts as it would by default.
 */
const SETJMP_H = `#pragma once
typedef int jmp_buf[1];
#define setjmp(env) 0
#define longjmp(env, value) __builtin_trap()
`;

const outputs = { wasm: join(OUT, "pocketsphinx.wasm"), model: join(OUT, "pocketsphinx-en-us.model") };
const inputs = [fileURLToPath(import.meta.url), ...readdirSync(C_DIR).map((f) => join(C_DIR, f))];
const builtAt = Math.min(...Object.values(outputs).map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt > 0 && inputs.every((f) => statSync(f).mtimeMs <= builtAt)) process.exit(0);

const sphinxbase = await unpackedSource("sphinxbase", "src/libsphinxbase/util/cmd_ln.c");
const pocketsphinx = await unpackedSource("pocketsphinx", "src/libpocketsphinx/pocketsphinx.c");
const wasm = await compile(sphinxbase, pocketsphinx);
const model = pack(MODEL_FILES.map((rel) => [rel, readFileSync(join(pocketsphinx, MODEL, rel))]));
mkdirSync(OUT, { recursive: true });
writeFileSync(outputs.wasm, wasm);
writeFileSync(outputs.model, model);
console.log(`pocketsphinx built: ${(wasm.length / 1024).toFixed(0)} KiB of WebAssembly, US English model ${(model.length / 1024 / 1024).toFixed(1)} MiB`);

/** A source tree, downloaded and unpacked once. */
async function unpackedSource(name, marker) {
  const { url, sha256: expected } = SOURCES[name];
  const dir = join(CACHE, name);
  if (existsSync(join(dir, marker))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const tarball = join(CACHE, `${name}.tar.gz`);
  if (!existsSync(tarball) || sha256(readFileSync(tarball)) !== expected) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${name} source: ${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const digest = sha256(bytes);
    if (digest !== expected) throw new Error(`${name} source: SHA-256 ${digest}, expected ${expected}`);
    writeFileSync(tarball, bytes);
  }
  const unpacking = mkdtempSync(join(CACHE, "unpack-"));
  const tar = spawnSync("tar", ["-xzf", tarball, "-C", unpacking, "--strip-components=1"], { stdio: "inherit" });
  if (tar.status !== 0) throw new Error(`${name} source: tar failed`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(unpacking, dir, { recursive: true });
  rmSync(unpacking, { recursive: true, force: true });
  return dir;
}

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A directory as the in-memory tree @yowasp/clang takes (C sources and headers only). */
function tree(dir) {
  const out = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out[entry.name] = tree(path);
    else if (entry.isFile() && /\.(c|h)$/.test(entry.name)) out[entry.name] = readFileSync(path);
  }
  return out;
}

async function compile(sphinxbaseDir, pocketsphinxDir) {
  const { runClang } = await import("@yowasp/clang");
  const baseSrc = join(sphinxbaseDir, "src/libsphinxbase");
  const files = {
    sb: tree(baseSrc),
    sbinclude: tree(join(sphinxbaseDir, "include")),
    ps: tree(join(pocketsphinxDir, "src/libpocketsphinx")),
    psinclude: tree(join(pocketsphinxDir, "include")),
    config: { "config.h": CONFIG_H, "sphinx_config.h": "#define HAVE_LONG_LONG 1\n#define SIZEOF_LONG_LONG 8\n#define SIZEOF_LONG 4\n", "setjmp.h": SETJMP_H },
    parlance: tree(C_DIR),
  };
  const baseUnits = SPHINXBASE_DIRS.flatMap((d) =>
    readdirSync(join(baseSrc, d)).filter((f) => f.endsWith(".c") && !SPHINXBASE_SKIP.includes(f)).map((f) => `sb/${d}/${f}`),
  );
  const psUnits = readdirSync(join(pocketsphinxDir, "src/libpocketsphinx")).filter((f) => f.endsWith(".c")).map((f) => `ps/${f}`);
  const units = [...baseUnits, ...psUnits, "parlance/recognize.c"];
  const flags = ["-O2", "-w", "-Iconfig", "-Isbinclude", "-Isbinclude/sphinxbase", "-Ipsinclude", "-Ips", "-DHAVE_CONFIG_H", "-D_WASI_EMULATED_PROCESS_CLOCKS", "-D_WASI_EMULATED_SIGNAL"];
  const clang = async (args, input) => {
    try {
      return await runClang(["clang", ...args], input, { stderr: (bytes) => bytes && process.stderr.write(bytes), fetchProgress: () => {} });
    } catch (error) {
      throw new Error(`clang ${args.slice(-1)[0]} exited with ${error.code ?? error.message}`);
    }
  };
  const compiled = await clang([...flags, "-c", ...units], files);
  const objects = Object.fromEntries(Object.entries(compiled).filter(([name]) => name.endsWith(".o")));
  const exported = ["sphinx_init", "sphinx_decode", "sphinx_result", "sphinx_alloc", "sphinx_free"].map((f) => `-Wl,--export=${f}`);
  const linked = await clang(["-mexec-model=reactor", ...exported, "-Wl,-z,stack-size=1048576", ...Object.keys(objects), "-lm", "-lwasi-emulated-process-clocks", "-lwasi-emulated-signal", "-o", "pocketsphinx.wasm"], objects);
  return linked["pocketsphinx.wasm"];
}

/** The archive format of workers/speech/data-archive.ts: a little-endian u32 index length, a JSON index of [path, size], the bytes. */
function pack(entries) {
  const index = Buffer.from(JSON.stringify(entries.map(([path, bytes]) => [path, bytes.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(index.length);
  return Buffer.concat([length, index, ...entries.map(([, bytes]) => bytes)]);
}
