// Runs the whole platform locally: build, migrate, seed, then every worker in one `wrangler dev`.
// Used by `npm start` and by the end-to-end tests (with a fresh state directory and a free port).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workerdEnv } from "./workerd/wrapper.mjs";
import { patchDependencies } from "./patch-dependencies.mjs";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Worker configs in `wrangler dev` order: the front door first, since only the first gets the port. */
export const WORKER_CONFIGS = [
  "workers/edge/wrangler.toml",
  "wrangler.toml",
  "workers/speech/wrangler.toml",
  "workers/share/wrangler.toml",
  "workers/billing/wrangler.toml",
  "queues/video/wrangler.toml",
  // Studio conversions and dubs: consumers in workers of their own (decision 0058).
  "queues/studio/wrangler.toml",
  "queues/dubbing/wrangler.toml",
  // Development only: the local Stripe stand-in (never deployed).
  "workers/stripe-local/wrangler.toml",
];

/** Where npm puts the dependencies' commands: run directly, not through npx (which starts npm each time). */
export const bin = (name) => join(ROOT, "node_modules/.bin", name);

/**
 * Defaults for every wrangler we start (a variable already set in the environment wins): no banner (printing
 * it also asks the registry for a newer wrangler), no metrics, no colour codes in captured output, and no
 * download of `Request.cf`: local runs use miniflare's built-in placeholder instead of fetching one from
 * Cloudflare (the edge tests pass their own `cf`; `x-dev-geo` stands in for it in development).
 */
export const WRANGLER_ENV = {
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
};

/** Runs a command with its output captured and returns its stdout; on failure throws with the output attached. */
function run(command, args, { defaults = {} } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...defaults, ...process.env },
  });
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(" ")} failed with ${result.status ?? result.signal}`);
    error.output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`;
    throw error;
  }
  return result.stdout;
}

const wrangler = (args) => run(bin("wrangler"), args, { defaults: WRANGLER_ENV });

/**
 * One line per step: its name, then what it reports (or "done") and how long it took. `action` returns that
 * report; the step's own output is shown only if it fails.
 */
