/**
 * The two colour themes, for pages rendered outside the app's stylesheet (the share worker's public pages).
 * The app's own definition is app/tailwind.css; core/theme.test.ts keeps these values equal to it.
 */

/** Where the browser keeps the visitor's choice, "light" or "dark" (the app's theme toggle writes it). */
export const THEME_STORAGE_KEY = "theme";

export type ThemeTokens = Record<"background" | "foreground" | "card" | "muted" | "muted-foreground" | "border" | "input" | "primary" | "primary-foreground" | "accent" | "accent-soft" | "accent-foreground" | "ring", string>;

export const THEME_TOKENS: { light: ThemeTokens; dark: ThemeTokens } = {
  light: {
    background: "#ffffff",
    foreground: "#18181b",
    card: "#ffffff",
    muted: "#f4f4f5",
    "muted-foreground": "#52525b",
    border: "#e4e4e7",
    input: "#d4d4d8",
    primary: "#18181b",
    "primary-foreground": "#fafafa",
    accent: "#7c3aed",
    "accent-soft": "#ede9fe",
    "accent-foreground": "#5b21b6",
    ring: "#7c3aed",
  },
  dark: {
    background: "#09090b",
    foreground: "#f4f4f5",
    card: "#18181b",
    muted: "#27272a",
    "muted-foreground": "#a1a1aa",
    border: "#27272a",
    input: "#3f3f46",
    primary: "#fafafa",
    "primary-foreground": "#18181b",
    accent: "#a78bfa",
    "accent-soft": "#2e1065",
    "accent-foreground": "#c4b5fd",
    ring: "#a78bfa",
  },
};

/** The tokens as CSS custom properties. */
export function tokenDeclarations(tokens: ThemeTokens): string {
  return Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");
}
