import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphColumns, glyphPixel } from "./bitmap-font";
import { PRODUCT_NAME } from "../brand";
import { VIDEO_PREVIEW_SIZE, type VideoTheme } from "./video";

/** Share videos and their preview images: square frames (the preview size), 20 per second. */
export const FRAME_SIZE = VIDEO_PREVIEW_SIZE;
export const FRAMES_PER_SECOND = 20;
export const FRAME_BARS = 24;

type Rgb = [number, number, number];
type Palette = { top: Rgb; bottom: Rgb; text: Rgb; muted: Rgb; bars: (index: number, count: number) => Rgb; track: Rgb };

const PALETTES: Record<VideoTheme, Palette> = {
  // Multicolor: a deep violet sky with bars running from pink through amber to cyan.
  colour: {
    top: [30, 27, 75],
    bottom: [76, 29, 149],
    text: [255, 255, 255],
    muted: [196, 181, 253],
    track: [91, 33, 182],
    bars: (i, n) => hueToRgb(330 + (i / Math.max(1, n - 1)) * 210),
  },
  light: { top: [255, 255, 255], bottom: [244, 244, 245], text: [24, 24, 27], muted: [113, 113, 122], track: [228, 228, 231], bars: () => [24, 24, 27] },
  dark: { top: [0, 0, 0], bottom: [24, 24, 27], text: [250, 250, 250], muted: [161, 161, 170], track: [63, 63, 70], bars: () => [250, 250, 250] },
};

function hueToRgb(hue: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = 1 - Math.abs((h % 2) - 1);
  const [r, g, b] = h < 1 ? [1, x, 0] : h < 2 ? [x, 1, 0] : h < 3 ? [0, 1, x] : h < 4 ? [0, x, 1] : h < 5 ? [x, 0, 1] : [1, 0, x];
  // Softened towards white so the bars read well on the violet background.
  return [r, g, b].map((c) => Math.round(90 + c * 165)) as Rgb;
}

export type FrameInput = { theme: VideoTheme; text: string; levels: readonly number[]; progress: number };

const scratchBytes = new Uint8ClampedArray(4);
const scratchWord = new Uint32Array(scratchBytes.buffer);

/** One opaque RGBA pixel as the 32-bit word the platform stores it as (whatever its byte order). */
function pixelWord([r, g, b]: Rgb): number {
  scratchBytes[0] = r;
  scratchBytes[1] = g;
  scratchBytes[2] = b;
  scratchBytes[3] = 255;
  return scratchWord[0]!;
}

class Canvas {
  readonly pixels: Uint8ClampedArray;
  private readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.pixels = new Uint8ClampedArray(size * size * 4);
    this.words = new Uint32Array(this.pixels.buffer);
  }
  rect(x: number, y: number, w: number, h: number, color: Rgb) {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.size, Math.round(x + w));
    const y1 = Math.min(this.size, Math.round(y + h));
    if (x1 <= x0) return;
    const word = pixelWord(color);
    for (let row = y0; row < y1; row++) this.words.fill(word, row * this.size + x0, row * this.size + x1);
  }
  text(line: string, x: number, y: number, scale: number, color: Rgb) {
    [...line].forEach((char, index) => {
      const columns = glyphColumns(char);
      const left = x + index * (GLYPH_WIDTH + 1) * scale;
      for (let gx = 0; gx < GLYPH_WIDTH; gx++) for (let gy = 0; gy < GLYPH_HEIGHT; gy++) if (glyphPixel(columns, gx, gy)) this.rect(left + gx * scale, y + gy * scale, scale, scale, color);
    });
  }
}

/** Lines of at most `width` characters, breaking between words (a word longer than a line is cut). */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.replace(/\s+/g, " ").trim().split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if ([...candidate].length <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = [...word].slice(0, width).join("");
    }
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const words = text.trim().split(/\s+/).join(" ");
  if (lines.join(" ").length < words.length && lines.length) {
    const last = [...lines[lines.length - 1]!];
    lines[lines.length - 1] = (last.length >= width ? last.slice(0, width - 3).join("") : last.join("")) + "...";
  }
  return lines;
}

const MARGIN = 16;
const TEXT_SCALE = 2;
const CHARS_PER_LINE = Math.floor((FRAME_SIZE - 2 * MARGIN) / ((GLYPH_WIDTH + 1) * TEXT_SCALE));
const BAR_AREA = { top: 120, height: 130 };

/**
 * One frame: the item's text at the top, level bars in the middle (each 0..1), a progress line and the
 * product's name. RGBA, FRAME_SIZE square; the same input always gives the same pixels.
 */
export function renderVideoFrame({ theme, text, levels, progress }: FrameInput): Uint8ClampedArray {
  const palette = PALETTES[theme];
  const canvas = new Canvas(FRAME_SIZE);
  for (let row = 0; row < FRAME_SIZE; row++) {
    const t = row / (FRAME_SIZE - 1);
    canvas.rect(0, row, FRAME_SIZE, 1, palette.top.map((c, i) => Math.round(c + (palette.bottom[i]! - c) * t)) as Rgb);
  }
  wrapText(text, CHARS_PER_LINE, 5).forEach((line, index) => canvas.text(line, MARGIN, 20 + index * 18, TEXT_SCALE, palette.text));

  const count = levels.length;
  const slot = (FRAME_SIZE - 2 * MARGIN) / Math.max(1, count);
  const middle = BAR_AREA.top + BAR_AREA.height / 2;
  levels.forEach((level, index) => {
    const height = Math.max(4, Math.min(1, Math.max(0, level)) * BAR_AREA.height);
    canvas.rect(MARGIN + index * slot + slot * 0.2, middle - height / 2, slot * 0.6, height, palette.bars(index, count));
  });

  const barWidth = FRAME_SIZE - 2 * MARGIN;
  canvas.rect(MARGIN, 268, barWidth, 3, palette.track);
  canvas.rect(MARGIN, 268, barWidth * Math.min(1, Math.max(0, progress)), 3, palette.text);
  const name = PRODUCT_NAME;
  canvas.text(name, (FRAME_SIZE - [...name].length * (GLYPH_WIDTH + 1) * TEXT_SCALE) / 2, 288, TEXT_SCALE, palette.muted);
  return canvas.pixels;
}

/**
 * The bars of the frame at `seconds`: the loudness around that moment (the bars scroll with the audio), from a
 * series of `perSecond` levels (0..1).
 */
export function barLevelsAt(series: readonly number[], perSecond: number, seconds: number, bars = FRAME_BARS): number[] {
  const centre = seconds * perSecond;
  const spread = perSecond / 8; // the bars span about three seconds
  return Array.from({ length: bars }, (_, i) => series[Math.round(centre + (i - bars / 2) * spread)] ?? 0);
}
