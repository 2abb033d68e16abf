/** Password rules and their exact messages (spec accounts §5). */
export const PASSWORD_REQUIREMENTS_HEADING = "Your password doesn't meet our security requirements:";
export const PASSWORD_NEEDS_NUMBER = "Your password must contain a number.";
export const PASSWORD_NEEDS_LETTER = "Your password must contain a letter.";
export const PASSWORD_NEEDS_SPECIAL = "Your password must contain a special character.";
export const PASSWORD_NEEDS_LENGTH = "Your password must be more than 8 characters long.";
export const PASSWORDS_DO_NOT_MATCH = "Your passwords do not match";
export const MIN_PASSWORD_LENGTH = 8;

/** The failing rules, in the order number, letter, special character, length; empty when strong enough. */
export function passwordProblems(password: string): string[] {
  const trimmed = password.trim();
  const problems: string[] = [];
  if (!/\p{Nd}/u.test(trimmed)) problems.push(PASSWORD_NEEDS_NUMBER);
  if (!/\p{L}/u.test(trimmed)) problems.push(PASSWORD_NEEDS_LETTER);
  if (!/[^\p{L}\p{Nd}\s]/u.test(trimmed)) problems.push(PASSWORD_NEEDS_SPECIAL);
  if ([...trimmed].length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_NEEDS_LENGTH);
  return problems;
}

export function checkNewPassword(password: string, repeat: string): { ok: true } | { ok: false; message: string } {
  if (password !== repeat) return { ok: false, message: PASSWORDS_DO_NOT_MATCH };
  const problems = passwordProblems(password);
  if (problems.length) return { ok: false, message: [PASSWORD_REQUIREMENTS_HEADING, ...problems].join(" ") };
  return { ok: true };
}
