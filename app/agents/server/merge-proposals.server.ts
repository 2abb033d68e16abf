// Merge proposals (decision 0089): requests to merge one of an agent's branches into another, with the workspace
// members' reviews and comments; merging one runs the branch merge (decision 0081). Scoped to the viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-merge-proposals";
import type { MergeProposalCommentRow, MergeProposalReviewRow, MergeProposalRow } from "../../../db/repositories/agent-merge-proposals";
import { branchTip, findBranch } from "../../../db/repositories/agent-branches";
import { findTicket } from "../../../db/repositories/agent-triage-tickets";
import { memberIdsAmong } from "../../../db/repositories/workspaces";
import type { AgentRow } from "../../../db/repositories/agents";
import { isAdmin } from "../../../core/workspace/roles";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { BRANCH_TEXTS } from "~/agents/rules/branches";
import {
  closeReason,
  encodeCursor,
  MERGE_PROPOSAL_TEXTS,
  mergeRefusal,
  notOpenRefusal,
  reviewRefusal,
  uniqueReviewers,
  type MergeProposalStatus,
  type ProposalCursor,
  type ReviewState,
} from "~/agents/rules/merge-proposals";
import { accessInfo, type AgentRefusal } from "./agents.server";
import { mergeBranch } from "./branches.server";

type Env = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
type Refused = { ok: false; refusal: AgentRefusal };

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const secs = (ms: number) => Math.floor(ms / 1000);
const refuse = (httpStatus: AgentRefusal["httpStatus"], status: string, message: string): Refused => ({ ok: false, refusal: { httpStatus, status, message } });
const notFound = () => refuse(404, "not_found", MERGE_PROPOSAL_TEXTS.notFound);

function outcomeJson(row: MergeProposalRow) {
  const by = row.outcomeBy ?? undefined;
  if (row.status === "merged") return { status: "merged" as const, version_id: row.mergedVersionId!, at: secs(row.outcomeAt!), by_user_id: by };
  if (row.status === "closed") return { status: "closed" as const, reason: row.closeReason!, at: secs(row.outcomeAt!), by_user_id: by };
  return { status: "open" as const };
}

/** A proposal as the SDK's AgentMergeProposalResponse: its reviews (each member's latest) and comments, oldest first. */
function proposalJson(row: MergeProposalRow, reviews: MergeProposalReviewRow[], comments: MergeProposalCommentRow[], viewer: Viewer) {
  return {
    id: row.id,
    agent_id: row.agentId,
    source_branch_id: row.sourceBranchId,
    target_branch_id: row.targetBranchId,
    source_tip_version_id_at_creation: row.sourceTipVersionId,
    title: row.title,
    description: row.description ?? undefined,
    requested_reviewer_user_ids: JSON.parse(row.requestedReviewerUserIds) as string[],
    reviews: reviews.map((r) => ({ user_id: r.userId, state: r.state, submitted_at: secs(r.submittedAt), comment: r.comment ?? undefined, reviewer_role: r.reviewerRole })),
    comments: comments.map((c) => ({ id: c.id, user_id: c.userId, body: c.body, created_at: secs(c.createdAt) })),
    outcome: outcomeJson(row),
    triage_ticket_id: row.triageTicketId ?? undefined,
    created_at: secs(row.createdAt),
    updated_at: secs(row.updatedAt),
    author_user_id: row.authorUserId,
    access_info: accessInfo({ createdBy: row.authorUserId, creatorEmail: row.authorEmail }, viewer),
  };
}

export type MergeProposalJson = ReturnType<typeof proposalJson>;

async function withThreads(env: Env, viewer: Viewer, rows: MergeProposalRow[]): Promise<MergeProposalJson[]> {
  const db = database(env.DB);
  const ids = rows.map((r) => r.id);
  const [reviews, comments] = await Promise.all([table.reviewsOf(db, ids), table.commentsOf(db, ids)]);
  return rows.map((row) =>
    proposalJson(
      row,
      reviews.filter((r) => r.proposalId === row.id),
      comments.filter((c) => c.proposalId === row.id),
      viewer,
    ),
  );
}

async function findProposal(env: Env, viewer: Viewer, agent: AgentRow, id: string): Promise<MergeProposalRow | null> {
  return (await table.findProposal(database(env.DB), workspaceOf(viewer), agent.id, id)) ?? null;
}

