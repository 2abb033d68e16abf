import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_TOKENS, tokenDeclarations } from "./theme";

/** The custom properties of one rule block of app/tailwind.css (`:root` or `.dark`). */
function block(css: string, selector: string): Record<string, string> {
  const body = css.slice(css.indexOf(`${selector} {`)).split("}")[0]!;
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe("theme tokens", () => {
  const css = readFileSync(new URL("../app/tailwind.css", import.meta.url), "utf8");

  it("are the app's, in both themes", () => {
    const light = block(css, ":root,\n.light");
    const dark = block(css, ".dark");
    for (const [name, value] of Object.entries(THEME_TOKENS.light)) expect(light[name], name).toBe(value);
    for (const [name, value] of Object.entries(THEME_TOKENS.dark)) expect(dark[name], name).toBe(value);
  });

  it("render as custom properties", () => {
    expect(tokenDeclarations({ ...THEME_TOKENS.light })).toContain("--muted-foreground:#52525b;");
  });
});
