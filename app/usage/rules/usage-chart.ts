import type { UsageSeries } from "./usage";

export type ChartBar = { series: string; bucket: number; x: number; y: number; width: number; height: number; value: number };
/** The value axis: its top (the chart's full height) and the round values it is labelled and ruled at, from 0. */
export type ChartScale = { top: number; ticks: number[] };
/**
 * `usage` is what the chart shows: the largest series and "Other"; `max` is the tallest column (0 when empty),
 * `scale` the value axis the bars are drawn against.
 */
export type UsageChart = { bars: ChartBar[]; max: number; scale: ChartScale; totals: { series: string; total: number }[]; usage: UsageSeries["usage"] };

/** About how many intervals the value axis is split into (the step is rounded, so the count varies). */
export const CHART_VALUE_TICKS = 4;
/** At most this many dates under the chart, so they stay readable on a phone. */
export const CHART_DATE_LABELS = 5;

/**
 * A value axis from 0 with round steps (1, 2 or 5 times a power of ten, never below 1 as credits are whole)
 * whose top is the first step at or above the largest value; an empty chart gets 0–1.
 */
export function niceScale(max: number, targetTicks = CHART_VALUE_TICKS): ChartScale {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / Math.max(1, targetTicks);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/**
 * Which buckets get a date under them: evenly spaced, counted back from the last one (today or this week), so
 * the most recent bucket is always labelled; at most `maxLabels`.
 */
export function labelledBuckets(count: number, maxLabels = CHART_DATE_LABELS): number[] {
  if (count <= 0 || maxLabels <= 0) return [];
  const step = Math.max(1, Math.ceil(count / maxLabels));
  const indexes: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) indexes.unshift(i);
  return indexes;
}

/** The usage page's texts. */
export const USAGE_PAGE_TEXT = {
  description: "Credits your generations used: one credit per character of text.",
  emptyTitle: "No generations in this range yet.",
  emptyDescription: "Generate speech and the credits it uses appear here, day by day.",
  emptyAction: "Generate speech",
} as const;

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
 * Stacked columns, one per bucket of the requested period (so a bar sits at its date, however few days have
 * usage), in a width × height box (y grows downwards, as in SVG). The height is the value axis's round top
 * (niceScale), which is never 0, so nothing divides by zero.
 */
export function stackedBars(series: UsageSeries, width: number, height: number, gap = 2): UsageChart {
  const usage = limitSeries(series.usage);
  const names = Object.keys(usage);
  const count = series.time.length;
  const columnTotals = series.time.map((_, i) => names.reduce((sum, name) => sum + (usage[name]![i] ?? 0), 0));
  const max = Math.max(0, ...columnTotals);
  const scale = niceScale(max);
  const slot = count ? width / count : width;
  const barWidth = Math.max(1, slot - gap);
  const bars: ChartBar[] = [];
  for (let i = 0; i < count; i++) {
    let top = height;
    for (const name of names) {
      const value = usage[name]![i] ?? 0;
      if (!value) continue;
      const barHeight = (value / scale.top) * height;
      top -= barHeight;
      bars.push({ series: name, bucket: i, x: i * slot + gap / 2, y: top, width: barWidth, height: barHeight, value });
    }
  }
  const totals = names.map((name) => ({ series: name, total: usage[name]!.reduce((sum, v) => sum + v, 0) }));
  return { bars, max, scale, totals, usage };
}
