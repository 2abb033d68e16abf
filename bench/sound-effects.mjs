// Sound effects: speed of the embedded procedural engine (core/sound-effects, the code the speech worker runs)
// in seconds of audio per CPU second, per recipe, against real time (target at least 20x) and against a
// baseline in the same run: making the same length of plain white noise, the least any sound can cost.
// Run alone with `node bench/sound-effects.mjs`, or as part of `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { isMain } from "./standalone.mjs";

const PROMPTS = ["heavy rain", "howling wind", "a babbling brook", "crackling campfire", "distant thunder", "footsteps on gravel", "metal pipe hit", "fast whoosh", "car engine idling", "stadium crowd cheering", "birds chirping at dawn", "phone notification chime", "rain with thunder"];
const SECONDS = 10;
const WARM_PASSES = 5;

const cpu = (fn) => {
  const start = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, result };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function soundEffectsBench() {
  const dir = mkdtempSync(join(tmpdir(), "bench-sfx-"));
  try {
    const { generateSoundEffect, pcm16, whiteNoise, seededRandom } = await loadBundle(
      dir,
      "sfx",
      `export { generateSoundEffect, pcm16 } from ${JSON.stringify(join(ROOT, "core/sound-effects/procedural.ts"))};
export { whiteNoise, seededRandom } from ${JSON.stringify(join(ROOT, "core/sound-effects/dsp.ts"))};`,
    );
    const make = (prompt, seed) => pcm16(generateSoundEffect({ prompt, durationSeconds: SECONDS, promptInfluence: 0.3, loop: true, seed }).samples);
    const rows = PROMPTS.map((prompt) => {
      const first = cpu(() => make(prompt, 1)).seconds;
      const warm = median(Array.from({ length: WARM_PASSES }, (_, i) => cpu(() => make(prompt, i + 2)).seconds));
      return { prompt, first, warm };
    });
    const noise = median(Array.from({ length: WARM_PASSES }, (_, i) => cpu(() => pcm16(whiteNoise(SECONDS * 44100, seededRandom(i)))).seconds));
    return { rows, noise };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSoundEffectsBench({ rows, noise }) {
  console.log(`\nSound effects: the embedded procedural engine, ${SECONDS} s loops at 44.1 kHz (x real time = audio seconds per CPU second; target at least 20x)`);
  console.table(rows.map((r) => ({ prompt: r.prompt, "first x real time": (SECONDS / r.first).toFixed(0), "warm x real time": (SECONDS / r.warm).toFixed(0), "warm cpu ms": (r.warm * 1000).toFixed(1) })));
  const slowest = rows.reduce((a, b) => (a.warm > b.warm ? a : b));
  const all = rows.reduce((s, r) => s + r.warm, 0);
  console.log(`baseline: plain white noise of the same length, ${(SECONDS / noise).toFixed(0)}x real time`);
  console.log(`all recipes together: ${((SECONDS * rows.length) / all).toFixed(0)}x real time; slowest (${slowest.prompt}): ${(SECONDS / slowest.warm).toFixed(0)}x, ${SECONDS / slowest.warm >= 20 ? "meets" : "MISSES"} the 20x target; recipes cost ${(all / rows.length / noise).toFixed(1)}x plain noise on average`);
}

if (isMain(import.meta.url)) printSoundEffectsBench(await soundEffectsBench());