/** GET /v1/convai/agents/{agent_id}/merge-proposals/{id}. */
export async function mergeProposalJson(env: Env, viewer: Viewer, agent: AgentRow, id: string): Promise<MergeProposalJson | null> {
  const row = await findProposal(env, viewer, agent, id);
  return row ? (await withThreads(env, viewer, [row]))[0]! : null;
}

export type MergeProposalQuery = { status?: MergeProposalStatus; sourceBranchId?: string; targetBranchId?: string; search?: string; after?: ProposalCursor; pageSize: number };

/** GET /v1/convai/agents/{agent_id}/merge-proposals: newest first, a page at a time. */
export async function listMergeProposals(env: Env, viewer: Viewer, agent: AgentRow, query: MergeProposalQuery) {
  const rows = await table.listProposals(database(env.DB), workspaceOf(viewer), agent.id, { ...query, limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const hasMore = rows.length > query.pageSize;
  return { results: await withThreads(env, viewer, page), next_cursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : undefined, has_more: hasMore };
}

/** The requested reviewers once each, or the refusal naming those who are not the workspace's members. */
async function reviewersOrRefusal(env: Env, viewer: Viewer, ids: string[]): Promise<{ ok: true; ids: string[] } | Refused> {
  const unique = uniqueReviewers(ids);
  const members = await memberIdsAmong(database(env.DB), workspaceOf(viewer), unique);
  const strangers = unique.filter((id) => !members.has(id));
  return strangers.length ? refuse(400, "reviewer_not_found", MERGE_PROPOSAL_TEXTS.reviewersNotMembers(strangers)) : { ok: true, ids: unique };
}

export type MergeProposalInput = { sourceBranchId: string; targetBranchId: string; title: string; description?: string; requestedReviewerUserIds?: string[]; triageTicketId?: string };

/** Opens a proposal between two unarchived branches of the agent: one open proposal per source and target. */
export async function createMergeProposal(env: Env, viewer: Viewer, agent: AgentRow, input: MergeProposalInput): Promise<{ ok: true; id: string } | Refused> {
  if (input.sourceBranchId === input.targetBranchId) return refuse(400, "invalid_request", BRANCH_TEXTS.mergeIntoItself);
  const db = database(env.DB);
  // The ticket it resolves must be this agent's (decision 0095).
  if (input.triageTicketId && (await findTicket(db, workspaceOf(viewer), input.triageTicketId))?.agentId !== agent.id) return refuse(400, "triage_ticket_not_found", MERGE_PROPOSAL_TEXTS.triageTicketNotFound);
  const [source, target] = await Promise.all([findBranch(db, workspaceOf(viewer), agent.id, input.sourceBranchId), findBranch(db, workspaceOf(viewer), agent.id, input.targetBranchId)]);
  if (!source || !target) return refuse(404, "not_found", BRANCH_TEXTS.branchNotFound);
  if (source.isArchived || target.isArchived) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  const reviewers = await reviewersOrRefusal(env, viewer, input.requestedReviewerUserIds ?? []);
  if (!reviewers.ok) return reviewers;
  if (await table.findOpenProposal(db, agent.id, source.id, target.id)) return refuse(409, "merge_proposal_exists", MERGE_PROPOSAL_TEXTS.alreadyOpen);
  const tip = await branchTip(db, workspaceOf(viewer), agent.id, source.id);
  const now = Date.now();
  const row: MergeProposalRow = {
    id: newId("agtmprop"),
    agentId: agent.id,
    workspaceId: agent.workspaceId,
    sourceBranchId: source.id,
    targetBranchId: target.id,
    sourceTipVersionId: tip?.id ?? "",
    title: input.title,
    description: input.description || null,
    requestedReviewerUserIds: JSON.stringify(reviewers.ids),
    status: "open",
    closeReason: null,
    outcomeAt: null,
    outcomeBy: null,
    mergedVersionId: null,
    triageTicketId: input.triageTicketId ?? null,
    authorUserId: viewer.user.id,
    authorEmail: viewer.user.email,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await table.insertProposal(db, row);
  } catch (error) {
    // Two openings at once: the partial unique index refused the second.
    if (String(error).includes("UNIQUE")) return refuse(409, "merge_proposal_exists", MERGE_PROPOSAL_TEXTS.alreadyOpen);
    throw error;
  }
  return { ok: true, id: row.id };
}

export type MergeProposalUpdate = { title?: string; description?: string; requestedReviewerUserIds?: string[]; close?: boolean };

/** Edits an open proposal, or closes it: withdrawn by its author, rejected by anyone else. */
export async function updateMergeProposal(env: Env, viewer: Viewer, agent: AgentRow, id: string, input: MergeProposalUpdate): Promise<{ ok: true } | Refused> {
  const row = await findProposal(env, viewer, agent, id);
  if (!row) return notFound();
  const closed = notOpenRefusal(row.status as MergeProposalStatus);
  if (closed) return { ok: false, refusal: closed };
  let reviewerIds: string[] | undefined;
  if (input.requestedReviewerUserIds) {
    const reviewers = await reviewersOrRefusal(env, viewer, input.requestedReviewerUserIds);
    if (!reviewers.ok) return reviewers;
    reviewerIds = reviewers.ids;
  }
  const now = Date.now();
  const updated = await table.updateOpenProposal(database(env.DB), row.id, {
    updatedAt: now,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(reviewerIds ? { requestedReviewerUserIds: JSON.stringify(reviewerIds) } : {}),
    ...(input.close ? { status: "closed", closeReason: closeReason(row.authorUserId, viewer.user.id), outcomeAt: now, outcomeBy: viewer.user.id } : {}),
  });
  if (updated) return { ok: true };
  // Merged or closed by someone else since it was read: say which.
  const current = await findProposal(env, viewer, agent, id);
  return { ok: false, refusal: notOpenRefusal((current?.status ?? "closed") as MergeProposalStatus) ?? notOpenRefusal("closed")! };
}

/** A member's review of an open proposal not their own; it replaces their previous one. */
export async function reviewMergeProposal(env: Env, viewer: Viewer, agent: AgentRow, id: string, input: { state: ReviewState; comment?: string }): Promise<{ ok: true } | Refused> {
  const row = await findProposal(env, viewer, agent, id);
  if (!row) return notFound();
  const refusal = reviewRefusal({ status: row.status as MergeProposalStatus, authorUserId: row.authorUserId }, viewer.user.id);
  if (refusal) return { ok: false, refusal };
  await table.upsertReview(database(env.DB), { proposalId: row.id, userId: viewer.user.id, state: input.state, comment: input.comment || null, reviewerRole: viewer.membership.role, submittedAt: Date.now() });
  return { ok: true };
}

/** A comment on a proposal, whatever its state (comments accumulate). */
export async function commentOnMergeProposal(env: Env, viewer: Viewer, agent: AgentRow, id: string, body: string): Promise<{ ok: true } | Refused> {
  const row = await findProposal(env, viewer, agent, id);
  if (!row) return notFound();
  await table.insertComment(database(env.DB), { id: newId("agtmpcmt"), proposalId: row.id, userId: viewer.user.id, body, createdAt: Date.now() });
  return { ok: true };
}

/**
 * Merges an open proposal: a non-admin needs another member's approval and no outstanding request for changes;
 * then the branch merge runs (the target's protection, conflicts refused unless forced) and marks the proposal
 * merged, and resolves the triage ticket it names if still open, in its own batch, so a refused merge leaves it
 * open with nothing written.
 */
export async function mergeMergeProposal(env: Env, viewer: Viewer, agent: AgentRow, id: string, input: { archiveSource: boolean; force: boolean }): Promise<{ ok: true } | Refused> {
  const row = await findProposal(env, viewer, agent, id);
  if (!row) return notFound();
  const reviews = await table.reviewsOf(database(env.DB), [row.id]);
  const refusal = mergeRefusal({ status: row.status as MergeProposalStatus }, reviews.map((r) => ({ userId: r.userId, state: r.state as ReviewState, submittedAt: r.submittedAt })), { userId: viewer.user.id, admin: isAdmin(viewer.membership.role) });
  if (refusal) return { ok: false, refusal };
  const triageTicket = row.triageTicketId ? { id: row.triageTicketId, changeId: newId("agtqachg") } : undefined;
  const merged = await mergeBranch(env, viewer, agent, row.sourceBranchId, { targetBranchId: row.targetBranchId, archiveSource: input.archiveSource, force: input.force, preview: false, proposal: { id: row.id, byUserId: viewer.user.id, triageTicket } });
  return merged.ok ? { ok: true } : merged;
}
