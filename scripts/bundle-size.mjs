// Builds every worker for deployment (wrangler deploy --dry-run) and prints each bundle's gzip size.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, WORKER_CONFIGS } from "./stack.mjs";

const APP_LIMIT_BYTES = 1024 * 1024;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

build({ quiet: true });
const rows = [];
let failed = false;
for (const config of WORKER_CONFIGS) {
  const outdir = mkdtempSync(join(tmpdir(), "parlance-bundle-"));
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "-c", config, "--outdir", outdir], { encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  const files = filesUnder(outdir).filter((f) => /\.(m?js|wasm|data)$/.test(f));
  const raw = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
  const isApp = config === "wrangler.toml";
  if (isApp && gzip > APP_LIMIT_BYTES) failed = true;
  rows.push({ worker: config, "raw KiB": (raw / 1024).toFixed(1), "gzip KiB": (gzip / 1024).toFixed(1), limit: isApp ? "1024 KiB" : "" });
}
console.table(rows);
if (failed) {
  console.error("The app worker is over its 1 MiB gzip budget.");
  process.exit(1);
}
