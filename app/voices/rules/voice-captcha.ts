/**
 * The voice CAPTCHA's rules (decision 0023): how long a challenge and a solved check last, how many tries a
 * challenge allows, the picture of its characters (drawn strokes, never text) and what its audio says.
 */
import { CAPTCHA_LENGTH } from "../../../core/voices/voice-safety";

/** A challenge can be answered for 10 minutes, three times at most; then a new one is needed. */
export const CAPTCHA_CHALLENGE_SECONDS = 10 * 60;
export const CAPTCHA_MAX_ATTEMPTS = 3;
/** A solved check lets the workspace use the voice for 12 hours (a working day), from the page and the API. */
export const CAPTCHA_PASS_SECONDS = 12 * 60 * 60;

type Point = readonly [number, number];
type Stroke = readonly Point[];

/**
 * A small stroke font on a 4 x 6 grid (x right, y down) for the challenge alphabet: the picture is made of
 * paths, so the characters are in no text a program can copy out of the document.
 */
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  B: [[[0, 0], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]], [[0, 0], [3, 0], [4, 1], [4, 2], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2.5, 6], [4, 4.5], [4, 1.5], [2.5, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3.5], [2.5, 3.5]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[1, 0], [4, 0]], [[3, 0], [3, 5], [2, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.2, 2.8], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  Q: [[[1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5], [0, 1], [1, 0]], [[2.5, 4.5], [4, 6.2]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2.5], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  "2": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  "3": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]], [[1.5, 3], [3, 3]]],
  "4": [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  "5": [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  "6": [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  "7": [[[0, 0], [4, 0], [1.5, 6]]],
  "8": [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  "9": [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6], [0, 5]]],
};

export const CAPTCHA_IMAGE = { width: 280, height: 80 } as const;
const CELL = CAPTCHA_IMAGE.width / (CAPTCHA_LENGTH + 1);
const SCALE = 7.5;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The challenge as an SVG picture: each character drawn from its strokes, turned, slanted, moved and shaken a
 * little, over crossing lines and dots. `random` gives numbers in [0, 1) (crypto-backed on the server).
 */
export function captchaImageSvg(characters: string, random: () => number): string {
  const between = (min: number, max: number) => min + random() * (max - min);
  const paths: string[] = [];
  // Crossing curves first, so the characters are drawn over them.
  const noise: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y = () => round(between(8, CAPTCHA_IMAGE.height - 8));
    const x = (from: number) => round(between(from, from + 0.25) * CAPTCHA_IMAGE.width);
    noise.push(`<path d="M${x(0)} ${y()} C${x(0.25)} ${y()} ${x(0.5)} ${y()} ${x(0.75)} ${y()}" stroke-width="${round(between(0.8, 1.6))}"/>`);
  }
  [...characters].forEach((character, index) => {
    const strokes = GLYPHS[character];
    if (!strokes) throw new Error(`no glyph for ${character}`);
    const angle = between(-0.25, 0.25);
    const slant = between(-0.25, 0.25);
    const cx = CELL * (index + 1) + between(-4, 4);
    const cy = CAPTCHA_IMAGE.height / 2 + between(-6, 6);
    const size = between(0.85, 1.15) * SCALE;
    const place = ([x, y]: Point) => {
      const gx = (x - 2 + slant * (3 - y)) * size + between(-0.8, 0.8);
      const gy = (y - 3) * size + between(-0.8, 0.8);
      return `${round(cx + gx * Math.cos(angle) - gy * Math.sin(angle))} ${round(cy + gx * Math.sin(angle) + gy * Math.cos(angle))}`;
    };
    const d = strokes.map((stroke) => `M${stroke.map(place).join(" L")}`).join(" ");
    paths.push(`<path d="${d}" stroke-width="${round(between(2.4, 3.2))}"/>`);
  });
  const dots = Array.from({ length: 40 }, () => `<circle cx="${round(between(0, CAPTCHA_IMAGE.width))}" cy="${round(between(0, CAPTCHA_IMAGE.height))}" r="${round(between(0.6, 1.6))}"/>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_IMAGE.width}" height="${CAPTCHA_IMAGE.height}" viewBox="0 0 ${CAPTCHA_IMAGE.width} ${CAPTCHA_IMAGE.height}">` +
    `<rect width="100%" height="100%" fill="#f4f4f5"/>` +
    `<g fill="none" stroke="#71717a" stroke-linecap="round">${noise.join("")}</g>` +
    `<g fill="none" stroke="#27272a" stroke-linecap="round" stroke-linejoin="round">${paths.join("")}</g>` +
    `<g fill="#52525b">${dots.join("")}</g></svg>`
  );
}

/** How each character is said in the audio challenge (letter names, so that no letter sounds like a word). */
const SPOKEN: Readonly<Record<string, string>> = {
  A: "ay", B: "bee", C: "see", D: "dee", E: "ee", F: "eff", G: "jee", H: "aitch", J: "jay", K: "kay", M: "em", N: "en",
  P: "pee", Q: "cue", R: "ar", S: "ess", T: "tee", U: "you", V: "vee", W: "double you", X: "ex", Y: "why", Z: "zed",
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
};

/** What the audio challenge says: each character by name, apart, twice. */
export function captchaSpokenText(characters: string): string {
  const spelled = [...characters].map((character) => (/\d/.test(character) ? `number ${SPOKEN[character]}` : `letter ${SPOKEN[character]}`)).join(". ");
  return `${spelled}. Once more. ${spelled}.`;
}

/** Every character the challenge alphabet can use has a glyph and a spoken name (a unit test checks it). */
export const CAPTCHA_GLYPH_CHARACTERS = Object.keys(GLYPHS);
export const CAPTCHA_SPOKEN_CHARACTERS = Object.keys(SPOKEN);
