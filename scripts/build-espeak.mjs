// Builds the speech worker's synthesizer, espeak-ng (GPL-3.0-or-later), from source:
// - the upstream source as Debian's espeak-ng package ships it, downloaded once into node_modules/.cache and
//   checked against its SHA-256;
// - compiled to WebAssembly by Clang and LLD that themselves run in WebAssembly (@yowasp/clang, an npm
//   package), so no system compiler is needed: once as the worker's synthesizer (workers/speech/c/synth.c's
//   entry points) and once as a data compiler (workers/speech/c/compile-data.c);
// - the data compiler run under Node's WASI: phoneme tables, intonations and the dictionary of every language
//   espeak-ng has. The bundled languages' dictionaries, the phoneme tables and every language's voice file go
//   into one archive the worker imports (workers/speech/data-archive.ts reads it); every other dictionary goes
//   into one pack the start step puts into R2, which the worker reads one language's range of on first use
//   (docs/decisions/0059-every-espeak-language.md). A manifest says which voice needs which dictionary and
//   where each dictionary lies in the pack.
// Outputs in workers/speech/generated/ are rebuilt when an input changes, never edited by hand.
import { createHash } from "node:crypto";
import { closeSync, cpSync, openSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "workers/speech/generated");
const C_DIR = join(ROOT, "workers/speech/c");
const CACHE = join(ROOT, "node_modules/.cache/parlance-espeak-ng");

export const ESPEAK_NG_SOURCE = {
  version: "1.52.0",
  url: process.env.ESPEAK_NG_SOURCE_URL ?? "http://deb.debian.org/debian/pool/main/e/espeak-ng/espeak-ng_1.52.0+dfsg.orig.tar.gz",
  sha256: "d2a886bae3547a15c52801cb37e415230834a7ee7f9a57352b98d60454d97cea",
};

/** Dictionaries bundled with the worker (must match BUNDLED_LANGUAGES in core/voices/espeak-languages.ts); the others are read from R2. */
const LANGUAGES = ["en", "de", "fr", "es", "it", "pt"];

/** The manifest's name inside the bundled archive (workers/speech/espeak-dictionaries.ts reads it). */
const MANIFEST_FILE = "parlance-languages.json";

/** Dictionaries per run of the data compiler (see runDataCompiler). */
const DICTIONARY_BATCH = 20;

/** espeak-ng's library sources (its CMakeLists.txt), without audio output, MBROLA and the async queue. */
const LIBRARY = [
  "common.c", "mnemonics.c", "error.c", "ieee80.c", "compiledict.c", "dictionary.c", "encoding.c", "intonation.c",
  "langopts.c", "numbers.c", "phoneme.c", "phonemelist.c", "readclause.c", "setlengths.c", "soundicon.c", "spect.c",
  "ssml.c", "synthdata.c", "synthesize.c", "tr_languages.c", "translate.c", "translateword.c", "voices.c", "wavegen.c",
  "speech.c", "espeak_api.c", "klatt.c",
];

/** What CMake would write into config.h for this build. */
const CONFIG_H = `#define HAVE_MKSTEMP 0
#define USE_ASYNC 0
#define USE_KLATT 1
#define USE_LIBPCAUDIO 0
#define USE_LIBSONIC 0
#define USE_MBROLA 0
#define USE_SPEECHPLAYER 0
#define PACKAGE_VERSION "${ESPEAK_NG_SOURCE.version}"
`;

const outputs = { wasm: join(OUT, "espeak-ng.wasm"), data: join(OUT, "espeak-ng.data"), pack: join(OUT, "espeak-ng-dictionaries.pack"), manifest: join(OUT, "espeak-ng-languages.json") };
const inputs = [fileURLToPath(import.meta.url), ...readdirSync(C_DIR).map((f) => join(C_DIR, f))];
const builtAt = Math.min(...Object.values(outputs).map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt > 0 && inputs.every((f) => statSync(f).mtimeMs <= builtAt)) process.exit(0);

