/** Password rules and their exact messages (spec accounts §5). */
export const PASSWORD_REQUIREMENTS_HEADING = "Your password doesn't meet our security requirements:";
export const PASSWORD_NEEDS_NUMBER = "Your password must contain a number.";
export const PASSWORD_NEEDS_LETTER = "Your password must contain a letter.";
export const PASSWORD_NEEDS_SPECIAL = "Your password must contain a special character.";
// The spec's text says "more than 8" while the rule is "at least 8"; both are kept as the spec has them.
export const PASSWORD_NEEDS_LENGTH = "Your password must be more than 8 characters long.";
export const PASSWORDS_DO_NOT_MATCH = "Your passwords do not match";
export const MIN_PASSWORD_LENGTH = 8;

// Unicode classes, so "Пароль1!" counts letters like "Password1!" does.
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
/** Special: anything that is neither a letter, a digit nor whitespace (punctuation, symbols, emoji). */
const SPECIAL = /[^\p{L}\p{Nd}\s]/u;

export type PasswordRuleId = "number" | "letter" | "special" | "length";
export type PasswordCheck = { id: PasswordRuleId; text: string; met: boolean };

/** How the sign-up form says, to screen readers, whether a rule is met (the list shows it with an icon). */
export const PASSWORD_RULE_MET = "Met:";
export const PASSWORD_RULE_UNMET = "Not met:";

/** Every rule with its message and whether the password meets it, in the order number, letter, special character, length. */
export function passwordChecklist(password: string): PasswordCheck[] {
  const trimmed = password.trim();
  return [
    { id: "number", text: PASSWORD_NEEDS_NUMBER, met: DIGIT.test(trimmed) },
    { id: "letter", text: PASSWORD_NEEDS_LETTER, met: LETTER.test(trimmed) },
    { id: "special", text: PASSWORD_NEEDS_SPECIAL, met: SPECIAL.test(trimmed) },
    // Code points, not UTF-16 units, so an emoji is one character.
    { id: "length", text: PASSWORD_NEEDS_LENGTH, met: [...trimmed].length >= MIN_PASSWORD_LENGTH },
  ];
}

/** The failing rules' messages, in the checklist's order; empty when strong enough. */
export function passwordProblems(password: string): string[] {
  return passwordChecklist(password)
    .filter((check) => !check.met)
    .map((check) => check.text);
}

export type NewPasswordCheck = { ok: true } | { ok: false; message: string };

/** A new password and its repetition: a mismatch is reported first, then every unmet rule after the heading. */
export function checkNewPassword(password: string, repeat: string): NewPasswordCheck {
  if (password !== repeat) return { ok: false, message: PASSWORDS_DO_NOT_MATCH };
  const problems = passwordProblems(password);
  if (problems.length) return { ok: false, message: [PASSWORD_REQUIREMENTS_HEADING, ...problems].join(" ") };
  return { ok: true };
}
