import { describe, expect, it } from "vitest";
import { matchesVoiceQuery } from "./voice-gallery";
import { PREMADE_VOICES } from "./voices";

const names = (query: Parameters<typeof matchesVoiceQuery>[1]) => PREMADE_VOICES.filter((v) => matchesVoiceQuery(v, query)).map((v) => v.name);

describe("matchesVoiceQuery", () => {
  it("keeps every voice without filters", () => {
    expect(names({ search: "", language: "", gender: "" })).toHaveLength(PREMADE_VOICES.length);
  });
  it("filters by language and gender together", () => {
    const french = names({ search: "", language: "fr", gender: "" });
    expect(french.length).toBeGreaterThanOrEqual(2);
    const frenchWomen = names({ search: "", language: "fr", gender: "female" });
    expect(frenchWomen).toEqual(PREMADE_VOICES.filter((v) => v.language === "fr" && v.gender === "female").map((v) => v.name));
    expect(frenchWomen.length).toBeLessThan(french.length);
  });
  it("searches name, description, accent and use, every word, ignoring case", () => {
    expect(names({ search: "aria", language: "", gender: "" })).toEqual(["Aria"]);
    expect(names({ search: "BRITISH story", language: "", gender: "" })).toEqual(["George"]);
    expect(names({ search: "no such voice", language: "", gender: "" })).toEqual([]);
  });
});
