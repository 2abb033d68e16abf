import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import {
  assignableUsers,
  commentOnTriageTicket,
  commentOnTriageTurn,
  createConversationTicket,
  createManualTicket,
  deleteTriageTicket,
  findAgent,
  listTriageTickets,
  mergeTriageTickets,
  triageTicketJson,
  updateTriageTicket,
} from "~/agents/agents.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { decodeCursor, SETTABLE_STATUSES, TICKET_ISSUE_TYPES, TICKET_PRIORITIES, TICKET_SORTS, TICKET_SOURCES, TICKET_STATUSES, TRIAGE_LIMITS as LIMITS, TRIAGE_TEXTS, type TicketCursor, type TicketSort } from "~/agents/rules/triage-tickets";
import { doc, id, queryList, refused } from "./api-schemas";

const agentParam = z.object({ agent_id: id });
const ticketParam = z.object({ agentqa_ticket_id: id });
const title = z.string().trim().min(1, "title must not be empty.").max(LIMITS.title, `title must be at most ${LIMITS.title} characters.`);
const comment = (name: string) => z.string().trim().min(1, `${name} must not be empty.`).max(LIMITS.comment, `${name} must be at most ${LIMITS.comment} characters.`);
const priority = z.enum(TICKET_PRIORITIES);
const turnIndex = z.number().int().min(0, "turn_index is zero-based: 0 or more.");
/** A query list whose every value must be one of `values` (the SDK repeats the key). */
const listOf = <T extends readonly [string, ...string[]]>(values: T) => queryList.pipe(z.array(z.enum(values)));

/** The filters both lists take; the per-agent list adds conversation_id, the workspace's agent_id. */
const listFields = z.object({
  page_size: z.coerce.number().int().min(1).max(LIMITS.pageSize).default(LIMITS.defaultPageSize),
  status: z.enum(TICKET_STATUSES).optional(),
  sources: listOf(TICKET_SOURCES).optional(),
  priorities: listOf(TICKET_PRIORITIES).optional(),
  sort_by: z.enum(TICKET_SORTS).default("created_at"),
  owner_user_id: id.optional(),
  assignee_user_id: id.optional(),
  issue_type: z.enum(TICKET_ISSUE_TYPES).optional(),
  label: z.string().max(100).optional(),
  merged_into_ticket_id: id.optional(),
  search: z.string().max(LIMITS.search).optional(),
  cursor: z.string().max(200).optional(),
});
/** The list's query with its cursor read for its sort (one made for the other sort is refused). */
function readCursor<Q extends { cursor?: string; sort_by: TicketSort }>(q: Q, ctx: z.RefinementCtx): Q & { after?: TicketCursor } {
  if (!q.cursor) return q;
  const after = decodeCursor(q.cursor, q.sort_by);
  if (!after) return ctx.addIssue({ code: "custom", path: ["cursor"], message: TRIAGE_TEXTS.badCursor }), z.NEVER;
  return { ...q, after };
}

type ListQuery = z.output<typeof listFields> & { after?: TicketCursor };
/** Issue types and labels come from clustering, which is not built: a filter by either matches no ticket. */
const matchesNothing = (q: ListQuery) => q.issue_type !== undefined || q.label !== undefined;
const emptyPage = { agent_conversation_tickets: [], next_cursor: null, has_more: false };
const filters = (q: ListQuery) => ({
  status: q.status,
  sources: q.sources,
  priorities: q.priorities,
  ownerUserId: q.owner_user_id,
  assigneeUserId: q.assignee_user_id,
  mergedIntoTicketId: q.merged_into_ticket_id,
  search: q.search?.trim() || undefined,
  sort: q.sort_by,
  after: q.after,
  pageSize: q.page_size,
});

const ticketAnswer = { description: "JSON: the ticket (AgentConversationTicketResponseModel) as it now stands" };
const pageAnswer = { description: "JSON: agent_conversation_tickets, next_cursor, has_more" };
const listFilters = "filters: status, sources, priorities, owner, assignee, merged_into_ticket_id, a search of title, comment and comments (search_match says where); issue_type and label match nothing (clustering is not built)";

