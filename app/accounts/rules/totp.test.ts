import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, otpauthUri, totpCode, verifyTotp } from "./totp";

// RFC 6238 appendix B test secret (ASCII "12345678901234567890"), SHA-1, truncated to 6 digits.
const SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));

describe("TOTP", () => {
  it("round-trips base32", () => {
    expect(SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(new TextDecoder().decode(base32Decode(SECRET))).toBe("12345678901234567890");
  });
  it("matches the RFC 6238 vectors", async () => {
    expect(await totpCode(SECRET, 59)).toBe("287082");
    expect(await totpCode(SECRET, 1111111109)).toBe("081804");
    expect(await totpCode(SECRET, 1234567890)).toBe("005924");
    expect(await totpCode(SECRET, 2000000000)).toBe("279037");
  });
  it("accepts one step of drift and nothing else", async () => {
    expect(await verifyTotp(SECRET, "081804", 1111111109 + 30)).toBe(true);
    expect(await verifyTotp(SECRET, "081804", 1111111109 + 90)).toBe(false);
    expect(await verifyTotp(SECRET, "12345", 59)).toBe(false);
  });
  it("builds the otpauth URI", () => {
    expect(otpauthUri("ABC", "a@b.c", "Parlance")).toBe("otpauth://totp/Parlance:a%40b.c?secret=ABC&issuer=Parlance&algorithm=SHA1&digits=6&period=30");
  });
});
