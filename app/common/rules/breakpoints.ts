/** Layout breakpoints in px (spec §9); the same numbers the stylesheet's screens use. */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536, "3xl": 1758, "4xl": 1980 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS | "base";

/** The largest breakpoint whose minimum width is at most `width`; "base" below the smallest (or for NaN). */
export function breakpointFor(width: number): Breakpoint {
  let current: Breakpoint = "base";
  let best = -Infinity;
  // Compared by value, not by key order, so the table can be reordered safely.
  for (const [name, min] of Object.entries(BREAKPOINTS) as [keyof typeof BREAKPOINTS, number][]) {
    if (width >= min && min > best) {
      current = name;
      best = min;
    }
  }
  return current;
}
