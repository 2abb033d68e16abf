import { describe, expect, it } from "vitest";
import { nextState, PASS_PERCENT, QUALIFICATION_TESTS, quoteFor, scoreAnswer, PRODUCTION_KINDS } from "./productions";

describe("productions rules", () => {
  it("quotes per whole minute with a minimum, and gives the producer 70%", () => {
    expect(quoteFor("studio_project", 30)).toMatchObject({ amount: 9000, producerAmount: 6300, minutes: 30 });
    expect(quoteFor("dub", 2.1)).toMatchObject({ amount: 1500, minutes: 3 });
    expect(quoteFor("transcript", 1).amount).toBe(1000);
    expect(quoteFor("transcript", 33).producerAmount).toBe(2310);
  });

  it("allows only the documented transitions", () => {
    expect(nextState("open", "claim")).toBe("claimed");
    expect(nextState("claimed", "claim")).toBeNull();
    expect(nextState("claimed", "accept")).toBeNull();
    expect(nextState("submitted", "return")).toBe("returned");
    expect(nextState("returned", "submit")).toBeNull();
    expect(nextState("returned", "acknowledge")).toBe("acknowledged");
    expect(nextState("acknowledged", "submit")).toBe("submitted");
    expect(nextState("acknowledged", "extend")).toBe("acknowledged");
    expect(nextState("submitted", "revoke")).toBe("open");
    expect(nextState("accepted", "revoke")).toBeNull();
  });

  it("passes the corrected text and fails the draft of every test", () => {
    for (const kind of PRODUCTION_KINDS) {
      const test = QUALIFICATION_TESTS[kind];
      expect(scoreAnswer(test.reference, test.reference)).toBe(100);
      expect(scoreAnswer(test.reference, test.draft)).toBeLessThan(PASS_PERCENT);
      expect(scoreAnswer(test.reference, "")).toBe(0);
    }
  });
});
