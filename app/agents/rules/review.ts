// Reviewing conversations (decision 0065): limits, texts and the highlights of a text search. Pure.

export const REVIEW_LIMITS = {
  /** Conversations a search reads at most (the newest that contain the words). */
  searchConversations: 500,
  /** Messages a summary shows by default. */
  summaryMessages: 10,
  tagTitle: 100,
  tagDescription: 500,
} as const;

export const REVIEW_TEXTS = {
  tagNotFound: "Tag not found.",
  tagsNotFound: (ids: string[]) => `Tags not found in this workspace: ${ids.join(", ")}.`,
  criterionNotFound: (id: string) => `The agent has no evaluation criterion ${id}.`,
  stillInProgress: "The conversation is still in progress: it is analysed when it ends.",
  summaryNote: "Summarised by rules over the transcript (decision 0037), not by a language model: how often the user spoke and how many answers came from the agent's knowledge.",
} as const;

/** A message cut into plain pieces and the places that contain the searched text (case-insensitive). */
export function exactHighlights(message: string, text: string): { value: string; is_hit: boolean }[] {
  if (!text) return [{ value: message, is_hit: false }];
  const lower = message.toLowerCase();
  const needle = text.toLowerCase();
  const segments: { value: string; is_hit: boolean }[] = [];
  let at = 0;
  for (let found = lower.indexOf(needle); found >= 0; found = lower.indexOf(needle, at)) {
    if (found > at) segments.push({ value: message.slice(at, found), is_hit: false });
    segments.push({ value: message.slice(found, found + needle.length), is_hit: true });
    at = found + needle.length;
  }
  if (at < message.length) segments.push({ value: message.slice(at), is_hit: false });
  return segments;
}
