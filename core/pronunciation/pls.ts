import { RULE_DEFAULTS, type PronunciationRule } from "./rules";

/**
 * W3C Pronunciation Lexicon Specification (PLS 1.0) files: <lexicon alphabet="..."> of <lexeme>s, each with
 * one or more <grapheme>s and an <alias> or a <phoneme> (its own alphabet attribute overrides the lexicon's).
 * PLS has no case or word-boundary flags: rules read from a file take the defaults, and writing one keeps
 * only what PLS can say.
 */

export type PlsResult = { ok: true; rules: PronunciationRule[] } | { ok: false; message: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

function encode(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attribute(tag: string, name: string): string | null {
  return tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`))?.slice(1).find((v) => v !== undefined) ?? null;
}

/** PLS names alphabets "ipa" and, for ARPAbet, "x-arpabet" or "cmu-arpabet". */
function alphabetName(value: string | null): string {
  const name = (value ?? "ipa").toLowerCase();
  return name === "x-arpabet" || name === "arpabet" ? "cmu-arpabet" : name;
}

export function parsePls(xml: string): PlsResult {
  const lexicon = xml.match(/<lexicon\b[^>]*>/);
  if (!lexicon) return { ok: false, message: "The file is not a PLS lexicon: it has no <lexicon> element." };
  const defaultAlphabet = alphabetName(attribute(lexicon[0], "alphabet"));
  const rules: PronunciationRule[] = [];
  for (const [, body] of xml.matchAll(/<lexeme\b[^>]*>([\s\S]*?)<\/lexeme>/g)) {
    const graphemes = [...body.matchAll(/<grapheme\b[^>]*>([\s\S]*?)<\/grapheme>/g)].map((m) => decode(m[1])).filter(Boolean);
    const alias = body.match(/<alias\b[^>]*>([\s\S]*?)<\/alias>/);
    const phoneme = body.match(/<phoneme\b([^>]*)>([\s\S]*?)<\/phoneme>/);
    if (!graphemes.length) return { ok: false, message: "A <lexeme> has no <grapheme>." };
    if (!alias && !phoneme) return { ok: false, message: `The lexeme "${graphemes[0]}" has neither an <alias> nor a <phoneme>.` };
    for (const grapheme of graphemes) {
      rules.push(
        alias
          ? { type: "alias", string_to_replace: grapheme, alias: decode(alias[1]), ...RULE_DEFAULTS }
          : { type: "phoneme", string_to_replace: grapheme, phoneme: decode(phoneme![2]), alphabet: alphabetName(attribute(`<p ${phoneme![1]}>`, "alphabet") ?? defaultAlphabet), ...RULE_DEFAULTS },
      );
    }
  }
  return { ok: true, rules };
}

export function toPls(rules: PronunciationRule[], language = "en-US"): string {
  const lexemes = rules.map((rule) => {
    const body =
      rule.type === "alias"
        ? `<alias>${encode(rule.alias)}</alias>`
        : `<phoneme alphabet="${rule.alphabet === "cmu-arpabet" ? "x-arpabet" : encode(rule.alphabet)}">${encode(rule.phoneme)}</phoneme>`;
    return `  <lexeme>\n    <grapheme>${encode(rule.string_to_replace)}</grapheme>\n    ${body}\n  </lexeme>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${language}">`,
    ...lexemes,
    "</lexicon>",
    "",
  ].join("\n");
}
