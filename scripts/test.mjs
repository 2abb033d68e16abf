// `npm test`: every layer in order; the first failure fails the run.
import { spawnSync } from "node:child_process";
import { workerdEnv } from "./workerd/wrapper.mjs";

// workerd for the worker and end-to-end tests (decision 0014: more V8 worker threads on small machines).
const env = { ...process.env, ...(await workerdEnv()) };

const steps = [
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "."]],
  // The build first: unit tests run the synthesizer it compiles (workers/speech/generated).
  ["build", "npm", ["run", "build"]],
  ["unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["worker tests", "npx", ["vitest", "run", "--project", "workers-app", "--project", "workers-cloning", "--project", "workers-billing", "--project", "workers-edge", "--project", "stripe-local", "--project", "queues-video"]],
  ["end-to-end tests", "npx", ["vitest", "run", "--project", "e2e"]],
];

for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
