/**
 * Every language the embedded speech engine (espeak-ng 1.52) speaks, with its dialects: the language catalogue's
 * one source (docs/decisions/0059-every-espeak-language.md). `code` is the language's ISO 639 code as the API takes
 * it (639-1 where one exists); each dialect names the espeak-ng voice that speaks it (`voice`, a voice file of
 * espeak-ng's lang/ directory; a unit test checks each against the build's manifest), the first being the
 * language's standard one. `flag` is a country code, or the language's own code where no country stands for it.
 * The six bundled languages are in the speech worker's bundle; every other one's dictionary is read from R2 the
 * first time an isolate speaks it. Left out: espeak-ng's test voice (xextan) and its Shavian-alphabet English.
 */
export type EngineDialect = { name: string; code: string; voice: string };
export type EngineLanguageEntry = { code: string; name: string; flag: string; dialects: readonly EngineDialect[] };

/** The languages whose data is bundled with the speech worker (scripts/build-espeak.mjs LANGUAGES). */
export const BUNDLED_LANGUAGES = ["en", "de", "fr", "es", "it", "pt"] as const;

export const ENGINE_LANGUAGE_CATALOGUE: readonly EngineLanguageEntry[] = [
  { code: "af", name: "Afrikaans", flag: "za", dialects: [{ name: "Standard", code: "af-ZA", voice: "af" }] },
  { code: "sq", name: "Albanian", flag: "al", dialects: [{ name: "Standard", code: "sq-AL", voice: "sq" }] },
  { code: "am", name: "Amharic", flag: "et", dialects: [{ name: "Standard", code: "am-ET", voice: "am" }] },
  { code: "grc", name: "Ancient Greek", flag: "gr", dialects: [{ name: "Standard", code: "grc-GR", voice: "grc" }] },
  { code: "ar", name: "Arabic", flag: "sa", dialects: [{ name: "Standard", code: "ar-SA", voice: "ar" }] },
  { code: "an", name: "Aragonese", flag: "es", dialects: [{ name: "Standard", code: "an-ES", voice: "an" }] },
  { code: "hy", name: "Armenian", flag: "am", dialects: [{ name: "Eastern", code: "hy-AM", voice: "hy" }, { name: "Western", code: "hy-x-west", voice: "hyw" }] },
  { code: "as", name: "Assamese", flag: "in", dialects: [{ name: "Standard", code: "as-IN", voice: "as" }] },
  { code: "az", name: "Azerbaijani", flag: "az", dialects: [{ name: "Standard", code: "az", voice: "az" }] },
  { code: "ba", name: "Bashkir", flag: "ru", dialects: [{ name: "Standard", code: "ba-RU", voice: "ba" }] },
  { code: "eu", name: "Basque", flag: "es", dialects: [{ name: "Standard", code: "eu-ES", voice: "eu" }] },
  { code: "be", name: "Belarusian", flag: "by", dialects: [{ name: "Standard", code: "be-BY", voice: "be" }] },
  { code: "qdb", name: "Belter", flag: "qdb", dialects: [{ name: "Standard", code: "qdb", voice: "qdb" }] },
  { code: "bn", name: "Bengali", flag: "bd", dialects: [{ name: "Standard", code: "bn-BD", voice: "bn" }] },
  { code: "bpy", name: "Bishnupriya Manipuri", flag: "in", dialects: [{ name: "Standard", code: "bpy-IN", voice: "bpy" }] },
  { code: "bs", name: "Bosnian", flag: "ba", dialects: [{ name: "Standard", code: "bs-BA", voice: "bs" }] },
  { code: "bg", name: "Bulgarian", flag: "bg", dialects: [{ name: "Standard", code: "bg", voice: "bg" }] },
  { code: "my", name: "Burmese", flag: "mm", dialects: [{ name: "Standard", code: "my-MM", voice: "my" }] },
  { code: "ca", name: "Catalan", flag: "ad", dialects: [{ name: "Central", code: "ca-ES", voice: "ca" }, { name: "Balearic", code: "ca-ES-x-ba", voice: "ca-ba" }, { name: "North-western", code: "ca-ES-x-nw", voice: "ca-nw" }, { name: "Valencian", code: "ca-ES-valencia", voice: "ca-va" }] },
  { code: "chr", name: "Cherokee", flag: "us", dialects: [{ name: "Standard", code: "chr-US", voice: "chr" }] },
  { code: "zh", name: "Chinese", flag: "cn", dialects: [{ name: "Mandarin", code: "zh-CN", voice: "cmn" }, { name: "Cantonese", code: "zh-HK", voice: "yue" }, { name: "Mandarin (Pinyin input)", code: "zh-Latn-pinyin", voice: "cmn-latn-pinyin" }, { name: "Cantonese (Jyutping input)", code: "zh-Latn-jyutping", voice: "yue-latn-jyutping" }] },
  { code: "cv", name: "Chuvash", flag: "ru", dialects: [{ name: "Standard", code: "cv-RU", voice: "cv" }] },
  { code: "nci", name: "Classical Nahuatl", flag: "mx", dialects: [{ name: "Standard", code: "nci-MX", voice: "nci" }] },
  { code: "hr", name: "Croatian", flag: "hr", dialects: [{ name: "Standard", code: "hr", voice: "hr" }] },
  { code: "cs", name: "Czech", flag: "cz", dialects: [{ name: "Standard", code: "cs-CZ", voice: "cs" }] },
  { code: "da", name: "Danish", flag: "dk", dialects: [{ name: "Standard", code: "da-DK", voice: "da" }] },
  { code: "nl", name: "Dutch", flag: "nl", dialects: [{ name: "Standard", code: "nl", voice: "nl" }] },
  { code: "en", name: "English", flag: "us", dialects: [{ name: "American", code: "en-US", voice: "en-us" }, { name: "British", code: "en-GB", voice: "en" }, { name: "Received Pronunciation", code: "en-GB-x-rp", voice: "en-gb-x-rp" }, { name: "Caribbean", code: "en-029", voice: "en-029" }, { name: "Scottish", code: "en-GB-scotland", voice: "en-gb-scotland" }, { name: "Lancastrian", code: "en-GB-x-gbclan", voice: "en-gb-x-gbclan" }, { name: "West Midlands", code: "en-GB-x-gbcwmd", voice: "en-gb-x-gbcwmd" }, { name: "New York City", code: "en-US-nyc", voice: "en-us-nyc" }] },
  { code: "eo", name: "Esperanto", flag: "eo", dialects: [{ name: "Standard", code: "eo", voice: "eo" }] },
  { code: "et", name: "Estonian", flag: "ee", dialects: [{ name: "Standard", code: "et-EE", voice: "et" }] },
  { code: "fo", name: "Faroese", flag: "fo", dialects: [{ name: "Standard", code: "fo", voice: "fo" }] },
  { code: "fi", name: "Finnish", flag: "fi", dialects: [{ name: "Standard", code: "fi", voice: "fi" }] },
  { code: "fr", name: "French", flag: "fr", dialects: [{ name: "Parisian", code: "fr-FR", voice: "fr" }, { name: "Belgian", code: "fr-BE", voice: "fr-be" }, { name: "Swiss", code: "fr-CH", voice: "fr-ch" }] },
  { code: "ka", name: "Georgian", flag: "ge", dialects: [{ name: "Standard", code: "ka-GE", voice: "ka" }] },
  { code: "de", name: "German", flag: "de", dialects: [{ name: "Standard", code: "de", voice: "de" }] },
  { code: "el", name: "Greek", flag: "gr", dialects: [{ name: "Standard", code: "el-GR", voice: "el" }] },
  { code: "kl", name: "Greenlandic", flag: "gl", dialects: [{ name: "Standard", code: "kl-GL", voice: "kl" }] },
  { code: "gn", name: "Guarani", flag: "py", dialects: [{ name: "Standard", code: "gn-PY", voice: "gn" }] },
  { code: "gu", name: "Gujarati", flag: "in", dialects: [{ name: "Standard", code: "gu-IN", voice: "gu" }] },
  { code: "ht", name: "Haitian Creole", flag: "ht", dialects: [{ name: "Standard", code: "ht", voice: "ht" }] },
  { code: "hak", name: "Hakka Chinese", flag: "tw", dialects: [{ name: "Standard", code: "hak-TW", voice: "hak" }] },
  { code: "haw", name: "Hawaiian", flag: "us", dialects: [{ name: "Standard", code: "haw-US", voice: "haw" }] },
  { code: "he", name: "Hebrew", flag: "il", dialects: [{ name: "Standard", code: "he-IL", voice: "he" }] },
  { code: "hi", name: "Hindi", flag: "in", dialects: [{ name: "Standard", code: "hi-IN", voice: "hi" }] },
  { code: "hu", name: "Hungarian", flag: "hu", dialects: [{ name: "Standard", code: "hu", voice: "hu" }] },
  { code: "is", name: "Icelandic", flag: "is", dialects: [{ name: "Standard", code: "is", voice: "is" }] },
  { code: "io", name: "Ido", flag: "io", dialects: [{ name: "Standard", code: "io", voice: "io" }] },
  { code: "id", name: "Indonesian", flag: "id", dialects: [{ name: "Standard", code: "id", voice: "id" }] },
  { code: "ia", name: "Interlingua", flag: "ia", dialects: [{ name: "Standard", code: "ia", voice: "ia" }] },
  { code: "ga", name: "Irish", flag: "ie", dialects: [{ name: "Standard", code: "ga-IE", voice: "ga" }] },
  { code: "it", name: "Italian", flag: "it", dialects: [{ name: "Standard", code: "it", voice: "it" }] },
  { code: "ja", name: "Japanese", flag: "jp", dialects: [{ name: "Standard", code: "ja-JP", voice: "ja" }] },
  { code: "quc", name: "K'iche'", flag: "gt", dialects: [{ name: "Standard", code: "quc-GT", voice: "quc" }] },
  { code: "kn", name: "Kannada", flag: "in", dialects: [{ name: "Standard", code: "kn-IN", voice: "kn" }] },
  { code: "kaa", name: "Karakalpak", flag: "uz", dialects: [{ name: "Standard", code: "kaa-UZ", voice: "kaa" }] },
  { code: "kk", name: "Kazakh", flag: "kz", dialects: [{ name: "Standard", code: "kk-KZ", voice: "kk" }] },
  { code: "piqd", name: "Klingon", flag: "piqd", dialects: [{ name: "Standard", code: "piqd", voice: "piqd" }] },
  { code: "kok", name: "Konkani", flag: "in", dialects: [{ name: "Standard", code: "kok-IN", voice: "kok" }] },
  { code: "ko", name: "Korean", flag: "kr", dialects: [{ name: "Standard", code: "ko-KR", voice: "ko" }] },
  { code: "ku", name: "Kurdish", flag: "iq", dialects: [{ name: "Standard", code: "ku-IQ", voice: "ku" }] },
  { code: "ky", name: "Kyrgyz", flag: "kg", dialects: [{ name: "Standard", code: "ky-KG", voice: "ky" }] },
  { code: "ltg", name: "Latgalian", flag: "lv", dialects: [{ name: "Standard", code: "ltg-LV", voice: "ltg" }] },
  { code: "la", name: "Latin", flag: "va", dialects: [{ name: "Standard", code: "la-VA", voice: "la" }] },
  { code: "lv", name: "Latvian", flag: "lv", dialects: [{ name: "Standard", code: "lv", voice: "lv" }] },
  { code: "lfn", name: "Lingua Franca Nova", flag: "lfn", dialects: [{ name: "Standard", code: "lfn", voice: "lfn" }] },
  { code: "lt", name: "Lithuanian", flag: "lt", dialects: [{ name: "Standard", code: "lt", voice: "lt" }] },
  { code: "jbo", name: "Lojban", flag: "jbo", dialects: [{ name: "Standard", code: "jbo", voice: "jbo" }] },
  { code: "smj", name: "Lule Sami", flag: "se", dialects: [{ name: "Standard", code: "smj-SE", voice: "smj" }] },
  { code: "lb", name: "Luxembourgish", flag: "lu", dialects: [{ name: "Standard", code: "lb-LU", voice: "lb" }] },
  { code: "mk", name: "Macedonian", flag: "mk", dialects: [{ name: "Standard", code: "mk", voice: "mk" }] },
  { code: "ms", name: "Malay", flag: "my", dialects: [{ name: "Standard", code: "ms-MY", voice: "ms" }] },
  { code: "ml", name: "Malayalam", flag: "in", dialects: [{ name: "Standard", code: "ml-IN", voice: "ml" }] },
  { code: "mt", name: "Maltese", flag: "mt", dialects: [{ name: "Standard", code: "mt", voice: "mt" }] },
  { code: "mi", name: "Māori", flag: "nz", dialects: [{ name: "Standard", code: "mi-NZ", voice: "mi" }] },
  { code: "mr", name: "Marathi", flag: "in", dialects: [{ name: "Standard", code: "mr-IN", voice: "mr" }] },
  { code: "ne", name: "Nepali", flag: "np", dialects: [{ name: "Standard", code: "ne-NP", voice: "ne" }] },
  { code: "nog", name: "Nogai", flag: "ru", dialects: [{ name: "Standard", code: "nog-RU", voice: "nog" }] },
  { code: "no", name: "Norwegian", flag: "no", dialects: [{ name: "Bokmål", code: "no-NO", voice: "nb" }] },
  { code: "or", name: "Odia", flag: "in", dialects: [{ name: "Standard", code: "or-IN", voice: "or" }] },
  { code: "om", name: "Oromo", flag: "et", dialects: [{ name: "Standard", code: "om-ET", voice: "om" }] },
  { code: "pap", name: "Papiamento", flag: "cw", dialects: [{ name: "Standard", code: "pap-CW", voice: "pap" }] },
  { code: "fa", name: "Persian", flag: "ir", dialects: [{ name: "Iranian", code: "fa-IR", voice: "fa" }, { name: "Pinglish (Latin script)", code: "fa-Latn", voice: "fa-latn" }] },
  { code: "pl", name: "Polish", flag: "pl", dialects: [{ name: "Standard", code: "pl", voice: "pl" }] },
  { code: "pt", name: "Portuguese", flag: "pt", dialects: [{ name: "Brazilian", code: "pt-BR", voice: "pt-br" }, { name: "European", code: "pt-PT", voice: "pt" }] },
  { code: "pa", name: "Punjabi", flag: "in", dialects: [{ name: "Standard", code: "pa-IN", voice: "pa" }] },
  { code: "py", name: "Pyash", flag: "py", dialects: [{ name: "Standard", code: "py", voice: "py" }] },
  { code: "qu", name: "Quechua", flag: "pe", dialects: [{ name: "Standard", code: "qu-PE", voice: "qu" }] },
  { code: "qya", name: "Quenya", flag: "qya", dialects: [{ name: "Standard", code: "qya", voice: "qya" }] },
  { code: "ro", name: "Romanian", flag: "ro", dialects: [{ name: "Standard", code: "ro", voice: "ro" }] },
  { code: "ru", name: "Russian", flag: "ru", dialects: [{ name: "Standard", code: "ru-RU", voice: "ru" }, { name: "Classic", code: "ru-x-classic", voice: "ru-cl" }, { name: "Latvian", code: "ru-LV", voice: "ru-lv" }] },
  { code: "gd", name: "Scottish Gaelic", flag: "gb", dialects: [{ name: "Standard", code: "gd-GB", voice: "gd" }] },
  { code: "sr", name: "Serbian", flag: "rs", dialects: [{ name: "Standard", code: "sr-RS", voice: "sr" }] },
  { code: "tn", name: "Setswana", flag: "bw", dialects: [{ name: "Standard", code: "tn-BW", voice: "tn" }] },
  { code: "shn", name: "Shan", flag: "mm", dialects: [{ name: "Standard", code: "shn-MM", voice: "shn" }] },
  { code: "sjn", name: "Sindarin", flag: "sjn", dialects: [{ name: "Standard", code: "sjn", voice: "sjn" }] },
  { code: "sd", name: "Sindhi", flag: "pk", dialects: [{ name: "Standard", code: "sd-PK", voice: "sd" }] },
  { code: "si", name: "Sinhala", flag: "lk", dialects: [{ name: "Standard", code: "si-LK", voice: "si" }] },
  { code: "sk", name: "Slovak", flag: "sk", dialects: [{ name: "Standard", code: "sk", voice: "sk" }] },
  { code: "sl", name: "Slovenian", flag: "si", dialects: [{ name: "Standard", code: "sl-SI", voice: "sl" }] },
  { code: "es", name: "Spanish", flag: "es", dialects: [{ name: "Castilian", code: "es-ES", voice: "es" }, { name: "Latin American", code: "es-419", voice: "es-419" }] },
  { code: "sw", name: "Swahili", flag: "ke", dialects: [{ name: "Standard", code: "sw-KE", voice: "sw" }] },
  { code: "sv", name: "Swedish", flag: "se", dialects: [{ name: "Standard", code: "sv-SE", voice: "sv" }] },
  { code: "ta", name: "Tamil", flag: "in", dialects: [{ name: "Standard", code: "ta-IN", voice: "ta" }] },
  { code: "tt", name: "Tatar", flag: "ru", dialects: [{ name: "Standard", code: "tt-RU", voice: "tt" }] },
  { code: "te", name: "Telugu", flag: "in", dialects: [{ name: "Standard", code: "te-IN", voice: "te" }] },
  { code: "th", name: "Thai", flag: "th", dialects: [{ name: "Standard", code: "th", voice: "th" }] },
  { code: "ti", name: "Tigrinya", flag: "er", dialects: [{ name: "Standard", code: "ti-ER", voice: "ti" }] },
  { code: "mto", name: "Totontepec Mixe", flag: "mx", dialects: [{ name: "Standard", code: "mto-MX", voice: "mto" }] },
  { code: "tr", name: "Turkish", flag: "tr", dialects: [{ name: "Standard", code: "tr", voice: "tr" }] },
  { code: "tk", name: "Turkmen", flag: "tm", dialects: [{ name: "Standard", code: "tk-TM", voice: "tk" }] },
  { code: "uk", name: "Ukrainian", flag: "ua", dialects: [{ name: "Standard", code: "uk-UA", voice: "uk" }] },
  { code: "ur", name: "Urdu", flag: "pk", dialects: [{ name: "Standard", code: "ur-PK", voice: "ur" }] },
  { code: "ug", name: "Uyghur", flag: "cn", dialects: [{ name: "Standard", code: "ug-CN", voice: "ug" }] },
  { code: "uz", name: "Uzbek", flag: "uz", dialects: [{ name: "Standard", code: "uz", voice: "uz" }] },
  { code: "vi", name: "Vietnamese", flag: "vn", dialects: [{ name: "Northern", code: "vi-VN-x-north", voice: "vi" }, { name: "Central", code: "vi-VN-x-central", voice: "vi-vn-x-central" }, { name: "Southern", code: "vi-VN-x-south", voice: "vi-vn-x-south" }] },
  { code: "cy", name: "Welsh", flag: "gb", dialects: [{ name: "Standard", code: "cy-GB", voice: "cy" }] },
];