function step(name, { quiet }, action) {
  if (!quiet) process.stdout.write(`  ${name}: `);
  const started = Date.now();
  let report;
  try {
    report = action();
  } catch (error) {
    if (!quiet) process.stdout.write("failed\n");
    if (error.output) process.stderr.write(error.output);
    throw error;
  }
  if (!quiet) process.stdout.write(`${report || "done"} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

/** A build script's one-line summary without the name the step already shows, or "up to date" when it printed none. */
function summary(stdout, name) {
  const line = stdout.trim().split("\n").pop().trim();
  if (!line) return "up to date";
  return line.startsWith(name) ? line.slice(name.length).replace(/^[:\s]+/, "") : line;
}

/**
 * LAME, libopus and minimp3 compiled to WebAssembly (wasm-media-encoders, @evan/opus, minimp3-wasm): copied beside the encoder so
 * wrangler bundles each as a compiled module (workerd refuses to compile WebAssembly from bytes, and export
 * maps hide the files behind paths without the .wasm extension wrangler's rule needs).
 */
function copyCodecWasm() {
  const require = createRequire(import.meta.url);
  mkdirSync(join(ROOT, "core/audio/generated"), { recursive: true });
  copyFileSync(require.resolve("wasm-media-encoders/wasm/mp3"), join(ROOT, "core/audio/generated/mp3.wasm"));
  copyFileSync(require.resolve("@evan/opus/wasm/opus.wasm"), join(ROOT, "core/audio/generated/opus.wasm"));
  copyFileSync(join(dirname(require.resolve("minimp3-wasm/package.json")), "dist/decoder.opt.wasm"), join(ROOT, "core/audio/generated/minimp3.wasm"));
}

/**
 * The source of the running version, served as a static asset at /source.tar.gz: the AGPL asks a network
 * service to offer its users the source. Built from the checked-out commit; skipped outside a git checkout.
 */
function writeSourceArchive() {
  const out = join(ROOT, "build/client/source.tar.gz");
  const result = spawnSync("git", ["archive", "--format=tar.gz", "--prefix=parlance/", "-o", out, "HEAD"], { cwd: ROOT, stdio: "pipe" });
  if (result.status !== 0) console.warn("source.tar.gz not written: this is not a git checkout");
}

export function build({ quiet = false, skipWhenUnchanged = false } = {}) {
  const options = { quiet };
  // Checkouts installed before a mend was added get it here: every worker test run builds first.
  step("dependency mends", options, () => patchDependencies().length ? "mended" : "in place");
  copyCodecWasm();
  step("espeak-ng", options, () => summary(run("node", ["scripts/build-espeak.mjs"]), "espeak-ng"));
  step("pocketsphinx", options, () => summary(run("node", ["scripts/build-pocketsphinx.mjs"]), "pocketsphinx"));
  step("h264-mp4-encoder", options, () => summary(run("node", ["scripts/build-h264.mjs"]), "h264-mp4-encoder"));
  const fingerprint = sourceFingerprint();
  if (skipWhenUnchanged && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, "utf8") === fingerprint) {
    step("Remix build and bundles", options, () => {
      writeSourceArchive();
      return "up to date";
    });
    return;
  }
  rmSync(BUILD_STAMP, { force: true });
  step("Remix build", options, () => {
    run(bin("remix"), ["vite:build"]);
    writeSourceArchive();
  });
  step("speech and stripe-local bundles", options, () => {
    // The speech worker pre-bundled, for the worker tests (miniflare runs it beside the app); wrangler leaves
    // earlier builds' hashed data files in the directory, so it starts empty.
    rmSync(join(ROOT, "dist/speech"), { recursive: true, force: true });
    wrangler(["deploy", "--dry-run", "-c", "workers/speech/wrangler.toml", "--outdir", join(ROOT, "dist/speech")]);
    // The Stripe stand-in likewise, for the app and billing worker tests.
    wrangler(["deploy", "--dry-run", "-c", "workers/stripe-local/wrangler.toml", "--outdir", join(ROOT, "dist/stripe-local")]);
  });
  writeFileSync(BUILD_STAMP, fingerprint);
}

/** Written after a whole build: the fingerprint of the sources it was built from. */
const BUILD_STAMP = join(ROOT, "dist/.build-fingerprint");

/**
 * Path, size and modification time of every file the build reads (tracked or new, not ignored), plus the
 * generated engines: `npm start` skips the Remix build (about 15 s) when none of them changed since the last one.
 */
function sourceFingerprint() {
  const listed = run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"]).split("\0").filter(Boolean);
  const generated = ["workers/speech/generated", "core/audio/generated", "queues/video/generated"].flatMap((dir) =>
    existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`) : [],
  );
  const hash = createHash("sha256");
  for (const file of [...listed, ...generated].sort()) {
    if (/^(docs|tests|bench|eslint)\//.test(file) || file.endsWith(".md")) continue;
    const path = join(ROOT, file);
    if (!existsSync(path)) continue;
    // Generated engines are copied afresh by every build: their content counts, not their time.
    const stamp = generated.includes(file) ? createHash("sha256").update(readFileSync(path)).digest("hex") : statSync(path).mtimeMs;
    hash.update(`${file}\0${statSync(path).size}\0${stamp}\n`);
  }
  return hash.digest("hex");
}

/** Applies pending migrations and the idempotent seed to the local state in `stateDir`. */
export function prepareState(stateDir, { quiet = false } = {}) {
  const options = { quiet };
  step("D1 migrations", options, () => {
    const output = wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
    const count = output.match(/About to apply (\d+) migration/)?.[1];
    return count ? `${count} applied` : "up to date";
  });
  step("speech-to-text model", options, () => putSpeechToTextModel(stateDir));
  step("speech languages", options, () => putSpeechDictionaries(stateDir));
  step("seed", options, () => summary(run(bin("vite-node"), ["-c", "scripts/vite-node.config.mjs", "scripts/seed.ts", "--", "--persist-to", stateDir]), "Seeded"));
}

