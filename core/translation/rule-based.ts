// The embedded translator: English to Spanish by rules over a bilingual lexicon (core/translation/en-es-lexicon.ts),
// not a statistical model. It reads phrases first, then noun phrases (article, adjectives, noun: the article and
// adjectives agree with the noun's gender and number, most adjectives move after the noun), subject pronouns
// (which set the verb's person and are dropped as Spanish does) and verb groups (present, past, future with
// "will", negation with do/not, "to be" as ser or estar, "can"/"want to"/"have to"/"going to", "like" as gustar,
// object pronouns before the verb). A word it does not know is passed through and reported.
import { ADJECTIVE_LEXICON, FIXED_LEXICON, IRREGULAR_ES, IRREGULAR_PAST, NOUN_LEXICON, PHRASES, VERB_LEXICON, type NounEntry, type Tense } from "./en-es-lexicon";

export type RuleTranslation = { text: string; unknownWords: string[] };

/** The language pairs the embedded translator has a lexicon for (source then target, ISO 639-1). */
export const RULE_BASED_PAIRS = [["en", "es"]] as const;

export function ruleBasedCovers(source: string, target: string): boolean {
  return RULE_BASED_PAIRS.some(([s, t]) => s === source && t === target);
}

const CONTRACTIONS: Record<string, string> = {
  "i'm": "i am", "you're": "you are", "he's": "he is", "she's": "she is", "it's": "it is", "we're": "we are", "they're": "they are",
  "don't": "do not", "doesn't": "does not", "didn't": "did not", "can't": "can not", cannot: "can not", "won't": "will not",
  "isn't": "is not", "aren't": "are not", "wasn't": "was not", "weren't": "were not", "i'll": "i will", "you'll": "you will",
  "he'll": "he will", "she'll": "she will", "we'll": "we will", "they'll": "they will", "i've": "i have", "we've": "we have",
  "what's": "what is", "that's": "that is", "there's": "there is", "let's": "let us",
};

/** Subject pronouns and the Spanish person (0 yo ... 5 ellos) they set; `say` is kept where Spanish needs it. */
const SUBJECTS: Record<string, { person: number; say: string | null }> = {
  i: { person: 0, say: null }, you: { person: 1, say: null }, he: { person: 2, say: "él" }, she: { person: 2, say: "ella" },
  it: { person: 2, say: null }, we: { person: 3, say: null }, they: { person: 5, say: null }, there: { person: 2, say: null },
};
const CLITICS: Record<string, string> = { me: "me", you: "te", him: "lo", her: "la", it: "lo", us: "nos", them: "los" };
/** "like": the liker becomes the indirect object of gustar. */
const DATIVE = ["me", "te", "le", "nos", "os", "les"];
const BE_FORMS: Record<string, { tense: Tense; person: number | null }> = {
  am: { tense: "present", person: 0 }, is: { tense: "present", person: 2 }, are: { tense: "present", person: null },
  was: { tense: "preterite", person: null }, were: { tense: "preterite", person: null }, be: { tense: "present", person: null },
};
/** Adjectives of state or place after "to be" take estar (está cansado), the rest ser (es grande). */
const ESTAR_WORDS = new Set(["tired", "happy", "sad", "busy", "ready", "open", "closed", "full", "empty", "clean", "dirty", "hungry", "here", "there", "in", "at", "on", "near", "fine", "well", "home", "late", "early"]);
const PRE_NOMINAL = new Set(["other", "first", "last", "next", "good", "bad", "great", "same"]);

