// Agent procedures (decision 0090): the procedures of an agent's branch, their drafts, and their publication when
// the branch is committed. Scoped to the viewer's workspace: another workspace's agent, branch or procedure is not
// found.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-procedures";
import type { ProcedureDraftRow, ProcedureMap, ProcedureVersionRow } from "../../../db/repositories/agent-procedures";
import * as branches from "../../../db/repositories/agent-branches";
import type { AgentBranchRow } from "../../../db/repositories/agent-branches";
import type { AgentVersionRow } from "../../../db/repositories/agent-versions";
import type { AgentRow } from "../../../db/repositories/agents";
import { findDocuments } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { BRANCH_TEXTS } from "~/agents/rules/branches";
import {
  compileWorkflow,
  folderProblem,
  PROCEDURE_LIMITS,
  PROCEDURE_TEXTS,
  procedureReferences,
  removalProblem,
  subtreeOf,
  validateProcedures,
  workingSet,
  type ProcedureBody,
  type ProcedureError,
  type ProcedureType,
  type Published,
  type WorkingProcedure,
} from "~/agents/rules/procedures";
import type { AgentRefusal } from "./agents.server";
import { missingTools } from "./tools.server";

type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;
type Refused = { ok: false; refusal: AgentRefusal };
type Statement = ReturnType<typeof table.publishStatements>[number];

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const refuse = (httpStatus: AgentRefusal["httpStatus"], status: string, message: string): Refused => ({ ok: false, refusal: { httpStatus, status, message } });
const procedureNotFound = () => refuse(404, "not_found", PROCEDURE_TEXTS.notFound);
const bodyOf = (row: Pick<ProcedureVersionRow, "name" | "content" | "type" | "trigger" | "folderParentId">): ProcedureBody => ({ name: row.name, content: row.content, type: row.type as ProcedureType, trigger: row.trigger, folderParentId: row.folderParentId });

/** The procedures a version carries, as published bodies (none for a branch without versions). */
async function publishedAt(env: Env, agent: AgentRow, version: AgentVersionRow | null): Promise<{ map: ProcedureMap; published: Published[] }> {
  if (!version) return { map: {}, published: [] };
  const db = database(env.DB);
  const map = await table.proceduresAt(db, agent.id, version);
  const rows = await table.versionsByIds(db, agent.id, Object.values(map));
  return { map, published: rows.map((row) => ({ procedureId: row.procedureId, versionId: row.id, body: bodyOf(row) })) };
}

type Working = { branch: AgentBranchRow; tip: AgentVersionRow | null; map: ProcedureMap; drafts: ProcedureDraftRow[]; set: WorkingProcedure[] };

/** A branch's working set: its tip's procedures with its drafts over them. */
async function working(env: Env, viewer: Pick<Actor, "membership">, agent: AgentRow, branchId: string): Promise<({ ok: true } & Working) | Refused> {
  const db = database(env.DB);
  const branch = await branches.findBranch(db, workspaceOf(viewer), agent.id, branchId);
  if (!branch) return refuse(404, "not_found", BRANCH_TEXTS.branchNotFound);
  const tip = (await branches.branchTip(db, workspaceOf(viewer), agent.id, branchId)) ?? null;
  const [{ map, published }, drafts] = await Promise.all([publishedAt(env, agent, tip), table.draftsOf(db, agent.id, branchId)]);
  const set = workingSet(published, drafts.map((d) => ({ procedureId: d.procedureId, removed: d.removed, body: bodyOf(d) })));
  return { ok: true, branch, tip, map, drafts, set };
}

/** The working set of a branch that takes drafts: not archived (protection only guards commits). */
async function writable(env: Env, viewer: Viewer, agent: AgentRow, branchId: string): Promise<({ ok: true } & Working) | Refused> {
  const found = await working(env, viewer, agent, branchId);
  if (found.ok && found.branch.isArchived) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  return found;
}

