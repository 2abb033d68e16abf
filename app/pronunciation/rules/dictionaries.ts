// Limits and texts of the pronunciation dictionaries' pages and API (the rules themselves: core/pronunciation).
export const DICTIONARY_NAME_MAX = 200;
/** A lexicon is text; 1 MB holds many thousands of lexemes. */
export const PLS_MAX_BYTES = 1024 * 1024;

/** What the pages say about how the embedded engine uses phoneme rules. */
export const PHONEME_NOTE =
  "Alias rules replace the text before it is spoken, on every model. Phoneme rules (IPA or CMU ARPAbet) are spoken by the built-in engine, converted to its own phoneme symbols; server models get no phoneme input and skip them.";
