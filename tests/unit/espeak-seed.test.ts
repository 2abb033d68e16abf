import { describe, expect, it } from "vitest";
import { seededRandomState } from "../../workers/speech/espeak-seed";

describe("espeak-ng seeding", () => {
  it("takes the generator's step from the seed, as espeak-ng's initialisation does from the clock", () => {
    expect(seededRandomState(0)).toBe(12345);
    expect(seededRandomState(1)).toBe((1103515245 + 12345) % 2147483647);
    expect(seededRandomState(42)).toBe(Number((42n * 1103515245n + 12345n) % 2147483647n));
    // Seeds are unsigned 32-bit, like the clock's seconds.
    expect(seededRandomState(4294967295)).toBe(Number((4294967295n * 1103515245n + 12345n) % 2147483647n));
    expect(seededRandomState(7)).not.toBe(seededRandomState(8));
  });
});
