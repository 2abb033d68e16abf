import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError, validationError } from "~/api/errors";
import { valid } from "~/api/validation";
import { branchJson, createBranch, deploy, discardDraft, draftJson, findAgent, findDraft, listBranches, listDeployments, mergeBranch, rebaseBranch, saveDraft, updateBranch, type AgentRow } from "~/agents/agents.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { BRANCH_LIMITS, BRANCH_TEXTS } from "~/agents/rules/branches";
import { doc, id, jsonObject, queryFlag, refused } from "./api-schemas";

const agentParam = z.object({ agent_id: id });
const branchParam = agentParam.extend({ branch_id: id });
const sourceParam = agentParam.extend({ source_branch_id: id });
const protection = z.enum(["writer_perms_required", "admin_perms_required"]);

/**
 * An agent's branches, drafts and deployments under /v1/convai/agents/{agent_id} (decision 0081). Each route asks
 * for the key itself; mounted before api.ts's /agents/{agent_id}.
 */
export const branchesApi = new Hono<AuthedEnv>();

/**
 * The route's agent, or 404 not_found: set as "agent" for the handler. It comes last in each chain, after the
 * validators, so bad input is still answered 422 before an unknown agent is looked for.
 */
const withAgent = createMiddleware<AuthedEnv & { Variables: { agent: AgentRow } }>(async (c, next) => {
  const agent = await findAgent(c.env, c.get("caller"), c.req.param("agent_id")!);
  if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  c.set("agent", agent);
  await next();
});

