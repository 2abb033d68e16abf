export type Theme = "light" | "dark";
export const DEFAULT_THEME: Theme = "light";
export const THEME_STORAGE_KEY = "theme";

export function parseTheme(value: string | null | undefined): Theme {
  return value === "dark" ? "dark" : DEFAULT_THEME;
}
