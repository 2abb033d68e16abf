import { unzlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { crc32, encodePng } from "./png";

describe("encodePng", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  it("writes a valid PNG whose pixels inflate back exactly", () => {
    const width = 3;
    const height = 2;
    const rgba = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37) % 256);
    const png = encodePng(rgba, width, height);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(png.buffer, png.byteOffset);
    const chunks: { type: string; data: Uint8Array }[] = [];
    for (let at = 8; at < png.length; ) {
      const length = view.getUint32(at);
      const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
      const data = png.subarray(at + 8, at + 8 + length);
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset);
    expect([header.getUint32(0), header.getUint32(4), chunks[0]!.data[8], chunks[0]!.data[9]]).toEqual([3, 2, 8, 6]);
    const raw = unzlibSync(chunks[1]!.data);
    const rows = [raw.subarray(1, 13), raw.subarray(14, 26)];
    expect([raw[0], raw[13]]).toEqual([0, 0]);
    expect([...rows[0]!, ...rows[1]!]).toEqual([...rgba]);
  });

  it("refuses a buffer of the wrong size", () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow();
  });
});
