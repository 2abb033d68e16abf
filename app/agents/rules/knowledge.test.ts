import { describe, expect, it } from "vitest";
import { crawlLinks, crawlPattern, folderAndDescendants, folderPath, knowledgePages, moveProblem, searchSnippet, KNOWLEDGE_TEXTS } from "./knowledge";
import { exactHighlights } from "./review";

const folders = [
  { id: "a", name: "Manuals", parentFolderId: null },
  { id: "b", name: "Jackets", parentFolderId: "a" },
  { id: "c", name: "Winter", parentFolderId: "b" },
];

describe("knowledge-base folders", () => {
  it("gives the path above an entity, top first, and every folder below one", () => {
    expect(folderPath(folders, "c")).toEqual([
      { id: "a", name: "Manuals" },
      { id: "b", name: "Jackets" },
      { id: "c", name: "Winter" },
    ]);
    expect(folderPath(folders, null)).toEqual([]);
    expect([...folderAndDescendants(folders, "a")].sort()).toEqual(["a", "b", "c"]);
  });

  it("refuses to move a folder into itself or below itself, or into something that is not a folder", () => {
    expect(moveProblem(folders, ["a"], "c")).toBe(KNOWLEDGE_TEXTS.moveIntoItself);
    expect(moveProblem(folders, ["c"], "a")).toBeNull();
    expect(moveProblem(folders, ["doc"], "doc2")).toBe(KNOWLEDGE_TEXTS.notAFolder);
    expect(moveProblem(folders, ["a"], null)).toBeNull();
  });
});

describe("search and crawl", () => {
  it("marks the words that match the query's stems, and exact matches of a text search", () => {
    expect(searchSnippet("Delivery is free above fifty euros.", "free deliveries").filter((s) => s.is_hit).map((s) => s.value)).toEqual(["Delivery", "free"]);
    expect(exactHighlights("Three working days, working hard.", "WORKING")).toEqual([
      { value: "Three ", is_hit: false },
      { value: "working", is_hit: true },
      { value: " days, ", is_hit: false },
      { value: "working", is_hit: true },
      { value: " hard.", is_hit: false },
    ]);
  });

  it("follows each same-origin page link once, without fragments, files or other sites, narrowed by a pattern", () => {
    const html = `<a href="/a#x">A</a><a href='/a'>again</a><a href=b.html>B</a><a href="https://other.example/c">C</a><a href="/img.png">I</a><a href="mailto:x@y.z">M</a>`;
    expect(crawlLinks(html, "https://docs.example/dir/", "https://docs.example", null)).toEqual(["https://docs.example/a", "https://docs.example/dir/b.html"]);
    expect(crawlLinks(html, "https://docs.example/", "https://docs.example", /\/a$/)).toEqual(["https://docs.example/a"]);
    expect(crawlPattern("(")).toEqual({ ok: false });
  });

  it("counts a started page of text as a page", () => {
    expect([knowledgePages(0), knowledgePages(1), knowledgePages(2000), knowledgePages(2001)]).toEqual([0, 1, 1, 2]);
  });
});