branchesApi.get(
  "/agents/:agent_id/branches",
  requireAgentsCaller,
  doc("An agent's branches, main first (include_archived: the archived too)", { success: { description: "JSON: results, meta" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid("query", z.object({ include_archived: queryFlag.optional(), limit: z.coerce.number().int().min(1).max(BRANCH_LIMITS.pageSize).default(BRANCH_LIMITS.pageSize), include_commit_status: queryFlag.optional() })),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const q = c.req.valid("query");
    return c.json(await listBranches(c.env, c.get("caller"), agent, { includeArchived: q.include_archived ?? false, limit: q.limit }));
  },
);

branchesApi.post(
  "/agents/:agent_id/branches",
  requireAgentsCaller,
  doc("Create a branch from any version of the agent, with changes to its configuration", {
    success: { description: "JSON: created_branch_id, created_version_id" },
    responses: { 400: "voice_not_found, document_not_found, tool_not_found, secret_not_found", 404: "not_found: the agent or the version", 409: "branch_name_taken" },
  }),
  valid("param", agentParam),
  valid(
    "json",
    z.object({
      parent_version_id: id,
      name: z.string().trim().min(1, "name must not be empty.").max(BRANCH_LIMITS.name, `name must be at most ${BRANCH_LIMITS.name} characters.`),
      description: z.string().max(BRANCH_LIMITS.description, `description must be at most ${BRANCH_LIMITS.description} characters.`),
      conversation_config: jsonObject.nullish(),
      platform_settings: jsonObject.nullish(),
      workflow: jsonObject.nullish(),
      include_draft: z.boolean().nullish(),
    }),
  ),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const body = c.req.valid("json");
    const created = await createBranch(c.env, c.get("caller"), agent, { parentVersionId: body.parent_version_id, name: body.name, description: body.description, conversationConfig: body.conversation_config ?? undefined, platformSettings: body.platform_settings ?? undefined });
    if (!created.ok) return refused(c, created.refusal);
    return c.json({ created_branch_id: created.branch.id, created_version_id: created.version.id });
  },
);

branchesApi.get(
  "/agents/:agent_id/branches/:branch_id",
  requireAgentsCaller,
  doc("A branch with its parent branch and latest versions", { success: { description: "JSON: the branch" }, responses: { 404: "not_found: the agent or the branch" } }),
  valid("param", branchParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const branch = await branchJson(c.env, c.get("caller"), agent, params.branch_id);
    return branch ? c.json(branch) : apiError(c, 404, "not_found", BRANCH_TEXTS.branchNotFound);
  },
);

branchesApi.patch(
  "/agents/:agent_id/branches/:branch_id",
  requireAgentsCaller,
  doc("Rename, archive or protect a branch (main is never archived, nor a branch receiving traffic; automatic rebasing is not offered)", {
    success: { description: "JSON: the branch" },
    responses: { 400: "invalid_request, auto_rebase_not_offered", 403: "branch_protected: protection is changed by admins", 404: "not_found", 409: "branch_name_taken, branch_live" },
  }),
  valid("param", branchParam),
  valid("json", z.object({ name: z.string().trim().min(1).max(BRANCH_LIMITS.name).nullish(), is_archived: z.boolean().nullish(), protection_status: protection.nullish(), auto_rebase: z.boolean().nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const body = c.req.valid("json");
    const updated = await updateBranch(c.env, c.get("caller"), agent, params.branch_id, { name: body.name ?? undefined, isArchived: body.is_archived ?? undefined, protectionStatus: body.protection_status ?? undefined, autoRebase: body.auto_rebase ?? undefined });
    if (!updated.ok) return refused(c, updated.refusal);
    return c.json(await branchJson(c.env, c.get("caller"), agent, params.branch_id));
  },
);

branchesApi.get(
  "/agents/:agent_id/branches/:source_branch_id/merge-preview",
  requireAgentsCaller,
  doc("The agent a merge of the source branch into the target would give, with the conflicting fields; nothing is written", {
    success: { description: "JSON: the merged agent, overridden_fields, conflicts, source_identical_to_target" },
    responses: { 400: "invalid_request: a branch into itself", 404: "not_found" },
  }),
  valid("param", sourceParam),
  valid("query", z.object({ target_branch_id: id, force: queryFlag.optional() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const q = c.req.valid("query");
    const merged = await mergeBranch(c.env, c.get("caller"), agent, params.source_branch_id, { targetBranchId: q.target_branch_id, archiveSource: false, force: q.force ?? false, preview: true });
    return merged.ok ? c.json(merged.preview) : refused(c, merged.refusal);
  },
);

branchesApi.post(
  "/agents/:agent_id/branches/:source_branch_id/merge",
  requireAgentsCaller,
  doc("Merge a branch into a target branch: a new version on the target (refused on conflicting fields unless force; an archived source's traffic moves to the target)", {
    success: { description: "JSON: branch_id, version_id of the merged version" },
    responses: { 400: "invalid_request", 403: "branch_protected", 404: "not_found", 409: "merge_conflict, branch_archived" },
  }),
  valid("param", sourceParam),
  valid("query", z.object({ target_branch_id: id })),
  valid("json", z.object({ archive_source_branch: z.boolean().nullish(), force: z.boolean().nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const body = c.req.valid("json");
    const merged = await mergeBranch(c.env, c.get("caller"), agent, params.source_branch_id, { targetBranchId: c.req.valid("query").target_branch_id, archiveSource: body.archive_source_branch ?? false, force: body.force ?? false, preview: false });
    return merged.ok ? c.json({ branch_id: merged.version!.branchId, version_id: merged.version!.id }) : refused(c, merged.refusal);
  },
);

branchesApi.get(
  "/agents/:agent_id/branches/:branch_id/rebase-preview",
  requireAgentsCaller,
  doc("The agent a rebase of the branch onto main would give (main's changes in, the branch's own kept); nothing is written", { success: { description: "JSON: the rebased agent, overridden_fields, conflicts" }, responses: { 400: "invalid_request: main", 404: "not_found" } }),
  valid("param", branchParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const rebased = await rebaseBranch(c.env, c.get("caller"), agent, params.branch_id, true);
    return rebased.ok ? c.json(rebased.preview) : refused(c, rebased.refusal);
  },
);

branchesApi.post(
  "/agents/:agent_id/branches/:branch_id/rebase",
  requireAgentsCaller,
  doc("Rebase a branch onto main: main's changes since they parted are merged in, the branch's own kept where both changed a field", {
    success: { description: "JSON: branch_id, version_id of the rebased version" },
    responses: { 400: "invalid_request: main", 403: "branch_protected", 404: "not_found", 409: "branch_archived" },
  }),
  valid("param", branchParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const agent = c.get("agent");
    const rebased = await rebaseBranch(c.env, c.get("caller"), agent, params.branch_id, false);
    return rebased.ok ? c.json({ branch_id: rebased.version!.branchId, version_id: rebased.version!.id }) : refused(c, rebased.refusal);
  },
);

const draftQuery = z.object({ branch_id: id });

branchesApi.post(
  "/agents/:agent_id/drafts",
  requireAgentsCaller,
  doc("Create or replace a branch's draft: a pending configuration conversations do not use until the branch is saved (PATCH the agent with branch_id)", {
    success: { description: "JSON: the draft" },
    responses: { 404: "not_found: the agent or the branch", 409: "branch_archived" },
  }),
  valid("param", agentParam),
  // The SDK sends branch_id in the query; a body's is taken too.
  valid("query", z.object({ branch_id: id.optional() })),
  valid("json", z.object({ branch_id: id.optional(), conversation_config: jsonObject, platform_settings: jsonObject, workflow: jsonObject, name: z.string().max(BRANCH_LIMITS.name), tags: z.array(z.string().max(100)).max(50).nullish() })),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const body = c.req.valid("json");
    const branchId = c.req.valid("query").branch_id ?? body.branch_id;
    if (!branchId) return validationError(c, [{ loc: ["query", "branch_id"], msg: "branch_id is required.", type: "missing" }]);
    const saved = await saveDraft(c.env, c.get("caller"), agent, { branchId, name: body.name, conversationConfig: body.conversation_config, platformSettings: body.platform_settings, workflow: body.workflow, tags: body.tags });
    if (!saved.ok) return refused(c, saved.refusal);
    const found = await findDraft(c.env, c.get("caller"), agent, branchId);
    return c.json(draftJson(found!.draft, found!.branch));
  },
);

branchesApi.get(
  "/agents/:agent_id/drafts",
  requireAgentsCaller,
  doc("A branch's draft (not an SDK call: the SDK only creates and deletes drafts)", { success: { description: "JSON: the draft" }, responses: { 404: "not_found: the agent, the branch or its draft" } }),
  valid("param", agentParam),
  valid("query", draftQuery),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const found = await findDraft(c.env, c.get("caller"), agent, c.req.valid("query").branch_id);
    return found ? c.json(draftJson(found.draft, found.branch)) : apiError(c, 404, "not_found", BRANCH_TEXTS.draftNotFound);
  },
);

branchesApi.delete(
  "/agents/:agent_id/drafts",
  requireAgentsCaller,
  doc("Discard a branch's draft", { success: { description: "Empty JSON" }, responses: { 404: "not_found: the agent, the branch or its draft" } }),
  valid("param", agentParam),
  valid("query", draftQuery),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    if (!(await discardDraft(c.env, c.get("caller"), agent, c.req.valid("query").branch_id))) return apiError(c, 404, "not_found", BRANCH_TEXTS.draftNotFound);
    return c.json({});
  },
);

branchesApi.get(
  "/agents/:agent_id/deployments",
  requireAgentsCaller,
  doc("An agent's traffic splits, newest (the live one) first", { success: { description: "JSON: results, meta" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid("query", z.object({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(BRANCH_LIMITS.deploymentsPageSize).default(30) })),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const q = c.req.valid("query");
    return c.json(await listDeployments(c.env, c.get("caller"), agent, { page: q.page, pageSize: q.page_size }));
  },
);

branchesApi.post(
  "/agents/:agent_id/deployments",
  requireAgentsCaller,
  doc("Deploy a traffic split: percentages of new conversations per branch, adding up to 100 (each conversation's branch is picked by its id)", {
    success: { description: "JSON: traffic_percentage_branch_id_map" },
    responses: { 404: "not_found: the agent or a branch", 409: "branch_archived", 422: "invalid_traffic_split" },
  }),
  valid("param", agentParam),
  valid(
    "json",
    z.object({
      deployment_request: z.object({
        requests: z
          .array(z.object({ branch_id: id, deployment_strategy: z.object({ type: z.literal("percentage").optional(), traffic_percentage: z.number() }) }))
          .max(BRANCH_LIMITS.pageSize),
      }),
    }),
  ),
  withAgent,
  async (c) => {
    const agent = c.get("agent");
    const requests = c.req.valid("json").deployment_request.requests.map((r) => ({ branchId: r.branch_id, percentage: r.deployment_strategy.traffic_percentage }));
    const deployed = await deploy(c.env, c.get("caller"), agent, requests);
    return deployed.ok ? c.json({ traffic_percentage_branch_id_map: deployed.split }) : refused(c, deployed.refusal);
  },
);