type Determiner = { m: string; f: string; mp: string; fp: string };
const DETERMINERS: Record<string, Determiner> = {
  the: { m: "el", f: "la", mp: "los", fp: "las" }, a: { m: "un", f: "una", mp: "unos", fp: "unas" }, an: { m: "un", f: "una", mp: "unos", fp: "unas" },
  this: { m: "este", f: "esta", mp: "estos", fp: "estas" }, these: { m: "estos", f: "estas", mp: "estos", fp: "estas" },
  that: { m: "ese", f: "esa", mp: "esos", fp: "esas" }, those: { m: "esos", f: "esas", mp: "esos", fp: "esas" },
  some: { m: "unos", f: "unas", mp: "unos", fp: "unas" }, my: { m: "mi", f: "mi", mp: "mis", fp: "mis" }, your: { m: "tu", f: "tu", mp: "tus", fp: "tus" },
  his: { m: "su", f: "su", mp: "sus", fp: "sus" }, her: { m: "su", f: "su", mp: "sus", fp: "sus" }, its: { m: "su", f: "su", mp: "sus", fp: "sus" },
  their: { m: "su", f: "su", mp: "sus", fp: "sus" }, our: { m: "nuestro", f: "nuestra", mp: "nuestros", fp: "nuestras" },
  every: { m: "cada", f: "cada", mp: "cada", fp: "cada" }, each: { m: "cada", f: "cada", mp: "cada", fp: "cada" },
  all: { m: "todo el", f: "toda la", mp: "todos los", fp: "todas las" }, many: { m: "mucho", f: "mucha", mp: "muchos", fp: "muchas" },
  no: { m: "ningún", f: "ninguna", mp: "ningunos", fp: "ningunas" },
};
const IRREGULAR_PLURAL_EN: Record<string, string> = { men: "man", women: "woman", children: "child", people: "people", feet: "foot", teeth: "tooth", mice: "mouse" };

/** The Spanish plural of a noun or adjective: a vowel takes -s, a consonant -es, a final z becomes -ces. */
export function spanishPlural(word: string): string {
  if (/z$/.test(word)) return `${word.slice(0, -1)}ces`;
  if (/[aeiouáéó]$/.test(word)) return `${word}s`;
  // A stressed last vowel loses its accent in the plural (canción, canciones; inglés, ingleses).
  const unaccented = word.replace(/[áéíóú](?=[ns]$)/, (v) => ({ á: "a", é: "e", í: "i", ó: "o", ú: "u" })[v]!);
  return `${unaccented}es`;
}

/** An adjective agreeing with a noun: masculine -o becomes -a; the plural follows spanishPlural. */
export function agreeAdjective(masculine: string, gender: "m" | "f", plural: boolean): string {
  let form = masculine;
  if (gender === "f") {
    if (form.endsWith("o")) form = `${form.slice(0, -1)}a`;
    else if (/(ón|or|án)$/.test(form) && !["mejor", "peor", "mayor", "menor", "marrón", "joven"].includes(form)) form = `${form.replace(/ó(?=n$)/, "o").replace(/á(?=n$)/, "a")}a`;
  }
  return plural ? spanishPlural(form) : form;
}

/** The English noun a word is (singular form) and whether the word was plural, or null. */
function lookupNoun(word: string): { entry: NounEntry; plural: boolean } | null {
  if (NOUN_LEXICON[word]) return { entry: NOUN_LEXICON[word]!, plural: word === "people" || word === "news" };
  const irregular = IRREGULAR_PLURAL_EN[word];
  if (irregular && NOUN_LEXICON[irregular]) return { entry: NOUN_LEXICON[irregular]!, plural: true };
  for (const singular of [word.replace(/ies$/, "y"), word.replace(/es$/, ""), word.replace(/s$/, "")]) {
    if (singular !== word && NOUN_LEXICON[singular]) return { entry: NOUN_LEXICON[singular]!, plural: true };
  }
  return null;
}

function nounForm(entry: NounEntry, plural: boolean): string {
  return plural ? (entry.plural ?? spanishPlural(entry.es)) : entry.es;
}

/** The verb a word is, its English base and the tense its form says (-s present, -ed or irregular past). */
const THIRD_PERSON_IRREGULAR: Record<string, string> = { has: "have", does: "do", goes: "go" };

function lookupVerb(word: string): { base: string; tense: Tense; thirdPerson: boolean } | null {
  if (THIRD_PERSON_IRREGULAR[word]) return { base: THIRD_PERSON_IRREGULAR[word]!, tense: "present", thirdPerson: true };
  if (VERB_LEXICON[word]) return { base: word, tense: "present", thirdPerson: false };
  if (IRREGULAR_PAST[word]) return { base: IRREGULAR_PAST[word]!, tense: "preterite", thirdPerson: false };
  const candidates: [string, Tense, boolean][] = [
    [word.replace(/ies$/, "y"), "present", true], [word.replace(/es$/, ""), "present", true], [word.replace(/s$/, ""), "present", true],
    [word.replace(/ied$/, "y"), "preterite", false], [word.replace(/ed$/, ""), "preterite", false], [word.replace(/d$/, ""), "preterite", false],
    [word.replace(/(.)\1ed$/, "$1"), "preterite", false],
  ];
  for (const [base, tense, third] of candidates) if (base !== word && VERB_LEXICON[base]) return { base, tense, thirdPerson: third };
  return null;
}

