import { describe, expect, it } from "vitest";
import { quoteFor } from "./productions";
import { itemBrief, itemQuote, orderState, type OrderItem } from "./orders";

const dub: OrderItem = { kind: "dub", media_id: "m1", source_language: "en", destination_languages: ["fr-FR", "de"], include_captions: true, include_source_captions: false, instructions: "Keep the jingle." };

describe("order items", () => {
  it("quotes media minutes (rounded up over the summed durations) times the languages, by decision 0047's rule", () => {
    expect(itemQuote(dub, [61])).toMatchObject({ mediaMinutes: 2, amount: quoteFor("dub", 4).amount });
    expect(itemQuote({ kind: "transcription", media_ids: ["a", "b"], source_language: "en" }, [30, 40]).amount).toBe(quoteFor("transcript", 2).amount);
    // Subtitles in the source language only still count one language of work; the minimum order applies.
    expect(itemQuote({ kind: "subtitles", media_ids: ["a"], source_language: "en", destination_languages: [] }, [10]).amount).toBe(quoteFor("transcript", 1).amount);
    expect(itemQuote({ kind: "subtitles", media_ids: ["a"], source_language: "en", destination_languages: ["es", "es", "it"] }, [600]).amount).toBe(quoteFor("transcript", 20).amount);
  });

  it("says the work in the brief, then the customer's instructions", () => {
    const brief = itemBrief(dub, [{ name: "ep1.mp4", durationSeconds: 61.4 }]);
    expect(brief).toContain("Dub from English (en) into French (fr-FR), German (de).");
    expect(brief).toContain("Media: ep1.mp4 (61 s)");
    expect(brief.endsWith("Keep the jingle.")).toBe(true);
  });

  it("is done when every task is accepted", () => {
    expect(orderState("open", [])).toBe("open");
    expect(orderState("submitted", [])).toBe("submitted");
    expect(orderState("submitted", ["accepted", "submitted"])).toBe("submitted");
    expect(orderState("submitted", ["accepted", "accepted"])).toBe("done");
  });
});