const byCode = new Map(ENGINE_LANGUAGE_CATALOGUE.map((language) => [language.code, language]));

export function engineLanguage(code: string): EngineLanguageEntry | undefined {
  return byCode.get(code);
}

/**
 * A language code as a client sends it ("hu", "HU", "pt-BR", "es_419", "zh-HK", "nb") to the catalogue's language
 * and the dialect it names (its standard one for a bare language code), or null when the engine does not speak it.
 */
export function resolveEngineLanguage(code: string | null | undefined): { language: EngineLanguageEntry; dialect: EngineDialect } | null {
  if (!code) return null;
  const wanted = code.trim().replace(/_/g, "-").toLowerCase();
  const dialectBy = (match: (dialect: EngineDialect) => boolean) => {
    for (const language of ENGINE_LANGUAGE_CATALOGUE) {
      const dialect = language.dialects.find(match);
      if (dialect) return { language, dialect };
    }
    return null;
  };
  const exact = dialectBy((d) => d.code.toLowerCase() === wanted);
  if (exact) return exact;
  // A bare language code is its standard dialect; then an espeak-ng voice name ("en-gb-x-rp", "cmn", "nb").
  const language = byCode.get(wanted);
  if (language) return { language, dialect: language.dialects[0]! };
  const byVoice = dialectBy((d) => d.voice === wanted);
  if (byVoice) return byVoice;
  const base = byCode.get(wanted.split("-")[0]!);
  return base ? { language: base, dialect: base.dialects[0]! } : null;
}

