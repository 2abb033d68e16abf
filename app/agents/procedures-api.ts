import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { compileProcedures, createProcedure, discardProcedureDraft, findAgent, getProcedure, listProcedures, procedureDraft, removeProcedure, updateProcedureDraft, type AgentRow } from "~/agents/agents.server";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { PROCEDURE_LIMITS, PROCEDURE_TYPES } from "~/agents/rules/procedures";
import { doc, id, refused } from "./api-schemas";

const branchParam = z.object({ agent_id: id, branch_id: id });
const procedureParam = branchParam.extend({ procedure_id: id });
const name = z.string().max(PROCEDURE_LIMITS.name, `name must be at most ${PROCEDURE_LIMITS.name} characters.`);
const content = z.string().max(PROCEDURE_LIMITS.content, `content must be at most ${PROCEDURE_LIMITS.content} characters.`);
const trigger = z.string().max(PROCEDURE_LIMITS.trigger, `trigger must be at most ${PROCEDURE_LIMITS.trigger} characters.`);
const type = z.enum(PROCEDURE_TYPES);
/** `description` is the SDK's documented alias of `trigger`; null or absent keeps the stored trigger. */
const triggerOf = (body: { trigger?: string | null; description?: string | null }) => body.trigger ?? body.description ?? undefined;

/**
 * An agent branch's procedures under /v1/convai/agents/{agent_id}/branches/{branch_id}/procedures (decision 0090):
 * drafted here, published when the branch is committed (PATCH the agent with branch_id). Mounted before api.ts's
 * /agents/{agent_id}.
 */
export const proceduresApi = new Hono<AuthedEnv>();

/** The route's agent, or 404 not_found; after the validators, so bad input is answered 422 first. */
const withAgent = createMiddleware<AuthedEnv & { Variables: { agent: AgentRow } }>(async (c, next) => {
  const agent = await findAgent(c.env, c.get("caller"), c.req.param("agent_id")!);
  if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  c.set("agent", agent);
  await next();
});

const base = "/agents/:agent_id/branches/:branch_id/procedures";

