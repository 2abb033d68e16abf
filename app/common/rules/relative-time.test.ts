import { describe, expect, it } from "vitest";
import { relativeTimeLabel } from "./relative-time";

describe("relativeTimeLabel", () => {
  const now = 1_000_000_000;
  it("uses the spec's thresholds", () => {
    expect(relativeTimeLabel(now - 3, now)).toBe("just now");
    expect(relativeTimeLabel(now - 45, now)).toBe("45 seconds ago");
    expect(relativeTimeLabel(now - 60, now)).toBe("1 minute ago");
    expect(relativeTimeLabel(now - 59 * 60, now)).toBe("59 minutes ago");
    expect(relativeTimeLabel(now - 3600, now)).toBe("1 hour ago");
    expect(relativeTimeLabel(now - 86400 * 2, now)).toBe("2 days ago");
    expect(relativeTimeLabel(now - 86400 * 7, now)).toBe("1 week ago");
    expect(relativeTimeLabel(now - 86400 * 28, now)).toBe("1 month ago");
    expect(relativeTimeLabel(now - 86400 * 28 * 12, now)).toBe("1 year ago");
  });
});
