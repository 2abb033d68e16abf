import { describe, expect, it } from "vitest";
import { compactCount, formatSize, JUST_NOW, RELATIVE_TIME_THRESHOLDS, relativeTime } from "./format";
import { relativeTimeLabel } from "./relative-time";

describe("relativeTime", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const MIN = 60;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  const WEEK = 7 * DAY;

  it("has the spec's thresholds", () => {
    expect(RELATIVE_TIME_THRESHOLDS.map((t) => [t.limit, t.unit])).toEqual([
      [60, "second"],
      [60, "minute"],
      [24, "hour"],
      [7, "day"],
      [4, "week"],
      [12, "month"],
    ]);
  });

  it.each([
    [0, "just now"],
    [9.9, "just now"],
    [10, "10 seconds ago"],
    [59, "59 seconds ago"],
    [60, "1 minute ago"],
    [119, "1 minute ago"],
    [120, "2 minutes ago"],
    [59 * MIN + 59, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY, "6 days ago"],
    [WEEK, "1 week ago"],
    [3 * WEEK, "3 weeks ago"],
    [4 * WEEK, "1 month ago"],
    [11 * 4 * WEEK, "11 months ago"],
    [12 * 4 * WEEK, "1 year ago"],
    [3 * 12 * 4 * WEEK, "3 years ago"],
  ])("%s seconds before is %j", (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text);
  });

  it("speaks of future dates as 'in …'", () => {
    expect(relativeTime(ago(-5), now)).toBe(JUST_NOW);
    expect(relativeTime(ago(-30), now)).toBe("in 30 seconds");
    expect(relativeTime(ago(-MIN), now)).toBe("in 1 minute");
    expect(relativeTime(ago(-2 * DAY), now)).toBe("in 2 days");
    expect(relativeTime(ago(-2 * 12 * 4 * WEEK), now)).toBe("in 2 years");
  });

  it("gives nothing for an invalid date", () => {
    expect(relativeTime(new Date(Number.NaN), now)).toBe("");
  });

  it("agrees with the history list's label for past times", () => {
    const nowSeconds = now.getTime() / 1000;
    for (const seconds of [0, 9, 10, 59, 60, 3599, 3600, 86399, 86400, 604800, 2419200, 29030400, 99999999]) {
      expect(relativeTime(ago(seconds), now)).toBe(relativeTimeLabel(nowSeconds - seconds, nowSeconds));
    }
  });
});

describe("formatSize", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [999, "999 B"],
    [1000, "1 kB"],
    [1500, "1.5 kB"],
    [1549, "1.5 kB"],
    [1550, "1.6 kB"],
    [999_949, "999.9 kB"],
    [999_950, "1 MB"],
    [2_000_000, "2 MB"],
    [3_210_000_000, "3.2 GB"],
    [-1500, "-1.5 kB"],
  ])("%s bytes in base 1000 is %j", (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1 KiB"],
    [1536, "1.5 KiB"],
    [1024 * 1024, "1 MiB"],
    [1024 * 1024 - 1, "1 MiB"],
    [5.25 * 1024 ** 3, "5.3 GiB"],
  ])("%s bytes in base 1024 is %j", (bytes, text) => {
    expect(formatSize(bytes, 1024)).toBe(text);
  });

  it("does not print -0 or NaN", () => {
    expect(formatSize(-0.01)).toBe("0 B");
    expect(formatSize(Number.NaN)).toBe("0 B");
  });
});

describe("compactCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1K"],
    [1500, "1.5K"],
    [1049, "1K"],
    [12_000, "12K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_950, "1M"],
    [1_000_000, "1M"],
    [2_340_000, "2.3M"],
    [1_500_000_000, "1500M"],
    [-1500, "-1.5K"],
    [-999, "-999"],
    [999.96, "1K"],
  ])("%s is %j", (n, text) => {
    expect(compactCount(n)).toBe(text);
  });
});

describe("formatNumber", () => {
  it("groups thousands the same everywhere", async () => {
    const { formatNumber } = await import("./format");
    expect(formatNumber(12345)).toBe("12,345");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(Number.NaN)).toBe("0");
    expect(formatNumber(1234.6)).toBe("1,235");
  });
});
