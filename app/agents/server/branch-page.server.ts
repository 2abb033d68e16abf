// The agent page's Branches tab (decision 0094): what it shows of an agent's branches, open merge proposals and a
// branch's procedures, read through the same functions the API answers with. Scoped to the viewer's workspace.
import { database } from "../../../db/client";
import { listMembers } from "../../../db/repositories/workspaces";
import type { AgentRow } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { BRANCH_LIMITS, BRANCH_PAGE_TEXTS, MAIN_BRANCH } from "~/agents/rules/branches";
import { MERGE_PROPOSAL_LIMITS } from "~/agents/rules/merge-proposals";
import { agentOnBranch, createBranch, listBranches } from "./branches.server";
import { listMergeProposals } from "./merge-proposals.server";
import { listProcedures } from "./procedures.server";

type Env = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;

/**
 * The tab's data: every branch (main first, the archived too), the open proposals with who wrote and reviewed them,
 * and the procedures of the branch asked for (main by default). Null when that branch is not the agent's.
 */
export async function branchPageData(env: Env, viewer: Viewer, agent: AgentRow, procedureBranchId: string | null) {
  const shown = procedureBranchId || MAIN_BRANCH.id;
  const [branches, proposals, members, procedures] = await Promise.all([
    listBranches(env, viewer, agent, { includeArchived: true, limit: BRANCH_LIMITS.pageSize }),
    listMergeProposals(env, viewer, agent, { status: "open", pageSize: MERGE_PROPOSAL_LIMITS.pageSize }),
    listMembers(database(env.DB), viewer.membership.workspace.id),
    listProcedures(env, viewer, agent, shown),
  ]);
  if (!procedures.ok) return null;
  const emailOf = new Map(members.map((m) => [m.userId, m.email]));
  const who = (userId: string) => (userId === viewer.user.id ? BRANCH_PAGE_TEXTS.you : (emailOf.get(userId) ?? BRANCH_PAGE_TEXTS.formerMember));
  const nameOf = new Map(branches.results.map((b) => [b.id, b.name]));
  return {
    branches: branches.results.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      isMain: b.id === MAIN_BRANCH.id,
      archived: b.is_archived,
      protected: b.protection_status === "admin_perms_required",
      live: b.current_live_percentage,
      hasDraft: b.draft_exists,
      ahead: b.commits_ahead,
      behind: b.commits_behind,
    })),
    proposals: proposals.results.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description ?? "",
      source: nameOf.get(p.source_branch_id) ?? p.source_branch_id,
      target: nameOf.get(p.target_branch_id) ?? p.target_branch_id,
      author: p.access_info.is_creator ? BRANCH_PAGE_TEXTS.you : p.access_info.creator_email,
      reviews: p.reviews.map((r) => ({ who: who(r.user_id), state: r.state as "approved" | "changes_requested", comment: r.comment ?? "" })),
      comments: p.comments.map((c) => ({ id: c.id, who: who(c.user_id), body: c.body })),
    })),
    procedures: { branchId: shown, rows: procedures.procedures.map((p) => ({ id: p.procedure_id, name: p.name, type: p.type, hasDraft: p.has_draft })) },
  };
}

/** A branch from main's current version, as the page creates it (the API names any version). */
export async function createBranchFromMain(env: Env, viewer: Viewer, agent: AgentRow, input: { name: string; description: string }) {
  const main = await agentOnBranch(env, viewer, agent, MAIN_BRANCH.id);
  if (!main?.version) return { ok: false as const, refusal: { httpStatus: 409 as const, status: "no_version", message: BRANCH_PAGE_TEXTS.mainHasNoVersion } };
  return createBranch(env, viewer, agent, { parentVersionId: main.version.id, ...input });
}
