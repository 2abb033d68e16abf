import { describe, expect, it } from "vitest";
import { holderMayDisable } from "./api-key-disabling";

describe("API key disabling by the holder", () => {
  it("follows the workspace's override, allowed without one", () => {
    expect(holderMayDisable(null)).toBe(true);
    expect(holderMayDisable(true)).toBe(true);
    expect(holderMayDisable(false)).toBe(false);
  });
});
