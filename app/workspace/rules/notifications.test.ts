import { describe, expect, it } from "vitest";
import { NOTIFICATION_EVENTS, notificationFor, parseMutedNotifications, storedMutedNotifications, wantsNotification } from "./notifications";

describe("notificationFor", () => {
  it("says which library voice left and how, and that the copy stays", () => {
    expect(notificationFor("voice_library_removal_notice", { name: "Lorna at work", reason: "deleted" })).toEqual({
      severity: "warning",
      title: "A library voice was removed",
      description: "Lorna at work: its owner deleted it. Your copy stays in your voices.",
      needsAttention: false,
    });
    expect(notificationFor("voice_library_removal_notice", { reason: "unpublished" })?.description).toBe("A voice you added: its owner took it out of the Voice Library. Your copy stays in your voices.");
  });

  it("tells a failed conversion apart from a finished one, and has nothing for unknown events", () => {
    expect(notificationFor("studio_conversion", { name: "Book", failed_chapter_ids: ["c1"] })).toMatchObject({ severity: "error", needsAttention: true });
    expect(notificationFor("studio_conversion", { name: "Book", failed_chapter_ids: [] })).toMatchObject({ severity: "success", needsAttention: false });
    expect(notificationFor("test", {})).toBeNull();
  });
});

describe("notification preferences", () => {
  it("name an event notificationFor knows, each", () => {
    const data = { name: "x", failed_chapter_ids: [], reason: "deleted", webhook_name: "w" };
    for (const { type } of NOTIFICATION_EVENTS) expect(notificationFor(type, data)).not.toBeNull();
  });

  it("store only known muted events, and nothing when none is muted", () => {
    expect(storedMutedNotifications([])).toBeNull();
    expect(storedMutedNotifications(["dubbing", "nonsense", "studio_conversion"])).toBe('["studio_conversion","dubbing"]');
    expect(parseMutedNotifications('["dubbing","nonsense"]')).toEqual(["dubbing"]);
    expect(parseMutedNotifications("not json")).toEqual([]);
    expect(parseMutedNotifications(null)).toEqual([]);
  });

  it("let every event through until it is muted", () => {
    expect(wantsNotification(null, "dubbing")).toBe(true);
    expect(wantsNotification('["dubbing"]', "dubbing")).toBe(false);
    expect(wantsNotification('["dubbing"]', "speech_to_text")).toBe(true);
  });
});