proceduresApi.get(
  base,
  requireAgentsCaller,
  doc("A branch's procedures without their content: drafts over the committed ones, or with agent_version_id what that version carries", {
    success: { description: "JSON: procedures (procedure_id, version_id, name, type, trigger, has_draft, referenced ids, folder_parent_id)" },
    responses: { 404: "not_found: the agent, the branch or the agent version" },
  }),
  valid("param", branchParam),
  valid("query", z.object({ agent_version_id: id.optional() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const listed = await listProcedures(c.env, c.get("caller"), c.get("agent"), params.branch_id, c.req.valid("query").agent_version_id);
    return listed.ok ? c.json({ procedures: listed.procedures }) : refused(c, listed.refusal);
  },
);

proceduresApi.post(
  base,
  requireAgentsCaller,
  doc("Create a procedure on a branch: a draft until the branch is committed", {
    success: { description: "JSON: procedure_id" },
    responses: { 400: "invalid_request: a folder with content, folder_parent_id not a folder of the branch", 404: "not_found", 409: "branch_archived" },
  }),
  valid("param", branchParam),
  valid("json", z.object({ name: name.nullish(), content: content.nullish(), type: type.nullish(), trigger: trigger.nullish(), description: trigger.nullish(), folder_parent_id: id.nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const created = await createProcedure(c.env, c.get("caller"), c.get("agent"), params.branch_id, { name: body.name ?? undefined, content: body.content ?? undefined, type: body.type ?? undefined, trigger: triggerOf(body), folderParentId: body.folder_parent_id ?? null });
    return created.ok ? c.json({ procedure_id: created.procedureId }) : refused(c, created.refusal);
  },
);

proceduresApi.post(
  `${base}/compile`,
  requireAgentsCaller,
  doc("Check a branch's procedures with their drafts and answer the workflow their structured procedures compile to; nothing is written", {
    success: { description: "JSON: workflow (nodes, edges, prevent_subagent_loops)" },
    responses: { 400: "no_draft_to_compile; procedure_validation_failed with errors keyed by procedure id ({path, message})", 404: "not_found" },
  }),
  valid("param", branchParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const compiled = await compileProcedures(c.env, c.get("caller"), c.get("agent"), params.branch_id);
    if (compiled.ok) return c.json({ workflow: compiled.workflow });
    if ("errors" in compiled) return c.json({ detail: { status: compiled.refusal.status, message: compiled.refusal.message }, errors: compiled.errors }, 400);
    return refused(c, compiled.refusal);
  },
);

proceduresApi.get(
  `${base}/:procedure_id`,
  requireAgentsCaller,
  doc("A procedure with its content: a published version (version_id), what an agent version carries (agent_version_id), or the branch's current one (its draft first)", {
    success: { description: "JSON: procedure_id, version_id, name, content, type, trigger, folder_parent_id" },
    responses: { 404: "not_found: the agent, the branch, the procedure or the version" },
  }),
  valid("param", procedureParam),
  valid("query", z.object({ version_id: id.optional(), agent_version_id: id.optional() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const q = c.req.valid("query");
    const found = await getProcedure(c.env, c.get("caller"), c.get("agent"), params.branch_id, params.procedure_id, { versionId: q.version_id, agentVersionId: q.agent_version_id });
    return found.ok ? c.json(found.procedure) : refused(c, found.refusal);
  },
);

proceduresApi.delete(
  `${base}/:procedure_id`,
  requireAgentsCaller,
  doc("Remove a procedure from the branch (a folder with everything in it) until the branch is committed; refused while another procedure hands off into it", {
    success: { description: "Empty JSON" },
    responses: { 404: "not_found", 409: "procedure_referenced, branch_archived" },
  }),
  valid("param", procedureParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const removed = await removeProcedure(c.env, c.get("caller"), c.get("agent"), params.branch_id, params.procedure_id);
    return removed.ok ? c.json({}) : refused(c, removed.refusal);
  },
);

proceduresApi.get(
  `${base}/:procedure_id/draft`,
  requireAgentsCaller,
  doc("A procedure's draft on the branch, else its committed version", { success: { description: "JSON: procedure_id, name, content, type, trigger, folder_parent_id" }, responses: { 404: "not_found" } }),
  valid("param", procedureParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const found = await procedureDraft(c.env, c.get("caller"), c.get("agent"), params.branch_id, params.procedure_id);
    return found.ok ? c.json(found.draft) : refused(c, found.refusal);
  },
);

proceduresApi.patch(
  `${base}/:procedure_id/draft`,
  requireAgentsCaller,
  doc("Create or replace a procedure's draft on the branch (its type cannot change; a trigger left out is kept)", {
    success: { description: "JSON: the draft" },
    responses: { 400: "invalid_request", 404: "not_found", 409: "branch_archived" },
  }),
  valid("param", procedureParam),
  valid("json", z.object({ name, content, type, trigger: trigger.nullish(), description: trigger.nullish(), folder_parent_id: id.nullish() })),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const saved = await updateProcedureDraft(c.env, c.get("caller"), c.get("agent"), params.branch_id, params.procedure_id, { name: body.name, content: body.content, type: body.type, trigger: triggerOf(body), folderParentId: body.folder_parent_id });
    return saved.ok ? c.json(saved.draft) : refused(c, saved.refusal);
  },
);

proceduresApi.delete(
  `${base}/:procedure_id/draft`,
  requireAgentsCaller,
  doc("Discard a procedure's draft on the branch: back to its committed version (a procedure never committed is gone)", { success: { description: "Empty JSON" }, responses: { 404: "not_found: the agent, the branch or the draft" } }),
  valid("param", procedureParam),
  withAgent,
  async (c) => {
    const params = c.req.valid("param");
    const discarded = await discardProcedureDraft(c.env, c.get("caller"), c.get("agent"), params.branch_id, params.procedure_id);
    return discarded.ok ? c.json({}) : refused(c, discarded.refusal);
  },
);
