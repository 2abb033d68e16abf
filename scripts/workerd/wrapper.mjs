// Development and tests only: on a machine with fewer than 4 processors, wrangler and miniflare start workerd
// through a wrapper that preloads scripts/workerd/processors.c (see its comment and decision 0014). Returns the
// environment to run them with; elsewhere (or without a C compiler) it changes nothing.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCE = join(ROOT, "scripts/workerd/processors.c");
const OUT = join(ROOT, "node_modules/.cache/parlance-workerd");

export async function workerdEnv() {
  if (availableParallelism() >= 4 || process.platform !== "linux" || process.env.MINIFLARE_WORKERD_PATH) return {};
  const library = join(OUT, "processors.so");
  const wrapper = join(OUT, "workerd");
  if (!existsSync(library) || statSync(library).mtimeMs < statSync(SOURCE).mtimeMs) {
    mkdirSync(OUT, { recursive: true });
    const cc = spawnSync("cc", ["-shared", "-fPIC", "-O2", "-o", library, SOURCE, "-ldl"], { stdio: "pipe", encoding: "utf8" });
    if (cc.status !== 0) {
      console.warn(`workerd runs with V8's default worker threads (no C compiler: ${cc.error?.message ?? cc.stderr})`);
      return {};
    }
  }
  // The workerd package (CommonJS) exports the binary's path as its default.
  const module = await import("workerd");
  const workerd = typeof module.default === "string" ? module.default : module.default.default;
  // A new file renamed over the old one: a checkout whose node_modules is hard-linked keeps its own copy.
  const written = `${wrapper}.${process.pid}`;
  writeFileSync(written, `#!/bin/sh\nLD_PRELOAD="${library}\${LD_PRELOAD:+:$LD_PRELOAD}" exec "${workerd}" "$@"\n`);
  chmodSync(written, 0o755);
  renameSync(written, wrapper);
  return { MINIFLARE_WORKERD_PATH: wrapper };
}
