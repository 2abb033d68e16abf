export type Theme = "light" | "dark";
export const DEFAULT_THEME: Theme = "light";
// The key is shared with the share worker's pages, so it lives in core.
export { THEME_STORAGE_KEY } from "../../../core/theme";

export function parseTheme(value: string | null | undefined): Theme {
  return value === "dark" ? "dark" : DEFAULT_THEME;
}
