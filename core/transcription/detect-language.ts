/**
 * Which language a transcript is in, from its text alone: the writing system first (Han with kana is Japanese,
 * Hangul Korean, Devanagari Hindi, ...), then within Latin and Cyrillic script the language's most frequent
 * function words ("stop words") and the letters only it uses (ñ, ł, ő, ș, ...). A word or letter several languages
 * share counts for each of them in proportion, so the words only one language has decide between neighbours
 * (Danish and Norwegian, Indonesian and Malay, Czech and Slovak). Used by dubbing's automatic source language
 * when the speech-to-text engine does not say which language it heard. Not a statistical model: a transcript of a
 * few words in a language outside the list below is answered with the nearest one, or null without evidence.
 */

/** The most frequent words of each language written in Latin or Cyrillic script (ISO 639-1 codes). */
const STOP_WORDS: Record<string, string> = {
  en: "the and of to is in that it you was for on are with as i his they be at this have from not but what we he she my your will there can would do so",
  es: "el la de que y en los se del las un por con no una su para es al lo como más pero sus le ya o este sí porque esta entre cuando muy sin también me hay donde yo está",
  pt: "o a de que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele das tem à seu sua ou ser quando muito há nos já está eu também só pelo pela isso você então",
  fr: "le la de et les des en un une du est que qui dans pour pas sur au ne il elle se ce avec plus par je nous vous mais sont ou aux cette on très ça été être",
  de: "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über ich wir ja aber",
  it: "il di che e la per un in è del non una con sono le si da lo della ma i gli al come anche più nel questo ho ha mi ci dei alla perché cosa sei io",
  nl: "de het een en van ik te dat die in is niet op hij zijn met voor maar als er om aan ook wat je wij bij nog naar dan heeft geen wel dit ze kan deze zo",
  id: "yang dan di ini itu dengan untuk tidak dari dalam akan pada juga saya ke karena ada bisa mereka kita kami sudah atau anda seperti jika lebih apa tetapi oleh bahwa telah harus sangat hanya belum tapi kalau gak banyak saja sekarang",
  ms: "yang dan di ini itu dengan untuk tidak dari dalam akan pada juga saya ke kerana ada boleh mereka kita kami sudah atau anda seperti jika lebih apa tetapi oleh bahawa telah ialah sangat hanya belum tapi kalau tak banyak adalah sahaja sebab macam pun",
  tr: "ve bir bu da de için ile ne çok daha gibi ama o ben sen var yok mi mı olarak kadar sonra en her şey değil olan diye ki nasıl neden benim şimdi",
  pl: "i w nie się na to że z do jest co jak a o ale tak po dla od już jego tylko czy mnie może są był ja ten przez jestem bardzo tego też by",
  sv: "och i att det som en på är av för med till den har de inte om ett men var jag han hon så vi kan man från när skulle också mycket nu här vad där",
  da: "og i at det er en til på de som af med for den har ikke der var jeg han hun så vi kan men om et fra når skulle også meget nu her hvad mig være efter vil",
  no: "og i det er en til på som av med for den har ikke de var jeg han hun så vi kan men om et fra når skulle også mye nå her hva meg være etter vil at",
  fi: "ja on ei se että hän oli ovat mutta kun niin kuin myös tämä minä sinä me te he joka mitä olen ole nyt vain jo vielä sitten tai kanssa jos koska siitä",
  hu: "a az és hogy nem is egy van de meg ez csak már mint el ki be fel még volt vagy mert ha én te ő mi itt ott nagyon lesz kell minden így azt",
  ro: "și de la în nu că cu pe o a un se ce din mai este să sunt care pentru dar am lui ca fost sau foarte acest această eu noi tu când cum ei",
  cs: "a se na je že v to s z do jsem ale jak tak by o za jsou co už bylo jeho není jako když také nebo pro po tady mě ty my vy jsme byl který",
  sk: "a sa na je že v to s z do som ale ako tak by o za sú čo už bolo jeho nie keď tiež alebo pre po tu ma ty my vy sme bol ktorý aj len",
  hr: "i je u da se na za su ne to od s a kao što ali iz o bi sam sa ili koji jer samo još kad tako biti ja ti mi vi oni ovo bio će",
  fil: "ang ng sa na mga at ay si ni ko ako ka ikaw siya kami tayo sila hindi ito iyan iyon may para kung pero lang din rin po naman ba nang dahil",
  vi: "là của và có không được một những người trong cho với đã các này để tôi anh em chúng thì khi như rất cũng nhưng đó ở sẽ từ ra làm đi nói",
  ru: "и в не на я что он с как а то это по но его к у же вы за бы так было мы только она мне есть ещё нет очень когда уже был",
  uk: "і в не на я що він з як а то це по але його до у же ви за б так було ми тільки вона мені є ще ні дуже коли вже був та",
  bg: "и в не на аз че той с като а то това по но го към у да вие за би така беше ние само тя ми е още няма много когато вече бе се от са",
};

