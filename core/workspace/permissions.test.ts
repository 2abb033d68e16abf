import { describe, expect, it } from "vitest";
import { DEFAULT_ALL_MEMBERS_PERMISSIONS, hasPermission, normalisePermissions, parsePermissions } from "./permissions";

describe("group permissions", () => {
  it("admins have every permission, whatever the groups say", () => {
    expect(hasPermission({ role: "admin", allMembers: [], groups: [] }, "billing")).toBe(true);
  });

  it("a member has what every member has, plus what any of their groups has", () => {
    const member = { role: "editor" as const, allMembers: ["text_to_speech" as const], groups: [["billing" as const], ["voice_lab" as const]] };
    expect(hasPermission(member, "text_to_speech")).toBe(true);
    expect(hasPermission(member, "billing")).toBe(true);
    expect(hasPermission(member, "voice_lab")).toBe(true);
    expect(hasPermission(member, "workspace_settings")).toBe(false);
    expect(hasPermission({ ...member, groups: [] }, "billing")).toBe(false);
  });

  it("billing and workspace settings are not every member's by default", () => {
    expect(DEFAULT_ALL_MEMBERS_PERMISSIONS).not.toContain("billing");
    expect(DEFAULT_ALL_MEMBERS_PERMISSIONS).not.toContain("workspace_settings");
    expect(hasPermission({ role: "editor", allMembers: DEFAULT_ALL_MEMBERS_PERMISSIONS, groups: [] }, "text_to_speech")).toBe(true);
  });

  it("reads stored lists, dropping unknown names, and falls back when nothing is stored", () => {
    expect(parsePermissions('["voice_lab","nonsense","billing"]')).toEqual(["voice_lab", "billing"]);
    expect(parsePermissions(null, ["dubbing"])).toEqual(["dubbing"]);
    expect(parsePermissions("not json", ["dubbing"])).toEqual(["dubbing"]);
    expect(parsePermissions("[]", ["dubbing"])).toEqual([]);
    expect(normalisePermissions(["billing", "text_to_speech", "billing"])).toEqual(["text_to_speech", "billing"]);
  });
});
