import { describe, expect, it } from "vitest";
import { toEspeakMnemonics } from "./phonemes";
import { applyRules, mergeRules, removeRules, ruleProblems, withDefaults, type PronunciationRule } from "./rules";
import { parsePls, toPls } from "./pls";

const alias = (string_to_replace: string, to: string, flags: Partial<PronunciationRule> = {}): PronunciationRule => ({ ...withDefaults({ type: "alias", string_to_replace, alias: to }), ...flags }) as PronunciationRule;
const phoneme = (string_to_replace: string, p: string, alphabet = "ipa"): PronunciationRule => withDefaults({ type: "phoneme", string_to_replace, phoneme: p, alphabet });

describe("phoneme alphabets to espeak-ng mnemonics", () => {
  it("converts IPA, moving the stress mark onto the vowel", () => {
    expect(toEspeakMnemonics("həˈloʊ", "ipa")).toEqual({ ok: true, mnemonics: "h@l'oU" });
    expect(toEspeakMnemonics("/təˈmɑːtoʊ/", "ipa")).toEqual({ ok: true, mnemonics: "t@m'A:toU" });
    expect(toEspeakMnemonics("ˈtaɪ.lænd", "ipa")).toEqual({ ok: true, mnemonics: "t'aIland" });
  });
  it("converts CMU ARPAbet with its stress digits", () => {
    expect(toEspeakMnemonics("HH AH0 L OW1", "cmu-arpabet")).toEqual({ ok: true, mnemonics: "h@l'oU" });
    expect(toEspeakMnemonics("T AY1 L AE2 N D", "cmu-arpabet")).toEqual({ ok: true, mnemonics: "t'aIl,and" });
  });
  it("names what it cannot convert", () => {
    expect(toEspeakMnemonics("ʁyʃ", "ipa")).toEqual({ ok: false, unsupported: ["ʁ", "y"] });
    expect(toEspeakMnemonics("HH QQ1", "cmu-arpabet")).toEqual({ ok: false, unsupported: ["QQ1"] });
    expect(toEspeakMnemonics("x", "x-sampa").ok).toBe(false);
  });
});

describe("applying rules", () => {
  it("replaces whole words by default, case-sensitively", () => {
    const rules = [alias("Thailand", "tie-land")];
    expect(applyRules("Thailand and Thailandish, thailand.", rules, true).text).toBe("tie-land and Thailandish, thailand.");
  });
  it("honours case_sensitive false and word_boundaries false", () => {
    expect(applyRules("THAILAND", [alias("thailand", "tie-land", { case_sensitive: false })], true).text).toBe("tie-land");
    expect(applyRules("Thailandish", [alias("Thailand", "tie-land", { word_boundaries: false })], true).text).toBe("tie-landish");
  });
  it("never matches replaced text again; the first rule wins", () => {
    const rules = [alias("UN", "United Nations"), alias("United", "Divided"), alias("UN", "you en")];
    expect(applyRules("The UN met.", rules, true).text).toBe("The United Nations met.");
  });
  it("puts phoneme rules in [[ ]] for the embedded engine and escapes the text's own brackets", () => {
    const applied = applyRules("A tomato [[x]].", [phoneme("tomato", "təˈmɑːtoʊ")], true);
    expect(applied).toEqual({ text: "A [[t@m'A:toU]] [ [x] ].", phonemes: true });
  });
  it("skips phoneme rules for engines without phoneme input", () => {
    expect(applyRules("A tomato.", [phoneme("tomato", "təˈmɑːtoʊ")], false)).toEqual({ text: "A tomato.", phonemes: false });
  });
  it("treats the search text literally", () => {
    expect(applyRules("a+b and a.b", [alias("a+b", "sum", { word_boundaries: false })], true).text).toBe("sum and a.b");
  });
});

describe("rule lists", () => {
  it("refuses phonemes the engine cannot speak, by symbol", () => {
    expect(ruleProblems([phoneme("Paris", "paʁi")])).toEqual(['Rule 1 ("Paris"): the embedded engine cannot speak "ʁ" in ipa.']);
    expect(ruleProblems([phoneme("x", "x", "klingon")])[0]).toContain('alphabet must be "ipa" or "cmu-arpabet"');
    expect(ruleProblems([alias("ok", "okay")])).toEqual([]);
  });
  it("adds (replacing the same string) and removes", () => {
    const merged = mergeRules([alias("a", "1"), alias("b", "2")], [alias("a", "3")]);
    expect(merged.map((r) => [r.string_to_replace, r.type === "alias" && r.alias])).toEqual([["b", "2"], ["a", "3"]]);
    expect(removeRules(merged, ["b"]).map((r) => r.string_to_replace)).toEqual(["a"]);
  });
});

describe("PLS lexicons", () => {
  const pls = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>Thailand</grapheme><alias>tie-land</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><grapheme>Tomato</grapheme><phoneme>təˈmɑːtoʊ</phoneme></lexeme>
  <lexeme><grapheme>AT&amp;T</grapheme><phoneme alphabet="x-arpabet">EY1 T IY1</phoneme></lexeme>
</lexicon>`;
  it("reads aliases, phonemes, several graphemes and per-phoneme alphabets", () => {
    const parsed = parsePls(pls);
    expect(parsed.ok && parsed.rules).toEqual([
      alias("Thailand", "tie-land"),
      phoneme("tomato", "təˈmɑːtoʊ"),
      phoneme("Tomato", "təˈmɑːtoʊ"),
      phoneme("AT&T", "EY1 T IY1", "cmu-arpabet"),
    ]);
  });
  it("writes what it reads", () => {
    const parsed = parsePls(pls);
    if (!parsed.ok) throw new Error(parsed.message);
    const again = parsePls(toPls(parsed.rules));
    expect(again.ok && again.rules).toEqual(parsed.rules);
  });
  it("refuses what is not a lexicon", () => {
    expect(parsePls("<html></html>")).toEqual({ ok: false, message: "The file is not a PLS lexicon: it has no <lexicon> element." });
    expect(parsePls("<lexicon><lexeme><grapheme>a</grapheme></lexeme></lexicon>").ok).toBe(false);
  });
});
