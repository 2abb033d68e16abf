import { describe, expect, it } from "vitest";
import { API_KEY_PATTERN, apiKeyName, apiKeyPreview } from "./api-keys";

describe("api keys", () => {
  it("recognises the sk_ + 48 hex shape", () => {
    expect(API_KEY_PATTERN.test("sk_" + "a1".repeat(24))).toBe(true);
    expect(API_KEY_PATTERN.test("sk_" + "a1".repeat(23))).toBe(false);
    expect(API_KEY_PATTERN.test("sk_" + "G1".repeat(24))).toBe(false);
    expect(API_KEY_PATTERN.test("pk_" + "a1".repeat(24))).toBe(false);
  });
  it("previews only the prefix and the last four characters", () => {
    const key = "sk_" + "0123456789abcdef".repeat(3);
    expect(apiKeyPreview(key)).toBe("sk_01…cdef");
    expect(apiKeyPreview(key)).not.toContain("456789");
  });
  it("validates names", () => {
    expect(apiKeyName.safeParse("  CI key ").data).toBe("CI key");
    expect(apiKeyName.safeParse("   ").success).toBe(false);
    expect(apiKeyName.safeParse("x".repeat(101)).success).toBe(false);
  });
});
