/**
 * The random state espeak-ng's initialisation derives from a clock reading of `seed` seconds:
 * (seed * 1103515245 + 12345) mod (2^31 - 1), its own generator's step. Writing it before a synthesis makes
 * that synthesis repeat exactly, on a synthesizer that has already spoken.
 */
export function seededRandomState(seed: number): number {
  return Number((BigInt(Math.trunc(seed) >>> 0) * 1103515245n + 12345n) % 2147483647n);
}
