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

/** The failing rules, in the order number, letter, special character, length; empty when strong enough. */
export function passwordProblems(password: string): string[] {
  const trimmed = password.trim();
  const problems: string[] = [];
  if (!DIGIT.test(trimmed)) problems.push(PASSWORD_NEEDS_NUMBER);
  if (!LETTER.test(trimmed)) problems.push(PASSWORD_NEEDS_LETTER);
  if (!SPECIAL.test(trimmed)) problems.push(PASSWORD_NEEDS_SPECIAL);
  // Code points, not UTF-16 units, so an emoji is one character.
  if ([...trimmed].length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_NEEDS_LENGTH);
  return problems;
}

export type NewPasswordCheck = { ok: true } | { ok: false; message: string };

/** A new password and its repetition: a mismatch is reported first, then every unmet rule after the heading. */
export function checkNewPassword(password: string, repeat: string): NewPasswordCheck {
  if (password !== repeat) return { ok: false, message: PASSWORDS_DO_NOT_MATCH };
  const problems = passwordProblems(password);
  if (problems.length) return { ok: false, message: [PASSWORD_REQUIREMENTS_HEADING, ...problems].join(" ") };
  return { ok: true };
}
