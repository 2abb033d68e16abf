// The embedded language-model engine: a retrieval responder (decision 0037). It has no model of language; it
// answers with the sentences of the agent's instructions and knowledge that best match the user's words, and says
// plainly when nothing it was given matches.
import { rank, sentences, terms, type Passage } from "./retrieval";

/** What it says when nothing it was given answers the question (and the page says why). */
export const RESPONDER_TEXTS = {
  unknown: "I don't know. Nothing I have been given answers that.",
  noQuestion: "Please ask me a question, and I will answer from what I have been given.",
} as const;

/** At least this share of the question's content words must be found in one passage for it to count as the answer. */
export const MIN_TERM_COVERAGE = 0.5;
/** An answer is at most this many sentences (it is spoken). */
export const MAX_ANSWER_SENTENCES = 2;

export type RetrievalAnswer = { text: string; known: boolean; passageIds: string[] };

/** The share of the question's content words the best passage holds (0 when none does): how well the knowledge answers it. */
export function knowledgeCoverage(passages: Passage[], question: string): number {
  const questionTerms = new Set(terms(question));
  const best = rank(passages, question)[0];
  return best && questionTerms.size ? best.matched.length / questionTerms.size : 0;
}

/** The answer to a question from passages: the best passage's sentences that share the question's words. */
export function answerFrom(passages: Passage[], question: string): RetrievalAnswer {
  const questionTerms = [...new Set(terms(question))];
  if (!questionTerms.length) return { text: RESPONDER_TEXTS.noQuestion, known: false, passageIds: [] };
  const best = rank(passages, question)[0];
  if (!best || best.matched.length / questionTerms.length < MIN_TERM_COVERAGE) return { text: RESPONDER_TEXTS.unknown, known: false, passageIds: [] };
  const wanted = new Set(best.matched);
  const scored = sentences(best.text).map((s, i) => ({ s, i, hits: new Set(terms(s).filter((t) => wanted.has(t))).size }));
  const most = Math.max(...scored.map((x) => x.hits));
  // The sentences that carry most of the question's words (several when they share them equally).
  const chosen = scored
    .filter((x) => x.hits === most)
    .sort((a, b) => b.hits - a.hits || a.i - b.i)
    .slice(0, MAX_ANSWER_SENTENCES)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
  return { text: chosen.join(" "), known: true, passageIds: [best.id] };
}
