import { nowSeconds } from "../../../core/clock";

/** "3 minutes ago" with the spec's thresholds (60 s, 60 min, 24 h, 7 d, 4 wk, 12 mo). */
export const RELATIVE_TIME_STEPS: [number, string][] = [
  [60, "second"],
  [60, "minute"],
  [24, "hour"],
  [7, "day"],
  [4, "week"],
  [12, "month"],
];

export function relativeTimeLabel(unixSeconds: number, now: number = nowSeconds()): string {
  let value = Math.max(0, Math.floor(now - unixSeconds));
  if (value < 10) return "just now";
  for (const [limit, unit] of RELATIVE_TIME_STEPS) {
    if (value < limit) return `${value} ${unit}${value === 1 ? "" : "s"} ago`;
    value = Math.floor(value / limit);
  }
  return `${value} year${value === 1 ? "" : "s"} ago`;
}
