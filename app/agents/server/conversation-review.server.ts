// Reviewing conversations (decision 0065): tags, the caller's feedback, a summary, the rule-based analysis run again
// with the agent's current criteria, search over what was said, the people who talked and the calls going on now.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/conversation-review";
import { findAgent as findAgentRow, findConversation as findConversationRow, type ConversationRow } from "../../../db/repositories/agents";
import type { ConversationTagRow } from "../../../db/repositories/conversation-review";
import { analyseConversation, type ConversationAnalysis } from "../../../core/agents/evaluation";
import { rank, terms } from "../../../core/agents/retrieval";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { AGENT_LIMITS, AGENT_TEXTS, agentSettings, offsetPage, type Json } from "~/agents/rules/agents";
import { searchSnippet } from "~/agents/rules/knowledge";
import { exactHighlights, REVIEW_LIMITS, REVIEW_TEXTS } from "~/agents/rules/review";
import { conversationJson, type TranscriptEntry } from "./conversations.server";
import type { AgentRefusal } from "./agents.server";

export type { ConversationTagRow };
type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership">;
const workspaceOf = (viewer: Viewer) => viewer.membership.workspace.id;
const transcriptOf = (row: ConversationRow) => JSON.parse(row.transcript) as TranscriptEntry[];

// ---- tags ----

export async function createTag(env: Env, viewer: Pick<Actor, "membership" | "user">, input: { title: string; description?: string | null }): Promise<ConversationTagRow> {
  const row: ConversationTagRow = { id: newId("tag"), workspaceId: workspaceOf(viewer), ownerUserId: viewer.user.id, title: input.title.trim(), description: input.description?.trim() || null, createdAt: Date.now() };
  await table.insertTag(database(env.DB), row);
  return row;
}

