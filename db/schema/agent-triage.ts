// Agent triage tickets (issue 22, decision 0095): tickets about an agent's own performance, raised on a conversation
// or by hand, triaged by the workspace's members (status, priority, assignee, comments) and merged together.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { agents } from "./agents";

/**
 * A ticket. `status`: open, in_progress, resolved, cancelled or merged (then `merged_into_ticket_id` names the
 * ticket it went into). `priority_rank` orders by priority (0 without one, 1 low ... 4 urgent).
 */
export const agentTriageTickets = sqliteTable(
  "agent_triage_tickets",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    ownerUserId: text("owner_user_id").notNull(),
    title: text("title").notNull(),
    qaComment: text("qa_comment"),
    /** "qa" (raised on a conversation) or "manual" (raised on the agent). */
    source: text("source").notNull(),
    status: text("status").notNull().default("open"),
    priority: text("priority"),
    priorityRank: integer("priority_rank").notNull().default(0),
    assigneeUserId: text("assignee_user_id"),
    mergedIntoTicketId: text("merged_into_ticket_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agent_triage_tickets_agent").on(t.agentId, t.createdAt), index("agent_triage_tickets_workspace").on(t.workspaceId, t.createdAt)],
);

/** The conversations a ticket is about; a merge moves them onto the ticket merged into. */
export const agentTriageTicketConversations = sqliteTable(
  "agent_triage_ticket_conversations",
  {
    ticketId: text("ticket_id")
      .notNull()
      .references(() => agentTriageTickets.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id").notNull(),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.conversationId] }), index("agent_triage_ticket_conversations_conversation").on(t.conversationId)],
);

/** A comment on a ticket (`turn_index` null) or on one turn of a conversation's transcript. */
export const agentTriageTicketComments = sqliteTable(
  "agent_triage_ticket_comments",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => agentTriageTickets.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id"),
    turnIndex: integer("turn_index"),
    comment: text("comment").notNull(),
    ownerUserId: text("owner_user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("agent_triage_ticket_comments_ticket").on(t.ticketId, t.createdAt)],
);

/** A change of a ticket's status or priority (`field`), with who made it; `value` null when a priority was cleared. */
export const agentTriageTicketChanges = sqliteTable(
  "agent_triage_ticket_changes",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => agentTriageTickets.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    value: text("value"),
    changedBy: text("changed_by").notNull(),
    changedAt: integer("changed_at").notNull(),
  },
  (t) => [index("agent_triage_ticket_changes_ticket").on(t.ticketId, t.changedAt)],
);
