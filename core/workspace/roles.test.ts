import { describe, expect, it } from "vitest";
import { defaultTrainingOptOut, hasFreeSeat, hasRole, isAdmin, sessionInactivityTimeout } from "./roles";

describe("workspace rules", () => {
  it("ranks admin above editor", () => {
    expect(hasRole("admin", "editor")).toBe(true);
    expect(hasRole("editor", "admin")).toBe(false);
    expect(isAdmin("editor")).toBe(false);
  });
  it("counts pending invites against seats", () => {
    expect(hasFreeSeat(1, 0, 1)).toBe(false);
    expect(hasFreeSeat(1, 1, 3)).toBe(true);
    expect(hasFreeSeat(2, 1, 3)).toBe(false);
  });
  it("opts enterprise and trial out of training by default", () => {
    expect(defaultTrainingOptOut("enterprise")).toBe(true);
    expect(defaultTrainingOptOut("trial")).toBe(true);
    expect(defaultTrainingOptOut("pro")).toBe(false);
  });
  it("bounds the inactivity timeout", () => {
    expect(sessionInactivityTimeout.safeParse(null).success).toBe(true);
    expect(sessionInactivityTimeout.safeParse(600).success).toBe(true);
    expect(sessionInactivityTimeout.safeParse(10).success).toBe(false);
    expect(sessionInactivityTimeout.safeParse(1.5).success).toBe(false);
  });
});
