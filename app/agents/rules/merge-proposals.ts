// Merge proposals (decision 0089): a request to merge one of an agent's branches into another, reviewed by the
// workspace's members before the branch merge (decision 0081) runs. Pure: its states, who may review and merge.

export const MERGE_PROPOSAL_STATUSES = ["open", "merged", "closed"] as const;
export type MergeProposalStatus = (typeof MERGE_PROPOSAL_STATUSES)[number];
export const REVIEW_STATES = ["approved", "changes_requested"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export type CloseReason = "withdrawn" | "rejected" | "branch_archived";

export const MERGE_PROPOSAL_LIMITS = { title: 200, description: 5000, comment: 5000, reviewers: 50, pageSize: 100, defaultPageSize: 30, search: 200 } as const;

export const MERGE_PROPOSAL_TEXTS = {
  notFound: "Merge proposal not found.",
  notOpen: (status: MergeProposalStatus) => `The merge proposal is ${status}: only an open one can be changed, reviewed or merged.`,
  alreadyOpen: "An open merge proposal between these branches already exists.",
  ownReview: "The author of a merge proposal cannot review it: leave a comment instead.",
  needsApproval: "A member other than you must approve the merge proposal before you merge it (admins may merge without).",
  changesRequested: "A reviewer requested changes: they must approve before the merge proposal is merged (admins may merge without).",
  reviewersNotMembers: (ids: string[]) => `These reviewers are not members of the workspace: ${ids.join(", ")}.`,
  triageTicketNotFound: "Triage ticket not found: triage_ticket_id must name a ticket of this agent.",
  badCursor: "The cursor is not one this server made.",
} as const;

type Refusal = { httpStatus: 403 | 409; status: string; message: string };
export type Review = { userId: string; state: ReviewState; submittedAt: number };

/** Why an open-only action (edit, review, merge) is refused: the proposal was merged or closed. */
export function notOpenRefusal(status: MergeProposalStatus): Refusal | null {
  return status === "open" ? null : { httpStatus: 409, status: "merge_proposal_not_open", message: MERGE_PROPOSAL_TEXTS.notOpen(status) };
}

/** Why a member may not review: the proposal is not open, or it is their own (they comment instead). */
export function reviewRefusal(proposal: { status: MergeProposalStatus; authorUserId: string }, reviewerId: string): Refusal | null {
  return notOpenRefusal(proposal.status) ?? (proposal.authorUserId === reviewerId ? { httpStatus: 403, status: "own_merge_proposal", message: MERGE_PROPOSAL_TEXTS.ownReview } : null);
}

/**
 * Why a member may not merge, reviews aside from the branch's own protection (the branch merge checks that): not
 * open; or, for a non-admin, an outstanding request for changes, or no approval from a member other than themselves.
 * Each reviewer's latest review is the one that counts (a review replaces their previous one).
 */
export function mergeRefusal(proposal: { status: MergeProposalStatus }, reviews: Review[], merger: { userId: string; admin: boolean }): Refusal | null {
  const closed = notOpenRefusal(proposal.status);
  if (closed || merger.admin) return closed;
  const latest = latestReviews(reviews);
  if (latest.some((r) => r.state === "changes_requested")) return { httpStatus: 409, status: "changes_requested", message: MERGE_PROPOSAL_TEXTS.changesRequested };
  if (!latest.some((r) => r.state === "approved" && r.userId !== merger.userId)) return { httpStatus: 409, status: "approval_required", message: MERGE_PROPOSAL_TEXTS.needsApproval };
  return null;
}

/** Each reviewer's newest review, oldest reviewer first. */
export function latestReviews<R extends Review>(reviews: R[]): R[] {
  const byUser = new Map<string, R>();
  for (const review of [...reviews].sort((a, b) => a.submittedAt - b.submittedAt)) {
    byUser.delete(review.userId);
    byUser.set(review.userId, review);
  }
  return [...byUser.values()];
}

/** How closing is recorded: the author withdraws their own proposal; anyone else rejects it. */
export const closeReason = (authorUserId: string, closerId: string): CloseReason => (authorUserId === closerId ? "withdrawn" : "rejected");

/** Requested reviewers once each, in the order given. */
export const uniqueReviewers = (ids: string[]): string[] => [...new Set(ids)];

/** A list position: the newest-first order is (created_at desc, id desc), so a page resumes after its last row. */
export type ProposalCursor = { createdAt: number; id: string };

export function encodeCursor(cursor: ProposalCursor): string {
  return btoa(`${cursor.createdAt}:${cursor.id}`).replaceAll("=", "");
}

/** The position a cursor names, or null when it is not one `encodeCursor` made. */
export function decodeCursor(text: string): ProposalCursor | null {
  let decoded: string;
  try {
    decoded = atob(text);
  } catch {
    return null;
  }
  const match = /^(\d{1,15}):([A-Za-z0-9_]{1,100})$/.exec(decoded);
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null;
}
