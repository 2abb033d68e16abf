import { describe, expect, it } from "vitest";
import { limitSeries, OTHER_SERIES, stackedBars } from "./usage-chart";

describe("stackedBars", () => {
  it("stacks each bucket's series from the bottom, scaled to the tallest column", () => {
    const chart = stackedBars({ time: [0, 1], usage: { Aria: [30, 10], Roger: [10, 0] } }, 200, 100, 0);
    expect(chart.max).toBe(40);
    expect(chart.bars).toEqual([
      { series: "Aria", bucket: 0, x: 0, y: 25, width: 100, height: 75, value: 30 },
      { series: "Roger", bucket: 0, x: 0, y: 0, width: 100, height: 25, value: 10 },
      { series: "Aria", bucket: 1, x: 100, y: 75, width: 100, height: 25, value: 10 },
    ]);
    expect(chart.totals).toEqual([{ series: "Aria", total: 40 }, { series: "Roger", total: 10 }]);
  });
  it("draws nothing for an empty window without dividing by zero", () => {
    expect(stackedBars({ time: [0, 1, 2], usage: { All: [0, 0, 0] } }, 300, 100)).toMatchObject({ bars: [], max: 1, totals: [{ series: "All", total: 0 }] });
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
