import { describe, expect, it } from "vitest";
import { isStaffEmail } from "./support";

describe("staff", () => {
  it("matches the configured domain exactly", () => {
    expect(isStaffEmail("ana@support.parlance.local", "support.parlance.local")).toBe(true);
    expect(isStaffEmail("ana@evil-support.parlance.local", "support.parlance.local")).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local.evil", "support.parlance.local")).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local", undefined)).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local", "")).toBe(false);
  });
});
