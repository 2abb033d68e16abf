import { describe, expect, it } from "vitest";
import { labelledBuckets, limitSeries, niceScale, OTHER_SERIES, stackedBars } from "./usage-chart";

describe("stackedBars", () => {
  it("stacks each bucket's series from the bottom, scaled to the round top of the value axis", () => {
    const chart = stackedBars({ time: [0, 1], usage: { Aria: [30, 10], Roger: [10, 0] } }, 200, 100, 0);
    expect(chart.max).toBe(40);
    expect(chart.scale).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(chart.bars).toEqual([
      { series: "Aria", bucket: 0, x: 0, y: 25, width: 100, height: 75, value: 30 },
      { series: "Roger", bucket: 0, x: 0, y: 0, width: 100, height: 25, value: 10 },
      { series: "Aria", bucket: 1, x: 100, y: 75, width: 100, height: 25, value: 10 },
    ]);
    expect(chart.totals).toEqual([{ series: "Aria", total: 40 }, { series: "Roger", total: 10 }]);
  });
  it("puts a single day's bar at its date in the period, not stretched over the whole width", () => {
    // A 30-day period with usage only on its last day: one bar, a thirtieth of the width, at the right end.
    const usage = new Array(30).fill(0);
    usage[29] = 35;
    const chart = stackedBars({ time: usage.map((_, i) => i), usage: { All: usage } }, 300, 100, 0);
    expect(chart.bars).toEqual([{ series: "All", bucket: 29, x: 290, y: 100 - 87.5, width: 10, height: 87.5, value: 35 }]);
    expect(chart.scale.top).toBe(40);
  });
  it("draws nothing for an empty window without dividing by zero", () => {
    expect(stackedBars({ time: [0, 1, 2], usage: { All: [0, 0, 0] } }, 300, 100)).toMatchObject({ bars: [], max: 0, scale: { top: 1 }, totals: [{ series: "All", total: 0 }] });
    expect(stackedBars({ time: [], usage: {} }, 300, 100).bars).toEqual([]);
  });
});

describe("limitSeries", () => {
  it("keeps the largest series and sums the rest into Other", () => {
    const usage = Object.fromEntries(["a", "b", "c", "d"].map((name, i) => [name, [4 - i, 1]]));
    expect(limitSeries(usage, 3)).toEqual({ a: [4, 1], b: [3, 1], [OTHER_SERIES]: [3, 2] });
    expect(limitSeries(usage, 4)).toBe(usage);
  });
});

describe("niceScale", () => {
  it("rounds the top up to a step of 1, 2 or 5 times a power of ten", () => {
    expect(niceScale(35)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
    expect(niceScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
  });
  it("never uses fractional steps (credits are whole) and covers the largest value", () => {
    expect(niceScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    for (const max of [1, 9, 11, 99, 101, 12_345, 999_999]) {
      const { top, ticks } = niceScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
  it("gives an empty chart an axis of 0 to 1", () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(Number.NaN)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe("labelledBuckets", () => {
  it("labels at most five dates, evenly, always the most recent", () => {
    expect(labelledBuckets(30)).toEqual([5, 11, 17, 23, 29]);
    expect(labelledBuckets(7)).toEqual([0, 2, 4, 6]);
    expect(labelledBuckets(3)).toEqual([0, 1, 2]);
    expect(labelledBuckets(1)).toEqual([0]);
  });
  it("labels nothing when there are no buckets", () => {
    expect(labelledBuckets(0)).toEqual([]);
  });
});
