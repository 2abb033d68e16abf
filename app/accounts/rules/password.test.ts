import { describe, expect, it } from "vitest";
import {
  checkNewPassword,
  MIN_PASSWORD_LENGTH,
  PASSWORD_NEEDS_LENGTH,
  PASSWORD_NEEDS_LETTER,
  PASSWORD_NEEDS_NUMBER,
  PASSWORD_NEEDS_SPECIAL,
  PASSWORD_REQUIREMENTS_HEADING,
  passwordChecklist,
  passwordProblems,
  PASSWORDS_DO_NOT_MATCH,
} from "./password";

describe("password texts", () => {
  it("are the spec's, word for word", () => {
    expect(PASSWORD_REQUIREMENTS_HEADING).toBe("Your password doesn't meet our security requirements:");
    expect(PASSWORD_NEEDS_NUMBER).toBe("Your password must contain a number.");
    expect(PASSWORD_NEEDS_LETTER).toBe("Your password must contain a letter.");
    expect(PASSWORD_NEEDS_SPECIAL).toBe("Your password must contain a special character.");
    expect(PASSWORD_NEEDS_LENGTH).toBe("Your password must be more than 8 characters long.");
    expect(PASSWORDS_DO_NOT_MATCH).toBe("Your passwords do not match");
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });
});

describe("passwordProblems", () => {
  it("lists everything missing, in the order number, letter, special, length", () => {
    expect(passwordProblems("")).toEqual([PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_LETTER, PASSWORD_NEEDS_SPECIAL, PASSWORD_NEEDS_LENGTH]);
    expect(passwordProblems("abcdefgh")).toEqual([PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_SPECIAL]);
    expect(passwordProblems("12345678")).toEqual([PASSWORD_NEEDS_LETTER, PASSWORD_NEEDS_SPECIAL]);
    expect(passwordProblems("!!!!!!!!")).toEqual([PASSWORD_NEEDS_NUMBER, PASSWORD_NEEDS_LETTER]);
    expect(passwordProblems("a1!")).toEqual([PASSWORD_NEEDS_LENGTH]);
  });

  it("accepts exactly eight characters, not seven", () => {
    expect(passwordProblems("Ab1!xyzw")).toEqual([]);
    expect(passwordProblems("Ab1!xyz")).toEqual([PASSWORD_NEEDS_LENGTH]);
  });

  it("measures after trimming", () => {
    expect(passwordProblems("   Ab1!xyz   ")).toEqual([PASSWORD_NEEDS_LENGTH]);
    expect(passwordProblems("  a1!     ")).toEqual([PASSWORD_NEEDS_LENGTH]);
  });

  it("does not count whitespace as special", () => {
    expect(passwordProblems("abc 1234")).toEqual([PASSWORD_NEEDS_SPECIAL]);
    expect(passwordProblems("abc\t1234")).toEqual([PASSWORD_NEEDS_SPECIAL]);
  });

  it("counts any symbol, emoji and non-Latin letters and digits", () => {
    expect(passwordProblems("Пароль12€")).toEqual([]);
    expect(passwordProblems("abcdefg1🙂")).toEqual([]);
    expect(passwordProblems("abcdef٣_")).toEqual([]);
    // An emoji is one character, not two.
    expect(passwordProblems("a1🙂🙂🙂🙂")).toEqual([PASSWORD_NEEDS_LENGTH]);
  });
});

describe("passwordChecklist", () => {
  it("lists every rule once, with the spec's text, in the order number, letter, special, length", () => {
    expect(passwordChecklist("").map((check) => [check.id, check.text])).toEqual([
      ["number", "Your password must contain a number."],
      ["letter", "Your password must contain a letter."],
      ["special", "Your password must contain a special character."],
      ["length", "Your password must be more than 8 characters long."],
    ]);
  });

  it("marks each rule met or not, by the same tests as the server's check", () => {
    const met = (password: string) => passwordChecklist(password).map((check) => check.met);
    expect(met("")).toEqual([false, false, false, false]);
    expect(met("abc")).toEqual([false, true, false, false]);
    expect(met("abc1")).toEqual([true, true, false, false]);
    expect(met("abc1!")).toEqual([true, true, true, false]);
    // Eight characters (after trimming) is enough, whatever the length message says.
    expect(met("abcde1!x")).toEqual([true, true, true, true]);
    expect(met("  abc1!x  ")).toEqual([true, true, true, false]);
    for (const password of ["", "abc", "Ab1!xyz", "Пароль12€", "  a1!     "]) {
      expect(passwordChecklist(password).filter((check) => !check.met).map((check) => check.text)).toEqual(passwordProblems(password));
    }
  });
});

describe("checkNewPassword", () => {
  it("reports a mismatch first, even for weak passwords", () => {
    expect(checkNewPassword("a", "b")).toEqual({ ok: false, message: "Your passwords do not match" });
    expect(checkNewPassword("Str0ng!pass", "Str0ng!pass ")).toEqual({ ok: false, message: PASSWORDS_DO_NOT_MATCH });
  });

  it("joins the heading and the problems with spaces", () => {
    expect(checkNewPassword("abc", "abc")).toEqual({
      ok: false,
      message:
        "Your password doesn't meet our security requirements: Your password must contain a number. Your password must contain a special character. Your password must be more than 8 characters long.",
    });
    expect(checkNewPassword("abcdefg1", "abcdefg1")).toEqual({
      ok: false,
      message: "Your password doesn't meet our security requirements: Your password must contain a special character.",
    });
  });

  it("passes a strong password", () => {
    expect(checkNewPassword("Str0ng!pass", "Str0ng!pass")).toEqual({ ok: true });
  });
});