/**
 * Triage tickets (decision 0095) under /v1/convai: tickets about an agent's own performance, raised on a
 * conversation or by hand on the agent, triaged by the workspace's members and merged together.
 */
export const triageTicketsApi = new Hono<AuthedEnv>();

triageTicketsApi.get(
  "/agents/:agent_id/triage-tickets/assignable-users",
  requireAgentsCaller,
  doc("The workspace's members who may be assigned a ticket of the agent, each flagged with whether they have agents access (service accounts are left out)", {
    success: { description: "JSON: a list of user_id, email, first_name, is_service_account, has_access" },
    responses: { 404: "not_found" },
  }),
  valid("param", agentParam),
  async (c) => {
    if (!(await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    return c.json(await assignableUsers(c.env, c.get("caller")));
  },
);

triageTicketsApi.get(
  "/agents/:agent_id/triage-tickets",
  requireAgentsCaller,
  doc(`An agent's triage tickets, newest first or by priority (${listFilters}; conversation_id)`, { success: pageAnswer, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid("query", listFields.extend({ conversation_id: id.optional() }).transform(readCursor)),
  async (c) => {
    const agent = await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const q = c.req.valid("query");
    if (matchesNothing(q)) return c.json(emptyPage);
    return c.json(await listTriageTickets(c.env, c.get("caller"), { ...filters(q), agentId: agent.id, conversationId: q.conversation_id }));
  },
);

triageTicketsApi.post(
  "/agents/:agent_id/triage-tickets",
  requireAgentsCaller,
  doc("Raise a ticket by hand on an agent, about no conversation (a follow-up task); without a title, one comes from the comment", { success: ticketAnswer, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid("json", z.object({ title: title.nullish(), qa_comment: comment("qa_comment"), priority: priority.nullish() })),
  async (c) => {
    const agent = await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const body = c.req.valid("json");
    return c.json(await createManualTicket(c.env, c.get("caller"), agent, { title: body.title ?? undefined, qaComment: body.qa_comment, priority: body.priority ?? undefined }));
  },
);

triageTicketsApi.get(
  "/triage-tickets",
  requireAgentsCaller,
  doc(`The workspace's triage tickets across its agents, newest first or by priority (${listFilters}; agent_id)`, { success: pageAnswer, responses: { 404: "not_found: the agent filtered by" } }),
  valid("query", listFields.extend({ agent_id: id.optional() }).transform(readCursor)),
  async (c) => {
    const q = c.req.valid("query");
    if (q.agent_id && !(await findAgent(c.env, c.get("caller"), q.agent_id))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    if (matchesNothing(q)) return c.json(emptyPage);
    return c.json(await listTriageTickets(c.env, c.get("caller"), { ...filters(q), agentId: q.agent_id }));
  },
);

triageTicketsApi.post(
  "/triage-tickets",
  requireAgentsCaller,
  doc("Raise a ticket about an agent's performance on a conversation: an overall comment and/or turn comments saying what went wrong", {
    success: ticketAnswer,
    responses: { 400: "invalid_request (nothing said), turn_index_out_of_range", 404: "not_found: the conversation or its agent" },
  }),
  valid(
    "json",
    z.object({
      conversation_id: id,
      title: title.nullish(),
      qa_comment: z.string().max(LIMITS.comment, `qa_comment must be at most ${LIMITS.comment} characters.`).nullish(),
      turn_comments: z
        .array(z.object({ turn_index: turnIndex, comment: comment("comment") }))
        .max(LIMITS.turnComments)
        .nullish(),
      priority: priority.nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createConversationTicket(c.env, c.get("caller"), {
      conversationId: body.conversation_id,
      title: body.title ?? undefined,
      qaComment: body.qa_comment?.trim() || undefined,
      turnComments: body.turn_comments?.map((t) => ({ turnIndex: t.turn_index, comment: t.comment })),
      priority: body.priority ?? undefined,
    });
    return created.ok ? c.json(created.ticket) : refused(c, created.refusal);
  },
);

triageTicketsApi.get(
  "/triage-tickets/:agentqa_ticket_id",
  requireAgentsCaller,
  doc("A triage ticket", { success: ticketAnswer, responses: { 404: "not_found" } }),
  valid("param", ticketParam),
  async (c) => {
    const ticket = await triageTicketJson(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id);
    return ticket ? c.json(ticket) : apiError(c, 404, "not_found", TRIAGE_TEXTS.notFound);
  },
);

triageTicketsApi.delete(
  "/triage-tickets/:agentqa_ticket_id",
  requireAgentsCaller,
  doc("Delete a triage ticket, with the tickets merged into it (its creator or a workspace admin)", { success: { description: "JSON: {}" }, responses: { 403: "not_ticket_owner", 404: "not_found" } }),
  valid("param", ticketParam),
  async (c) => {
    const deleted = await deleteTriageTicket(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id);
    return deleted.ok ? c.json({}) : refused(c, deleted.refusal);
  },
);

triageTicketsApi.patch(
  "/triage-tickets/:agentqa_ticket_id",
  requireAgentsCaller,
  doc("Change a ticket's title, status (not to merged), priority or assignee (a member with agents access; null or empty unassigns)", {
    success: ticketAnswer,
    responses: { 400: "assignee_not_found, assignee_no_access", 404: "not_found", 409: "ticket_merged" },
  }),
  valid("param", ticketParam),
  valid(
    "json",
    z.object({
      title: title.nullish(),
      status: z.enum(SETTABLE_STATUSES, { message: `status must be one of ${SETTABLE_STATUSES.join(", ")} (merging sets merged).` }).nullish(),
      priority: priority.nullish(),
      assignee_user_id: z.string().max(100).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const updated = await updateTriageTicket(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id, {
      title: body.title ?? undefined,
      status: body.status ?? undefined,
      // The SDK sends a priority or nothing: an explicit null clears it.
      priority: body.priority === null ? null : (body.priority ?? undefined),
      assigneeUserId: body.assignee_user_id === undefined ? undefined : body.assignee_user_id || null,
    });
    return updated.ok ? c.json(updated.ticket) : refused(c, updated.refusal);
  },
);

triageTicketsApi.post(
  "/triage-tickets/:agentqa_ticket_id/comments",
  requireAgentsCaller,
  doc("Comment on how to resolve a ticket (any state; comments accumulate)", { success: ticketAnswer, responses: { 404: "not_found" } }),
  valid("param", ticketParam),
  valid("json", z.object({ comment: comment("comment") })),
  async (c) => {
    const commented = await commentOnTriageTicket(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id, c.req.valid("json").comment);
    return commented.ok ? c.json(commented.ticket) : refused(c, commented.refusal);
  },
);

triageTicketsApi.post(
  "/triage-tickets/:agentqa_ticket_id/merge",
  requireAgentsCaller,
  doc("Merge other open or in-progress tickets of the same agent into this open, in-progress or resolved one: their conversations move onto it, its priority rises to the highest, they stay as merged", {
    success: ticketAnswer,
    responses: { 400: "invalid_request (into itself), ticket_not_found, ticket_other_agent", 404: "not_found", 409: "ticket_not_mergeable, ticket_not_open" },
  }),
  valid("param", ticketParam),
  valid("json", z.object({ source_ticket_ids: z.array(id).min(1, "source_ticket_ids must name at least one ticket.").max(LIMITS.mergeSources) })),
  async (c) => {
    const merged = await mergeTriageTickets(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id, c.req.valid("json").source_ticket_ids);
    return merged.ok ? c.json(merged.ticket) : refused(c, merged.refusal);
  },
);

triageTicketsApi.post(
  "/triage-tickets/:agentqa_ticket_id/turn-comments",
  requireAgentsCaller,
  doc("Comment on one turn (zero-based) of the conversation the ticket was raised on", {
    success: ticketAnswer,
    responses: { 400: "invalid_request (a ticket raised by hand), turn_index_out_of_range", 404: "not_found" },
  }),
  valid("param", ticketParam),
  valid("json", z.object({ turn_index: turnIndex, comment: comment("comment") })),
  async (c) => {
    const body = c.req.valid("json");
    const commented = await commentOnTriageTurn(c.env, c.get("caller"), c.req.valid("param").agentqa_ticket_id, { turnIndex: body.turn_index, comment: body.comment });
    return commented.ok ? c.json(commented.ticket) : refused(c, commented.refusal);
  },
);
