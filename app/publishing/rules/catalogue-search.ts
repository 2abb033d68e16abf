/**
 * The reader catalogue's search (decision 0056): a word index of each read's title and author, and its genres, kept in
 * D1 (`publishing_read_terms`) and searched by indexed prefix ranges, so "tid" finds "The Tide Clock". Pure: the
 * publishing server writes the terms a read's metadata gives and turns a query into ranges.
 */

export const TERM_FIELDS = ["title", "author", "genre"] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/** Words longer than this are cut (a search never needs more to be told apart); a field keeps at most TERMS_MAX. */
export const TERM_LENGTH_MAX = 40;
export const TERMS_MAX = 50;
/** A query of more words is refused rather than run as that many ranges. */
export const QUERY_WORDS_MAX = 8;
export const QUERY_LENGTH_MAX = 200;
/** Catalogue search shows at most this many reads. */
export const SEARCH_RESULTS_MAX = 60;

/** Lower case without accents, so "Élodie" and "elodie" meet. */
export function normalize(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** The distinct words of a text (letters and digits; everything else separates), as the index and queries see them. */
export function words(text: string): string[] {
  return [...new Set(normalize(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => word.slice(0, TERM_LENGTH_MAX)))].slice(0, TERMS_MAX);
}

/** A genre as one term ("Science fiction" → "science fiction"), matched whole. */
export function genreKey(genre: string): string {
  return normalize(genre).trim().replace(/\s+/g, " ").slice(0, TERM_LENGTH_MAX * 2);
}

/** The index rows a read's metadata gives. */
export function readTerms(read: { title: string; author: string; genres: readonly string[] }): { field: TermField; term: string }[] {
  return [
    ...words(read.title).map((term) => ({ field: "title" as const, term })),
    ...words(read.author).map((term) => ({ field: "author" as const, term })),
    ...[...new Set(read.genres.map(genreKey).filter(Boolean))].map((term) => ({ field: "genre" as const, term })),
  ];
}

export type CatalogueQuery = { words: string[]; authorWords: string[]; genre: string | null; language: string | null };

export type CatalogueQueryRefusal = { httpStatus: 400; status: "invalid_search"; message: string };

/**
 * A search as the catalogue's form sends it: `q` (words of the title or author, each a prefix), `author` (words of
 * the author), `genre` and `language` (exact). Empty parameters are no filter.
 */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery | CatalogueQueryRefusal {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const [q, author] = [get("q"), get("author")];
  if (q.length > QUERY_LENGTH_MAX || author.length > QUERY_LENGTH_MAX) return refusal(`A search is at most ${QUERY_LENGTH_MAX} characters.`);
  const query = { words: words(q), authorWords: words(author), genre: genreKey(get("genre")) || null, language: get("language").toLowerCase() || null };
  if (query.words.length + query.authorWords.length > QUERY_WORDS_MAX) return refusal(`A search is at most ${QUERY_WORDS_MAX} words.`);
  if (query.language !== null && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(query.language)) return refusal("The language is a language code such as en or pt-br.");
  return query;
}

const refusal = (message: string): CatalogueQueryRefusal => ({ httpStatus: 400, status: "invalid_search", message });

/** Whether the query filters anything (else the catalogue shows its latest reads). */
export function isSearch(query: CatalogueQuery): boolean {
  return query.words.length > 0 || query.authorWords.length > 0 || query.genre !== null || query.language !== null;
}

/** The index range a word prefix covers: every term from the word up to the word followed by the last code point. */
export function prefixRange(word: string): { from: string; to: string } {
  return { from: word, to: `${word}\u{10FFFF}` };
}