const source = await unpackedSource();
const { wasm, compiler } = await compile(source);
const data = compileData(source, compiler);
mkdirSync(OUT, { recursive: true });
writeFileSync(outputs.wasm, wasm);
writeFileSync(outputs.data, data.archive);
writeFileSync(outputs.pack, data.pack);
writeFileSync(outputs.manifest, JSON.stringify(data.manifest, null, 1) + "\n");
const dictionaries = Object.keys(data.manifest.dictionaries).length;
console.log(`espeak-ng ${ESPEAK_NG_SOURCE.version} built: ${(wasm.length / 1024).toFixed(0)} KiB of WebAssembly, ${data.files} bundled data files in ${(data.archive.length / 1024).toFixed(0)} KiB, ${dictionaries} more dictionaries in ${(data.pack.length / 1024).toFixed(0)} KiB for R2`);

/** The source tree, downloaded and unpacked once. */
async function unpackedSource() {
  const dir = join(CACHE, `espeak-ng-${ESPEAK_NG_SOURCE.version}`);
  if (existsSync(join(dir, "src/libespeak-ng/speech.c"))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const tarball = join(CACHE, "source.tar.gz");
  if (!existsSync(tarball) || sha256(readFileSync(tarball)) !== ESPEAK_NG_SOURCE.sha256) {
    const response = await fetch(ESPEAK_NG_SOURCE.url);
    if (!response.ok) throw new Error(`espeak-ng source: ${ESPEAK_NG_SOURCE.url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const digest = sha256(bytes);
    if (digest !== ESPEAK_NG_SOURCE.sha256) throw new Error(`espeak-ng source: SHA-256 ${digest}, expected ${ESPEAK_NG_SOURCE.sha256}`);
    writeFileSync(tarball, bytes);
  }
  const unpacking = mkdtempSync(join(CACHE, "unpack-"));
  const tar = spawnSync("tar", ["-xzf", tarball, "-C", unpacking, "--strip-components=1"], { stdio: "inherit" });
  if (tar.status !== 0) throw new Error("espeak-ng source: tar failed");
  rmSync(dir, { recursive: true, force: true });
  cpSync(unpacking, dir, { recursive: true });
  rmSync(unpacking, { recursive: true, force: true });
  return dir;
}

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A directory as the in-memory tree @yowasp/clang takes. */
function tree(dir, keep = () => true) {
  const out = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out[entry.name] = tree(path, keep);
    else if (entry.isFile() && keep(entry.name)) out[entry.name] = readFileSync(path);
  }
  return out;
}

/** Compiles every C file once, then links the synthesizer (a reactor) and the data compiler (a command). */
async function compile(sourceDir) {
  const { runClang } = await import("@yowasp/clang");
  const src = join(sourceDir, "src");
  const files = {
    lib: tree(join(src, "libespeak-ng"), (name) => name.endsWith(".c") || name.endsWith(".h")),
    ucd: tree(join(src, "ucd-tools/src"), (name) => name.endsWith(".c") || name.endsWith(".h")),
    include: tree(join(src, "include")),
    config: { "config.h": CONFIG_H },
    parlance: tree(C_DIR),
  };
  const units = [...LIBRARY.map((f) => `lib/${f}`), ...Object.keys(files.ucd).filter((f) => f.endsWith(".c")).map((f) => `ucd/${f}`), "lib/compiledata.c", "parlance/synth.c", "parlance/compile-data.c"];
  const flags = ["-O2", "-fwrapv", "-w", "-Iconfig", "-Iinclude", "-Iucd/include", "-Ilib", "-DLIBESPEAK_NG_EXPORT=1", '-DPATH_ESPEAK_DATA="/espeak-ng-data"'];
  const clang = async (args, input) => {
    try {
      return await runClang(["clang", ...args], input, { stderr: (bytes) => bytes && process.stderr.write(bytes), fetchProgress: () => {} });
    } catch (error) {
      // The error carries every file of the run; clang has already said what went wrong on stderr.
      throw new Error(`clang ${args.slice(-1)[0]} exited with ${error.code ?? error.message}`);
    }
  };
  const compiled = await clang([...flags, "-c", ...units], files);
  const objects = Object.fromEntries(Object.entries(compiled).filter(([name]) => name.endsWith(".o")));
  const own = ["synth.o", "compile-data.o", "compiledata.o"];
  const library = Object.keys(objects).filter((name) => !own.includes(name));
  const linked = await clang(["-mexec-model=reactor", ...library, "synth.o", "-lm", "-o", "espeak-ng.wasm"], objects);
  const command = await clang([...library, "compiledata.o", "compile-data.o", "-lm", "-o", "compile-data.wasm"], objects);
  return { wasm: linked["espeak-ng.wasm"], compiler: command["compile-data.wasm"] };
}

/** Runs the data compiler over a scratch copy of the sources and packs what the synthesizer reads. */
function compileData(sourceDir, compiler) {
  const work = mkdtempSync(join(tmpdir(), "espeak-ng-data-"));
  try {
    const data = join(work, "espeak-ng-data");
    mkdirSync(join(data, "voices"), { recursive: true });
    mkdirSync(join(work, "dictsource"));
    cpSync(join(sourceDir, "phsource"), join(work, "phsource"), { recursive: true });
    cpSync(join(sourceDir, "espeak-ng-data/voices/!v"), join(data, "voices/!v"), { recursive: true });
    cpSync(join(sourceDir, "espeak-ng-data/lang"), join(data, "lang"), { recursive: true });
    // Every dictionary espeak-ng's own build compiles: one per *_rules file (its Makefile's list).
    const all = readdirSync(join(sourceDir, "dictsource")).filter((name) => name.endsWith("_rules")).map((name) => name.slice(0, -"_rules".length)).sort();
    for (const language of LANGUAGES) if (!all.includes(language)) throw new Error(`espeak-ng data: no dictionary source for ${language}`);
    for (const entry of readdirSync(join(sourceDir, "dictsource"), { withFileTypes: true })) {
      if (entry.isFile() && all.includes(entry.name.split("_")[0])) cpSync(join(sourceDir, "dictsource", entry.name), join(work, "dictsource", entry.name));
    }
    const logPath = join(work, "compile.log");
    // One data compiler per batch of dictionaries: a single run over all of them grows its memory until Node
    // aborts (measured: after the 29th). Each run compiles the phoneme tables again (the same bytes).
    const compilerPath = join(work, "compile-data.wasm");
    writeFileSync(compilerPath, compiler);
    for (let i = 0; i < all.length; i += DICTIONARY_BATCH) runDataCompiler(compilerPath, work, logPath, all.slice(i, i + DICTIONARY_BATCH));
    // Bundled: phoneme tables, intonations, voice variants, every language's voice file (15 KB in all, so the
    // engine's voice list is whole from the start) and the bundled languages' dictionaries.
    const wanted = (rel) => {
      if (["intonations", "phondata", "phonindex", "phontab"].includes(rel)) return true;
      if (rel.startsWith("voices/!v/") || rel.startsWith("lang/")) return true;
      const dict = rel.match(/^([a-z-]+)_dict$/);
      return dict ? LANGUAGES.includes(dict[1]) : false;
    };
    const files = walk(data).map((path) => relative(data, path)).filter(wanted).sort();
    for (const language of LANGUAGES) {
      if (!files.includes(`${language}_dict`)) throw new Error(`espeak-ng data: no dictionary for ${language}`);
    }
    // Every other dictionary, one after another in one pack; the manifest gives each one's offset and size.
    const lazy = all.filter((name) => !LANGUAGES.includes(name) && existsSync(join(data, `${name}_dict`)));
    const missing = all.filter((name) => !existsSync(join(data, `${name}_dict`)));
    if (missing.length) throw new Error(`espeak-ng data: the compiler wrote no dictionary for ${missing.join(", ")}:\n${readFileSync(logPath, "utf8").slice(-2000)}`);
    const dictionaries = {};
    const chunks = [];
    let offset = 0;
    for (const name of lazy) {
      const bytes = readFileSync(join(data, `${name}_dict`));
      dictionaries[name] = { offset, size: bytes.length };
      chunks.push(bytes);
      offset += bytes.length;
    }
    const pack = Buffer.concat(chunks);
    const bundled = Object.fromEntries(LANGUAGES.map((name) => [name, statSync(join(data, `${name}_dict`)).size]));
    const manifest = { version: ESPEAK_NG_SOURCE.version, pack: `engines/espeak-ng/dictionaries-${sha256(pack).slice(0, 16)}.pack`, bundled, dictionaries, voices: voiceFiles(join(data, "lang")) };
    // The manifest travels inside the bundled archive (the worker reads it from there; espeak-ng never opens it).
    const entries = [...files.map((rel) => [rel, readFileSync(join(data, rel))]), [MANIFEST_FILE, Buffer.from(JSON.stringify(manifest))]];
    return { archive: pack_(entries), files: files.length, pack, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Every language voice file: its path under lang/, the name it gives, its language codes in order and the
 * dictionary it loads (its `dictionary` line, else its first language code up to the first '-': espeak-ng's
 * LoadVoice).
 */
function voiceFiles(langDir) {
  return walk(langDir).map((path) => {
    const lines = readFileSync(path, "latin1").split("\n").map((line) => line.replace(/\/\/.*$/, "").trim());
    const value = (key) => lines.filter((line) => line.startsWith(key + " ") || line.startsWith(key + "\t")).map((line) => line.slice(key.length).trim());
    const languages = value("language").map((line) => line.split(/\s+/)[0]);
    const dictionary = value("dictionary")[0]?.split(/\s+/)[0] ?? languages[0]?.split("-")[0] ?? null;
    const file = relative(langDir, path);
    return { id: file.split("/").pop(), file, name: Buffer.from(value("name")[0] ?? "", "latin1").toString("utf8"), languages, dictionary };
  }).sort((a, b) => a.id.localeCompare(b.id));
}


/**
 * The data compiler under Node's WASI over `work`: phoneme tables, intonations and the named dictionaries. Each
 * batch runs in a Node process of its own: one process running it over many dictionaries aborted (measured here,
 * with no message, after about 30 of them), a fresh process per batch does not.
 */
function runDataCompiler(compilerPath, work, logPath, languages) {
  const run = `
    import { WASI } from "node:wasi";
    import { readFileSync } from "node:fs";
    const [compiler, work, ...languages] = process.argv.slice(1);
    const wasi = new WASI({ version: "preview1", args: ["compile-data", "/work/espeak-ng-data", ...languages], preopens: { "/work": work }, returnOnExit: true });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(compiler)), { wasi_snapshot_preview1: wasi.wasiImport });
    process.exitCode = wasi.start(instance);`;
  const logFd = openSync(logPath, "w");
  const result = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", run, compilerPath, work, ...languages], { stdio: ["ignore", logFd, logFd] });
  closeSync(logFd);
  if (result.status !== 0) throw new Error(`espeak-ng data compiler exited with ${result.status ?? result.signal}:\n${readFileSync(logPath, "utf8").slice(-4000)}`);
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The archive format of workers/speech/data-archive.ts: a little-endian u32 index length, a JSON index of [path, size], the bytes. */
function pack_(entries) {
  const index = Buffer.from(JSON.stringify(entries.map(([path, bytes]) => [path, bytes.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(index.length);
  return Buffer.concat([length, index, ...entries.map(([, bytes]) => bytes)]);
}
