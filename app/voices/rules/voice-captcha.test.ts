import { describe, expect, it } from "vitest";
import { CAPTCHA_ALPHABET } from "../../../core/voices/voice-safety";
import { CAPTCHA_GLYPH_CHARACTERS, CAPTCHA_SPOKEN_CHARACTERS, captchaImageSvg, captchaSpokenText } from "./voice-captcha";

/** A repeatable stand-in for the server's cryptographic numbers. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe("voice CAPTCHA picture and audio", () => {
  it("can draw and say every character of the challenge alphabet", () => {
    expect([...CAPTCHA_GLYPH_CHARACTERS].sort()).toEqual([...CAPTCHA_ALPHABET].sort());
    expect([...CAPTCHA_SPOKEN_CHARACTERS].sort()).toEqual([...CAPTCHA_ALPHABET].sort());
  });

  it("draws the characters as paths, never as text, differently each time", () => {
    const svg = captchaImageSvg("KM7RW", seeded(1));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<title|<desc|KM7RW/);
    // Five characters over four crossing curves.
    expect(svg.match(/<path /g)).toHaveLength(9);
    expect(captchaImageSvg("KM7RW", seeded(2))).not.toBe(svg);
    expect(captchaImageSvg("KM7RW", seeded(1))).toBe(svg);
    expect(() => captchaImageSvg("KM0RW", seeded(1))).toThrow("no glyph for 0");
  });

  it("says each character by name, twice", () => {
    expect(captchaSpokenText("A7W")).toBe("letter ay. number seven. letter double you. Once more. letter ay. number seven. letter double you.");
  });
});
