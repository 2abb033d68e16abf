import { describe, expect, it } from "vitest";
import { EMPTY_DIALOGUE_HINT, EMPTY_TEXT_HINT, generateBlocked } from "./generate-hint";

describe("generateBlocked", () => {
  const base = { empty: false, characters: 100, maxCharacters: 2500, creditsLeft: 10_000 };

  it("allows a text within the model's limit and the credits left", () => {
    expect(generateBlocked(base)).toBeNull();
    expect(generateBlocked({ ...base, characters: 2500 })).toBeNull();
    expect(generateBlocked({ ...base, creditsLeft: null, characters: 2000 })).toBeNull();
  });

  it("asks for text first", () => {
    expect(generateBlocked({ ...base, empty: true, characters: 0 })).toEqual({ reason: "empty", message: EMPTY_TEXT_HINT });
    expect(generateBlocked({ ...base, empty: true, emptyMessage: EMPTY_DIALOGUE_HINT })?.message).toBe(EMPTY_DIALOGUE_HINT);
  });

  it("says by how many characters a text is over the model's limit", () => {
    expect(generateBlocked({ ...base, characters: 2730 })).toEqual({ reason: "too-long", message: "The text is 230 characters over the limit of 2,500 for this model. Shorten it to generate." });
    expect(generateBlocked({ ...base, characters: 2501 })?.message).toContain("1 character over");
    expect(generateBlocked({ ...base, characters: 5100, maxCharacters: 5000, limitOf: "a dialogue" })?.message).toContain("100 characters over the limit of 5,000 for a dialogue.");
  });

  it("says when the credits left do not cover the text", () => {
    expect(generateBlocked({ ...base, creditsLeft: 40 })).toEqual({ reason: "quota", message: "This text needs 100 credits, and 40 are left this period. Shorten it or upgrade your plan." });
    expect(generateBlocked({ ...base, creditsLeft: 0 })?.message).toBe("You have no credits left this period. Upgrade your plan to keep generating.");
  });
});
