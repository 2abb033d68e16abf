/** Display formats (spec §9): relative times, sizes in base 1000 or 1024, and counts compacted to K and M. */

export type RelativeTimeUnit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

/**
 * The spec's thresholds: below `limit` of a unit the time is told in that unit, otherwise it is divided by
 * `limit` and the next unit is tried (60 s, 60 min, 24 h, 7 d, 4 wk, 12 mo); past the last, in years.
 * Weeks and months are these steps, not calendar ones: 4 weeks make a month, 12 such months a year.
 */
export const RELATIVE_TIME_THRESHOLDS: readonly { readonly unit: Exclude<RelativeTimeUnit, "year">; readonly limit: number }[] = [
  { unit: "second", limit: 60 },
  { unit: "minute", limit: 60 },
  { unit: "hour", limit: 24 },
  { unit: "day", limit: 7 },
  { unit: "week", limit: 4 },
  { unit: "month", limit: 12 },
];

/** Under this many seconds either way a time is "just now" (the same cut the history list uses). */
export const JUST_NOW_SECONDS = 10;
export const JUST_NOW = "just now";

/** "3 minutes ago", "1 hour ago", "in 2 days"; whole units, rounded down. */
export function relativeTime(date: Date, now: Date): string {
  const seconds = (now.getTime() - date.getTime()) / 1000;
  if (Number.isNaN(seconds)) return "";
  const future = seconds < 0;
  let value = Math.floor(Math.abs(seconds));
  if (value < JUST_NOW_SECONDS) return JUST_NOW;
  let unit: RelativeTimeUnit = "year";
  for (const step of RELATIVE_TIME_THRESHOLDS) {
    if (value < step.limit) {
      unit = step.unit;
      break;
    }
    value = Math.floor(value / step.limit);
  }
  const phrase = `${value} ${unit}${value === 1 ? "" : "s"}`;
  return future ? `in ${phrase}` : `${phrase} ago`;
}

export const SIZE_UNITS_1000 = ["B", "kB", "MB", "GB", "TB"] as const;
export const SIZE_UNITS_1024 = ["B", "KiB", "MiB", "GiB", "TiB"] as const;
export const COUNT_UNITS = ["", "K", "M"] as const;

/** One decimal at most, and no trailing ".0". */
function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/**
 * Scales |value| down by `base` while a bigger unit exists, rounding to one decimal; if rounding reaches `base`
 * (999.96 kB → "1000 kB") it moves up one more unit, so the result reads "1 MB" instead.
 */
function scaled(value: number, base: number, units: readonly string[]): { number: string; unit: string } {
  let magnitude = Math.abs(value);
  let unit = 0;
  while (magnitude >= base && unit < units.length - 1) {
    magnitude /= base;
    unit++;
  }
  if (Math.round(magnitude * 10) / 10 >= base && unit < units.length - 1) {
    magnitude /= base;
    unit++;
  }
  const number = oneDecimal(magnitude);
  // No "-0" for tiny negatives that round away.
  return { number: value < 0 && number !== "0" ? `-${number}` : number, unit: units[unit] ?? "" };
}

/** "0 B", "1.5 kB", "2 MB" (base 1000) or "1.5 KiB", "2 MiB" (base 1024). */
export function formatSize(bytes: number, base: 1000 | 1024 = 1000): string {
  if (!Number.isFinite(bytes)) return "0 B";
  const { number, unit } = scaled(bytes, base, base === 1000 ? SIZE_UNITS_1000 : SIZE_UNITS_1024);
  return `${number} ${unit}`;
}

/** "999", "1K", "1.5K", "12K", "1M", "2.3M"; negatives keep their sign. */
export function compactCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const { number, unit } = scaled(n, 1000, COUNT_UNITS);
  return number + unit;
}

/** "12,345": a whole count with thousands separators, the same on server and browser (no locale drift at hydration). */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "0";
}
