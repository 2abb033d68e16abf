/**
 * Why a Generate button is disabled, said beside it (issue #17, finding 7): a greyed-out button alone does not
 * tell what to change. The first reason that applies is given; null when generating is possible.
 */
export const EMPTY_TEXT_HINT = "Enter some text to generate speech.";
export const EMPTY_DIALOGUE_HINT = "Write at least one line to generate a dialogue.";

export type GenerateBlock = { reason: "empty" | "too-long" | "quota"; message: string };

const count = (n: number) => n.toLocaleString("en");

export function tooLongHint(over: number, limit: number, limitOf = "this model"): string {
  return `The text is ${count(over)} character${over === 1 ? "" : "s"} over the limit of ${count(limit)} for ${limitOf}. Shorten it to generate.`;
}

export function quotaHint(needed: number, left: number): string {
  return left <= 0
    ? "You have no credits left this period. Upgrade your plan to keep generating."
    : `This text needs ${count(needed)} credits, and ${count(left)} are left this period. Shorten it or upgrade your plan.`;
}

/**
 * `characters` is what the request is charged (code points); `creditsLeft` is null when the workspace has no
 * fixed ceiling (usage-based billing lets it go beyond its limit).
 */
export function generateBlocked({ empty, characters, maxCharacters, creditsLeft, emptyMessage = EMPTY_TEXT_HINT, limitOf }: { empty: boolean; characters: number; maxCharacters: number; creditsLeft: number | null; emptyMessage?: string; limitOf?: string }): GenerateBlock | null {
  if (empty) return { reason: "empty", message: emptyMessage };
  if (characters > maxCharacters) return { reason: "too-long", message: tooLongHint(characters - maxCharacters, maxCharacters, limitOf) };
  if (creditsLeft !== null && characters > creditsLeft) return { reason: "quota", message: quotaHint(characters, creditsLeft) };
  return null;
}