/**
 * A short sample in each language without a hand-written page: a greeting where we could write one we trust, otherwise
 * counting to ten, which the engine reads with that language's own number rules.
 */
export const SAMPLE_GREETINGS: Record<string, string> = {
  ar: "مرحبا! هذا هو صوتي.", bg: "Здравейте! Така звучи моят глас.", ca: "Hola! Així és com sona la meva veu.", cs: "Ahoj! Takhle zní můj hlas.",
  da: "Hej! Sådan lyder min stemme.", el: "Γεια σας! Έτσι ακούγεται η φωνή μου.", fi: "Hei! Tältä minun ääneni kuulostaa.", he: "שלום! כך נשמע הקול שלי.",
  hi: "नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है।", hr: "Bok! Ovako zvuči moj glas.", hu: "Szia! Így hangzik a hangom.", id: "Halo! Beginilah suara saya.",
  ja: "こんにちは。これが私の声です。", ko: "안녕하세요! 제 목소리는 이렇습니다.", ms: "Helo! Beginilah bunyi suara saya.", nl: "Hallo! Zo klinkt mijn stem.",
  no: "Hei! Slik høres stemmen min ut.", pl: "Cześć! Tak brzmi mój głos.", ro: "Bună! Așa sună vocea mea.", ru: "Привет! Вот так звучит мой голос.",
  sk: "Ahoj! Takto znie môj hlas.", sv: "Hej! Så här låter min röst.", ta: "வணக்கம்! இது என் குரல்.", tr: "Merhaba! Sesim böyle duyuluyor.",
  uk: "Привіт! Ось так звучить мій голос.", vi: "Xin chào! Đây là giọng nói của tôi.", zh: "你好！这就是我的声音。", eo: "Saluton! Jen kiel sonas mia voĉo.",
  la: "Salve! Haec est vox mea.", cy: "Helo! Dyma sut mae fy llais yn swnio.", is: "Halló! Svona hljómar röddin mín.", et: "Tere! Nii kõlab minu hääl.",
  lt: "Labas! Taip skamba mano balsas.", lv: "Sveiki! Tā skan mana balss.", sl: "Živjo! Tako zveni moj glas.", sr: "Здраво! Овако звучи мој глас.",
  chr: "ᎣᏏᏲ!", cv: "Салам!", sjn: "Mae govannen!",
  af: "Hallo! So klink my stem.", sw: "Habari! Hivi ndivyo sauti yangu inavyosikika.", th: "สวัสดี! นี่คือเสียงของฉัน", fa: "سلام! صدای من این‌گونه است.",
};

/** A short text in `code`'s language for samples and previews (counting to ten where no greeting is written). */
export function sampleText(code: string): string {
  return SAMPLE_GREETINGS[code] ?? "1, 2, 3, 4, 5, 6, 7, 8, 9, 10.";
}
