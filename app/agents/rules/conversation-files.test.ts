import { describe, expect, it } from "vitest";
import { conversationFilePassages, conversationFileText } from "./conversation-files";

describe("a conversation's files", () => {
  const text = (s: string) => new TextEncoder().encode(s);
  it("takes text files by name or type whose bytes are UTF-8 text, and cuts them into passages", () => {
    expect(conversationFileText("notes.md", "", text("\uFEFF# Notes"))).toBe("# Notes");
    expect(conversationFileText("blob", "text/plain; charset=utf-8", text("plain"))).toBe("plain");
    expect(conversationFileText("data.json", "application/octet-stream", text("{}"))).toBe("{}");
    expect(conversationFileText("face.png", "image/png", text("x"))).toBeNull();
    expect(conversationFileText("report.pdf", "application/pdf", text("%PDF-1.7"))).toBeNull();
    expect(conversationFileText("fake.txt", "text/plain", new Uint8Array([0x89, 0x50, 0x00, 0x47]))).toBeNull();
    expect(conversationFileText("latin1.txt", "text/plain", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBeNull();
    expect(conversationFilePassages("cfile_1", "returns.txt", "Returns within thirty days.\n\nGift cards never expire.")).toEqual([
      { id: "cfile_1-0", source: "file returns.txt", text: "Returns within thirty days." },
      { id: "cfile_1-1", source: "file returns.txt", text: "Gift cards never expire." },
    ]);
  });
});
