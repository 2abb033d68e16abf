import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import {
  conversationSummaryOf,
  createTag,
  deleteTag,
  findConversation,
  findTag,
  listTags,
  messageHitJson,
  rankedSearch,
  rerunAnalysis,
  reviewedConversationJson,
  setConversationFeedback,
  tagConversation,
  tagJson,
  textSearch,
  untagConversation,
  updateTag,
} from "~/agents/agents.server";
import { AGENT_LIMITS, AGENT_TEXTS } from "~/agents/rules/agents";
import { REVIEW_LIMITS, REVIEW_TEXTS } from "~/agents/rules/review";
import { doc, id, refused } from "./api-schemas";

const conversationParam = z.object({ conversation_id: id });
const tagParam = z.object({ tag_id: id });
const pageSize = z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30);
const searchQuery = z.object({ text_query: z.string().min(1).max(500), agent_id: id.optional(), page_size: pageSize, cursor: z.string().max(20).optional() });

/**
 * The conversation history's review (decision 0065), under /v1/convai: tags and tagging, feedback, a summary, the
 * analysis run again, and search over what was said. Each route asks for the key itself, so that the conversations
 * routes mounted after this sub-app (api.ts) are not authenticated twice.
 */
export const conversationHistoryApi = new Hono<AuthedEnv>();

/** The two message searches differ only in how they find: a route for each, one answer shape. */
function messageSearchRoute(path: string, summary: string, search: typeof textSearch) {
  conversationHistoryApi.get(path, requireAgentsCaller, doc(summary, { success: { description: "JSON: results, next_cursor, has_more, meta" } }), valid("query", searchQuery), async (c) => {
    const q = c.req.valid("query");
    const found = await search(c.env, c.get("caller"), { text: q.text_query, agentId: q.agent_id, pageSize: q.page_size, cursor: q.cursor });
    return c.json({ results: found.hits.map(messageHitJson), next_cursor: found.nextCursor ?? undefined, has_more: found.nextCursor !== null, meta: { total: found.total, page_size: q.page_size } });
  });
}
messageSearchRoute("/conversations/messages/text-search", "Find messages that contain a text, newest conversation first", textSearch);
messageSearchRoute("/conversations/messages/smart-search", "Find messages ranked by the query's words (BM25 over the messages: it matches words, not meanings)", rankedSearch);

conversationHistoryApi.post(
  "/conversations/:conversation_id/feedback",
  requireAgentsCaller,
  doc("Like or dislike a conversation (null removes the feedback)", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }),
  valid("param", conversationParam),
  valid("json", z.object({ feedback: z.enum(["like", "dislike"]).nullish() })),
  async (c) => {
    const saved = await setConversationFeedback(c.env, c.get("caller"), c.req.valid("param").conversation_id, c.req.valid("json").feedback ?? null);
    return saved ? c.json({}) : apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
  },
);

conversationHistoryApi.get(
  "/conversations/:conversation_id/summary",
  requireAgentsCaller,
  doc("A conversation in short: its summary, verdict and last messages", { success: { description: "JSON: the summary" }, responses: { 404: "not_found" } }),
  valid("param", conversationParam),
  valid("query", z.object({ max_messages: z.coerce.number().int().min(0).max(AGENT_LIMITS.pageSize).default(REVIEW_LIMITS.summaryMessages) })),
  async (c) => {
    const row = await findConversation(c.env, c.get("caller"), c.req.valid("param").conversation_id);
    return row ? c.json(conversationSummaryOf(row, c.req.valid("query").max_messages)) : apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
  },
);

conversationHistoryApi.post(
  "/conversations/:conversation_id/analysis/run",
  requireAgentsCaller,
  doc("Analyse a conversation again with the agent's current evaluation criteria (rules over the transcript)", { success: { description: "JSON: the conversation" }, responses: { 400: "still in progress", 404: "not_found" } }),
  valid("param", conversationParam),
  async (c) => {
    const run = await rerunAnalysis(c.env, c.get("caller"), c.req.valid("param").conversation_id);
    return run.ok ? c.json(await reviewedConversationJson(c.env, run.row)) : refused(c, run.refusal);
  },
);

