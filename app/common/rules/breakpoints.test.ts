import { describe, expect, it } from "vitest";
import { BREAKPOINTS, breakpointFor } from "./breakpoints";

describe("breakpoints", () => {
  it("has the spec's widths", () => {
    expect(BREAKPOINTS).toEqual({ xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536, "3xl": 1758, "4xl": 1980 });
  });

  it.each([
    [0, "base"],
    [-1, "base"],
    [479, "base"],
    [480, "xs"],
    [639.9, "xs"],
    [640, "sm"],
    [767, "sm"],
    [768, "md"],
    [1023, "md"],
    [1024, "lg"],
    [1280, "xl"],
    [1535, "xl"],
    [1536, "2xl"],
    [1757, "2xl"],
    [1758, "3xl"],
    [1979, "3xl"],
    [1980, "4xl"],
    [10_000, "4xl"],
    [Number.POSITIVE_INFINITY, "4xl"],
    [Number.NaN, "base"],
  ])("%s px is %s", (width, name) => {
    expect(breakpointFor(width)).toBe(name);
  });

  it("is exact at every breakpoint and one pixel below", () => {
    const names = Object.keys(BREAKPOINTS) as (keyof typeof BREAKPOINTS)[];
    names.forEach((name, i) => {
      expect(breakpointFor(BREAKPOINTS[name])).toBe(name);
      expect(breakpointFor(BREAKPOINTS[name] - 1)).toBe(i === 0 ? "base" : names[i - 1]);
    });
  });
});
