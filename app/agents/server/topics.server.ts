// An agent's topics (decision 0096): read from its conversations in the viewer's workspace when asked.
import { database } from "../../../db/client";
import { conversationsOfAgentBetween } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { discoverTopics, sortTopics, TOPIC_LIMITS, topicWindow, type TopicConversation, type TopicSort } from "~/agents/rules/topics";
import type { ConversationAnalysis } from "../../../core/agents/evaluation";
import type { TranscriptEntry } from "./conversations.server";

export type TopicsQuery = { pageSize: number; sortBy: TopicSort; direction: "asc" | "desc"; fromUnixSecs?: number; toUnixSecs?: number; includeEvaluationCriteria: boolean; cursor?: string };

/** GET /v1/convai/agents/{agent_id}/topics: the topics of the window's conversations, a page of them. */
export async function agentTopics(env: Pick<Env, "DB">, viewer: Pick<Actor, "membership">, agentId: string, query: TopicsQuery) {
  const window = topicWindow(query, Math.floor(Date.now() / 1000));
  const rows = await conversationsOfAgentBetween(database(env.DB), viewer.membership.workspace.id, agentId, { start: window.start * 1000, end: window.end * 1000 + 999, limit: TOPIC_LIMITS.conversations });
  const conversations: TopicConversation[] = rows.map((row) => {
    const analysis = row.analysis ? (JSON.parse(row.analysis) as ConversationAnalysis) : null;
    return {
      id: row.id,
      userMessages: (JSON.parse(row.transcript) as TranscriptEntry[]).filter((t) => t.role === "user" && t.message).map((t) => t.message),
      callSuccessful: analysis?.callSuccessful ?? null,
      criteria: analysis?.criteria.map((c) => ({ criteriaId: c.criteriaId, result: c.result })) ?? [],
    };
  });
  const topics = sortTopics(discoverTopics(conversations, { includeEvaluationCriteria: query.includeEvaluationCriteria }), query.sortBy, query.direction);
  const offset = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : 0;
  const page = topics.slice(offset, offset + query.pageSize);
  const next = offset + query.pageSize < topics.length ? String(offset + query.pageSize) : null;
  return { topics: page, window_start_unix_secs: window.start, window_end_unix_secs: window.end, has_more: next !== null, ...(next ? { next_cursor: next } : {}) };
}
