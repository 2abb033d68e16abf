import { describe, expect, it } from "vitest";
import {
  collectionTitle,
  copyName,
  copyRefusal,
  hasMorePages,
  isPublished,
  labelKey,
  listParameter,
  PUBLIC_USER_ID,
  publicOwnerIdFor,
  shareRefusal,
  sharingStatusFor,
} from "./voice-library";

const OWNER = "a".repeat(64);
const shared = { voiceId: "v1", workspaceId: "w-publisher", sharingStatus: "enabled" as const, publicOwnerId: OWNER, safetyControl: null };
const request = { voiceId: "v1", publicUserId: OWNER, workspaceId: "w-adder", tier: "free" as const, ownVoices: 0, alreadyCopied: false };

describe("the voice library", () => {
  it("lists published voices only: enabled and copied_disabled", () => {
    expect(isPublished("enabled")).toBe(true);
    expect(isPublished("copied_disabled")).toBe(true);
    expect(isPublished("disabled")).toBe(false);
    expect(isPublished("copied")).toBe(false);
    expect(isPublished(null)).toBe(false);
  });

  it("turns a publisher's settings into a sharing status", () => {
    expect(sharingStatusFor({ published: true, copyable: true }, null)).toBe("enabled");
    expect(sharingStatusFor({ published: true, copyable: false }, "enabled")).toBe("copied_disabled");
    expect(sharingStatusFor({ published: false, copyable: true }, "enabled")).toBe("disabled");
    expect(sharingStatusFor({ published: false, copyable: true }, null)).toBeNull();
  });

  it("lets a copy from the library and a blocked voice not be shared", () => {
    expect(shareRefusal({ originalVoiceId: null, safetyControl: null })).toBeNull();
    expect(shareRefusal({ originalVoiceId: "x", safetyControl: null })?.status).toBe("voice_not_shareable");
    expect(shareRefusal({ originalVoiceId: null, safetyControl: "BAN" })?.httpStatus).toBe(403);
  });

  it("copies a shared voice, and says clearly why not otherwise", () => {
    expect(copyRefusal(shared, request)).toBeNull();
    expect(copyRefusal(null, request)).toMatchObject({ httpStatus: 404, status: "voice_not_found" });
    expect(copyRefusal({ ...shared, sharingStatus: null }, request)?.httpStatus).toBe(404);
    expect(copyRefusal({ ...shared, sharingStatus: "disabled" }, request)?.httpStatus).toBe(404);
    expect(copyRefusal(shared, { ...request, publicUserId: "b".repeat(64) })?.httpStatus).toBe(404);
    expect(copyRefusal({ ...shared, sharingStatus: "copied_disabled" }, request)).toMatchObject({ httpStatus: 403, status: "voice_copy_disabled" });
    expect(copyRefusal({ ...shared, safetyControl: "BAN" }, request)).toMatchObject({ httpStatus: 403, status: "voice_blocked" });
    expect(copyRefusal(shared, { ...request, workspaceId: "w-publisher" })?.status).toBe("voice_already_owned");
    expect(copyRefusal(shared, { ...request, alreadyCopied: true })?.status).toBe("voice_already_added");
  });

  it("counts the copy against the plan's custom voice limit", () => {
    expect(copyRefusal(shared, { ...request, ownVoices: 2 })).toBeNull();
    expect(copyRefusal(shared, { ...request, ownVoices: 3 })).toMatchObject({ httpStatus: 400, status: "voice_limit_reached" });
    expect(copyRefusal(shared, { ...request, tier: "starter", ownVoices: 9 })).toBeNull();
    expect(copyRefusal(shared, { ...request, tier: "enterprise", ownVoices: 659 })).toBeNull();
  });

  it("trims names and titles and refuses empty or overlong ones", () => {
    expect(copyName("  Narrator  ")).toBe("Narrator");
    expect(copyName("   ")).toBeNull();
    expect(copyName("x".repeat(101))).toBeNull();
    expect(collectionTitle(" Podcasts ")).toBe("Podcasts");
    expect(collectionTitle("")).toBeNull();
  });

  it("reads list parameters repeated or comma-separated, and labels in one spelling", () => {
    expect(listParameter(["narration,News", "news", " "])).toEqual(["narration", "news"]);
    expect(labelKey("Middle aged")).toBe("middle_aged");
    expect(labelKey("middle-aged")).toBe("middle_aged");
  });

  it("pages from 0", () => {
    expect(hasMorePages(0, 30, 31)).toBe(true);
    expect(hasMorePages(1, 30, 60)).toBe(false);
  });

  it("names a workspace's publisher by a stable opaque id", async () => {
    const id = await publicOwnerIdFor("workspace-1");
    expect(id).toMatch(PUBLIC_USER_ID);
    expect(await publicOwnerIdFor("workspace-1")).toBe(id);
    expect(await publicOwnerIdFor("workspace-2")).not.toBe(id);
    expect(id).not.toContain("workspace");
  });
});
