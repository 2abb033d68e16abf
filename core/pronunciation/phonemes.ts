/**
 * Phoneme rules' alphabets to espeak-ng's own phoneme mnemonics (its English table, ph_english), which the
 * embedded engine reads inside [[ ]]. A symbol with no counterpart is refused by name rather than guessed.
 */

export const PHONEME_ALPHABETS = ["ipa", "cmu-arpabet"] as const;
export type PhonemeAlphabet = (typeof PHONEME_ALPHABETS)[number];

export type Conversion = { ok: true; mnemonics: string } | { ok: false; unsupported: string[] };

/** IPA, longest sequences first (diphthongs and long vowels before their parts). */
const IPA: [string, string][] = [
  ["tʃ", "tS"], ["t͡ʃ", "tS"], ["dʒ", "dZ"], ["d͡ʒ", "dZ"], ["ʧ", "tS"], ["ʤ", "dZ"],
  ["eɪ", "eI"], ["aɪ", "aI"], ["ɔɪ", "OI"], ["aʊ", "aU"], ["oʊ", "oU"], ["əʊ", "@U"], ["ɪə", "i@"], ["ɛə", "e@"],
  ["eə", "e@"], ["ʊə", "U@"], ["ɑː", "A:"], ["ɔː", "O:"], ["iː", "i:"], ["uː", "u:"], ["ɜː", "3:"], ["ɝ", "3:"],
  ["æ", "a"], ["ɑ", "A:"], ["ɒ", "0"], ["ʌ", "V"], ["ə", "@"], ["ɚ", "3"], ["ɜ", "3:"], ["ɛ", "E"], ["e", "E"],
  ["ɪ", "I"], ["i", "i:"], ["ʊ", "U"], ["u", "u:"], ["ɔ", "O:"], ["o", "oU"], ["a", "a"],
  ["p", "p"], ["b", "b"], ["t", "t"], ["d", "d"], ["k", "k"], ["ɡ", "g"], ["g", "g"], ["f", "f"], ["v", "v"],
  ["θ", "T"], ["ð", "D"], ["s", "s"], ["z", "z"], ["ʃ", "S"], ["ʒ", "Z"], ["h", "h"], ["m", "m"], ["n", "n"],
  ["ŋ", "N"], ["l", "l"], ["ɫ", "l"], ["ɹ", "r"], ["r", "r"], ["ɾ", "t"], ["w", "w"], ["j", "j"],
];
const IPA_PRIMARY = "ˈ";
const IPA_SECONDARY = "ˌ";
/** Marks with no sound of their own: syllable breaks, length on an already long vowel, ties. */
const IPA_SILENT = new Set([".", "ː", "\u0361", "\u035c"]);

/** CMU ARPAbet (the CMU Pronouncing Dictionary's 39 phonemes); vowels carry a stress digit 0, 1 or 2. */
const ARPABET: Record<string, string> = {
  AA: "A:", AE: "a", AH: "V", AO: "O:", AW: "aU", AY: "aI", EH: "E", ER: "3:", EY: "eI", IH: "I", IY: "i:",
  OW: "oU", OY: "OI", UH: "U", UW: "u:",
  B: "b", CH: "tS", D: "d", DH: "D", F: "f", G: "g", HH: "h", JH: "dZ", K: "k", L: "l", M: "m", N: "n",
  NG: "N", P: "p", R: "r", S: "s", SH: "S", T: "t", TH: "T", V: "v", W: "w", Y: "j", Z: "z", ZH: "Z",
};
/** Unstressed AH and ER are the reduced vowels. */
const ARPABET_UNSTRESSED: Record<string, string> = { AH: "@", ER: "3" };
const VOWEL_MNEMONIC = /^[aAeEiIoOuUV03@]/;

export function toEspeakMnemonics(phoneme: string, alphabet: string): Conversion {
  if (alphabet === "ipa") return fromIpa(phoneme);
  if (alphabet === "cmu-arpabet") return fromArpabet(phoneme);
  return { ok: false, unsupported: [`alphabet ${alphabet}`] };
}

function fromIpa(phoneme: string): Conversion {
  const words: string[] = [];
  const unsupported = new Set<string>();
  for (const word of phoneme.normalize("NFC").replace(/^\/|\/$|^\[|\]$/g, "").trim().split(/\s+/)) {
    let out = "";
    let stress = "";
    let i = 0;
    while (i < word.length) {
      const ch = word[i];
      if (ch === IPA_PRIMARY || ch === "'") { stress = "'"; i++; continue; }
      if (ch === IPA_SECONDARY || ch === ",") { stress = ","; i++; continue; }
      if (IPA_SILENT.has(ch)) { i++; continue; }
      const match = IPA.find(([symbol]) => word.startsWith(symbol, i));
      if (!match) { unsupported.add(ch); i++; continue; }
      // espeak-ng wants the stress mark on the vowel, IPA puts it before the syllable's onset.
      if (stress && VOWEL_MNEMONIC.test(match[1])) { out += stress; stress = ""; }
      out += match[1];
      i += match[0].length;
    }
    if (out) words.push(out);
  }
  if (unsupported.size) return { ok: false, unsupported: [...unsupported] };
  return words.length ? { ok: true, mnemonics: words.join(" ") } : { ok: false, unsupported: ["an empty phoneme string"] };
}

function fromArpabet(phoneme: string): Conversion {
  const unsupported: string[] = [];
  let out = "";
  for (const token of phoneme.trim().toUpperCase().split(/\s+/).filter(Boolean)) {
    const [, base, digit] = token.match(/^([A-Z]+)([012])?$/) ?? [];
    const mnemonic = base ? ARPABET[base] : undefined;
    if (!mnemonic) { unsupported.push(token); continue; }
    if (digit === "0" && ARPABET_UNSTRESSED[base]) out += ARPABET_UNSTRESSED[base];
    else out += (digit === "1" ? "'" : digit === "2" ? "," : "") + mnemonic;
  }
  if (unsupported.length) return { ok: false, unsupported };
  return out ? { ok: true, mnemonics: out } : { ok: false, unsupported: ["an empty phoneme string"] };
}
