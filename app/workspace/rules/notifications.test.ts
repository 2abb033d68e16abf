import { describe, expect, it } from "vitest";
import { notificationFor } from "./notifications";

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
