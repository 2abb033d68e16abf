export type Theme = "light" | "dark";
export const DEFAULT_THEME: Theme = "light";
export const THEME_STORAGE_KEY = "theme";

/** The stored choice wins; with none stored, the system's preference (prefers-color-scheme) decides. */
export function parseTheme(value: string | null | undefined, systemPrefersDark = false): Theme {
  if (value === "dark" || value === "light") return value;
  return systemPrefersDark ? "dark" : DEFAULT_THEME;
}

export const PREFERS_DARK_QUERY = "(prefers-color-scheme: dark)";
