import { describe, expect, it } from "vitest";
import { matchesVoiceQuery, matchesVoiceWords } from "./voice-gallery";
import { PREMADE_VOICES } from "../../../tests/unit/premade-voices";

// The premade voices as the voices page shows them (voice-options.server.ts).
const GALLERY = PREMADE_VOICES.map((v) => ({ name: v.name, description: v.description ?? "", language: v.language, gender: v.labels.gender!, accent: v.labels.accent, use_case: v.labels.use_case }));
const names = (query: Parameters<typeof matchesVoiceQuery>[1]) => GALLERY.filter((v) => matchesVoiceQuery(v, query)).map((v) => v.name);

describe("matchesVoiceQuery", () => {
  it("keeps every voice without filters", () => {
    expect(names({ search: "", language: "", gender: "" })).toHaveLength(PREMADE_VOICES.length);
  });
  it("filters by language and gender together", () => {
    const french = names({ search: "", language: "fr", gender: "" });
    expect(french.length).toBeGreaterThanOrEqual(2);
    const frenchWomen = names({ search: "", language: "fr", gender: "female" });
    expect(frenchWomen).toEqual(GALLERY.filter((v) => v.language === "fr" && v.gender === "female").map((v) => v.name));
    expect(frenchWomen.length).toBeLessThan(french.length);
  });
  it("searches name, description, accent and use, every word, ignoring case", () => {
    expect(names({ search: "alice", language: "", gender: "" })).toEqual(["Alice"]);
    expect(names({ search: "BRITISH story", language: "", gender: "" })).toEqual(["George"]);
    expect(names({ search: "no such voice", language: "", gender: "" })).toEqual([]);
  });
});

describe("matchesVoiceWords", () => {
  const camille = ["Camille", "French", "fr", "female", "parisian", "Lively Parisian French."];
  it("finds a voice by the start of any of its words, ignoring case and accents", () => {
    expect(matchesVoiceWords(camille, "cam")).toBe(true);
    expect(matchesVoiceWords(camille, "FREN fem")).toBe(true);
    expect(matchesVoiceWords(["Lucía", "Spanish"], "lucia")).toBe(true);
    expect(matchesVoiceWords(camille, "")).toBe(true);
  });
  it("does not match letters scattered or inside words", () => {
    expect(matchesVoiceWords(camille, "male")).toBe(false);
    expect(matchesVoiceWords(camille, "cml")).toBe(false);
    expect(matchesVoiceWords(camille, "camille german")).toBe(false);
  });
});
