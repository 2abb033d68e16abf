// Lexical retrieval for the embedded responder (decision 0037): passages cut from the agent's instructions and
// knowledge base, ranked by BM25 against the user's words. No model: the answer is the passage's own sentences.

/** A passage the responder may answer from: a chunk of a knowledge document or of the instructions. */
export type Passage = { id: string; source: string; text: string };
export type RankedPassage = Passage & { score: number; matched: string[] };

/** Longest passage cut from a document (characters): small enough that an answer spoken from it stays short. */
export const CHUNK_MAX_CHARACTERS = 700;
/** BM25's usual constants (Robertson and Zaragoza). */
const K1 = 1.2;
const B = 0.75;

// Words too common to say what a question is about (English; other languages keep all their words).
const STOPWORDS = new Set(
  ("a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our please so " +
    "tell than that the their them then there these they this to us was we were what when where which who whom why will with would you your " +
    "about any some just know want like also ok okay yes no hi hello hey thanks thank long much many get need").split(" "),
);

/** Stems are cut to this many letters, so that "delivery", "delivered" and "deliveries" meet. */
const STEM_LENGTH = 7;

/** A word reduced to a rough stem, so that "prices" finds "price" and "opening" finds "open". */
function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w.slice(0, STEM_LENGTH);
}

/** The content words of a text, lower case without accents, stemmed, stopwords left out. */
export function terms(text: string): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return (words ?? []).filter((w) => !STOPWORDS.has(w)).map(stem);
}

/** Sentences of a text (a sentence ends at . ! ? or a line break). */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Cuts a document into passages of whole sentences, each at most CHUNK_MAX_CHARACTERS (a longer sentence is its own passage). */
export function chunkText(text: string, maxCharacters = CHUNK_MAX_CHARACTERS): string[] {
  const chunks: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let current = "";
    for (const sentence of sentences(paragraph)) {
      if (current && current.length + 1 + sentence.length > maxCharacters) {
        chunks.push(current);
        current = "";
      }
      current = current ? `${current} ${sentence}` : sentence;
    }
    if (current) chunks.push(current);
  }
  return chunks;
}

/** Ranks passages by BM25 over their terms; only passages sharing at least one term with the query are returned. */
export function rank(passages: Passage[], query: string): RankedPassage[] {
  const queryTerms = [...new Set(terms(query))];
  if (!queryTerms.length || !passages.length) return [];
  const docs = passages.map((p) => terms(p.text));
  const averageLength = docs.reduce((n, d) => n + d.length, 0) / docs.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  const ranked: RankedPassage[] = [];
  passages.forEach((passage, i) => {
    const counts = new Map<string, number>();
    for (const t of docs[i]!) counts.set(t, (counts.get(t) ?? 0) + 1);
    let score = 0;
    const matched: string[] = [];
    for (const t of queryTerms) {
      const tf = counts.get(t);
      if (!tf) continue;
      matched.push(t);
      const df = documentFrequency.get(t) ?? 0;
      const idf = Math.log(1 + (passages.length - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * docs[i]!.length) / averageLength));
    }
    if (matched.length) ranked.push({ ...passage, score, matched });
  });
  return ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
