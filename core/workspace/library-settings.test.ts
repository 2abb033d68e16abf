import { describe, expect, it } from "vitest";
import { mayUseLibrary } from "./library-settings";

describe("voice-library settings", () => {
  const off = { membersAddLibraryVoices: false, membersPublishLibraryVoices: false };
  const on = { membersAddLibraryVoices: true, membersPublishLibraryVoices: true };
  it("admins always may; members as the settings say, each action on its own", () => {
    expect(mayUseLibrary("admin", off, "add")).toBe(true);
    expect(mayUseLibrary("admin", off, "publish")).toBe(true);
    expect(mayUseLibrary("editor", on, "add")).toBe(true);
    expect(mayUseLibrary("editor", off, "add")).toBe(false);
    expect(mayUseLibrary("editor", { ...on, membersPublishLibraryVoices: false }, "add")).toBe(true);
    expect(mayUseLibrary("editor", { ...on, membersPublishLibraryVoices: false }, "publish")).toBe(false);
  });
});
