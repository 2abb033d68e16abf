import { describe, expect, it } from "vitest";
import { glyphColumns } from "./bitmap-font";
import { barLevelsAt, FRAME_BARS, FRAME_SIZE, renderVideoFrame, wrapText } from "./video-frame";

const pixel = (frame: Uint8ClampedArray, x: number, y: number) => [...frame.subarray((y * FRAME_SIZE + x) * 4, (y * FRAME_SIZE + x) * 4 + 4)];
const input = { text: "Hello from Parlance", levels: Array.from({ length: FRAME_BARS }, (_, i) => i / (FRAME_BARS - 1)), progress: 0.5 };

describe("renderVideoFrame", () => {
  it("is a square RGBA frame, opaque, the same every time", () => {
    const frame = renderVideoFrame({ ...input, theme: "colour" });
    expect(frame.length).toBe(FRAME_SIZE * FRAME_SIZE * 4);
    expect(frame.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    expect(renderVideoFrame({ ...input, theme: "colour" })).toEqual(frame);
  });

  it("paints each theme's background", () => {
    expect(pixel(renderVideoFrame({ ...input, theme: "light" }), 2, 2)).toEqual([255, 255, 255, 255]);
    expect(pixel(renderVideoFrame({ ...input, theme: "dark" }), 2, 2)).toEqual([0, 0, 0, 255]);
    expect(pixel(renderVideoFrame({ ...input, theme: "colour" }), 2, 2)).toEqual([30, 27, 75, 255]);
  });

  it("draws taller bars for louder levels", () => {
    const frame = renderVideoFrame({ ...input, theme: "light" });
    const slot = (FRAME_SIZE - 32) / FRAME_BARS;
    const barHeight = (index: number) => {
      const x = Math.round(16 + index * slot + slot / 2);
      let dark = 0;
      for (let y = 110; y < 260; y++) if (pixel(frame, x, y)[0]! < 100) dark++;
      return dark;
    };
    expect(barHeight(FRAME_BARS - 1)).toBeGreaterThan(barHeight(12));
    expect(barHeight(12)).toBeGreaterThan(barHeight(1));
  });

  it("draws the text in the theme's text colour", () => {
    const frame = renderVideoFrame({ ...input, theme: "dark" });
    let lit = 0;
    for (let y = 20; y < 40; y++) for (let x = 16; x < 200; x++) if (pixel(frame, x, y)[0] === 250) lit++;
    expect(lit).toBeGreaterThan(50);
  });
});

describe("wrapText", () => {
  it("breaks between words and marks cut text", () => {
    expect(wrapText("one two three", 7, 3)).toEqual(["one two", "three"]);
    expect(wrapText("one two three four", 7, 2)).toEqual(["one two", "three..."]);
    expect(wrapText("abcdefghijkl", 5, 1)).toEqual(["ab..."]);
  });
});

describe("barLevelsAt", () => {
  it("centres the bars on the moment and reads zero outside the audio", () => {
    const series = Array.from({ length: 100 }, (_, i) => i / 100);
    const bars = barLevelsAt(series, 40, 1);
    expect(bars).toHaveLength(FRAME_BARS);
    expect(bars[FRAME_BARS / 2]).toBeCloseTo(0.4);
    expect(barLevelsAt(series, 40, 0)[0]).toBe(0);
  });
});

describe("bitmap font", () => {
  it("has a glyph per printable character and falls back for others", () => {
    expect(glyphColumns("A")).toEqual([0x7e, 0x11, 0x11, 0x11, 0x7e]);
    expect(glyphColumns("é")).toEqual(glyphColumns("e"));
    expect(glyphColumns("日")).toEqual(glyphColumns("?"));
  });
});
