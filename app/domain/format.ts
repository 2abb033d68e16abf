/** Sizes in base 1000 (default) or 1024, and counts compacted to K and M (spec §9). */
const UNITS_1000 = ["B", "kB", "MB", "GB", "TB"];
const UNITS_1024 = ["B", "KiB", "MiB", "GiB", "TiB"];

function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

export function formatSize(bytes: number, base: 1000 | 1024 = 1000): string {
  const units = base === 1000 ? UNITS_1000 : UNITS_1024;
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit++;
  }
  return `${bytes < 0 ? "-" : ""}${unit === 0 ? String(value) : oneDecimal(value)} ${units[unit]}`;
}

export function compactCount(n: number): string {
  const sign = n < 0 ? "-" : "";
  const value = Math.abs(n);
  if (value >= 1_000_000) return `${sign}${oneDecimal(value / 1_000_000)}M`;
  if (value >= 1_000) return `${sign}${oneDecimal(value / 1_000)}K`;
  return `${sign}${value}`;
}