export async function findTag(env: Env, viewer: Viewer, id: string): Promise<ConversationTagRow | null> {
  return (await table.findTag(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export async function listTags(env: Env, viewer: Viewer, query: { pageSize: number; cursor?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listTags(database(env.DB), workspaceOf(viewer), { pageSize: query.pageSize + 1, before });
  const page = rows.slice(0, query.pageSize);
  return { tags: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

export async function updateTag(env: Env, viewer: Viewer, id: string, input: { title?: string | null; description?: string | null }): Promise<ConversationTagRow | null> {
  const found = await findTag(env, viewer, id);
  if (!found) return null;
  const next = { ...found, title: input.title?.trim() || found.title, description: input.description === undefined ? found.description : input.description?.trim() || null };
  await table.updateTag(database(env.DB), found.workspaceId, id, { title: next.title, description: next.description });
  return next;
}

export async function deleteTag(env: Env, viewer: Viewer, id: string): Promise<boolean> {
  return table.deleteTag(database(env.DB), workspaceOf(viewer), id);
}

/** Puts tags on a conversation: the conversation and every tag must be the workspace's. */
export async function tagConversation(env: Env, viewer: Viewer, conversationId: string, tagIds: string[]): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  if (!(await findConversationOf(env, viewer, conversationId))) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: AGENT_TEXTS.conversationNotFound } };
  const found = new Set((await table.findTags(db, workspaceOf(viewer), tagIds)).map((t) => t.id));
  const missing = tagIds.filter((t) => !found.has(t));
  if (missing.length) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: REVIEW_TEXTS.tagsNotFound(missing) } };
  await table.tagConversation(db, conversationId, tagIds);
  return { ok: true };
}

export async function untagConversation(env: Env, viewer: Viewer, conversationId: string, tagId: string): Promise<boolean> {
  if (!(await findConversationOf(env, viewer, conversationId))) return false;
  await table.untagConversation(database(env.DB), conversationId, tagId);
  return true;
}

export function tagJson(row: ConversationTagRow) {
  return { tag_id: row.id, workspace_id: row.workspaceId, owner_user_id: row.ownerUserId, title: row.title, description: row.description ?? undefined, created_at_unix_secs: Math.floor(row.createdAt / 1000) };
}

// ---- one conversation ----

async function findConversationOf(env: Env, viewer: Viewer, id: string): Promise<ConversationRow | null> {
  return (await findConversationRow(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

/** A conversation as GET gives it, with its tags and the caller's feedback. */
export async function reviewedConversationJson(env: Env, row: ConversationRow) {
  const json = conversationJson(row);
  const tagIds = (await table.tagsOf(database(env.DB), [row.id])).get(row.id) ?? [];
  const feedback = { overall_score: row.feedback ?? undefined, likes: row.feedback === "like" ? 1 : 0, dislikes: row.feedback === "dislike" ? 1 : 0 };
  return { ...json, metadata: { ...json.metadata, feedback }, tag_ids: tagIds };
}

/** The caller's feedback on a conversation: like, dislike, or none (null). */
export async function setConversationFeedback(env: Env, viewer: Viewer, id: string, feedback: "like" | "dislike" | null): Promise<boolean> {
  if (!(await findConversationOf(env, viewer, id))) return false;
  await table.setFeedback(database(env.DB), workspaceOf(viewer), id, feedback);
  return true;
}

/** The conversation in short: its analysis summary and its last messages. */
export function conversationSummaryOf(row: ConversationRow, maxMessages: number) {
  const transcript = transcriptOf(row);
  const analysis = row.analysis ? (JSON.parse(row.analysis) as ConversationAnalysis) : null;
  const messages = transcript.filter((t) => t.message).slice(-maxMessages);
  return {
    conversation_id: row.id,
    agent_id: row.agentId,
    status: row.status,
    transcript_summary: analysis?.summary,
    call_successful: analysis?.callSuccessful,
    message_count: transcript.length,
    messages: messages.map((t) => ({ role: t.role, message: t.message })),
    messages_omitted: messages.length < transcript.filter((t) => t.message).length,
    note: REVIEW_TEXTS.summaryNote,
  };
}

/**
 * Runs the analysis again over the saved transcript with the agent's criteria as they are now; with a criterion id,
 * only that criterion (the others keep their results). Returns the conversation as saved.
 */
export async function rerunAnalysis(env: Env, viewer: Viewer, id: string, criterionId?: string): Promise<{ ok: true; row: ConversationRow } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  const row = await findConversationOf(env, viewer, id);
  if (!row) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: AGENT_TEXTS.conversationNotFound } };
  if (row.status === "in-progress") return { ok: false, refusal: { httpStatus: 400, status: "invalid_request", message: REVIEW_TEXTS.stillInProgress } };
  const agent = await findAgentRow(db, workspaceOf(viewer), row.agentId);
  const criteria = agent ? agentSettings(JSON.parse(agent.conversationConfig) as Json, JSON.parse(agent.platformSettings) as Json).criteria : [];
  const earlier = row.analysis ? (JSON.parse(row.analysis) as ConversationAnalysis).criteria : [];
  const chosen = criterionId ? criteria.filter((c) => c.id === criterionId) : criteria;
  if (criterionId && !chosen.length) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: REVIEW_TEXTS.criterionNotFound(criterionId) } };
  const analysis = analyseConversation(
    transcriptOf(row).map((t) => ({ role: t.role, message: t.message })),
    chosen,
    criterionId ? earlier : [],
  );
  const text = JSON.stringify(analysis);
  await table.setAnalysis(db, workspaceOf(viewer), id, text);
  return { ok: true, row: { ...row, analysis: text } };
}

// ---- search ----

export type MessageHit = { row: ConversationRow; index: number; text: string; highlights: { value: string; is_hit: boolean }[]; score: number };

/** Messages that contain the text (case-insensitive), newest conversation first. */
export async function textSearch(env: Env, viewer: Viewer, query: { text: string; agentId?: string; pageSize: number; cursor?: string }) {
  const rows = await table.conversationsContaining(database(env.DB), workspaceOf(viewer), [query.text], { limit: REVIEW_LIMITS.searchConversations, agentId: query.agentId });
  const needle = query.text.toLowerCase();
  const hits: MessageHit[] = rows.flatMap((row) =>
    transcriptOf(row).flatMap((t, index) => (t.message.toLowerCase().includes(needle) ? [{ row, index, text: t.message, highlights: exactHighlights(t.message, query.text), score: 1 }] : [])),
  );
  return paged(hits, query.pageSize, query.cursor);
}

