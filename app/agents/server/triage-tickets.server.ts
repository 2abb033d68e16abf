// Triage tickets (decision 0095): tickets about an agent's performance, raised on a conversation or by hand on the
// agent, triaged (status, priority, assignee, comments) and merged. Scoped to the viewer's workspace: another
// workspace's ticket, agent or conversation is not found. Every member with agents access may do everything but
// delete another's ticket (its creator or an admin).
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-triage-tickets";
import type { TicketChangeRow, TicketCommentRow, TicketRow } from "../../../db/repositories/agent-triage-tickets";
import { findConversation } from "../../../db/repositories/agents";
import type { AgentRow } from "../../../db/repositories/agents";
import { groupPermissionsOf } from "../../../db/repositories/groups";
import { listMembers } from "../../../db/repositories/workspaces";
import { isAdmin } from "../../../core/workspace/roles";
import { DEFAULT_ALL_MEMBERS_PERMISSIONS, hasPermission, parsePermissions } from "../../../core/workspace/permissions";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import {
  deleteRefusal,
  deriveTitle,
  encodeCursor,
  highestPriority,
  mergeRefusal,
  priorityRank,
  searchMatch,
  TRIAGE_TEXTS,
  turnRefusal,
  updateRefusal,
  type SearchText,
  type TicketCursor,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from "~/agents/rules/triage-tickets";
import type { AgentRefusal } from "./agents.server";

type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;
type Refused = { ok: false; refusal: AgentRefusal };

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const secs = (ms: number) => Math.floor(ms / 1000);
const refuse = (httpStatus: AgentRefusal["httpStatus"], status: string, message: string): Refused => ({ ok: false, refusal: { httpStatus, status, message } });
const refused = (refusal: AgentRefusal): Refused => ({ ok: false, refusal });
const notFound = () => refuse(404, "not_found", TRIAGE_TEXTS.notFound);

type Threads = Awaited<ReturnType<typeof table.threadsOf>>;

/** A ticket as the SDK's AgentConversationTicketResponseModel; `search_match` only on a searched list. */
function ticketJson(row: TicketRow, threads: Threads, search?: string) {
  const linked = threads.conversations.filter((c) => c.ticketId === row.id);
  const comments = threads.comments.filter((c) => c.ticketId === row.id);
  const changes = threads.changes.filter((c) => c.ticketId === row.id);
  const ticketComments = comments.filter((c) => c.turnIndex === null);
  const turnComments = comments.filter((c) => c.turnIndex !== null);
  const started = linked.map((c) => c.startedAt);
  const texts: SearchText[] = [
    { field: "title", text: row.title },
    { field: "description", text: row.qaComment ?? "" },
    ...ticketComments.map((c) => ({ field: "comment" as const, text: c.comment })),
    ...turnComments.map((c) => ({ field: "turn_comment" as const, text: c.comment, turnIndex: c.turnIndex! })),
  ];
  const match = search ? searchMatch(texts, search) : null;
  return {
    agentqa_ticket_id: row.id,
    workspace_id: row.workspaceId,
    owner_user_id: row.ownerUserId,
    agent_id: row.agentId,
    // Clustering tickets by issue (Architect) is not built: no ticket waits for it, none has an issue type or labels.
    needs_clustering: false,
    title: row.title,
    issue_type: null,
    labels: [] as string[],
    conversation_ids: linked.map((c) => c.conversationId),
    first_seen_unix_secs: started.length ? secs(Math.min(...started)) : null,
    last_seen_unix_secs: started.length ? secs(Math.max(...started)) : null,
    qa_comment: row.qaComment,
    ticket_comments: ticketComments.map((c) => ({ comment: c.comment, created_at_unix_secs: secs(c.createdAt), owner_user_id: c.ownerUserId })),
    turn_comments: turnComments.map((c) => ({ turn_index: c.turnIndex!, comment: c.comment, created_at_unix_secs: secs(c.createdAt), owner_user_id: c.ownerUserId })),
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority | null,
    priority_changes: changes.filter((c) => c.field === "priority").map((c) => ({ priority: c.value as TicketPriority | null, changed_by_user_id: c.changedBy, changed_at_unix_secs: secs(c.changedAt) })),
    status_changes: changes.filter((c) => c.field === "status").map((c) => ({ status: c.value as TicketStatus, changed_by_user_id: c.changedBy, changed_at_unix_secs: secs(c.changedAt) })),
    merged_into_ticket_id: row.mergedIntoTicketId,
    source: row.source,
    assignee_user_id: row.assigneeUserId,
    created_at_unix_secs: secs(row.createdAt),
    updated_at_unix_secs: secs(row.updatedAt),
    ...(match ? { search_match: match } : {}),
  };
}

export type TriageTicketJson = ReturnType<typeof ticketJson>;

async function withThreads(env: Env, rows: TicketRow[], search?: string): Promise<TriageTicketJson[]> {
  const threads = await table.threadsOf(database(env.DB), rows.map((r) => r.id));
  return rows.map((row) => ticketJson(row, threads, search));
}

/** A ticket of the viewer's workspace (the agent it is about is then the workspace's too: it cascades). */
export async function findTriageTicket(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<TicketRow | null> {
  return (await table.findTicket(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

/** GET /v1/convai/triage-tickets/{id}. */
export async function triageTicketJson(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<TriageTicketJson | null> {
  const row = await findTriageTicket(env, viewer, id);
  return row ? (await withThreads(env, [row]))[0]! : null;
}

export type TriageTicketQuery = Omit<table.TicketQuery, "limit" | "after"> & { after?: TicketCursor; pageSize: number };

/** The per-agent and workspace lists: newest first, or by priority (urgent first, then newest). */
export async function listTriageTickets(env: Env, viewer: Pick<Actor, "membership">, query: TriageTicketQuery) {
  const rows = await table.listTickets(database(env.DB), workspaceOf(viewer), { ...query, limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const hasMore = rows.length > query.pageSize;
  const sort: TicketSort = query.sort;
  return {
    agent_conversation_tickets: await withThreads(env, page, query.search),
    next_cursor: hasMore && last ? encodeCursor({ sort, rank: last.priorityRank, createdAt: last.createdAt, id: last.id }) : null,
    has_more: hasMore,
  };
}

const newTicket = (viewer: Viewer, agentId: string, input: { title: string; qaComment: string | null; source: "qa" | "manual"; priority: TicketPriority | null }, now: number): TicketRow => ({
  id: newId("agtqa"),
  workspaceId: workspaceOf(viewer),
  agentId,
  ownerUserId: viewer.user.id,
  title: input.title,
  qaComment: input.qaComment,
  source: input.source,
  status: "open",
  priority: input.priority,
  priorityRank: priorityRank(input.priority),
  assigneeUserId: null,
  mergedIntoTicketId: null,
  createdAt: now,
  updatedAt: now,
});

const turnCount = (transcript: string) => (JSON.parse(transcript) as unknown[]).length;

export type ConversationTicketInput = { conversationId: string; title?: string; qaComment?: string; turnComments?: { turnIndex: number; comment: string }[]; priority?: TicketPriority };

/** Raises a ticket on a conversation of the workspace, about the agent it talked with, with its turn comments. */
export async function createConversationTicket(env: Env, viewer: Viewer, input: ConversationTicketInput): Promise<{ ok: true; ticket: TriageTicketJson } | Refused> {
  const turns = input.turnComments ?? [];
  if (!input.qaComment?.trim() && !turns.length) return refuse(400, "invalid_request", TRIAGE_TEXTS.nothingToSay);
  const db = database(env.DB);
  const conversation = await findConversation(db, workspaceOf(viewer), input.conversationId);
  if (!conversation) return refuse(404, "not_found", TRIAGE_TEXTS.conversationNotFound);
  const count = turnCount(conversation.transcript);
  for (const turn of turns) {
    const refusal = turnRefusal(turn.turnIndex, count);
    if (refusal) return refused(refusal);
  }
  const now = Date.now();
  const row = newTicket(viewer, conversation.agentId, { title: deriveTitle(input.title, input.qaComment || turns[0]?.comment), qaComment: input.qaComment || null, source: "qa", priority: input.priority ?? null }, now);
  const comments: TicketCommentRow[] = turns.map((turn) => ({ id: newId("agtqacmt"), ticketId: row.id, conversationId: conversation.id, turnIndex: turn.turnIndex, comment: turn.comment, ownerUserId: viewer.user.id, createdAt: now }));
  try {
    await table.insertTicket(db, row, conversation.id, comments);
  } catch (error) {
    // The conversation's agent was deleted (the ticket's agent must exist).
    if (String(error).includes("FOREIGN KEY")) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
    throw error;
  }
  return { ok: true, ticket: (await triageTicketJson(env, viewer, row.id))! };
}

/** Raises a ticket by hand on an agent, about no conversation (a follow-up task); the title comes from the comment without one. */
export async function createManualTicket(env: Env, viewer: Viewer, agent: AgentRow, input: { title?: string; qaComment: string; priority?: TicketPriority }): Promise<TriageTicketJson> {
  const row = newTicket(viewer, agent.id, { title: deriveTitle(input.title, input.qaComment), qaComment: input.qaComment, source: "manual", priority: input.priority ?? null }, Date.now());
  await table.insertTicket(database(env.DB), row, null, []);
  return (await triageTicketJson(env, viewer, row.id))!;
}

/** The workspace's members (people, not service accounts), each with whether they have agents access. */
export async function assignableUsers(env: Env, viewer: Viewer) {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  const allMembers = parsePermissions(viewer.membership.workspace.allMembersPermissions, DEFAULT_ALL_MEMBERS_PERMISSIONS);
  const members = await listMembers(db, workspaceId);
  return Promise.all(
    members.map(async (m) => {
      const groups = m.role === "admin" || allMembers.includes("conversational_ai") ? [] : (await groupPermissionsOf(db, workspaceId, m.userId)).map((json) => parsePermissions(json));
      return { user_id: m.userId, email: m.email, first_name: m.firstName ?? null, is_service_account: false, has_access: hasPermission({ role: m.role, allMembers, groups }, "conversational_ai") };
    }),
  );
}

/** Deletes a ticket (its creator or an admin), with the tickets merged into it. */
export async function deleteTriageTicket(env: Env, viewer: Viewer, id: string): Promise<{ ok: true } | Refused> {
  const row = await findTriageTicket(env, viewer, id);
  if (!row) return notFound();
  const refusal = deleteRefusal(row, { userId: viewer.user.id, admin: isAdmin(viewer.membership.role) });
  if (refusal) return refused(refusal);
  await table.deleteTicket(database(env.DB), row.id);
  return { ok: true };
}

export type TriageTicketUpdate = { title?: string; status?: Exclude<TicketStatus, "merged">; priority?: TicketPriority | null; assigneeUserId?: string | null };

/** Changes a ticket's title, status, priority or assignee (a member with agents access, or nobody); a merged one refuses. */
export async function updateTriageTicket(env: Env, viewer: Viewer, id: string, input: TriageTicketUpdate): Promise<{ ok: true; ticket: TriageTicketJson } | Refused> {
  const row = await findTriageTicket(env, viewer, id);
  if (!row) return notFound();
  const refusal = updateRefusal({ status: row.status as TicketStatus, mergedIntoTicketId: row.mergedIntoTicketId });
  if (refusal) return refused(refusal);
  if (input.assigneeUserId) {
    const member = (await assignableUsers(env, viewer)).find((u) => u.user_id === input.assigneeUserId);
    if (!member) return refuse(400, "assignee_not_found", TRIAGE_TEXTS.assigneeNotFound(input.assigneeUserId));
    if (!member.has_access) return refuse(400, "assignee_no_access", TRIAGE_TEXTS.assigneeNoAccess(input.assigneeUserId));
  }
  const now = Date.now();
  const changes: TicketChangeRow[] = [];
  const change = (field: "status" | "priority", value: string | null) => changes.push({ id: newId("agtqachg"), ticketId: row.id, field, value, changedBy: viewer.user.id, changedAt: now });
  if (input.status !== undefined && input.status !== row.status) change("status", input.status);
  if (input.priority !== undefined && input.priority !== row.priority) change("priority", input.priority);
  const updated = await table.updateTicket(
    database(env.DB),
    row.id,
    {
      updatedAt: now,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.priority !== undefined ? { priority: input.priority, priorityRank: priorityRank(input.priority) } : {}),
      ...(input.assigneeUserId !== undefined ? { assigneeUserId: input.assigneeUserId || null } : {}),
    },
    changes,
  );
  // Merged by someone else since it was read.
  if (!updated) return refused(updateRefusal({ status: "merged", mergedIntoTicketId: (await findTriageTicket(env, viewer, id))?.mergedIntoTicketId ?? null })!);
  return { ok: true, ticket: (await triageTicketJson(env, viewer, row.id))! };
}

/** A comment on a ticket in any state (comments accumulate). */
export async function commentOnTriageTicket(env: Env, viewer: Viewer, id: string, comment: string): Promise<{ ok: true; ticket: TriageTicketJson } | Refused> {
  const row = await findTriageTicket(env, viewer, id);
  if (!row) return notFound();
  await table.insertComment(database(env.DB), { id: newId("agtqacmt"), ticketId: row.id, conversationId: null, turnIndex: null, comment, ownerUserId: viewer.user.id, createdAt: Date.now() });
  return { ok: true, ticket: (await triageTicketJson(env, viewer, row.id))! };
}

/**
 * A comment on one turn of the ticket's conversation: the first it was raised on (a merge adds others after it).
 * A ticket raised by hand has none to comment on.
 */
export async function commentOnTriageTurn(env: Env, viewer: Viewer, id: string, input: { turnIndex: number; comment: string }): Promise<{ ok: true; ticket: TriageTicketJson } | Refused> {
  const row = await findTriageTicket(env, viewer, id);
  if (!row) return notFound();
  const db = database(env.DB);
  const first = (await table.threadsOf(db, [row.id])).conversations[0];
  const conversation = first ? await findConversation(db, workspaceOf(viewer), first.conversationId) : undefined;
  if (!conversation) return refuse(400, "invalid_request", TRIAGE_TEXTS.noConversation);
  const refusal = turnRefusal(input.turnIndex, turnCount(conversation.transcript));
  if (refusal) return refused(refusal);
  await table.insertComment(db, { id: newId("agtqacmt"), ticketId: row.id, conversationId: conversation.id, turnIndex: input.turnIndex, comment: input.comment, ownerUserId: viewer.user.id, createdAt: Date.now() });
  return { ok: true, ticket: (await triageTicketJson(env, viewer, row.id))! };
}

/**
 * Merges other open (or in-progress) tickets of the same agent into this open, in-progress or resolved one, in one
 * batch: their conversations move onto it, its priority rises to the highest among them, and they stay as `merged`.
 */
export async function mergeTriageTickets(env: Env, viewer: Viewer, id: string, sourceIds: string[]): Promise<{ ok: true; ticket: TriageTicketJson } | Refused> {
  const target = await findTriageTicket(env, viewer, id);
  if (!target) return notFound();
  const unique = [...new Set(sourceIds)];
  const db = database(env.DB);
  const sources = await table.findTickets(db, workspaceOf(viewer), unique.filter((s) => s !== target.id));
  const candidate = (t: TicketRow) => ({ id: t.id, agentId: t.agentId, status: t.status as TicketStatus, priority: t.priority as TicketPriority | null });
  const refusal = mergeRefusal(candidate(target), unique, [target, ...sources].map(candidate));
  if (refusal) return refused(refusal);
  const now = Date.now();
  const priority = highestPriority([target, ...sources].map((t) => t.priority as TicketPriority | null));
  const changes: TicketChangeRow[] = sources.map((s) => ({ id: newId("agtqachg"), ticketId: s.id, field: "status", value: "merged", changedBy: viewer.user.id, changedAt: now }));
  if (priority !== target.priority) changes.push({ id: newId("agtqachg"), ticketId: target.id, field: "priority", value: priority, changedBy: viewer.user.id, changedAt: now });
  const merged = await table.mergeTickets(db, { targetId: target.id, sourceIds: unique, byUserId: viewer.user.id, at: now, priority, priorityRank: priorityRank(priority), changes });
  if (!merged) return refuse(409, "ticket_not_open", TRIAGE_TEXTS.sourcesNotOpen(unique));
  return { ok: true, ticket: (await triageTicketJson(env, viewer, target.id))! };
}
