import { useCallback, useEffect, useState } from "react";
import { DEFAULT_THEME, parseTheme, PREFERS_DARK_QUERY, THEME_STORAGE_KEY, type Theme } from "~/common/rules/theme";
import { useNonce } from "./nonce";

/** Runs in <head> before the body paints, so a stored dark theme never flashes light. */
export function ThemeScript() {
  const nonce = useNonce();
  // The same rule as parseTheme: a stored choice, else the system's preference.
  const code = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="dark"||(t!=="light"&&matchMedia(${JSON.stringify(PREFERS_DARK_QUERY)}).matches))document.documentElement.classList.add("dark")}catch(e){}`;
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}

function readStoredTheme(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY), matchMedia(PREFERS_DARK_QUERY).matches);
  } catch {
    return DEFAULT_THEME;
  }
}

export function useTheme() {
  const [theme, setThemeState] = useState<Theme>(DEFAULT_THEME);
  useEffect(() => setThemeState(readStoredTheme()), []);
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    document.documentElement.classList.toggle("dark", next === "dark");
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
  }, []);
  return { theme, setTheme };
}
