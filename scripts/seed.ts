// Idempotent seed of the local database: runs on every `npm start` and before the end-to-end tests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { seedStatements } from "../db/seed";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex >= 0 ? process.argv[persistIndex + 1] : ".wrangler/state";

const statements = await seedStatements();
const dir = mkdtempSync(join(tmpdir(), "parlance-seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join(";\n") + ";\n");
const wrangler = fileURLToPath(new URL("../node_modules/.bin/wrangler", import.meta.url));
const result = spawnSync(wrangler, ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], {
  stdio: "pipe",
  encoding: "utf8",
  env: { WRANGLER_HIDE_BANNER: "true", WRANGLER_SEND_METRICS: "false", ...process.env },
});
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(result.status ?? 1);
}
console.log(`Seeded ${statements.length} statements into ${persistTo}`);
// vite-node keeps its module server open; the seed is done.
process.exit(0);
