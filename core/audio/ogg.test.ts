import { describe, expect, it } from "vitest";
import { oggCrc32, OggStreamWriter, readOggPages } from "./ogg";

describe("Ogg pages", () => {
  it("uses Ogg's CRC-32 (CRC-32/POSIX without the final inversion)", () => {
    // CRC-32/POSIX of "123456789" is 0x765e7680; Ogg leaves out its final xor with 0xffffffff.
    expect(oggCrc32(new TextEncoder().encode("123456789"))).toBe(~0x765e7680 >>> 0);
    expect(oggCrc32(new Uint8Array(0))).toBe(0);
  });

  it("writes pages that read back with their packets, flags, granules and valid checksums", () => {
    const writer = new OggStreamWriter(1234);
    const small = new Uint8Array([1, 2, 3]);
    const exact = new Uint8Array(255).fill(7); // needs a zero-length lacing value after it
    const large = new Uint8Array(600).fill(9);
    const bytes = new Uint8Array([...writer.page([small], 0, { bos: true }), ...writer.page([exact, large], 123456789012), ...writer.page([small], 123456790000, { eos: true })]);
    const pages = readOggPages(bytes);
    expect(pages.map((p) => p.sequence)).toEqual([0, 1, 2]);
    expect(pages.map((p) => p.flags)).toEqual([2, 0, 4]);
    expect(pages.map((p) => p.granule)).toEqual([0, 123456789012, 123456790000]);
    expect(pages.every((p) => p.crcValid && p.serial === 1234)).toBe(true);
    expect(pages[1]!.packets.map((p) => p.length)).toEqual([255, 600]);
    expect(pages[1]!.packets[1]!.every((b) => b === 9)).toBe(true);
  });

  it("notices a damaged page", () => {
    const page = new OggStreamWriter(1).page([new Uint8Array([1, 2, 3])], 0);
    page[page.length - 1] ^= 0xff;
    expect(readOggPages(page)[0]!.crcValid).toBe(false);
  });
});
