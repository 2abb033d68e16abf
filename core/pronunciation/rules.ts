import { toEspeakMnemonics } from "./phonemes";

/** A pronunciation dictionary's rule as the API stores and answers it (snake_case, ElevenLabs' shape). */
export type AliasRule = { type: "alias"; string_to_replace: string; alias: string; case_sensitive: boolean; word_boundaries: boolean };
export type PhonemeRule = { type: "phoneme"; string_to_replace: string; phoneme: string; alphabet: string; case_sensitive: boolean; word_boundaries: boolean };
export type PronunciationRule = AliasRule | PhonemeRule;

/** ElevenLabs' defaults when a rule leaves the flags out. */
export const RULE_DEFAULTS = { case_sensitive: true, word_boundaries: true } as const;
/** Per dictionary version; a dictionary is applied to every request, so it stays small. */
export const MAX_RULES = 1000;
export const MAX_RULE_TEXT = 200;
/** Locators a request may name (ElevenLabs allows up to 3). */
export const MAX_LOCATORS = 3;
/** A Studio project may apply more (ElevenLabs does not say how many; ten keeps the rules' copy small). */
export const MAX_PROJECT_DICTIONARIES = 10;

/** The problems of a rule list, as one readable sentence per rule; empty when every rule is usable. */
export function ruleProblems(rules: PronunciationRule[]): string[] {
  const problems: string[] = [];
  if (rules.length > MAX_RULES) problems.push(`At most ${MAX_RULES} rules per dictionary.`);
  rules.forEach((rule, index) => {
    const where = `Rule ${index + 1} ("${rule.string_to_replace}")`;
    if (!rule.string_to_replace.trim()) problems.push(`Rule ${index + 1}: string_to_replace must not be empty.`);
    if (rule.string_to_replace.length > MAX_RULE_TEXT) problems.push(`${where}: string_to_replace is longer than ${MAX_RULE_TEXT} characters.`);
    if (rule.type === "alias") {
      if (rule.alias.length > MAX_RULE_TEXT) problems.push(`${where}: the alias is longer than ${MAX_RULE_TEXT} characters.`);
      return;
    }
    const converted = toEspeakMnemonics(rule.phoneme, rule.alphabet);
    if (!converted.ok) {
      problems.push(
        rule.alphabet === "ipa" || rule.alphabet === "cmu-arpabet"
          ? `${where}: the embedded engine cannot speak ${converted.unsupported.map((s) => `"${s}"`).join(", ")} in ${rule.alphabet}.`
          : `${where}: alphabet must be "ipa" or "cmu-arpabet".`,
      );
    }
  });
  return problems;
}

/** Rules with the same string_to_replace are replaced by the later one (add-rules' documented behaviour). */
export function mergeRules(existing: PronunciationRule[], added: PronunciationRule[]): PronunciationRule[] {
  const replaced = new Set(added.map((rule) => rule.string_to_replace));
  return [...existing.filter((rule) => !replaced.has(rule.string_to_replace)), ...added];
}

export function removeRules(existing: PronunciationRule[], ruleStrings: string[]): PronunciationRule[] {
  const removed = new Set(ruleStrings);
  return existing.filter((rule) => !removed.has(rule.string_to_replace));
}

export type AppliedText = {
  /** The text the engine is given. */
  text: string;
  /** Whether it contains [[ ]] phoneme input (the engine must be told to read it). */
  phonemes: boolean;
};

/**
 * Applies the rules in order (dictionaries in the order of the request, rules in the dictionary's order): the
 * first rule to match a stretch of text wins, and replaced text is never matched again. Alias rules put their
 * alias in place; phoneme rules put espeak-ng mnemonics inside [[ ]] when the engine reads them
 * (`phonemeInput`), and are skipped otherwise (a server engine has no phoneme input).
 */
export function applyRules(text: string, rules: PronunciationRule[], phonemeInput: boolean): AppliedText {
  type Piece = { text: string; done: boolean };
  let pieces: Piece[] = [{ text, done: false }];
  let phonemes = false;
  for (const rule of rules) {
    let replacement: string;
    if (rule.type === "alias") replacement = rule.alias;
    else {
      const converted = phonemeInput ? toEspeakMnemonics(rule.phoneme, rule.alphabet) : null;
      if (!converted?.ok) continue;
      replacement = `[[${converted.mnemonics}]]`;
    }
    const pattern = matcher(rule);
    const next: Piece[] = [];
    for (const piece of pieces) {
      if (piece.done) { next.push(piece); continue; }
      let last = 0;
      for (const match of piece.text.matchAll(pattern)) {
        if (match.index > last) next.push({ text: piece.text.slice(last, match.index), done: false });
        next.push({ text: replacement, done: true });
        if (rule.type === "phoneme") phonemes = true;
        last = match.index + match[0].length;
      }
      if (last < piece.text.length) next.push({ text: piece.text.slice(last), done: false });
    }
    pieces = next;
  }
  // In phoneme mode "[[" in the person's own text would start phoneme input too: a space defuses it.
  const escape = (s: string) => (phonemes ? s.replaceAll("[[", "[ [").replaceAll("]]", "] ]") : s);
  return { text: pieces.map((piece) => (piece.done ? piece.text : escape(piece.text))).join(""), phonemes };
}

function matcher(rule: PronunciationRule): RegExp {
  const escaped = rule.string_to_replace.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const bounded = rule.word_boundaries ? `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])` : escaped;
  return new RegExp(bounded, rule.case_sensitive ? "gu" : "giu");
}

/** A rule as the API receives it (both spellings of the flags are the SDK's snake_case on the wire). */
export type RuleInput =
  | { type: "alias"; string_to_replace: string; alias: string; case_sensitive?: boolean; word_boundaries?: boolean }
  | { type: "phoneme"; string_to_replace: string; phoneme: string; alphabet: string; case_sensitive?: boolean; word_boundaries?: boolean };

export function withDefaults(rule: RuleInput): PronunciationRule {
  const flags = {
    case_sensitive: rule.case_sensitive ?? RULE_DEFAULTS.case_sensitive,
    word_boundaries: rule.word_boundaries ?? RULE_DEFAULTS.word_boundaries,
  };
  return rule.type === "alias"
    ? { type: "alias", string_to_replace: rule.string_to_replace, alias: rule.alias, ...flags }
    : { type: "phoneme", string_to_replace: rule.string_to_replace, phoneme: rule.phoneme, alphabet: rule.alphabet, ...flags };
}
