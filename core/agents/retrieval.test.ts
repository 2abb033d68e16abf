import { describe, expect, it } from "vitest";
import { answerFrom, RESPONDER_TEXTS } from "./responder";
import { chunkText, rank, terms } from "./retrieval";

const KNOWLEDGE = [
  { id: "hours", source: "Shop", text: "The shop opens at nine in the morning. It closes at six in the evening. On Sundays it is closed." },
  { id: "returns", source: "Returns", text: "Returns are accepted within thirty days. Bring the receipt with the item." },
  { id: "delivery", source: "Delivery", text: "Delivery takes three working days. Delivery is free above fifty euros." },
];

describe("terms", () => {
  it("keeps content words, lower case, without accents or common words, roughly stemmed", () => {
    expect(terms("When does the Café open? Opening prices!")).toEqual(["cafe", "open", "open", "price"]);
    expect(new Set(terms("delivery delivered deliveries"))).toEqual(new Set(["deliver"]));
  });
});

describe("chunkText", () => {
  it("cuts at sentence ends into passages no longer than the limit, paragraphs apart", () => {
    const text = "One two three. Four five six. Seven eight nine.\n\nA new paragraph.";
    expect(chunkText(text, 30)).toEqual(["One two three. Four five six.", "Seven eight nine.", "A new paragraph."]);
    expect(chunkText("")).toEqual([]);
  });
});

describe("rank (BM25)", () => {
  it("puts the passage that shares the rarer words first and leaves out those sharing none", () => {
    const ranked = rank(KNOWLEDGE, "How long does delivery take?");
    expect(ranked.map((r) => r.id)).toEqual(["delivery"]);
    expect(ranked[0]!.matched).toEqual(["deliver", "take"]);
    expect(rank(KNOWLEDGE, "receipt thirty days")[0]!.id).toBe("returns");
  });
});

describe("answerFrom", () => {
  it("answers with the best passage's matching sentences", () => {
    expect(answerFrom(KNOWLEDGE, "When does the shop close?")).toEqual({ text: "The shop opens at nine in the morning. It closes at six in the evening.", known: true, passageIds: ["hours"] });
    expect(answerFrom(KNOWLEDGE, "Is delivery free?").text).toBe("Delivery is free above fifty euros.");
    expect(answerFrom([{ id: "p", source: "Parcels", text: "Parcels are delivered within three working days." }], "How long does delivery take?").known).toBe(true);
  });

  it("says plainly that it does not know when too few of the question's words are found", () => {
    expect(answerFrom(KNOWLEDGE, "Do you repair bicycles?")).toEqual({ text: RESPONDER_TEXTS.unknown, known: false, passageIds: [] });
    expect(answerFrom([], "When does the shop open?").known).toBe(false);
  });

  it("asks for a question when there is none", () => {
    expect(answerFrom(KNOWLEDGE, "Hello!").text).toBe(RESPONDER_TEXTS.noQuestion);
  });
});