/** Letters that only a few of the languages use. */
const TELLTALE_LETTERS: Record<string, string> = {
  es: "ñ",
  pt: "ãõç",
  fr: "èêàçœëîïûù",
  de: "ßäöü",
  sv: "åäö",
  da: "æøå",
  no: "æøå",
  fi: "äö",
  pl: "łąęśźżćń",
  cs: "řěůčšž",
  sk: "ľĺŕôäčšž",
  hr: "đčćšž",
  hu: "őűö",
  ro: "șțăâîşţ",
  tr: "ğışçöü",
  vi: "ơưđăạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
  uk: "іїєґ",
  ru: "ыэё",
  bg: "ъ",
};

/** Writing systems that name their language outright (Han alone is Chinese; with kana, Japanese). */
const SCRIPTS: { language: string; pattern: RegExp }[] = [
  { language: "ja", pattern: /[\p{Script=Hiragana}\p{Script=Katakana}]/u },
  { language: "ko", pattern: /\p{Script=Hangul}/u },
  { language: "zh", pattern: /\p{Script=Han}/u },
  { language: "hi", pattern: /\p{Script=Devanagari}/u },
  { language: "ar", pattern: /\p{Script=Arabic}/u },
  { language: "el", pattern: /\p{Script=Greek}/u },
  { language: "ta", pattern: /\p{Script=Tamil}/u },
  // Scripts that, among the dubbing languages, only one language writes (decision 0059).
  { language: "he", pattern: /\p{Script=Hebrew}/u },
  { language: "th", pattern: /\p{Script=Thai}/u },
  { language: "ka", pattern: /\p{Script=Georgian}/u },
  { language: "hy", pattern: /\p{Script=Armenian}/u },
  { language: "gu", pattern: /\p{Script=Gujarati}/u },
  { language: "pa", pattern: /\p{Script=Gurmukhi}/u },
  { language: "kn", pattern: /\p{Script=Kannada}/u },
  { language: "ml", pattern: /\p{Script=Malayalam}/u },
  { language: "te", pattern: /\p{Script=Telugu}/u },
  { language: "si", pattern: /\p{Script=Sinhala}/u },
  { language: "my", pattern: /\p{Script=Myanmar}/u },
  { language: "or", pattern: /\p{Script=Oriya}/u },
  { language: "chr", pattern: /\p{Script=Cherokee}/u },
];

const CYRILLIC = new Set(["ru", "uk", "bg"]);
const WORDS = new Map<string, Map<string, number>>();
for (const [language, list] of Object.entries(STOP_WORDS)) {
  for (const word of list.split(" ")) {
    const owners = WORDS.get(word) ?? new Map<string, number>();
    owners.set(language, 1);
    WORDS.set(word, owners);
  }
}

/** The languages the detector knows. */
export const DETECTABLE_LANGUAGES: readonly string[] = [...Object.keys(STOP_WORDS), ...SCRIPTS.map((s) => s.language)];

/** Below this much evidence (about two function words) the detector does not guess. */
const MIN_SCORE = 2;

export type DetectedLanguage = { language: string; confidence: number };

/**
 * The language of `text` among `candidates` (all the detector knows by default), with a confidence from 0 to 1
 * (the winner's share of the evidence), or null when the text gives too little to go on.
 */
export function detectLanguage(text: string, candidates: readonly string[] = DETECTABLE_LANGUAGES): DetectedLanguage | null {
  const allowed = new Set(candidates);
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return null;
  // A writing system of its own, when most letters are in it.
  for (const { language, pattern } of SCRIPTS) {
    if (!allowed.has(language)) continue;
    const inScript = letters.filter((ch) => pattern.test(ch)).length;
    const hanOrKana = language === "ja" || language === "zh" ? letters.filter((ch) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(ch)).length : inScript;
    if (inScript > 0 && hanOrKana / letters.length > 0.5) return { language, confidence: Math.min(1, hanOrKana / letters.length) };
  }
  const cyrillic = letters.filter((ch) => /\p{Script=Cyrillic}/u.test(ch)).length / letters.length > 0.5;
  const pool = [...allowed].filter((language) => STOP_WORDS[language] && CYRILLIC.has(language) === cyrillic);
  const scores = new Map<string, number>(pool.map((language) => [language, 0]));
  const add = (owners: Iterable<string>, weight: number) => {
    const present = [...owners].filter((language) => scores.has(language));
    for (const language of present) scores.set(language, scores.get(language)! + weight / present.length);
  };
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const owners = WORDS.get(word);
    if (owners) add(owners.keys(), 1);
  }
  for (const ch of text.toLowerCase()) {
    const owners = Object.keys(TELLTALE_LETTERS).filter((language) => TELLTALE_LETTERS[language]!.includes(ch));
    if (owners.length) add(owners, 0.5);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const total = ranked.reduce((sum, [, score]) => sum + score, 0);
  const best = ranked[0];
  if (!best || best[1] < MIN_SCORE) return null;
  return { language: best[0], confidence: Math.round((best[1] / total) * 100) / 100 };
}
