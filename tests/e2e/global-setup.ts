import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error - plain ESM script shared with `npm start`
import { freePort, prepareState, startStack } from "../../scripts/stack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}

/** Starts the real stack (every worker under wrangler dev) on a free port with a fresh state directory. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(join(tmpdir(), "parlance-e2e-"));
  prepareState(stateDir, { quiet: true });
  const port = await freePort();
  const stack = await startStack({ port, stateDir, quiet: true });
  project.provide("baseUrl", stack.url);
  project.provide("stateDir", stateDir);
  return async () => {
    stack.stop();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(stateDir, { recursive: true, force: true });
  };
}
