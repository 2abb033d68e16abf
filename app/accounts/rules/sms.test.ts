import { describe, expect, it } from "vitest";
import { maskPhoneNumber, newSmsCode, normalisePhoneNumber, smsCodeMessage, smsResendWait, SMS_RESEND_SECONDS } from "./sms";

describe("SMS second factor rules", () => {
  it("accepts E.164 numbers written with the usual separators and refuses the rest", () => {
    expect(normalisePhoneNumber(" +44 (0)7700-900.123 ")).toBe("+447700900123");
    expect(normalisePhoneNumber("+4407700900123")).toBe("+4407700900123"); // E.164 itself cannot tell a stray 0
    expect(normalisePhoneNumber("+44 7700 900123")).toBe("+447700900123");
    expect(normalisePhoneNumber("+1 (415) 555-0100")).toBe("+14155550100");
    for (const bad of ["07700 900123", "+0 123 456 789", "+12", "+1234567890123456", "+44 7700 9OO123", ""]) expect(normalisePhoneNumber(bad), bad).toBeNull();
  });

  it("masks all but the country code and the last two digits", () => {
    expect(maskPhoneNumber("+447700900123")).toBe("+44 ••••••••23");
    expect(maskPhoneNumber("+14155550100")).toBe("+1 ••••••••00");
    expect(maskPhoneNumber("+14155550100")).not.toContain("415");
  });

  it("draws six-digit codes that vary", () => {
    const codes = new Set(Array.from({ length: 200 }, newSmsCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    expect(smsCodeMessage("123456")).toMatch(/^123456 is your .+ code\. It expires in 10 minutes/);
  });

  it("lets a new code go out once a minute", () => {
    expect(smsResendWait(null, 1000)).toBe(0);
    expect(smsResendWait(1000, 1000)).toBe(SMS_RESEND_SECONDS);
    expect(smsResendWait(1000, 1000 + SMS_RESEND_SECONDS)).toBe(0);
  });
});