const PRESENT_ENDINGS = { ar: ["o", "as", "a", "amos", "áis", "an"], er: ["o", "es", "e", "emos", "éis", "en"], ir: ["o", "es", "e", "imos", "ís", "en"] };
const PRETERITE_ENDINGS = { ar: ["é", "aste", "ó", "amos", "asteis", "aron"], er: ["í", "iste", "ió", "imos", "isteis", "ieron"], ir: ["í", "iste", "ió", "imos", "isteis", "ieron"] };
const FUTURE_ENDINGS = ["é", "ás", "á", "emos", "éis", "án"];

/** A Spanish verb conjugated: irregular tables first, else by its -ar/-er/-ir ending. */
export function conjugate(infinitive: string, tense: Tense, person: number): string {
  const irregular = IRREGULAR_ES[infinitive];
  if (tense === "future") return `${irregular?.futureStem ?? infinitive}${FUTURE_ENDINGS[person]}`;
  const table = irregular?.[tense];
  if (table) return table[person]!;
  const ending = infinitive.slice(-2) as "ar" | "er" | "ir";
  const stem = infinitive.slice(0, -2);
  const endings = (tense === "present" ? PRESENT_ENDINGS : PRETERITE_ENDINGS)[ending] ?? PRESENT_ENDINGS.ar;
  // Spelling keeps the sound: busqué, llegué, empecé.
  const form = `${stem}${endings[person]}`;
  if (tense === "preterite" && person === 0) return form.replace(/gé$/, "gué").replace(/cé$/, "qué").replace(/zé$/, "cé");
  return form;
}

/** The gerund (hablando, comiendo) for "to be" + -ing. */
export function gerund(infinitive: string): string {
  if (infinitive === "ir") return "yendo";
  if (infinitive === "leer") return "leyendo";
  if (infinitive === "dormir") return "durmiendo";
  if (infinitive === "decir") return "diciendo";
  return infinitive.endsWith("ar") ? `${infinitive.slice(0, -2)}ando` : `${infinitive.slice(0, -2)}iendo`;
}

function verbOfGerund(word: string): string | null {
  if (!word.endsWith("ing")) return null;
  const stem = word.slice(0, -3);
  for (const base of [stem, `${stem}e`, stem.replace(/(.)\1$/, "$1"), stem.replace(/y$/, "ie")]) if (VERB_LEXICON[base]) return base;
  return null;
}

type Token = { text: string; lower: string; word: boolean };
type Pending = { tense: Tense; negate: boolean; modal: string | null };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[A-Za-zÀ-ÿ]+(?:'[A-Za-z]+)?|\d+(?:[.,]\d+)?|[^\sA-Za-zÀ-ÿ\d]/g)) {
    const raw = match[0];
    const lower = raw.toLowerCase().replace(/’/g, "'");
    const expanded = CONTRACTIONS[lower];
    if (expanded) for (const part of expanded.split(" ")) tokens.push({ text: part, lower: part, word: true });
    else if (/^[a-z]+'s$/.test(lower)) tokens.push({ text: raw.slice(0, -2), lower: lower.slice(0, -2), word: true }); // possessive 's: the noun itself
    else tokens.push({ text: raw, lower, word: /[A-Za-zÀ-ÿ\d]/.test(raw) });
  }
  return tokens;
}

