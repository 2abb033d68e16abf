import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { commentOnMergeProposal, createMergeProposal, findAgent, listMergeProposals, mergeMergeProposal, mergeProposalJson, reviewMergeProposal, updateMergeProposal, type AgentRow } from "~/agents/agents.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { decodeCursor, MERGE_PROPOSAL_LIMITS as LIMITS, MERGE_PROPOSAL_STATUSES, MERGE_PROPOSAL_TEXTS, REVIEW_STATES } from "~/agents/rules/merge-proposals";
import { doc, id, refused } from "./api-schemas";

const agentParam = z.object({ agent_id: id });
const proposalParam = agentParam.extend({ merge_proposal_id: id });
const title = z.string().trim().min(1, "title must not be empty.").max(LIMITS.title, `title must be at most ${LIMITS.title} characters.`);
const description = z.string().max(LIMITS.description, `description must be at most ${LIMITS.description} characters.`);
const reviewers = z.array(id).max(LIMITS.reviewers);
const cursor = z
  .string()
  .max(200)
  .transform((text, ctx) => decodeCursor(text) ?? (ctx.addIssue({ code: "custom", message: MERGE_PROPOSAL_TEXTS.badCursor }), z.NEVER));

/**
 * An agent's merge proposals under /v1/convai/agents/{agent_id}/merge-proposals (decision 0089): requests to merge
 * one branch into another, reviewed, commented on and merged. Mounted beside the branches API.
 */
export const mergeProposalsApi = new Hono<AuthedEnv>();

/** The route's agent, or 404 not_found, after the validators (bad input is answered 422 first). */
type AgentEnv = AuthedEnv & { Variables: { agent: AgentRow } };
const withAgent = createMiddleware<AgentEnv>(async (c, next) => {
  const agent = await findAgent(c.env, c.get("caller"), c.req.param("agent_id")!);
  if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  c.set("agent", agent);
  await next();
});

const proposalAnswer = { description: "JSON: the merge proposal with its reviews, comments and outcome" };

