import { describe, expect, it } from "vitest";
import { holderMayDisable } from "./api-key-disabling";

describe("API key disabling by the holder", () => {
  it("follows the workspace's override, allowed without one", () => {
    expect(holderMayDisable(null)).toBe(true);
    expect(holderMayDisable(true)).toBe(true);
    expect(holderMayDisable(false)).toBe(false);
  });

  it("lets a key's own setting decide where the workspace allows it, never where the workspace forbids it", () => {
    expect(holderMayDisable(null, false)).toBe(false);
    expect(holderMayDisable(true, false)).toBe(false);
    expect(holderMayDisable(null, true)).toBe(true);
    expect(holderMayDisable(false, true)).toBe(false);
    expect(holderMayDisable(true, null)).toBe(true);
  });
});
