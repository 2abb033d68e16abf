// What an agent's callers talk about (GET /v1/convai/agents/{agent_id}/topics, decision 0096), found lexically in
// the users' words of its conversations: each conversation's content terms (core/agents/retrieval.ts' stems, without
// stopwords), then a greedy set cover: the term that most conversations not yet placed share becomes a topic and
// takes them, until no term is shared by TOPIC_LIMITS.minConversations. A topic's label is its term, with the term
// its conversations most often share beside it; its description is the user message that says most of both. No
// model, and computed when asked (no daily runs). Pure.
import { terms } from "../../../core/agents/retrieval";

export const TOPIC_LIMITS = {
  /** A topic is a term at least this many conversations share. */
  minConversations: 2,
  /** The newest conversations of the window that are read. */
  conversations: 1000,
  /** The window when none is asked for: the last 30 days. */
  defaultWindowSecs: 30 * 86_400,
  pageSize: 20,
  maxPageSize: 100,
  descriptionCharacters: 200,
} as const;

export type TopicConversation = {
  id: string;
  /** What the user said, message by message. */
  userMessages: string[];
  /** The analysis' call_successful and per-criterion results, when analysed. */
  callSuccessful: "success" | "failure" | "unknown" | null;
  criteria: { criteriaId: string; result: "success" | "failure" | "unknown" }[];
};

export type Topic = {
  topic_id: string;
  label: string;
  description: string;
  conversation_count: number;
  metrics: { conversation_count: number; evaluation_criteria?: { criteria_id: string; success_count: number; failure_count: number; unknown_count: number }[] };
  success_rate?: number;
};

/** A word's stem (as retrieval makes it), or null for a stopword or a number. */
function stemOf(word: string): string | null {
  const [stem] = terms(word);
  return stem && /\p{L}/u.test(stem) ? stem : null;
}

/** The stems a text holds, and the words each came from (counted, to name a stem by its commonest word). */
function readWords(text: string, surfaces: Map<string, Map<string, number>>): Set<string> {
  const stems = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const stem = stemOf(word);
    if (!stem) continue;
    stems.add(stem);
    const counts = surfaces.get(stem) ?? new Map<string, number>();
    counts.set(word, (counts.get(word) ?? 0) + 1);
    surfaces.set(stem, counts);
  }
  return stems;
}

const commonest = (counts: Map<string, number> | undefined, fallback: string) => [...(counts ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? fallback;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The topics of a set of conversations, most conversations first (ties by label). */
export function discoverTopics(conversations: TopicConversation[], options: { includeEvaluationCriteria: boolean }): Topic[] {
  const surfaces = new Map<string, Map<string, number>>();
  const termsOf = new Map(conversations.map((c) => [c.id, readWords(c.userMessages.join("\n"), surfaces)]));
  const unplaced = new Set(conversations.map((c) => c.id));
  const topics: Topic[] = [];
  for (;;) {
    const shared = new Map<string, number>();
    for (const id of unplaced) for (const term of termsOf.get(id)!) shared.set(term, (shared.get(term) ?? 0) + 1);
    const best = [...shared.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!best || best[1] < TOPIC_LIMITS.minConversations) break;
    const [term] = best;
    const members = conversations.filter((c) => unplaced.has(c.id) && termsOf.get(c.id)!.has(term));
    for (const member of members) unplaced.delete(member.id);
    topics.push(topicOf(term, members, termsOf, surfaces, options));
  }
  return topics.sort((a, b) => b.conversation_count - a.conversation_count || a.label.localeCompare(b.label));
}

function topicOf(term: string, members: TopicConversation[], termsOf: Map<string, Set<string>>, surfaces: Map<string, Map<string, number>>, options: { includeEvaluationCriteria: boolean }): Topic {
  // The term beside it: the one most of its conversations share too (at least half of them).
  const beside = new Map<string, number>();
  for (const member of members) for (const other of termsOf.get(member.id)!) if (other !== term) beside.set(other, (beside.get(other) ?? 0) + 1);
  const second = [...beside.entries()].filter(([, n]) => n * 2 >= members.length).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const words = [commonest(surfaces.get(term), term), ...(second ? [commonest(surfaces.get(second), second)] : [])];
  const wanted = new Set([term, ...(second ? [second] : [])]);
  // The description: the user message that holds most of the label's terms (the shorter one when they tie).
  const messages = members.flatMap((m) => m.userMessages);
  const score = (message: string) => [...new Set(terms(message))].filter((t) => wanted.has(t)).length;
  const example = messages.sort((a, b) => score(b) - score(a) || a.length - b.length)[0] ?? "";
  const description = example.length > TOPIC_LIMITS.descriptionCharacters ? `${example.slice(0, TOPIC_LIMITS.descriptionCharacters - 1)}…` : example;

  const scored = members.filter((m) => m.callSuccessful === "success" || m.callSuccessful === "failure");
  const criteria = new Map<string, { criteria_id: string; success_count: number; failure_count: number; unknown_count: number }>();
  for (const member of members) {
    for (const c of member.criteria) {
      const counts = criteria.get(c.criteriaId) ?? { criteria_id: c.criteriaId, success_count: 0, failure_count: 0, unknown_count: 0 };
      counts[`${c.result}_count`]++;
      criteria.set(c.criteriaId, counts);
    }
  }
  return {
    topic_id: `topic_${term}`,
    label: capitalised(words.join(" ")),
    description,
    conversation_count: members.length,
    metrics: { conversation_count: members.length, ...(options.includeEvaluationCriteria ? { evaluation_criteria: [...criteria.values()] } : {}) },
    ...(scored.length ? { success_rate: scored.filter((m) => m.callSuccessful === "success").length / scored.length } : {}),
  };
}

export type TopicSort = "conversations" | "sentiment" | "success_rate" | "frustration";

/**
 * Topics in the order asked. Sentiment and frustration are not measured here: every topic is unscored for them, and
 * unscored topics keep the by-conversations order (the API ranks topics with no score last).
 */
export function sortTopics(topics: Topic[], sortBy: TopicSort, direction: "asc" | "desc"): Topic[] {
  const sign = direction === "asc" ? 1 : -1;
  const byCount = (a: Topic, b: Topic) => sign * (a.conversation_count - b.conversation_count) || a.label.localeCompare(b.label);
  if (sortBy !== "success_rate") return [...topics].sort(byCount);
  return [...topics].sort((a, b) => {
    if (a.success_rate === undefined || b.success_rate === undefined) return (a.success_rate === undefined ? 1 : 0) - (b.success_rate === undefined ? 1 : 0) || byCount(a, b);
    return sign * (a.success_rate - b.success_rate) || byCount(a, b);
  });
}

/** The window topics are read over: `from` floored to its UTC day; by default the last 30 days up to now. */
export function topicWindow(query: { fromUnixSecs?: number; toUnixSecs?: number }, nowSecs: number): { start: number; end: number } {
  const end = query.toUnixSecs ?? nowSecs;
  const from = query.fromUnixSecs ?? end - TOPIC_LIMITS.defaultWindowSecs;
  return { start: from - (((from % 86_400) + 86_400) % 86_400), end };
}
