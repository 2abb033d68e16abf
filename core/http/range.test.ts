import { describe, expect, it } from "vitest";
import { decideRange } from "./range";

describe("Range (RFC 9110)", () => {
  it("serves one byte range, open-ended ranges and suffixes, clamped to the end", () => {
    expect(decideRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(decideRange("bytes=900-", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(decideRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(decideRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
    expect(decideRange("bytes=990-5000", 1000)).toEqual({ kind: "partial", start: 990, end: 999 });
    expect(decideRange("Bytes = 1-2", 1000)).toEqual({ kind: "partial", start: 1, end: 2 });
  });
  it("ignores what it cannot read or what is invalid: the whole file", () => {
    for (const header of [null, "", "bytes=abc", "bytes=5-1", "items=0-5", "bytes=0-1,4-5", "bytes=-", "bytes 0-5", "bytes=1.5-2"]) {
      expect(decideRange(header, 1000), String(header)).toEqual({ kind: "whole" });
    }
  });
  it("refuses a valid range that cannot be satisfied", () => {
    expect(decideRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=2000-3000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
