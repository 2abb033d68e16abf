export type Theme = "light" | "dark";
export const DEFAULT_THEME: Theme = "light";
// The key is shared with the share worker's pages, so it lives in core.
export { THEME_STORAGE_KEY } from "../../../core/theme";

/** The stored choice wins; with none stored, the system's preference (prefers-color-scheme) decides. */
export function parseTheme(value: string | null | undefined, systemPrefersDark = false): Theme {
  if (value === "dark" || value === "light") return value;
  return systemPrefersDark ? "dark" : DEFAULT_THEME;
}

export const PREFERS_DARK_QUERY = "(prefers-color-scheme: dark)";