conversationHistoryApi.post(
  "/conversations/:conversation_id/analysis/evaluations/run",
  requireAgentsCaller,
  doc("Judge one of the agent's evaluation criteria again (the others keep their results)", { success: { description: "JSON: the conversation" }, responses: { 404: "not_found: the conversation or the criterion" } }),
  valid("param", conversationParam),
  valid("json", z.object({ evaluation_id: id, scope: z.string().max(40).nullish() })),
  async (c) => {
    const run = await rerunAnalysis(c.env, c.get("caller"), c.req.valid("param").conversation_id, c.req.valid("json").evaluation_id);
    return run.ok ? c.json(await reviewedConversationJson(c.env, run.row)) : refused(c, run.refusal);
  },
);

conversationHistoryApi.post(
  "/conversations/:conversation_id/tags",
  requireAgentsCaller,
  doc("Put tags on a conversation", { success: { description: "Empty JSON" }, responses: { 404: "not_found: the conversation or a tag" } }),
  valid("param", conversationParam),
  valid("json", z.object({ tag_ids: z.array(id).min(1).max(50) })),
  async (c) => {
    const tagged = await tagConversation(c.env, c.get("caller"), c.req.valid("param").conversation_id, c.req.valid("json").tag_ids);
    return tagged.ok ? c.json({}) : refused(c, tagged.refusal);
  },
);

conversationHistoryApi.delete(
  "/conversations/:conversation_id/tags/:tag_id",
  requireAgentsCaller,
  doc("Take a tag off a conversation", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }),
  valid("param", conversationParam.extend({ tag_id: id })),
  async (c) => {
    const params = c.req.valid("param");
    return (await untagConversation(c.env, c.get("caller"), params.conversation_id, params.tag_id)) ? c.json({}) : apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
  },
);

const tagFields = { title: z.string().trim().min(1, "title must not be empty.").max(REVIEW_LIMITS.tagTitle), description: z.string().max(REVIEW_LIMITS.tagDescription).nullish() };

conversationHistoryApi.get(
  "/tags",
  requireAgentsCaller,
  doc("List the workspace's conversation tags, newest first", { success: { description: "JSON: conversation_tags, next_cursor, has_more" } }),
  valid("query", z.object({ page_size: pageSize, cursor: z.string().max(40).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listTags(c.env, c.get("caller"), { pageSize: q.page_size, cursor: q.cursor });
    return c.json({ conversation_tags: page.tags.map(tagJson), next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);

conversationHistoryApi.post("/tags", requireAgentsCaller, doc("Create a conversation tag", { success: { description: "JSON: the tag" } }), valid("json", z.object(tagFields)), async (c) =>
  c.json(tagJson(await createTag(c.env, c.get("caller"), c.req.valid("json")))),
);

conversationHistoryApi.get("/tags/:tag_id", requireAgentsCaller, doc("Get a conversation tag", { success: { description: "JSON: the tag" }, responses: { 404: "not_found" } }), valid("param", tagParam), async (c) => {
  const tag = await findTag(c.env, c.get("caller"), c.req.valid("param").tag_id);
  return tag ? c.json(tagJson(tag)) : apiError(c, 404, "not_found", REVIEW_TEXTS.tagNotFound);
});

conversationHistoryApi.patch(
  "/tags/:tag_id",
  requireAgentsCaller,
  doc("Rename a conversation tag or change its description", { success: { description: "JSON: the tag" }, responses: { 404: "not_found" } }),
  valid("param", tagParam),
  valid("json", z.object({ title: tagFields.title.nullish(), description: tagFields.description })),
  async (c) => {
    const tag = await updateTag(c.env, c.get("caller"), c.req.valid("param").tag_id, c.req.valid("json"));
    return tag ? c.json(tagJson(tag)) : apiError(c, 404, "not_found", REVIEW_TEXTS.tagNotFound);
  },
);

conversationHistoryApi.delete("/tags/:tag_id", requireAgentsCaller, doc("Delete a conversation tag (it comes off every conversation)", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", tagParam), async (c) =>
  (await deleteTag(c.env, c.get("caller"), c.req.valid("param").tag_id)) ? c.json({}) : apiError(c, 404, "not_found", REVIEW_TEXTS.tagNotFound),
);
