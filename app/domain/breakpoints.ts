/** Layout breakpoints in px (spec §9). */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536, "3xl": 1758, "4xl": 1980 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS | "base";

export function breakpointFor(width: number): Breakpoint {
  let current: Breakpoint = "base";
  for (const [name, min] of Object.entries(BREAKPOINTS) as [keyof typeof BREAKPOINTS, number][]) if (width >= min) current = name;
  return current;
}
