import { describe, expect, it } from "vitest";
import { hasLiveSupportGrant, isStaff, isStaffEmail, isStaffRole } from "./support";

const DOMAIN = "support.parlance.local";
const staff = { email: "ana@support.parlance.local", emailVerifiedAt: 1_700_000_000, staffRole: "support" };

describe("staff", () => {
  it("matches the configured domain exactly", () => {
    expect(isStaffEmail("ana@support.parlance.local", DOMAIN)).toBe(true);
    expect(isStaffEmail("ANA@Support.Parlance.Local", DOMAIN)).toBe(true);
    expect(isStaffEmail("ana@evil-support.parlance.local", DOMAIN)).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local.evil", DOMAIN)).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local", undefined)).toBe(false);
    expect(isStaffEmail("ana@support.parlance.local", "")).toBe(false);
  });

  it("needs the operator's role, a verified address and the domain, all three", () => {
    expect(isStaff(staff, DOMAIN)).toBe(true);
    expect(isStaff({ ...staff, staffRole: null }, DOMAIN)).toBe(false);
    expect(isStaff({ ...staff, staffRole: "admin" }, DOMAIN)).toBe(false);
    expect(isStaff({ ...staff, emailVerifiedAt: null }, DOMAIN)).toBe(false);
    expect(isStaff({ ...staff, email: "ana@example.com" }, DOMAIN)).toBe(false);
    expect(isStaff(staff, undefined)).toBe(false);
    expect(isStaffRole("support")).toBe(true);
    expect(isStaffRole("Support")).toBe(false);
  });

  it("reads a grant as live only before its end", () => {
    expect(hasLiveSupportGrant(null, 100)).toBe(false);
    expect(hasLiveSupportGrant(100, 100)).toBe(false);
    expect(hasLiveSupportGrant(101, 100)).toBe(true);
  });
});