function listItemJson(p: { procedureId: string; versionId: string | null; hasDraft: boolean; body: ProcedureBody }) {
  const refs = procedureReferences(p.body);
  return {
    procedure_id: p.procedureId,
    version_id: p.versionId ?? undefined,
    name: p.body.name,
    type: p.body.type,
    trigger: p.body.trigger,
    has_draft: p.hasDraft,
    referenced_tool_ids: refs.toolIds,
    referenced_kb_ids: refs.kbIds,
    referenced_procedure_ids: refs.procedureIds,
    referenced_dynamic_variables: refs.dynamicVariables,
    folder_parent_id: p.body.folderParentId ?? undefined,
  };
}

/** A procedure with its content (ProcedureAtVersionResponseModel; without version_id it is the draft's). */
function procedureJson(procedureId: string, versionId: string | null, body: ProcedureBody) {
  return { procedure_id: procedureId, version_id: versionId ?? undefined, name: body.name, content: body.content, type: body.type, trigger: body.trigger, folder_parent_id: body.folderParentId ?? undefined };
}

/** The agent version named by agent_version_id, when it is on this branch. */
async function versionOnBranch(env: Env, viewer: Pick<Actor, "membership">, agent: AgentRow, branchId: string, id: string): Promise<AgentVersionRow | null> {
  const version = await branches.findVersionAnyBranch(database(env.DB), workspaceOf(viewer), agent.id, id);
  return version?.branchId === branchId ? version : null;
}

/** GET …/procedures: the working set (drafts first), or with agent_version_id what that version carries. */
export async function listProcedures(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, agentVersionId?: string) {
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok) return found;
  if (!agentVersionId) return { ok: true as const, procedures: found.set.map(listItemJson) };
  const version = await versionOnBranch(env, viewer, agent, branchId, agentVersionId);
  if (!version) return refuse(404, "not_found", PROCEDURE_TEXTS.agentVersionNotFound);
  const { published } = await publishedAt(env, agent, version);
  const set = workingSet(published, []);
  return { ok: true as const, procedures: set.map(listItemJson) };
}

export type ProcedureInput = { name?: string; content?: string; type?: ProcedureType; trigger?: string; folderParentId?: string | null };

function draftRow(agent: AgentRow, branchId: string, procedureId: string, viewer: Viewer, body: ProcedureBody, removed = false): ProcedureDraftRow {
  const now = Date.now();
  return { agentId: agent.id, branchId, procedureId, workspaceId: agent.workspaceId, ...body, removed, createdBy: viewer.user.id, createdAt: now, updatedAt: now };
}

function bodyProblem(set: WorkingProcedure[], procedureId: string, body: ProcedureBody): Refused | null {
  if (body.type === "folder" && body.content.trim()) return refuse(400, "invalid_request", PROCEDURE_TEXTS.folderHasContent);
  const folder = folderProblem(set, procedureId, body.folderParentId);
  return folder ? refuse(400, "invalid_request", folder) : null;
}

/** POST …/procedures: a new procedure, drafted on the branch until the branch is committed. */
export async function createProcedure(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, input: ProcedureInput): Promise<{ ok: true; procedureId: string } | Refused> {
  const found = await writable(env, viewer, agent, branchId);
  if (!found.ok) return found;
  if (found.set.length >= PROCEDURE_LIMITS.perBranch) return refuse(400, "invalid_request", PROCEDURE_TEXTS.tooMany);
  const procedureId = newId("agtprc");
  const body: ProcedureBody = { name: input.name?.trim() || PROCEDURE_TEXTS.defaultName, content: input.content ?? "", type: input.type ?? "free_form", trigger: input.trigger ?? "", folderParentId: input.folderParentId ?? null };
  const problem = bodyProblem(found.set, procedureId, body);
  if (problem) return problem;
  await table.saveDraft(database(env.DB), draftRow(agent, branchId, procedureId, viewer, body));
  return { ok: true, procedureId };
}

/**
 * GET …/procedures/{id}: a published version (version_id), what an agent version carries (agent_version_id), or
 * the branch's current procedure: its draft when it has one, else its published version.
 */
