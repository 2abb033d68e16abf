import { describe, expect, it } from "vitest";
import { checkNewPassword, passwordProblems, PASSWORD_NEEDS_LENGTH, PASSWORD_NEEDS_LETTER, PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_SPECIAL, PASSWORDS_DO_NOT_MATCH } from "./password";

describe("password rules", () => {
  it("lists what is missing, in order", () => {
    expect(passwordProblems("")).toEqual([PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_LETTER, PASSWORD_NEEDS_SPECIAL, PASSWORD_NEEDS_LENGTH]);
    expect(passwordProblems("abcdefgh")).toEqual([PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_SPECIAL]);
    expect(passwordProblems("Str0ng!pass")).toEqual([]);
    expect(passwordProblems("  a1!     ")).toContain(PASSWORD_NEEDS_LENGTH);
  });
  it("has the exact texts", () => {
    expect(PASSWORD_NEEDS_LENGTH).toBe("Your password must be more than 8 characters long.");
    expect(checkNewPassword("a", "b")).toEqual({ ok: false, message: "Your passwords do not match" });
    expect(PASSWORDS_DO_NOT_MATCH).toBe("Your passwords do not match");
    expect(checkNewPassword("abc", "abc")).toEqual({
      ok: false,
      message:
        "Your password doesn't meet our security requirements: Your password must contain a number. Your password must contain a special character. Your password must be more than 8 characters long.",
    });
    expect(checkNewPassword("Str0ng!pass", "Str0ng!pass")).toEqual({ ok: true });
  });
});
