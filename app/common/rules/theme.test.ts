import { describe, expect, it } from "vitest";
import { parseTheme } from "./theme";

describe("the theme", () => {
  it("is the stored choice when there is one", () => {
    expect(parseTheme("dark", false)).toBe("dark");
    expect(parseTheme("light", true)).toBe("light");
  });

  it("follows the system when nothing (or nonsense) is stored", () => {
    expect(parseTheme(null, true)).toBe("dark");
    expect(parseTheme(null, false)).toBe("light");
    expect(parseTheme("purple", true)).toBe("dark");
  });
});