export async function getProcedure(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, procedureId: string, query: { versionId?: string; agentVersionId?: string }) {
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok) return found;
  const db = database(env.DB);
  if (query.versionId) {
    const row = await table.findProcedureVersion(db, agent.id, procedureId, query.versionId);
    return row ? { ok: true as const, procedure: procedureJson(procedureId, row.id, bodyOf(row)) } : refuse(404, "not_found", PROCEDURE_TEXTS.versionNotFound);
  }
  if (query.agentVersionId) {
    const version = await versionOnBranch(env, viewer, agent, branchId, query.agentVersionId);
    if (!version) return refuse(404, "not_found", PROCEDURE_TEXTS.agentVersionNotFound);
    const { published } = await publishedAt(env, agent, version);
    const at = published.find((p) => p.procedureId === procedureId);
    return at ? { ok: true as const, procedure: procedureJson(procedureId, at.versionId, at.body) } : procedureNotFound();
  }
  const current = found.set.find((p) => p.procedureId === procedureId);
  return current ? { ok: true as const, procedure: procedureJson(procedureId, current.versionId, current.body) } : procedureNotFound();
}

/** GET …/procedures/{id}/draft: the branch's draft, else the published procedure it would start from. */
export async function procedureDraft(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, procedureId: string) {
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok) return found;
  const current = found.set.find((p) => p.procedureId === procedureId);
  if (!current) return procedureNotFound();
  const { body } = current;
  return { ok: true as const, draft: { procedure_id: procedureId, name: body.name, content: body.content, type: body.type, trigger: body.trigger, folder_parent_id: body.folderParentId ?? undefined } };
}

/** PATCH …/procedures/{id}/draft: replaces the draft (a trigger left out keeps the one stored; the type is fixed). */
export async function updateProcedureDraft(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, procedureId: string, input: Required<Pick<ProcedureInput, "name" | "content" | "type">> & Pick<ProcedureInput, "trigger" | "folderParentId">) {
  const found = await writable(env, viewer, agent, branchId);
  if (!found.ok) return found;
  const current = found.set.find((p) => p.procedureId === procedureId);
  if (!current) return procedureNotFound();
  if (input.type !== current.body.type) return refuse(400, "invalid_request", PROCEDURE_TEXTS.typeChange);
  const body: ProcedureBody = { name: input.name.trim() || current.body.name, content: input.content, type: input.type, trigger: input.trigger ?? current.body.trigger, folderParentId: input.folderParentId === undefined ? current.body.folderParentId : input.folderParentId };
  const problem = bodyProblem(found.set, procedureId, body);
  if (problem) return problem;
  const existing = found.drafts.find((d) => d.procedureId === procedureId);
  await table.saveDraft(database(env.DB), { ...draftRow(agent, branchId, procedureId, viewer, body), ...(existing ? { createdAt: existing.createdAt } : {}) });
  return procedureDraft(env, viewer, agent, branchId, procedureId);
}

/** DELETE …/procedures/{id}/draft: back to the published version; a procedure never published is gone. */
export async function discardProcedureDraft(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, procedureId: string): Promise<{ ok: true } | Refused> {
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok) return found;
  const deleted = await table.deleteDraft(database(env.DB), agent.id, branchId, procedureId);
  return deleted ? { ok: true } : refuse(404, "not_found", PROCEDURE_TEXTS.noDraftOf);
}

/**
 * DELETE …/procedures/{id}: removes the procedure from the branch's working set (a folder with everything inside
 * it), refused while a procedure left outside hands off into what goes. A published procedure's removal is a draft
 * until the branch is committed; a never-published one's draft is simply dropped.
 */
export async function removeProcedure(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, procedureId: string): Promise<{ ok: true } | Refused> {
  const found = await writable(env, viewer, agent, branchId);
  if (!found.ok) return found;
  const target = found.set.find((p) => p.procedureId === procedureId);
  if (!target) return procedureNotFound();
  const removing = target.body.type === "folder" ? subtreeOf(found.set, procedureId) : new Set([procedureId]);
  const problem = removalProblem(found.set, removing);
  if (problem) return refuse(409, "procedure_referenced", problem);
  const going = found.set.filter((p) => removing.has(p.procedureId));
  const removals = going.filter((p) => found.map[p.procedureId]).map((p) => draftRow(agent, branchId, p.procedureId, viewer, p.body, true));
  const dropped = going.filter((p) => !found.map[p.procedureId]).map((p) => p.procedureId);
  await table.stageRemoval(database(env.DB), agent.id, branchId, removals, dropped);
  return { ok: true };
}