/**
 * The embedded speech-to-text model into the local R2 bucket the speech worker reads it from (too large for its
 * bundle: docs/decisions/0030-speech-to-text.md); put again only when the built model changed.
 */
function putSpeechToTextModel(stateDir) {
  const model = join(ROOT, "workers/speech/generated/pocketsphinx-en-us.model");
  const marker = join(stateDir, "pocketsphinx-model.put");
  if (!existsSync(model)) return "not built yet: npm run build makes it";
  const stamp = `${statSync(model).size} ${statSync(model).mtimeMs}`;
  if (existsSync(marker) && readFileSync(marker, "utf8") === stamp) return "up to date";
  wrangler(["r2", "object", "put", "parlance-media/engines/pocketsphinx/en-us.model", "--file", model, "--local", "--persist-to", stateDir]);
  writeFileSync(marker, stamp);
  return "put into local R2";
}

/**
 * The embedded speech engine's dictionaries that are not bundled (every language but the six), one pack the speech
 * worker reads one language's range of on first use (docs/decisions/0059-every-espeak-language.md); put again only
 * when the build made a new pack (its key names its content's hash).
 */
function putSpeechDictionaries(stateDir) {
  const pack = join(ROOT, "workers/speech/generated/espeak-ng-dictionaries.pack");
  const manifestPath = join(ROOT, "workers/speech/generated/espeak-ng-languages.json");
  if (!existsSync(pack) || !existsSync(manifestPath)) return "not built yet: npm run build makes them";
  const { pack: key, dictionaries } = JSON.parse(readFileSync(manifestPath, "utf8"));
  const marker = join(stateDir, "espeak-dictionaries.put");
  if (existsSync(marker) && readFileSync(marker, "utf8") === key) return "up to date";
  wrangler(["r2", "object", "put", `parlance-media/${key}`, "--file", pack, "--local", "--persist-to", stateDir]);
  writeFileSync(marker, key);
  return `${Object.keys(dictionaries).length} dictionaries put into local R2`;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * What `wrangler dev` prints at start that asks nothing of a developer: each worker's table of bindings (its
 * wrangler.toml says the same), the paragraph after them about connecting dev sessions, and the types check,
 * which compares all seven workers' configs with the one worker-configuration.d.ts (the app's) and so calls
 * the others' types out of date. Everything else (the workers' logs with the dev mailbox's links, requests,
 * warnings, errors) passes through.
 */
function devOutputFilter(write) {
  let pending = "";
  let inBindings = false;
  let blank = true; // no blank lines first, nor two in a row
  return (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
      if (line.endsWith("has access to the following bindings:")) inBindings = true;
      else if (inBindings) inBindings = line.trim() !== "";
      else if (line.startsWith("Service bindings, Durable Object bindings, and Tail consumers connect")) continue;
      else if (line.includes("Your types might be out of date")) continue;
      else if (line.trim() !== "" || !blank) {
        blank = line.trim() === "";
        write(line + "\n");
      }
    }
  };
}

/**
 * Starts `wrangler dev` for every worker in its own process group (so stopping it stops workerd too)
 * and resolves once the front door answers. Quiet: its output is kept for `output()` and errors only.
 */
export async function startStack({ port, stateDir, quiet = false, timeoutMs = 60_000 }) {
  const args = ["dev"];
  for (const config of WORKER_CONFIGS) args.push("-c", config);
  args.push("--persist-to", stateDir, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false");
  const child = spawn(bin("wrangler"), args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...WRANGLER_ENV, ...process.env, ...(await workerdEnv()) },
  });
  let output = "";
  if (quiet) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  } else {
    child.stdout.on("data", devOutputFilter((line) => process.stdout.write(line)));
    child.stderr.on("data", devOutputFilter((line) => process.stderr.write(line)));
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode})\n${output}`);
    try {
      const response = await fetch(url + "/", { redirect: "manual" });
      if (response.status < 500) return { url, stop, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms\n${output}`);
}
