import { describe, expect, it } from "vitest";
import { avatarLook, hashSeed } from "./avatar";

describe("generated avatars", () => {
  it("are the same for the same seed", () => {
    expect(avatarLook("21m00Tcm4TlvDq8ikWAM")).toEqual(avatarLook("21m00Tcm4TlvDq8ikWAM"));
  });

  it("differ between seeds", () => {
    const seeds = ["a", "b", "voice-1", "voice-2", "EXAVITQu4vr4xnSDxMaL", "pNInz6obpgDQGcFmaJgB"];
    const looks = new Set(seeds.map((seed) => JSON.stringify(avatarLook(seed))));
    expect(looks.size).toBe(seeds.length);
  });

  it("keep the two colours apart and the angle on the circle", () => {
    for (const seed of ["x", "yy", "zzz", "a long voice id 123"]) {
      const look = avatarLook(seed);
      expect(look.from).not.toBe(look.to);
      expect(look.angle).toBeGreaterThanOrEqual(0);
      expect(look.angle).toBeLessThan(360);
    }
  });

  it("hash to an unsigned 32-bit number", () => {
    expect(hashSeed("")).toBe(0x811c9dc5);
    expect(hashSeed("hello")).toBeGreaterThan(0);
    expect(hashSeed("hello")).toBeLessThan(2 ** 32);
  });
});
