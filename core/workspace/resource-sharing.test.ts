import { describe, expect, it } from "vitest";
import { effectiveAccess, parseDefaultSharing, roleAtLeast, strongestRole } from "./resource-sharing";

const member = { userId: "u1", isWorkspaceAdmin: false, groupIds: ["g1"] };

describe("resource sharing rules", () => {
  it("orders the roles: viewer < commenter < editor < admin", () => {
    expect(roleAtLeast("editor", "viewer")).toBe(true);
    expect(roleAtLeast("commenter", "editor")).toBe(false);
    expect(roleAtLeast(null, "viewer")).toBe(false);
    expect(strongestRole(["viewer", "admin", "editor"])).toBe("admin");
    expect(strongestRole([])).toBeNull();
  });

  it("the creator and workspace admins are admins; others get the strongest grant naming them, their groups or everyone", () => {
    expect(effectiveAccess(member, "u1", [])).toEqual({ role: "admin", source: "creator" });
    expect(effectiveAccess({ ...member, isWorkspaceAdmin: true, userId: "a" }, "u1", [])).toEqual({ role: "admin", source: "workspace_admin" });
    expect(effectiveAccess(member, "u2", [])).toBeNull();
    expect(effectiveAccess(member, "u2", [{ principalType: "group", principalId: "g2", role: "admin" }])).toBeNull();
    expect(effectiveAccess(member, "u2", [{ principalType: "group", principalId: "g1", role: "viewer" }, { principalType: "user", principalId: "u1", role: "editor" }])).toEqual({ role: "editor", source: "explicit" });
    expect(effectiveAccess(member, "u2", [{ principalType: "workspace", principalId: "default", role: "editor" }, { principalType: "group", principalId: "g1", role: "viewer" }])).toEqual({ role: "editor", source: "workspace_default" });
  });

  it("reads stored default sharing preferences, nothing readable being none", () => {
    expect(parseDefaultSharing(null)).toEqual([]);
    expect(parseDefaultSharing("not json")).toEqual([]);
    expect(parseDefaultSharing('[{"group_id":"default","role":"viewer"}]')).toEqual([{ group_id: "default", role: "viewer" }]);
    expect(parseDefaultSharing('[{"group_id":"default","role":"owner"}]')).toEqual([]);
  });
});