/**
 * Messages ranked by how well they match the query's words: BM25 over the messages of the conversations that share a
 * word beginning with it (the lexical index's ranking: it matches words, not meanings).
 */
export async function rankedSearch(env: Env, viewer: Viewer, query: { text: string; agentId?: string; pageSize: number; cursor?: string }) {
  const prefixes = [...new Set(terms(query.text).map((t) => t.slice(0, 5)))];
  const rows = await table.conversationsContaining(database(env.DB), workspaceOf(viewer), prefixes, { limit: REVIEW_LIMITS.searchConversations, agentId: query.agentId });
  const messages = rows.flatMap((row) => transcriptOf(row).map((t, index) => ({ row, index, text: t.message })));
  const ranked = rank(
    messages.map((m, i) => ({ id: String(i), source: m.row.id, text: m.text })),
    query.text,
  );
  const hits: MessageHit[] = ranked.map((r) => {
    const m = messages[Number(r.id)]!;
    // The whole message, its matching words marked.
    return { ...m, highlights: searchSnippet(m.text, query.text, Number.POSITIVE_INFINITY), score: r.score };
  });
  return paged(hits, query.pageSize, query.cursor);
}

function paged(hits: MessageHit[], pageSize: number, cursor?: string) {
  const page = offsetPage(hits, pageSize, cursor);
  return { hits: page.items, nextCursor: page.nextCursor, total: hits.length };
}

export function messageHitJson(hit: MessageHit) {
  return {
    conversation_id: hit.row.id,
    agent_id: hit.row.agentId,
    agent_name: hit.row.agentName,
    transcript_index: hit.index,
    chunk_text: hit.text,
    chunk_highlights: hit.highlights,
    score: hit.score,
    conversation_start_time_unix_secs: Math.floor(hit.row.startedAt / 1000),
  };
}

// ---- people and live calls ----

/** The people who talked with the workspace's agents: how often, first and last, and with which agent last. */
export async function conversationUsers(env: Env, viewer: Viewer, query: { pageSize: number; cursor?: string; agentId?: string; after?: number; before?: number; search?: string }) {
  const db = database(env.DB);
  const offset = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await table.conversationUsers(db, workspaceOf(viewer), { pageSize: query.pageSize + 1, offset, agentId: query.agentId, from: query.after, to: query.before, search: query.search });
  const page = rows.slice(0, query.pageSize);
  const users = await Promise.all(
    page.map(async (u) => {
      const last = await table.lastConversationOf(db, workspaceOf(viewer), u.userId!);
      return {
        user_id: u.userId!,
        first_contact_unix_secs: Math.floor(Number(u.first) / 1000),
        last_contact_unix_secs: Math.floor(Number(u.last) / 1000),
        conversation_count: u.conversations,
        last_contact_agent_id: last?.agentId,
        last_contact_agent_name: last?.agentName,
        last_contact_conversation_id: last?.id ?? "",
        // Sentiment is not scored here: no conversation counts as scored.
        sentiment: { scored_conversation_count: 0, positive_count: 0, neutral_count: 0, negative_count: 0, recent_scored_conversation_count: 0, recent_positive_count: 0, recent_neutral_count: 0, recent_negative_count: 0 },
      };
    }),
  );
  return { users, nextCursor: rows.length > query.pageSize ? String(offset + query.pageSize) : null };
}

/** Conversations going on now (started within the longest duration a conversation may last, not yet saved). */
export async function liveConversationCount(env: Env, viewer: Viewer, agentIds?: string[]): Promise<number> {
  return table.liveConversations(database(env.DB), workspaceOf(viewer), Date.now() - AGENT_LIMITS.maxDurationSeconds * 1000, agentIds);
}