mergeProposalsApi.get(
  "/agents/:agent_id/merge-proposals",
  requireAgentsCaller,
  doc("An agent's merge proposals, newest first (filters: status, source and target branch, a search of title and description)", { success: { description: "JSON: results, next_cursor, has_more" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid(
    "query",
    z.object({
      status: z.enum(MERGE_PROPOSAL_STATUSES).optional(),
      source_branch_id: id.optional(),
      target_branch_id: id.optional(),
      search: z.string().max(LIMITS.search).optional(),
      page_size: z.coerce.number().int().min(1).max(LIMITS.pageSize).default(LIMITS.defaultPageSize),
      cursor: cursor.optional(),
    }),
  ),
  withAgent,
  async (c) => {
    const q = c.req.valid("query");
    return c.json(await listMergeProposals(c.env, c.get("caller"), c.get("agent"), { status: q.status, sourceBranchId: q.source_branch_id, targetBranchId: q.target_branch_id, search: q.search || undefined, after: q.cursor, pageSize: q.page_size }));
  },
);

mergeProposalsApi.post(
  "/agents/:agent_id/merge-proposals",
  requireAgentsCaller,
  doc("Propose merging one of the agent's branches into another (one open proposal per source and target)", {
    success: { description: "JSON: created_merge_proposal_id" },
    responses: { 400: "invalid_request (a branch into itself), reviewer_not_found, triage_ticket_not_found (not a ticket of this agent; merging the proposal resolves the ticket if still open)", 404: "not_found: the agent or a branch", 409: "branch_archived, merge_proposal_exists" },
  }),
  valid("param", agentParam),
  valid("json", z.object({ source_branch_id: id, target_branch_id: id, title, description: description.nullish(), requested_reviewer_user_ids: reviewers.nullish(), triage_ticket_id: id.nullish() })),
  withAgent,
  async (c) => {
    const body = c.req.valid("json");
    const created = await createMergeProposal(c.env, c.get("caller"), c.get("agent"), {
      sourceBranchId: body.source_branch_id,
      targetBranchId: body.target_branch_id,
      title: body.title,
      description: body.description ?? undefined,
      requestedReviewerUserIds: body.requested_reviewer_user_ids ?? undefined,
      triageTicketId: body.triage_ticket_id ?? undefined,
    });
    return created.ok ? c.json({ created_merge_proposal_id: created.id }) : refused(c, created.refusal);
  },
);

mergeProposalsApi.get(
  "/agents/:agent_id/merge-proposals/:merge_proposal_id",
  requireAgentsCaller,
  doc("A merge proposal", { success: proposalAnswer, responses: { 404: "not_found: the agent or the proposal" } }),
  valid("param", proposalParam),
  withAgent,
  async (c) => {
    const proposal = await mergeProposalJson(c.env, c.get("caller"), c.get("agent"), c.req.valid("param").merge_proposal_id);
    return proposal ? c.json(proposal) : apiError(c, 404, "not_found", MERGE_PROPOSAL_TEXTS.notFound);
  },
);

/** Each change below answers the proposal as it now stands. */
const answerProposal = async (c: Context<AgentEnv>, proposalId: string) => c.json(await mergeProposalJson(c.env, c.get("caller"), c.get("agent"), proposalId));

mergeProposalsApi.patch(
  "/agents/:agent_id/merge-proposals/:merge_proposal_id",
  requireAgentsCaller,
  doc("Edit an open merge proposal's title, description or requested reviewers, or close it (the author closing it withdraws it; anyone else rejects it)", {
    success: proposalAnswer,
    responses: { 400: "reviewer_not_found", 404: "not_found", 409: "merge_proposal_not_open" },
  }),
  valid("param", proposalParam),
  valid("json", z.object({ title: title.nullish(), description: description.nullish(), requested_reviewer_user_ids: reviewers.nullish(), close: z.boolean().nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const updated = await updateMergeProposal(c.env, c.get("caller"), c.get("agent"), params.merge_proposal_id, {
      title: body.title ?? undefined,
      description: body.description ?? undefined,
      requestedReviewerUserIds: body.requested_reviewer_user_ids ?? undefined,
      close: body.close ?? undefined,
    });
    return updated.ok ? answerProposal(c, params.merge_proposal_id) : refused(c, updated.refusal);
  },
);

mergeProposalsApi.post(
  "/agents/:agent_id/merge-proposals/:merge_proposal_id/reviews",
  requireAgentsCaller,
  doc("Approve an open merge proposal or request changes (a member's latest review replaces their previous one; the author cannot review their own)", {
    success: proposalAnswer,
    responses: { 403: "own_merge_proposal", 404: "not_found", 409: "merge_proposal_not_open" },
  }),
  valid("param", proposalParam),
  valid("json", z.object({ state: z.enum(REVIEW_STATES), comment: z.string().max(LIMITS.comment).nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const reviewed = await reviewMergeProposal(c.env, c.get("caller"), c.get("agent"), params.merge_proposal_id, { state: body.state, comment: body.comment ?? undefined });
    return reviewed.ok ? answerProposal(c, params.merge_proposal_id) : refused(c, reviewed.refusal);
  },
);

mergeProposalsApi.post(
  "/agents/:agent_id/merge-proposals/:merge_proposal_id/comments",
  requireAgentsCaller,
  doc("Comment on a merge proposal, open or not (comments accumulate)", { success: proposalAnswer, responses: { 404: "not_found" } }),
  valid("param", proposalParam),
  valid("json", z.object({ body: z.string().trim().min(1, "body must not be empty.").max(LIMITS.comment, `body must be at most ${LIMITS.comment} characters.`) })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const commented = await commentOnMergeProposal(c.env, c.get("caller"), c.get("agent"), params.merge_proposal_id, c.req.valid("json").body);
    return commented.ok ? answerProposal(c, params.merge_proposal_id) : refused(c, commented.refusal);
  },
);

mergeProposalsApi.post(
  "/agents/:agent_id/merge-proposals/:merge_proposal_id/merge",
  requireAgentsCaller,
  doc("Merge an open merge proposal's source branch into its target: a non-admin needs another member's approval and no request for changes; conflicting fields refuse it unless force", {
    success: proposalAnswer,
    responses: { 403: "branch_protected", 404: "not_found", 409: "merge_proposal_not_open, approval_required, changes_requested, merge_conflict, branch_archived" },
  }),
  valid("param", proposalParam),
  valid("json", z.object({ archive_source_branch: z.boolean().nullish(), force: z.boolean().nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const merged = await mergeMergeProposal(c.env, c.get("caller"), c.get("agent"), params.merge_proposal_id, { archiveSource: body.archive_source_branch ?? false, force: body.force ?? false });
    return merged.ok ? answerProposal(c, params.merge_proposal_id) : refused(c, merged.refusal);
  },
);
