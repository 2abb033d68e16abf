// Agent triage tickets (decision 0095): tickets, the conversations they are about, their comments and their status
// and priority changes. Every write of more than one row is one batch.
import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { agentTriageTicketChanges, agentTriageTicketComments, agentTriageTicketConversations, agentTriageTickets, conversations } from "../schema";

export type TicketRow = typeof agentTriageTickets.$inferSelect;
export type TicketCommentRow = typeof agentTriageTicketComments.$inferSelect;
export type TicketChangeRow = typeof agentTriageTicketChanges.$inferSelect;
export type TicketConversation = { ticketId: string; conversationId: string; startedAt: number; addedAt: number };

const t = agentTriageTickets;

/** A new ticket with its conversation (a ticket raised on one) and its first turn comments. */
export async function insertTicket(db: Database, row: TicketRow, conversationId: string | null, comments: TicketCommentRow[]): Promise<void> {
  await db.batch([
    db.insert(t).values(row),
    ...(conversationId ? [db.insert(agentTriageTicketConversations).values({ ticketId: row.id, conversationId, addedAt: row.createdAt })] : []),
    ...(comments.length ? [db.insert(agentTriageTicketComments).values(comments)] : []),
  ]);
}

export async function findTicket(db: Database, workspaceId: string, id: string): Promise<TicketRow | undefined> {
  return db.select().from(t).where(and(eq(t.workspaceId, workspaceId), eq(t.id, id))).get();
}

export async function findTickets(db: Database, workspaceId: string, ids: string[]): Promise<TicketRow[]> {
  if (!ids.length) return [];
  return db.select().from(t).where(and(eq(t.workspaceId, workspaceId), inArray(t.id, ids)));
}

export type TicketQuery = {
  agentId?: string;
  conversationId?: string;
  status?: string;
  sources?: string[];
  priorities?: string[];
  ownerUserId?: string;
  assigneeUserId?: string;
  mergedIntoTicketId?: string;
  search?: string;
  sort: "created_at" | "priority";
  after?: { rank: number; createdAt: number; id: string };
  limit: number;
};

/** A workspace's tickets (one agent's with `agentId`), newest first or by priority, after a cursor's position. */
export async function listTickets(db: Database, workspaceId: string, query: TicketQuery): Promise<TicketRow[]> {
  const conditions: SQL[] = [eq(t.workspaceId, workspaceId)];
  if (query.agentId) conditions.push(eq(t.agentId, query.agentId));
  if (query.conversationId)
    conditions.push(sql`exists (select 1 from ${agentTriageTicketConversations} where ${agentTriageTicketConversations.ticketId} = ${t.id} and ${agentTriageTicketConversations.conversationId} = ${query.conversationId})`);
  if (query.status) conditions.push(eq(t.status, query.status));
  if (query.sources?.length) conditions.push(inArray(t.source, query.sources));
  if (query.priorities?.length) conditions.push(inArray(t.priority, query.priorities));
  if (query.ownerUserId) conditions.push(eq(t.ownerUserId, query.ownerUserId));
  if (query.assigneeUserId) conditions.push(eq(t.assigneeUserId, query.assigneeUserId));
  if (query.mergedIntoTicketId) conditions.push(eq(t.mergedIntoTicketId, query.mergedIntoTicketId));
  if (query.search) {
    // SQLite's lower() folds ASCII letters only.
    const needle = query.search.toLowerCase();
    conditions.push(
      or(
        sql`instr(lower(${t.title} || ' ' || coalesce(${t.qaComment}, '')), ${needle}) > 0`,
        sql`exists (select 1 from ${agentTriageTicketComments} where ${agentTriageTicketComments.ticketId} = ${t.id} and instr(lower(${agentTriageTicketComments.comment}), ${needle}) > 0)`,
      )!,
    );
  }
  const a = query.after;
  if (a) {
    const newer = or(lt(t.createdAt, a.createdAt), and(eq(t.createdAt, a.createdAt), lt(t.id, a.id)))!;
    conditions.push(query.sort === "priority" ? or(lt(t.priorityRank, a.rank), and(eq(t.priorityRank, a.rank), newer))! : newer);
  }
  const order = query.sort === "priority" ? [desc(t.priorityRank), desc(t.createdAt), desc(t.id)] : [desc(t.createdAt), desc(t.id)];
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit);
}

/** The tickets' conversations (those still stored), comments and changes, oldest first. */
export async function threadsOf(db: Database, ticketIds: string[]) {
  if (!ticketIds.length) return { conversations: [] as TicketConversation[], comments: [] as TicketCommentRow[], changes: [] as TicketChangeRow[] };
  const links = agentTriageTicketConversations;
  const [linked, comments, changes] = await Promise.all([
    db
      .select({ ticketId: links.ticketId, conversationId: links.conversationId, startedAt: conversations.startedAt, addedAt: links.addedAt })
      .from(links)
      .innerJoin(conversations, eq(conversations.id, links.conversationId))
      .where(inArray(links.ticketId, ticketIds))
      .orderBy(asc(links.addedAt), asc(conversations.startedAt)),
    db.select().from(agentTriageTicketComments).where(inArray(agentTriageTicketComments.ticketId, ticketIds)).orderBy(asc(agentTriageTicketComments.createdAt), asc(agentTriageTicketComments.id)),
    db.select().from(agentTriageTicketChanges).where(inArray(agentTriageTicketChanges.ticketId, ticketIds)).orderBy(asc(agentTriageTicketChanges.changedAt), asc(agentTriageTicketChanges.id)),
  ]);
  return { conversations: linked, comments, changes };
}