/** The ids the working set refers to that are the workspace's (tools and knowledge documents). */
async function knownIds(env: Env, workspaceId: string, set: WorkingProcedure[]) {
  const refs = set.map((p) => procedureReferences(p.body));
  const toolIds = [...new Set(refs.flatMap((r) => r.toolIds))];
  const kbIds = [...new Set(refs.flatMap((r) => r.kbIds))];
  const [missing, documents] = await Promise.all([missingTools(env, workspaceId, toolIds), findDocuments(database(env.DB), workspaceId, kbIds)]);
  return { toolIds: new Set(toolIds.filter((id) => !missing.includes(id))), kbIds: new Set(documents.map((d) => d.id)) };
}

export type CompileResult = { ok: true; workflow: ReturnType<typeof compileWorkflow> } | Refused | { ok: false; refusal: AgentRefusal; errors: Record<string, ProcedureError[]> };

/** POST …/procedures/compile: checks the working set (nothing is written) and answers its workflow or its errors. */
export async function compileProcedures(env: Env, viewer: Viewer, agent: AgentRow, branchId: string): Promise<CompileResult> {
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok) return found;
  if (!found.drafts.length) return refuse(400, "no_draft_to_compile", PROCEDURE_TEXTS.noDraft);
  const errors = validateProcedures(found.set, await knownIds(env, agent.workspaceId, found.set));
  if (Object.keys(errors).length) return { ok: false, refusal: { httpStatus: 400, status: "procedure_validation_failed", message: PROCEDURE_TEXTS.invalid }, errors };
  return { ok: true, workflow: compileWorkflow(found.set) };
}

/**
 * What committing a branch does to its procedures (decision 0090): each drafted procedure becomes a new version, the
 * committed agent version records what it carries, and the drafts are deleted, in the commit's own batch. Refused
 * (nothing committed) while a procedure of the working set is not valid.
 */
export async function procedureCommit(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, agentVersionId: string): Promise<{ ok: true; statements: Statement[] } | Refused> {
  // Most commits have no procedure drafts: one query settles it.
  if (!(await table.draftsOf(database(env.DB), agent.id, branchId)).length) return { ok: true, statements: [] };
  const found = await working(env, viewer, agent, branchId);
  if (!found.ok || !found.drafts.length) return { ok: true, statements: [] };
  const errors = validateProcedures(found.set, await knownIds(env, agent.workspaceId, found.set));
  const names = new Map(found.set.map((p) => [p.procedureId, p.body.name]));
  const problems = Object.entries(errors).flatMap(([id, list]) => list.map((e) => `${names.get(id) ?? id} (${e.path}): ${e.message}`));
  if (problems.length) return refuse(400, "procedure_validation_failed", PROCEDURE_TEXTS.commitInvalid(problems));
  const now = Date.now();
  const versions: ProcedureVersionRow[] = found.set
    .filter((p) => p.hasDraft)
    .map((p) => ({ id: newId("prcvrsn"), procedureId: p.procedureId, agentId: agent.id, workspaceId: agent.workspaceId, ...p.body, createdBy: viewer.user.id, createdAt: now }));
  const procedures: ProcedureMap = Object.fromEntries([...found.set.filter((p) => !p.hasDraft).map((p) => [p.procedureId, p.versionId!] as const), ...versions.map((v) => [v.procedureId, v.id] as const)]);
  return { ok: true, statements: table.publishStatements(database(env.DB), { agentId: agent.id, branchId, agentVersionId, versions, procedures, draftIds: found.drafts.map((d) => d.procedureId) }) };
}

/** The procedures the version a conversation talks with carries: published ones only, never drafts. */
export async function conversationProcedures(env: Env, agent: AgentRow, versionId: string | null): Promise<WorkingProcedure[]> {
  const version = versionId ? ((await branches.findVersionAnyBranch(database(env.DB), agent.workspaceId, agent.id, versionId)) ?? null) : null;
  const { published } = await publishedAt(env, agent, version);
  return workingSet(published, []);
}