/** Translates one sentence's tokens (no final punctuation). */
function translateSentence(tokens: Token[], unknown: Set<string>): string {
  const out: string[] = [];
  let person = 2;
  let subjectPlural = false;
  let subjectGender: "m" | "f" = "m";
  /** A do/does/did/will/can/want to... seen: the next verb takes this form. */
  let pending = null as Pending | null;
  let liker: number | null = null;
  /** The previous word was a subject pronoun: a word that can be a verb or a noun (love, work) is the verb. */
  let afterSubject = false;
  let i = 0;
  const peek = (offset = 0) => tokens[i + offset]?.lower;

  const emitVerb = (infinitive: string, tense: Tense) => {
    const negate = pending?.negate ?? false;
    const modal = pending?.modal ?? null;
    pending = null;
    // An object pronoun right after the verb goes before it in Spanish (lo veo) or after an infinitive (quiero verlo).
    let clitic = "";
    const next = peek(1);
    if (next && CLITICS[next] && !(next === "her" && tokens[i + 2] && lookupNoun(tokens[i + 2]!.lower))) {
      clitic = CLITICS[next]!;
      i++;
    }
    const parts: string[] = [];
    if (negate) parts.push("no");
    if (infinitive === "gustar" || liker !== null) {
      // "I like music": me gusta la música (the thing liked is the subject: plural makes gustan).
      const object = tokens[i + 1] ? lookupNoun(tokens[i + 1]!.lower) ?? lookupNoun(tokens[i + 2]?.lower ?? "") : null;
      parts.push(DATIVE[liker ?? person]!, conjugate("gustar", tense, object?.plural ? 5 : 2));
      liker = null;
      out.push(parts.join(" "));
      return;
    }
    if (modal) {
      parts.push(clitic && modal !== "tener que" && modal !== "ir a" ? clitic : "", modal === "poder" || modal === "querer" || modal === "deber" || modal === "necesitar" ? conjugate(modal, tense, person) : modal === "tener que" ? `${conjugate("tener", tense, person)} que` : `${conjugate("ir", tense, person)} a`);
      parts.push(infinitive + (clitic && (modal === "tener que" || modal === "ir a") ? clitic : ""));
    } else {
      if (clitic) parts.push(clitic);
      parts.push(conjugate(infinitive, tense, person));
    }
    out.push(parts.filter(Boolean).join(" "));
  };

  while (i < tokens.length) {
    const token = tokens[i]!;
    const word = token.lower;
    const subjectBefore = afterSubject;
    afterSubject = false;
    if (!token.word) {
      out.push(token.text);
      i++;
      continue;
    }
    if (/^\d/.test(word)) {
      out.push(token.text);
      i++;
      continue;
    }
    // Phrases, longest first.
    let phrase: string | null = null;
    for (let length = Math.min(5, tokens.length - i); length >= 1 && !phrase; length--) {
      const key = tokens.slice(i, i + length).map((t) => t.lower).join(" ");
      if (length > 1 || PHRASES[key]) {
        if (PHRASES[key]) {
          phrase = PHRASES[key]!;
          i += length;
        }
      }
    }
    if (phrase) {
      out.push(phrase);
      continue;
    }
    // A subject pronoun: sets the person; "I like" makes gustar.
    const subject = SUBJECTS[word];
    const nextIsVerbish = peek(1) !== undefined && (lookupVerb(peek(1)!) || BE_FORMS[peek(1)!] || ["do", "does", "did", "will", "can", "not"].includes(peek(1)!));
    if (subject && (nextIsVerbish || word === "i" || word === "we" || word === "they" || word === "he" || word === "she")) {
      person = subject.person;
      subjectPlural = person >= 3;
      subjectGender = word === "she" ? "f" : "m";
      if (word === "there" && BE_FORMS[peek(1) ?? ""]) {
        // "there is/are": hay.
        out.push(peek(2) === "not" ? "no hay" : "hay");
        i += peek(2) === "not" ? 3 : 2;
        continue;
      }
      if (subject.say) out.push(subject.say);
      afterSubject = true;
      i++;
      continue;
    }
    if (word === "you" && !nextIsVerbish && out.length > 0) {
      out.push("ti");
      i++;
      continue;
    }
    // Auxiliaries.
    if (word === "do" || word === "does" || word === "did") {
      const negate = peek(1) === "not";
      const afterSubject = SUBJECTS[peek(1) ?? ""];
      if (negate || afterSubject || lookupVerb(peek(1) ?? "")) {
        pending = { tense: word === "did" ? "preterite" : "present", negate, modal: pending?.modal ?? null };
        i += negate ? 2 : 1;
        continue;
      }
    }
    if (word === "will" && (peek(1) === "not" || lookupVerb(peek(1) ?? "") || BE_FORMS[peek(1) ?? ""] || SUBJECTS[peek(1) ?? ""])) {
      const negate = peek(1) === "not";
      pending = { tense: "future", negate, modal: null };
      i += negate ? 2 : 1;
      continue;
    }
    if (word === "can" || word === "could" || word === "must" || word === "should") {
      const negate = peek(1) === "not";
      pending = { tense: word === "could" ? "preterite" : "present", negate, modal: word === "must" || word === "should" ? "deber" : "poder" };
      i += negate ? 2 : 1;
      continue;
    }
    if ((word === "want" || word === "wants" || word === "wanted" || word === "need" || word === "needs" || word === "have" || word === "has" || word === "had") && peek(1) === "to" && lookupVerb(peek(2) ?? "")) {
      const tense: Tense = word.endsWith("ed") || word === "had" ? "preterite" : pending?.tense ?? "present";
      pending = { tense, negate: pending?.negate ?? false, modal: word.startsWith("want") ? "querer" : word.startsWith("need") ? "necesitar" : "tener que" };
      i += 2;
      continue;
    }
    if (word === "to" && lookupVerb(peek(1) ?? "") && !pending) {
      // An infinitive of purpose or after another verb: "para" is not added; the infinitive stands.
      const verb = lookupVerb(peek(1)!)!;
      out.push(VERB_LEXICON[verb.base]!.es);
      i += 2;
      continue;
    }
    // "to be": ser or estar, progressive and "going to".
    const be = BE_FORMS[word];
    if (be) {
      if (be.person !== null && !subject) person = be.person === 2 && subjectPlural ? 5 : be.person;
      if (word === "are" && person === 2) person = subjectPlural ? 5 : 1;
      if ((word === "was" || word === "were") && person === 2 && subjectPlural) person = 5;
      const tense = pending?.tense === "future" ? "future" : be.tense;
      let negate: boolean = pending?.negate ?? false;
      let j = i + 1;
      if (tokens[j]?.lower === "not") {
        negate = true;
        j++;
      }
      const next = tokens[j]?.lower ?? "";
      if (next === "going" && tokens[j + 1]?.lower === "to" && lookupVerb(tokens[j + 2]?.lower ?? "")) {
        pending = { tense: "present", negate, modal: "ir a" };
        i = j + 2;
        continue;
      }
      const progressive = verbOfGerund(next);
      pending = null;
      if (progressive) {
        out.push(`${negate ? "no " : ""}${conjugate("estar", tense, person)} ${gerund(VERB_LEXICON[progressive]!.es)}`);
        i = j + 1;
        continue;
      }
      const estar = ESTAR_WORDS.has(next);
      out.push(`${negate ? "no " : ""}${conjugate(estar ? "estar" : "ser", tense, person)}`);
      i = j;
      // A predicate adjective agrees with the subject.
      const adjective = ADJECTIVE_LEXICON[tokens[i]?.lower ?? ""] ?? (tokens[i]?.lower === "very" && ADJECTIVE_LEXICON[tokens[i + 1]?.lower ?? ""] ? null : undefined);
      if (adjective) {
        out.push(agreeAdjective(adjective, subjectGender, subjectPlural));
        i++;
      } else if (tokens[i]?.lower === "very" && ADJECTIVE_LEXICON[tokens[i + 1]?.lower ?? ""]) {
        out.push("muy", agreeAdjective(ADJECTIVE_LEXICON[tokens[i + 1]!.lower]!, subjectGender, subjectPlural));
        i += 2;
      }
      continue;
    }
    // A noun phrase: determiner, adjectives, noun.
    const determiner = DETERMINERS[word];
    let j = i + (determiner ? 1 : 0);
    const adjectives: { es: string; before: boolean; very: boolean }[] = [];
    while (j < tokens.length) {
      const very = tokens[j]!.lower === "very" && !!ADJECTIVE_LEXICON[tokens[j + 1]?.lower ?? ""];
      const adjective = ADJECTIVE_LEXICON[tokens[j + (very ? 1 : 0)]!.lower];
      // A word that is both (a "light", "clean") is an adjective here only when a noun follows.
      if (!adjective || !(lookupNoun(tokens[j + (very ? 1 : 0) + 1]?.lower ?? "") || ADJECTIVE_LEXICON[tokens[j + (very ? 1 : 0) + 1]?.lower ?? ""])) break;
      adjectives.push({ es: adjective, before: PRE_NOMINAL.has(tokens[j + (very ? 1 : 0)]!.lower), very });
      j += very ? 2 : 1;
    }
    const noun = j < tokens.length && !(determiner && j === i && false) ? lookupNoun(tokens[j]!.lower) : null;
    const verbHere = lookupVerb(word);
    const nounFirst = noun && (determiner || adjectives.length || !verbHere || (!subjectBefore && out.length === 0 && !pending));
    if (noun && nounFirst) {
      const { entry, plural } = noun;
      // A feminine noun starting with a stressed a takes el/un (el agua).
      const stressedA = entry.gender === "f" && !plural && /^h?[aá]/.test(entry.es) && ["agua", "área", "alma", "hambre"].includes(entry.es);
      const key = (stressedA ? "m" : entry.gender) + (plural ? "p" : "");
      const parts: string[] = [];
      if (determiner && (word !== "her" || true)) parts.push(determiner[key as keyof Determiner]);
      for (const a of adjectives.filter((a) => a.before)) {
        let form = agreeAdjective(a.es, entry.gender, plural);
        // bueno, malo, primero shorten before a masculine singular noun (buen día).
        if (entry.gender === "m" && !plural) form = form.replace(/^(buen|mal|primer|tercer)o$/, "$1").replace(/^grande$/, "gran");
        parts.push(`${a.very ? "muy " : ""}${form}`);
      }
      parts.push(nounForm(entry, plural));
      const after = adjectives.filter((a) => !a.before).map((a) => `${a.very ? "muy " : ""}${agreeAdjective(a.es, entry.gender, plural)}`);
      if (after.length > 1) after.splice(after.length - 1, 0, "y");
      parts.push(...after);
      out.push(parts.join(" "));
      // A noun phrase before a verb is its subject.
      const following = tokens[j + 1]?.lower ?? "";
      if (lookupVerb(following) || BE_FORMS[following] || ["do", "does", "did", "will", "can"].includes(following)) {
        person = plural ? 5 : 2;
        subjectPlural = plural;
        subjectGender = entry.gender;
      }
      i = j + 1;
      continue;
    }
    if (determiner && word !== "that" && word !== "all" && word !== "no") {
      // A determiner without a known noun: the masculine form, and the next word is reported if unknown.
      out.push(determiner.m);
      i++;
      continue;
    }
    const verb = verbHere;
    if (verb && (pending || out.length === 0 || !FIXED_LEXICON[word])) {
      const infinitive = VERB_LEXICON[verb.base]!.es;
      if (pending?.modal || pending) emitVerb(infinitive, pending.tense === "future" && pending.modal ? "present" : pending.tense);
      else {
        if (verb.thirdPerson && person !== 2 && person !== 5) person = 2;
        emitVerb(infinitive, verb.tense);
      }
      i++;
      continue;
    }
    const adjective = ADJECTIVE_LEXICON[word];
    if (adjective) {
      out.push(agreeAdjective(adjective, subjectGender, subjectPlural));
      i++;
      continue;
    }
    if (word === "us" && tokens[i - 1]?.lower === "let") {
      i++;
      continue;
    }
    const fixed = FIXED_LEXICON[word];
    if (fixed !== undefined) {
      out.push(fixed);
      i++;
      continue;
    }
    unknown.add(token.text);
    out.push(token.text);
    i++;
  }
  return out
    .filter((w) => w !== "")
    .join(" ")
    .replace(/\s+([,;:])/g, "$1")
    .replace(/\ba el\b/g, "al")
    .replace(/\bde el\b/g, "del");
}

/** English to Spanish; sentences keep their punctuation, questions and exclamations gain their opening marks. */
export function translateEnEs(text: string): RuleTranslation {
  const unknown = new Set<string>();
  const sentences = text.match(/[^.!?]+[.!?]*|[.!?]+/g) ?? [];
  const translated = sentences.map((sentence) => {
    const lead = sentence.match(/^\s*/)![0];
    const end = sentence.match(/[.!?]*\s*$/)![0];
    const body = sentence.slice(lead.length, sentence.length - end.length);
    if (!body.trim()) return sentence;
    let spanish = translateSentence(tokenize(body), unknown);
    const capital = /^[A-Z]/.test(body.trim());
    if (capital) spanish = spanish.charAt(0).toUpperCase() + spanish.slice(1);
    const mark = end.trim().charAt(0);
    if (mark === "?") spanish = `¿${spanish}`;
    if (mark === "!") spanish = `¡${spanish}`;
    return `${lead}${spanish}${end}`;
  });
  return { text: translated.join(""), unknownWords: [...unknown] };
}
