// Merge proposals of agent branches (decision 0089), their reviews and comments. A proposal's merge is written in
// the branch merge's own batch (agent-branches.ts takes `mergedStatement`); archiving a branch closes the open
// proposals into or out of it in the archiving's batch (`closeForArchivedStatement`).
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { agentMergeProposalComments, agentMergeProposalReviews, agentMergeProposals } from "../schema";

export type MergeProposalRow = typeof agentMergeProposals.$inferSelect;
export type MergeProposalReviewRow = typeof agentMergeProposalReviews.$inferSelect;
export type MergeProposalCommentRow = typeof agentMergeProposalComments.$inferSelect;

export async function insertProposal(db: Database, row: MergeProposalRow): Promise<void> {
  await db.insert(agentMergeProposals).values(row);
}

export async function findProposal(db: Database, workspaceId: string, agentId: string, id: string): Promise<MergeProposalRow | undefined> {
  return db
    .select()
    .from(agentMergeProposals)
    .where(and(eq(agentMergeProposals.workspaceId, workspaceId), eq(agentMergeProposals.agentId, agentId), eq(agentMergeProposals.id, id)))
    .get();
}

/** The open proposal from one branch into another, if any (at most one: a partial unique index). */
export async function findOpenProposal(db: Database, agentId: string, sourceBranchId: string, targetBranchId: string): Promise<MergeProposalRow | undefined> {
  return db
    .select()
    .from(agentMergeProposals)
    .where(and(eq(agentMergeProposals.agentId, agentId), eq(agentMergeProposals.sourceBranchId, sourceBranchId), eq(agentMergeProposals.targetBranchId, targetBranchId), eq(agentMergeProposals.status, "open")))
    .get();
}

export type ProposalQuery = { status?: string; sourceBranchId?: string; targetBranchId?: string; search?: string; after?: { createdAt: number; id: string }; limit: number };

/** An agent's proposals newest first (created_at, then id), after a cursor's position; `limit` rows at most. */
export async function listProposals(db: Database, workspaceId: string, agentId: string, query: ProposalQuery): Promise<MergeProposalRow[]> {
  const p = agentMergeProposals;
  const conditions = [eq(p.workspaceId, workspaceId), eq(p.agentId, agentId)];
  if (query.status) conditions.push(eq(p.status, query.status));
  if (query.sourceBranchId) conditions.push(eq(p.sourceBranchId, query.sourceBranchId));
  if (query.targetBranchId) conditions.push(eq(p.targetBranchId, query.targetBranchId));
  // SQLite's lower() folds ASCII letters only.
  if (query.search) conditions.push(sql`instr(lower(${p.title} || ' ' || coalesce(${p.description}, '')), lower(${query.search})) > 0`);
  if (query.after) conditions.push(or(lt(p.createdAt, query.after.createdAt), and(eq(p.createdAt, query.after.createdAt), lt(p.id, query.after.id)))!);
  return db
    .select()
    .from(p)
    .where(and(...conditions))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(query.limit);
}

export async function reviewsOf(db: Database, proposalIds: string[]): Promise<MergeProposalReviewRow[]> {
  if (!proposalIds.length) return [];
  return db.select().from(agentMergeProposalReviews).where(inArray(agentMergeProposalReviews.proposalId, proposalIds)).orderBy(asc(agentMergeProposalReviews.submittedAt));
}

export async function commentsOf(db: Database, proposalIds: string[]): Promise<MergeProposalCommentRow[]> {
  if (!proposalIds.length) return [];
  return db.select().from(agentMergeProposalComments).where(inArray(agentMergeProposalComments.proposalId, proposalIds)).orderBy(asc(agentMergeProposalComments.createdAt), asc(agentMergeProposalComments.id));
}

type ProposalSet = Partial<Pick<MergeProposalRow, "title" | "description" | "requestedReviewerUserIds" | "status" | "closeReason" | "outcomeAt" | "outcomeBy">> & { updatedAt: number };

/** Changes an open proposal; false when it was merged or closed meanwhile (nothing written). */
export async function updateOpenProposal(db: Database, id: string, set: ProposalSet): Promise<boolean> {
  const updated = await db
    .update(agentMergeProposals)
    .set(set)
    .where(and(eq(agentMergeProposals.id, id), eq(agentMergeProposals.status, "open")))
    .returning({ id: agentMergeProposals.id });
  return updated.length > 0;
}

const touch = (db: Database, id: string, at: number) => db.update(agentMergeProposals).set({ updatedAt: at }).where(eq(agentMergeProposals.id, id));

/** A member's review, replacing their previous one, and the proposal's update time. */
export async function upsertReview(db: Database, row: MergeProposalReviewRow): Promise<void> {
  await db.batch([
    db
      .insert(agentMergeProposalReviews)
      .values(row)
      .onConflictDoUpdate({ target: [agentMergeProposalReviews.proposalId, agentMergeProposalReviews.userId], set: { state: row.state, comment: row.comment, reviewerRole: row.reviewerRole, submittedAt: row.submittedAt } }),
    touch(db, row.proposalId, row.submittedAt),
  ]);
}

export async function insertComment(db: Database, row: MergeProposalCommentRow): Promise<void> {
  await db.batch([db.insert(agentMergeProposalComments).values(row), touch(db, row.proposalId, row.createdAt)]);
}

/** The statement marking an open proposal merged by a version: for the branch merge's batch. */
export function mergedStatement(db: Database, proposal: { id: string; byUserId: string }, versionId: string, at: number) {
  return db
    .update(agentMergeProposals)
    .set({ status: "merged", mergedVersionId: versionId, outcomeAt: at, outcomeBy: proposal.byUserId, updatedAt: at })
    .where(and(eq(agentMergeProposals.id, proposal.id), eq(agentMergeProposals.status, "open")));
}

/** The statement closing the open proposals into or out of a branch being archived: for the archiving's batch. */
export function closeForArchivedStatement(db: Database, agentId: string, branchId: string, at: number) {
  const p = agentMergeProposals;
  return db
    .update(p)
    .set({ status: "closed", closeReason: "branch_archived", outcomeAt: at, outcomeBy: null, updatedAt: at })
    .where(and(eq(p.agentId, agentId), eq(p.status, "open"), or(eq(p.sourceBranchId, branchId), eq(p.targetBranchId, branchId))));
}
