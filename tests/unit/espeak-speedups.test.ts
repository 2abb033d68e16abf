import { describe, expect, it } from "vitest";
// @ts-expect-error - plain ESM build helper without types
import { LEHMER_REMAINDER } from "../../scripts/espeak-speedups.mjs";

/** Evaluates the replacement as the glue would: a function of (lo, hi) that leaves the high half in `ua`. */
function compile(source: string) {
  const registers = new Function(`var ua=-1;${source};return{rem:(a,b)=>Fg(a,b),high:()=>ua}`)();
  return registers as { rem: (lo: number, hi: number) => number; high: () => number };
}

const M = 2147483647n;

describe("espeak-ng speed edits", () => {
  it("computes the 64-bit remainder modulo 2^31 - 1 exactly", () => {
    const { rem, high } = compile(LEHMER_REMAINDER.to);
    const edges = [0, 1, 2, 0x7ffffffe, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
    const pairs: [number, number][] = edges.flatMap((lo) => edges.map((hi) => [lo, hi] as [number, number]));
    let seed = 12345;
    for (let i = 0; i < 20000; i++) {
      // The generator's own sequence, as espeak-ng walks it, plus arbitrary 64-bit values.
      const next = (BigInt(seed) * 1103515245n + 12345n) & 0xffffffffffffffffn;
      pairs.push([Number(next & 0xffffffffn), Number(next >> 32n)]);
      seed = Number(next % M);
      pairs.push([(Math.random() * 2 ** 32) >>> 0, (Math.random() * 2 ** 32) >>> 0]);
    }
    for (const [lo, hi] of pairs) {
      const expected = Number(((BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0)) % M);
      // wasm2js passes halves as signed 32-bit values.
      expect(rem(lo | 0, hi | 0)).toBe(expected);
      expect(high()).toBe(0);
    }
  });

  it("replaces the helper wasm2js emits", () => {
    expect(LEHMER_REMAINDER.from).toMatch(/^function Fg\(a,b\)\{Bg\(a,b,2147483647\);/);
    expect(LEHMER_REMAINDER.to).toMatch(/^function Fg\(a,b\)\{/);
  });
});
