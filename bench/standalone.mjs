// What the benches share: a run on a stack of their own when one is the command (`node bench/x.mjs`), WAV files,
// and reading a streamed answer while timing it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, freePort, prepareState, startStack } from "../scripts/stack.mjs";

/** True when the module is the script node was asked to run. */
export const isMain = (moduleUrl) => process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;

/** Builds, starts the whole stack on a fresh state directory, runs `bench(stack, stateDir)`, then stops and cleans up. */
export async function onOwnStack(bench, { statePrefix = "bench-state-", skipWhenUnchanged = false } = {}) {
  build({ quiet: true, skipWhenUnchanged });
  const stateDir = mkdtempSync(join(tmpdir(), statePrefix));
  prepareState(stateDir, { quiet: true });
  const stack = await startStack({ port: await freePort(), stateDir, quiet: true });
  try {
    await bench(stack, stateDir);
  } finally {
    stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** 16-bit mono PCM as a WAV file. */
export function wav(samples, rate) {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** Reads a streamed answer to its end: ms from `started` to its first bytes and to its end. */
export async function timedRead(response, started) {
  const reader = response.body.getReader();
  let first = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === null && value.byteLength) first = performance.now() - started;
  }
  return { first, whole: performance.now() - started };
}
