import { describe, expect, it } from "vitest";
import { genreKey, isSearch, parseCatalogueQuery, prefixRange, QUERY_WORDS_MAX, readTerms, words } from "./catalogue-search";

describe("words", () => {
  it("lower-cases, drops accents and punctuation, keeps each word once", () => {
    expect(words("Élodie's Tide-Clock, the TIDE")).toEqual(["elodie", "s", "tide", "clock", "the"]);
    expect(words("  ")).toEqual([]);
  });
});

describe("readTerms", () => {
  it("indexes title and author words and whole genres", () => {
    expect(readTerms({ title: "The Tide Clock", author: "Ana Ruiz", genres: ["Science  Fiction", "science fiction", "Mystery"] })).toEqual([
      { field: "title", term: "the" },
      { field: "title", term: "tide" },
      { field: "title", term: "clock" },
      { field: "author", term: "ana" },
      { field: "author", term: "ruiz" },
      { field: "genre", term: "science fiction" },
      { field: "genre", term: "mystery" },
    ]);
    expect(genreKey(" Sci-Fi ")).toBe("sci-fi");
  });
});

describe("parseCatalogueQuery", () => {
  it("reads words, author, genre and language; empty parameters filter nothing", () => {
    const query = parseCatalogueQuery(new URLSearchParams("q=Tide+clo&author=ruiz&genre=Mystery&language=EN"));
    expect(query).toEqual({ words: ["tide", "clo"], authorWords: ["ruiz"], genre: "mystery", language: "en" });
    const empty = parseCatalogueQuery(new URLSearchParams("q=&genre="));
    expect(empty).toEqual({ words: [], authorWords: [], genre: null, language: null });
    expect(isSearch(empty as never)).toBe(false);
  });

  it("refuses too many words, too long a search and a bad language code", () => {
    const many = Array.from({ length: QUERY_WORDS_MAX + 1 }, (_, i) => `w${i}`).join(" ");
    for (const search of [`q=${many}`, `q=${"a".repeat(201)}`, "language=english!"]) {
      expect(parseCatalogueQuery(new URLSearchParams(search))).toMatchObject({ httpStatus: 400, status: "invalid_search" });
    }
  });
});

describe("prefixRange", () => {
  it("covers every term starting with the word and nothing before it", () => {
    const { from, to } = prefixRange("tid");
    for (const term of ["tid", "tide", "tidings"]) expect(term >= from && term < to).toBe(true);
    for (const term of ["ti", "tie", "tic"]) expect(term >= from && term < to).toBe(false);
  });
});
