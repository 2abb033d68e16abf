import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { documentKind, parseDocument, parseEpub, parseHtml, parseMarkdown, parsePlainText } from "./documents";

describe("documents into chapters", () => {
  it("splits plain text into paragraphs and at 'Chapter' lines", () => {
    const chapters = parsePlainText("Chapter One\n\nIt was a dark night.\nThe wind blew.\n\nShe waited.\n\nChapter Two\n\nMorning came.", "Book");
    expect(chapters).toEqual([
      { name: "Chapter One", blocks: [{ subType: "h1", text: "Chapter One" }, { subType: "p", text: "It was a dark night. The wind blew." }, { subType: "p", text: "She waited." }] },
      { name: "Chapter Two", blocks: [{ subType: "h1", text: "Chapter Two" }, { subType: "p", text: "Morning came." }] },
    ]);
    expect(parsePlainText("Just one paragraph.", "Essay")).toEqual([{ name: "Essay", blocks: [{ subType: "p", text: "Just one paragraph." }] }]);
  });

  it("reads Markdown headings, emphasis, links, lists and skips code", () => {
    const md = "# The Book\n\nIntro *text* with a [link](http://x).\n\n## Part\n\n- one\n- two\n\n```\ncode\n```\n\n# Second\n\nSetext\n------\n\nLast **words**.";
    const chapters = parseMarkdown(md, "Book");
    expect(chapters.map((c) => c.name)).toEqual(["The Book", "Second"]);
    expect(chapters[0]!.blocks).toEqual([
      { subType: "h1", text: "The Book" },
      { subType: "p", text: "Intro text with a link." },
      { subType: "h2", text: "Part" },
      { subType: "p", text: "one" },
      { subType: "p", text: "two" },
    ]);
    expect(chapters[1]!.blocks).toEqual([{ subType: "h1", text: "Second" }, { subType: "h2", text: "Setext" }, { subType: "p", text: "Last words." }]);
  });

  it("reads HTML blocks and entities, without scripts and styles, splitting at the top heading level", () => {
    const html = "<html><head><title>T</title><style>p{}</style></head><body><h2>One</h2><p>Tom &amp; Jerry&#8217;s <b>day</b>.</p><script>x()</script><h2>Two</h2><ul><li>Item</li></ul></body></html>";
    expect(parseHtml(html, "X")).toEqual([
      { name: "One", blocks: [{ subType: "h2", text: "One" }, { subType: "p", text: "Tom & Jerry’s day." }] },
      { name: "Two", blocks: [{ subType: "h2", text: "Two" }, { subType: "p", text: "Item" }] },
    ]);
  });

  it("reads an EPUB's spine in order, one chapter per document", () => {
    const epub = zipSync({
      mimetype: strToU8("application/epub+zip"),
      "META-INF/container.xml": strToU8('<container><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'),
      "OEBPS/content.opf": strToU8('<package><manifest><item id="c2" href="text/two.xhtml"/><item id="c1" href="text/one.xhtml"/><item id="css" href="s.css"/></manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>'),
      "OEBPS/text/one.xhtml": strToU8("<html><body><h1>Beginning</h1><p>First.</p></body></html>"),
      "OEBPS/text/two.xhtml": strToU8("<html><body><p>No heading here.</p></body></html>"),
    });
    const result = parseEpub(epub, "Novel");
    expect(result).toEqual({
      ok: true,
      chapters: [
        { name: "Beginning", blocks: [{ subType: "h1", text: "Beginning" }, { subType: "p", text: "First." }] },
        { name: "Novel 2", blocks: [{ subType: "p", text: "No heading here." }] },
      ],
    });
  });

  it("refuses a document that is not what its type says", () => {
    expect(parseDocument("epub", strToU8("plain words"), "X")).toMatchObject({ ok: false, message: expect.stringContaining("not a valid EPUB") });
    expect(parseDocument("text", new Uint8Array([0xff, 0xfe, 0x00, 0x81]), "X")).toMatchObject({ ok: false, message: expect.stringContaining("not UTF-8") });
    expect(parseDocument("markdown", strToU8("   \n\n "), "X")).toEqual({ ok: false, message: "The document has no text." });
  });

  it("knows a document's kind by its extension or type", () => {
    expect(documentKind("a.EPUB", "")).toBe("epub");
    expect(documentKind("a.md", "")).toBe("markdown");
    expect(documentKind("a", "text/html")).toBe("html");
    expect(documentKind("a.txt", "")).toBe("text");
    expect(documentKind("a.pdf", "application/pdf")).toBeNull();
  });
});
