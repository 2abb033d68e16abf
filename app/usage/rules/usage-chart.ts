import type { UsageSeries } from "./usage";

export type ChartBar = { series: string; bucket: number; x: number; y: number; width: number; height: number; value: number };
/** `usage` is what the chart shows: the largest series and "Other". */
export type UsageChart = { bars: ChartBar[]; max: number; totals: { series: string; total: number }[]; usage: UsageSeries["usage"] };

/** How many series the chart colours separately; the rest are summed into one "Other" series. */
export const CHART_SERIES_LIMIT = 6;
export const OTHER_SERIES = "Other";

/** Keeps the largest series (the response lists them largest first) and sums the rest into "Other". */
export function limitSeries(usage: UsageSeries["usage"], limit = CHART_SERIES_LIMIT): UsageSeries["usage"] {
  const entries = Object.entries(usage);
  if (entries.length <= limit) return usage;
  const kept = entries.slice(0, limit - 1);
  const other = entries.slice(limit - 1).reduce<number[]>((sum, [, values]) => values.map((v, i) => (sum[i] ?? 0) + v), []);
  return Object.fromEntries([...kept, [OTHER_SERIES, other]]);
}

/**
 * Stacked columns, one per bucket, in a width × height box (y grows downwards, as in SVG). The scale's top is
 * the tallest column; an empty chart keeps a top of 1 so nothing divides by zero.
 */
export function stackedBars(series: UsageSeries, width: number, height: number, gap = 2): UsageChart {
  const usage = limitSeries(series.usage);
  const names = Object.keys(usage);
  const count = series.time.length;
  const columnTotals = series.time.map((_, i) => names.reduce((sum, name) => sum + (usage[name]![i] ?? 0), 0));
  const max = Math.max(1, ...columnTotals);
  const slot = count ? width / count : width;
  const barWidth = Math.max(1, slot - gap);
  const bars: ChartBar[] = [];
  for (let i = 0; i < count; i++) {
    let top = height;
    for (const name of names) {
      const value = usage[name]![i] ?? 0;
      if (!value) continue;
      const barHeight = (value / max) * height;
      top -= barHeight;
      bars.push({ series: name, bucket: i, x: i * slot + gap / 2, y: top, width: barWidth, height: barHeight, value });
    }
  }
  const totals = names.map((name) => ({ series: name, total: usage[name]!.reduce((sum, v) => sum + v, 0) }));
  return { bars, max, totals, usage };
}
