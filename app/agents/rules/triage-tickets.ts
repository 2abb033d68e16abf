// Triage tickets (decision 0095): tickets about an agent's own performance on a conversation (or raised by hand on
// the agent), triaged by the workspace's members. Pure: their states, who may do what, merging, titles, search
// matches and list cursors.

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "cancelled", "merged"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The statuses an update may set: `merged` is the merge's alone. */
export const SETTABLE_STATUSES = ["open", "in_progress", "resolved", "cancelled"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_SOURCES = ["qa", "agent", "manual"] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
export const TICKET_ISSUE_TYPES = ["knowledge_gap", "incorrect_information", "documentation_gap", "product_feedback", "platform_bug", "tool_issue", "missing_tool", "unnecessary_escalation", "wrong_action"] as const;
export const TICKET_SORTS = ["created_at", "priority"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

export const TRIAGE_LIMITS = { title: 200, comment: 5000, turnComments: 100, mergeSources: 50, pageSize: 100, defaultPageSize: 30, search: 200, derivedTitle: 80 } as const;

export const TRIAGE_TEXTS = {
  notFound: "Triage ticket not found.",
  conversationNotFound: "Conversation not found.",
  nothingToSay: "Give qa_comment or at least one turn comment: say what went wrong.",
  merged: (into: string) => `The ticket was merged into ${into}: change that ticket instead.`,
  notMergeTarget: (status: TicketStatus) => `The ticket is ${status}: only an open, in-progress or resolved ticket can take others in.`,
  mergeItself: "A ticket cannot be merged into itself.",
  sourcesNotFound: (ids: string[]) => `These tickets were not found: ${ids.join(", ")}.`,
  sourcesOtherAgent: (ids: string[]) => `These tickets are another agent's: only the same agent's tickets merge: ${ids.join(", ")}.`,
  sourcesNotOpen: (ids: string[]) => `These tickets are not open (only open or in-progress tickets can be merged in): ${ids.join(", ")}.`,
  deleteNotOwner: "Only the ticket's creator or a workspace admin can delete it.",
  noConversation: "The ticket has no conversation to comment on (it was raised by hand, or its conversation was deleted): comment on the ticket instead.",
  turnOutOfRange: (index: number, turns: number) => `turn_index ${index} is out of range: the conversation has ${turns} turn${turns === 1 ? "" : "s"}.`,
  assigneeNotFound: (id: string) => `The assignee ${id} is not a member of the workspace.`,
  assigneeNoAccess: (id: string) => `The assignee ${id} has no access to agents: grant the conversational AI permission first.`,
  badCursor: "The cursor is not one this server made for this sort.",
  untitled: "Untitled ticket",
} as const;

type Refusal = { httpStatus: 400 | 403 | 409; status: string; message: string };

/** A priority's place in the order (0 without one, 4 urgent): the list's priority sort and the merge use it. */
export const priorityRank = (priority: TicketPriority | null): number => (priority ? TICKET_PRIORITIES.indexOf(priority) + 1 : 0);

/** The highest of these priorities, or null when none has one. */
export function highestPriority(priorities: (TicketPriority | null)[]): TicketPriority | null {
  const rank = Math.max(0, ...priorities.map(priorityRank));
  return rank ? TICKET_PRIORITIES[rank - 1]! : null;
}

/** Without a title, the first line of the comment (whitespace collapsed), cut to a headline's length. */
export function deriveTitle(title: string | undefined, comment: string | undefined): string {
  const given = title?.trim();
  if (given) return given;
  const line = (comment ?? "").trim().split("\n")[0]!.replace(/\s+/g, " ").trim();
  if (!line) return TRIAGE_TEXTS.untitled;
  return line.length > TRIAGE_LIMITS.derivedTitle ? `${line.slice(0, TRIAGE_LIMITS.derivedTitle - 1).trimEnd()}…` : line;
}

/** Why a ticket's title, status, priority or assignee may not change: a merged ticket lives on in the one it went into. */
export function updateRefusal(ticket: { status: TicketStatus; mergedIntoTicketId: string | null }): Refusal | null {
  return ticket.status === "merged" ? { httpStatus: 409, status: "ticket_merged", message: TRIAGE_TEXTS.merged(ticket.mergedIntoTicketId ?? "another ticket") } : null;
}

/** Who may delete a ticket: its creator or a workspace admin. */
export function deleteRefusal(ticket: { ownerUserId: string }, viewer: { userId: string; admin: boolean }): Refusal | null {
  return viewer.admin || ticket.ownerUserId === viewer.userId ? null : { httpStatus: 403, status: "not_ticket_owner", message: TRIAGE_TEXTS.deleteNotOwner };
}

export type MergeCandidate = { id: string; agentId: string; status: TicketStatus; priority: TicketPriority | null };

/**
 * Why tickets may not merge into a target: the target must be open, in progress or resolved; each source another
 * open or in-progress ticket of the same agent (ids the lookup did not find are `missing`).
 */
export function mergeRefusal(target: MergeCandidate, sourceIds: string[], found: MergeCandidate[]): Refusal | null {
  if (!["open", "in_progress", "resolved"].includes(target.status)) return { httpStatus: 409, status: "ticket_not_mergeable", message: TRIAGE_TEXTS.notMergeTarget(target.status) };
  if (sourceIds.includes(target.id)) return { httpStatus: 400, status: "invalid_request", message: TRIAGE_TEXTS.mergeItself };
  const byId = new Map(found.map((t) => [t.id, t]));
  const missing = sourceIds.filter((id) => !byId.has(id));
  if (missing.length) return { httpStatus: 400, status: "ticket_not_found", message: TRIAGE_TEXTS.sourcesNotFound(missing) };
  const otherAgent = sourceIds.filter((id) => byId.get(id)!.agentId !== target.agentId);
  if (otherAgent.length) return { httpStatus: 400, status: "ticket_other_agent", message: TRIAGE_TEXTS.sourcesOtherAgent(otherAgent) };
  const notOpen = sourceIds.filter((id) => !["open", "in_progress"].includes(byId.get(id)!.status));
  if (notOpen.length) return { httpStatus: 409, status: "ticket_not_open", message: TRIAGE_TEXTS.sourcesNotOpen(notOpen) };
  return null;
}

/** A turn comment's index must name a turn of the conversation's transcript (zero-based). */
export function turnRefusal(turnIndex: number, turns: number): Refusal | null {
  return turnIndex < turns ? null : { httpStatus: 400, status: "turn_index_out_of_range", message: TRIAGE_TEXTS.turnOutOfRange(turnIndex, turns) };
}

export type SearchField = "title" | "description" | "comment" | "turn_comment";
export type SearchText = { field: SearchField; text: string; turnIndex?: number };
export type SearchMatch = { field: SearchField; snippet: string; highlight_start: number; highlight_end: number; turn_index?: number };

const SNIPPET_CONTEXT = 40;

/**
 * Where a search matched, in the order given (title, description, comments, turn comments): an excerpt with its
 * whitespace collapsed, cut with an ellipsis around the match, and the match's offsets in it. Case-insensitive.
 */
export function searchMatch(texts: SearchText[], query: string): SearchMatch | null {
  const needle = query.trim().replace(/\s+/g, " ").toLowerCase();
  if (!needle) return null;
  for (const entry of texts) {
    const text = entry.text.replace(/\s+/g, " ").trim();
    const at = text.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const from = Math.max(0, at - SNIPPET_CONTEXT);
    const to = Math.min(text.length, at + needle.length + SNIPPET_CONTEXT);
    const head = from > 0 ? "…" : "";
    const snippet = `${head}${text.slice(from, to)}${to < text.length ? "…" : ""}`;
    const start = head.length + at - from;
    return { field: entry.field, snippet, highlight_start: start, highlight_end: start + needle.length, ...(entry.turnIndex !== undefined ? { turn_index: entry.turnIndex } : {}) };
  }
  return null;
}

/**
 * A list position. Newest first is (created_at desc, id desc); by priority, (priority_rank desc, created_at desc,
 * id desc). A cursor names its sort, so one made for the other order is refused.
 */
export type TicketCursor = { sort: TicketSort; rank: number; createdAt: number; id: string };

export function encodeCursor(cursor: TicketCursor): string {
  return btoa(`${cursor.sort === "priority" ? "p" : "c"}:${cursor.rank}:${cursor.createdAt}:${cursor.id}`).replaceAll("=", "");
}

/** The position a cursor names, or null when it is not one `encodeCursor` made for this sort. */
export function decodeCursor(text: string, sort: TicketSort): TicketCursor | null {
  let decoded: string;
  try {
    decoded = atob(text);
  } catch {
    return null;
  }
  const match = /^([cp]):([0-4]):(\d{1,15}):([A-Za-z0-9_]{1,100})$/.exec(decoded);
  if (!match || (match[1] === "p") !== (sort === "priority")) return null;
  return { sort, rank: Number(match[2]), createdAt: Number(match[3]), id: match[4]! };
}

/** The tickets still to act on: open or in progress (the agent page lists these). */
export const isActiveTicket = (status: TicketStatus): boolean => status === "open" || status === "in_progress";

/** What the agent page's History tab says about triage tickets (decision 0095). */
export const TRIAGE_PAGE_TEXTS = {
  openTickets: "Open tickets",
  openTicketsExplained: "What members noticed the agent got wrong, most urgent first. Raise one from a conversation below.",
  none: "No open tickets.",
  raise: "Raise a ticket",
  whatWentWrong: "What went wrong",
  priority: "Priority",
  noPriority: "No priority",
  commentMissing: "Say what went wrong.",
  raised: (title: string) => `Ticket “${title}” raised.`,
  resolve: "Mark resolved",
  resolved: (title: string) => `Ticket “${title}” resolved.`,
  conversations: (n: number) => `${n} conversation${n === 1 ? "" : "s"}`,
} as const;
