import { describe, expect, it } from "vitest";
import { articleBlocks, countedListenMs, dailySeries, embedAllowed, htmlSnippet, LISTEN_REPORT_MAX_MS, normalizeColor, normalizeSite, parseAllowedSites, playerMarkup, reuseBlocks, DEFAULT_PLAYER } from "./audio-native";

describe("Audio Native rules", () => {
  it("reads colours and sites", () => {
    expect(normalizeColor("#abc")).toBe("#AABBCC");
    expect(normalizeColor("#12ab9F")).toBe("#12AB9F");
    expect(normalizeColor("red")).toBeNull();
    expect(normalizeSite("example.com/blog/post")).toBe("https://example.com");
    expect(normalizeSite("http://localhost:8080/x")).toBe("http://localhost:8080");
    expect(normalizeSite("javascript:alert(1)")).toBeNull();
    expect(normalizeSite("ftp://example.com")).toBeNull();
    expect(parseAllowedSites("example.com\nhttps://example.com, nope nope\n\nblog.test")).toEqual({ sites: ["https://example.com", "https://blog.test"], invalid: ["nope nope"] });
  });

  it("allows a page by its Origin, else its Referer; the platform's own pages; nothing without either", () => {
    const own = "https://parlance.test";
    expect(embedAllowed({ origin: "https://blog.test", referer: null }, ["https://blog.test"], own)).toEqual({ allowed: true, origin: "https://blog.test" });
    expect(embedAllowed({ origin: null, referer: "https://blog.test/post/1" }, ["https://blog.test"], own).allowed).toBe(true);
    expect(embedAllowed({ origin: "https://evil.test", referer: "https://blog.test/" }, ["https://blog.test"], own).allowed).toBe(false);
    expect(embedAllowed({ origin: own, referer: null }, [], own).allowed).toBe(true);
    expect(embedAllowed({ origin: null, referer: null }, ["https://blog.test"], own).allowed).toBe(false);
    expect(embedAllowed({ origin: "null", referer: null }, ["https://blog.test"], own).allowed).toBe(false);
  });

  it("escapes what it writes into the snippet and the player", () => {
    expect(htmlSnippet("https://p.test", 'a"b', false)).toContain('data-projectid="a&quot;b"');
    const html = playerMarkup({ ...DEFAULT_PLAYER, title: "<script>x</script>", author: "A & B", durationSeconds: 75, status: "ready" });
    expect(html).not.toContain("<script>");
    expect(html).toContain("A &amp; B");
    expect(html).toContain("0:00 / 1:15");
    expect(playerMarkup({ ...DEFAULT_PLAYER, durationSeconds: null, status: "processing" })).toContain("disabled");
  });

  it("puts title and author first and reuses unchanged blocks once each", () => {
    const blocks = articleBlocks([{ name: "x", blocks: [{ subType: "p", text: "One." }, { subType: "p", text: " " }, { subType: "p", text: "One." }] }], "Title", "Ada");
    expect(blocks).toEqual([{ subType: "h1", text: "Title" }, { subType: "p", text: "By Ada" }, { subType: "p", text: "One." }, { subType: "p", text: "One." }]);
    expect(articleBlocks([{ name: "x", blocks: [{ subType: "p", text: "Title" }, { subType: "p", text: "By Ada" }, { subType: "p", text: "Two." }] }], "Title", "Ada").map((b) => b.text)).toEqual(["Title", "By Ada", "Two."]);
    const reused = reuseBlocks([{ id: "a", subType: "p", text: "One." }, { id: "b", subType: "h1", text: "Title" }], blocks);
    expect(reused.map((b) => b.blockId)).toEqual(["b", null, "a", null]);
    expect(reuseBlocks([{ id: "t", subType: "h1", text: "Title" }], [{ subType: "p", text: "Title" }])[0]!.blockId).toBe("t");
  });

  it("caps listening reports and fills missing days", () => {
    expect(countedListenMs(2.5)).toBe(2500);
    expect(countedListenMs(-1)).toBe(0);
    expect(countedListenMs(Number.NaN)).toBe(0);
    expect(countedListenMs(1e9)).toBe(LISTEN_REPORT_MAX_MS);
    expect(dailySeries([{ day: "2026-01-02", n: 3 }], "2026-01-01", "2026-01-03", (day) => ({ day, n: 0 }))).toEqual([
      { day: "2026-01-01", n: 0 },
      { day: "2026-01-02", n: 3 },
      { day: "2026-01-03", n: 0 },
    ]);
  });
});
