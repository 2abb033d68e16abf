import { describe, expect, it } from "vitest";
import { TRY_IT_GLOBAL, TRY_IT_PER_VISITOR, TRY_IT_WINDOW_SECONDS, tryItRefusal, tryItWindowStart } from "./try-it";

describe("try-it limits", () => {
  it("refuses past the visitor limit first, then past the site-wide one", () => {
    expect(tryItRefusal({ visitor: TRY_IT_PER_VISITOR, global: TRY_IT_GLOBAL })).toBeNull();
    expect(tryItRefusal({ visitor: TRY_IT_PER_VISITOR + 1, global: 1 })).toBe("visitor");
    expect(tryItRefusal({ visitor: 1, global: TRY_IT_GLOBAL + 1 })).toBe("global");
    expect(tryItRefusal({ visitor: TRY_IT_PER_VISITOR + 1, global: TRY_IT_GLOBAL + 1 })).toBe("visitor");
  });

  it("counts in fixed hourly windows", () => {
    expect(tryItWindowStart(TRY_IT_WINDOW_SECONDS * 10 + 5)).toBe(TRY_IT_WINDOW_SECONDS * 10);
    expect(tryItWindowStart(TRY_IT_WINDOW_SECONDS * 10)).toBe(TRY_IT_WINDOW_SECONDS * 10);
  });
});
