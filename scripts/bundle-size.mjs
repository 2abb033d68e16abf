// `npm run bundle-size`: builds every worker as it would be deployed (`wrangler deploy --dry-run`, offline) and
// reports each one's size as wrangler measures it, the gzip of all its modules together, which is what
// Cloudflare's worker size limit applies to: 3 MB compressed on the free plan, 10 MB on the paid one. Every
// deployable worker must stay within the free plan's 3 MB; the local Stripe stand-in is listed but never deployed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, build, ROOT, WORKER_CONFIGS, WRANGLER_ENV } from "./stack.mjs";

/** Cloudflare's free-plan limit, 3 MB after compression (wrangler itself warns from 3 MiB, a little more). */
const LIMIT_BYTES = 3_000_000;
const KIB = 1024;

/** Not deployed: development only (see WORKER_CONFIGS). */
const DEVELOPMENT_ONLY = new Set(["workers/stripe-local/wrangler.toml"]);

build({ quiet: true });
const rows = [];
const over = [];
for (const config of WORKER_CONFIGS) {
  // Deployed as the README's deploy steps do: with `--env production` where the config has that environment.
  const production = /^\[env\.production\]/m.test(readFileSync(join(ROOT, config), "utf8"));
  const outdir = mkdtempSync(join(tmpdir(), "parlance-bundle-"));
  const args = ["deploy", "--dry-run", "-c", config, "--outdir", outdir, ...(production ? ["--env", "production"] : [])];
  const result = spawnSync(bin("wrangler"), args, { cwd: ROOT, encoding: "utf8", env: { ...WRANGLER_ENV, ...process.env } });
  rmSync(outdir, { recursive: true, force: true });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  // wrangler's own report of the upload: "Total Upload: 4870.88 KiB / gzip: 1002.21 KiB".
  const sizes = result.stdout.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (!sizes) {
    process.stderr.write(`${config}: wrangler printed no "Total Upload" line\n${result.stdout}`);
    process.exit(1);
  }
  const [raw, gzip] = [Number(sizes[1]) * KIB, Number(sizes[2]) * KIB];
  const deployable = !DEVELOPMENT_ONLY.has(config);
  if (deployable && gzip > LIMIT_BYTES) over.push(config);
  rows.push({
    worker: config + (production ? " --env production" : ""),
    "raw KiB": (raw / KIB).toFixed(1),
    "gzip KiB": (gzip / KIB).toFixed(1),
    "of 3 MB": deployable ? `${((gzip / LIMIT_BYTES) * 100).toFixed(0)}%` : "development only",
  });
}
console.table(rows);
if (over.length > 0) {
  console.error(`Over the 3 MB gzip limit of Cloudflare's free plan: ${over.join(", ")}.`);
  process.exit(1);
}
console.log("Every deployable worker is within 3 MB gzip.");