type TicketSet = Partial<Pick<TicketRow, "title" | "status" | "priority" | "priorityRank" | "assigneeUserId">> & { updatedAt: number };

/** Changes a ticket not merged meanwhile, with its change records; false when it was (nothing written). */
export async function updateTicket(db: Database, id: string, set: TicketSet, changes: TicketChangeRow[]): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(t)
      .set(set)
      .where(and(eq(t.id, id), ne(t.status, "merged")))
      .returning({ id: t.id }),
    // Written only when the update above matched: a merged ticket keeps its history as it was.
    ...changes.map((c) =>
      db.insert(agentTriageTicketChanges).select(
        db
          .select({ id: sql`${c.id}`.as("id"), ticketId: t.id, field: sql`${c.field}`.as("field"), value: sql`${c.value}`.as("value"), changedBy: sql`${c.changedBy}`.as("changed_by"), changedAt: sql`${c.changedAt}`.as("changed_at") })
          .from(t)
          .where(and(eq(t.id, id), ne(t.status, "merged"))),
      ),
    ),
  ]);
  return updated.length > 0;
}

/** A comment (on the ticket or on a turn) and the ticket's update time. */
export async function insertComment(db: Database, row: TicketCommentRow): Promise<void> {
  await db.batch([db.insert(agentTriageTicketComments).values(row), db.update(t).set({ updatedAt: row.createdAt }).where(eq(t.id, row.ticketId))]);
}

export type MergeWrite = { targetId: string; sourceIds: string[]; byUserId: string; at: number; priority: string | null; priorityRank: number; changes: TicketChangeRow[] };

/**
 * Merges open tickets into a target in one batch: their conversations move onto it (a conversation it has already
 * stays once), they become `merged` into it (as do tickets once merged into them), its priority is the highest.
 * False when a source is no longer open or in progress (nothing written); the batch's own update touches only
 * open ones, so a merge racing it cannot take a ticket twice.
 */
export async function mergeTickets(db: Database, merge: MergeWrite): Promise<boolean> {
  const links = agentTriageTicketConversations;
  const open = and(inArray(t.id, merge.sourceIds), inArray(t.status, ["open", "in_progress"]));
  const still = await db.select({ id: t.id }).from(t).where(open);
  if (still.length !== merge.sourceIds.length) return false;
  await db.batch([
    db
      .insert(links)
      .select(
        db
          .select({ ticketId: sql`${merge.targetId}`.as("ticket_id"), conversationId: links.conversationId, addedAt: sql`${merge.at}`.as("added_at") })
          .from(links)
          .where(inArray(links.ticketId, merge.sourceIds)),
      )
      .onConflictDoNothing(),
    db.delete(links).where(inArray(links.ticketId, merge.sourceIds)),
    db.update(t).set({ status: "merged", mergedIntoTicketId: merge.targetId, updatedAt: merge.at }).where(open),
    db.update(t).set({ mergedIntoTicketId: merge.targetId, updatedAt: merge.at }).where(and(eq(t.status, "merged"), inArray(t.mergedIntoTicketId, merge.sourceIds))),
    db.update(t).set({ priority: merge.priority, priorityRank: merge.priorityRank, updatedAt: merge.at }).where(eq(t.id, merge.targetId)),
    ...(merge.changes.length ? [db.insert(agentTriageTicketChanges).values(merge.changes)] : []),
  ]);
  return true;
}

/** Deletes a ticket and the tickets merged into it (kept only as the merge's record); the rest cascades. */
export async function deleteTicket(db: Database, id: string): Promise<void> {
  await db.batch([db.delete(t).where(and(eq(t.status, "merged"), eq(t.mergedIntoTicketId, id))), db.delete(t).where(eq(t.id, id))]);
}

/** The statement resolving a ticket still open or in progress, for a merge proposal's merge batch (decision 0095). */
export function resolveByMergeStatements(db: Database, ticket: { id: string; byUserId: string; changeId: string }, at: number) {
  const active = and(eq(t.id, ticket.id), inArray(t.status, ["open", "in_progress"]));
  return [
    db.insert(agentTriageTicketChanges).select(
      db
        .select({ id: sql`${ticket.changeId}`.as("id"), ticketId: t.id, field: sql`'status'`.as("field"), value: sql`'resolved'`.as("value"), changedBy: sql`${ticket.byUserId}`.as("changed_by"), changedAt: sql`${at}`.as("changed_at") })
        .from(t)
        .where(active),
    ),
    db.update(t).set({ status: "resolved", updatedAt: at }).where(active),
  ] as const;
}
