// Speed edits to the wasm2js build of espeak-ng, applied by scripts/build-espeak.mjs when listed in
// SPEEDUPS. Each replaces a helper that wasm2js emits for a 64-bit instruction (plain JavaScript has no
// 64-bit integers) with an exact equivalent in double arithmetic. tests/unit/espeak-speedups.test.ts checks each against BigInt.

/**
 * espeak-ng's noise generator runs once per sample: seed = (seed * 1103515245 + 12345) % 0x7fffffff,
 * computed in 64 bits. wasm2js turns the 64-bit remainder into a shift-and-subtract loop of up to
 * 64 rounds, which took a quarter of all synthesis time. With M = 2^31 - 1, 2^31 ≡ 1 (mod M), so
 * hi·2^32 + lo ≡ 2·hi + lo (mod M); that sum is below 2^35 and exact in a double.
 * The function takes the low and high 32-bit halves and returns the remainder's low half, its high half
 * (always 0) in the module's `ua` register.
 */
export const LEHMER_REMAINDER = {
  from: "function Fg(a,b){Bg(a,b,2147483647);ua=ta;return sa}",
  to: "function Fg(a,b){ua=0;return((b>>>0)*2+(a>>>0))%2147483647|0}",
};

/**
 * Applied edits. The remainder edit is exact and made synthesis about 1.5x faster, but with it the worker
 * test suite hung in 3 of 8 runs (workerd's main thread pumping V8's message loop while a background compile
 * waited for a garbage collection; gdb stacks in docs/decisions/0010) and in none of 6 without it, so it
 * stays off until that is understood: a test suite that can hang is worse than a slower engine.
 */
export const SPEEDUPS = [];
