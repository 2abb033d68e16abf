// Runs the whole platform locally: build, migrate, seed, then every worker in one `wrangler dev`.
// Used by `npm start` and by the end-to-end tests (with a fresh state directory and a free port).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workerdEnv } from "./workerd/wrapper.mjs";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Worker configs in `wrangler dev` order: the front door first, since only the first gets the port. */
export const WORKER_CONFIGS = [
  "workers/edge/wrangler.toml",
  "wrangler.toml",
  "workers/speech/wrangler.toml",
  "workers/share/wrangler.toml",
  "workers/billing/wrangler.toml",
  "queues/video/wrangler.toml",
  // Development only: the local Stripe stand-in (never deployed).
  "workers/stripe-local/wrangler.toml",
];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: options.quiet ? "pipe" : "inherit", env: process.env });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(String(result.stdout ?? "") + String(result.stderr ?? ""));
    throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
  }
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

export function build({ quiet = false } = {}) {
  copyCodecWasm();
  run("node", ["scripts/build-espeak.mjs"], { quiet });
  run("node", ["scripts/build-h264.mjs"], { quiet });
  run("npx", ["remix", "vite:build"], { quiet });
  writeSourceArchive();
  // The speech worker pre-bundled, for the worker tests (miniflare runs it beside the app); wrangler leaves
  // earlier builds' hashed data files in the directory, so it starts empty.
  rmSync(join(ROOT, "dist/speech"), { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--dry-run", "-c", "workers/speech/wrangler.toml", "--outdir", join(ROOT, "dist/speech")], { quiet: true });
  // The Stripe stand-in likewise, for the app and billing worker tests.
  run("npx", ["wrangler", "deploy", "--dry-run", "-c", "workers/stripe-local/wrangler.toml", "--outdir", join(ROOT, "dist/stripe-local")], { quiet: true });
}

/** Applies pending migrations and the idempotent seed to the local state in `stateDir`. */
export function prepareState(stateDir, { quiet = false } = {}) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], { quiet });
  run("npx", ["vite-node", "scripts/seed.ts", "--", "--persist-to", stateDir], { quiet });
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
 * Starts `wrangler dev` for every worker in its own process group (so stopping it stops workerd too)
 * and resolves once the front door answers.
 */
export async function startStack({ port, stateDir, quiet = false, timeoutMs = 60_000 }) {
  const args = ["wrangler", "dev"];
  for (const config of WORKER_CONFIGS) args.push("-c", config);
  args.push("--persist-to", stateDir, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false");
  const child = spawn("npx", args, {
    cwd: ROOT,
    detached: true,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...(await workerdEnv()), WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
  let output = "";
  if (quiet) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
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
