// Agent branches, drafts and deployments (decision 0081): named lines of versions, a pending configuration per
// branch, and the traffic split that sends each new conversation to a branch. Scoped to the viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-branches";
import type { AgentBranchRow, AgentDeploymentRow, AgentDraftRow } from "../../../db/repositories/agent-branches";
import type { AgentRow } from "../../../db/repositories/agents";
import { findVersion, type AgentVersionRow } from "../../../db/repositories/agent-versions";
import { isAdmin } from "../../../core/workspace/roles";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { mergeJson, type Json } from "~/agents/rules/agents";
import { BRANCH_LIMITS, BRANCH_TEXTS, chosenVersionProblem, commitsApart, liveShare, MAIN_BRANCH, mergeConfigs, pickBranch, splitOf, trafficProblem, type MergeableConfig, type TrafficSplit } from "~/agents/rules/branches";
import { accessInfo, agentJson, refusalOf, type AgentRefusal } from "./agents.server";
import { agentAtVersion, newVersion, versionJson, type VersionParents } from "./versions.server";
import { procedureCommit } from "./procedures.server";

type Env = { DB: D1Database; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
type Refused = { ok: false; refusal: AgentRefusal };
export type BranchCommit = { version: AgentVersionRow };

const MAIN = MAIN_BRANCH.id;
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const parse = (text: string): Json => JSON.parse(text) as Json;
const secs = (ms: number) => Math.floor(ms / 1000);
const refuse = (httpStatus: AgentRefusal["httpStatus"], status: string, message: string): Refused => ({ ok: false, refusal: { httpStatus, status, message } });
const branchNotFound = () => refuse(404, "not_found", BRANCH_TEXTS.branchNotFound);

async function liveSplit(env: Env, agentId: string): Promise<{ split: TrafficSplit | null; live: AgentDeploymentRow | null }> {
  const live = (await table.liveDeployment(database(env.DB), agentId)) ?? null;
  return { split: live ? (JSON.parse(live.traffic) as TrafficSplit) : null, live };
}

/** A branch's saved configuration as an agent row, with its tip version (main's is the agents row). */
export async function agentOnBranch(env: Env, viewer: Pick<Actor, "membership">, agent: AgentRow, branchId: string): Promise<{ row: AgentRow; version: AgentVersionRow | null; branch: AgentBranchRow } | null> {
  const db = database(env.DB);
  const branch = await table.findBranch(db, workspaceOf(viewer), agent.id, branchId);
  if (!branch) return null;
  const tip = (await table.branchTip(db, workspaceOf(viewer), agent.id, branchId)) ?? null;
  if (branchId === MAIN) return { row: agent, version: tip, branch };
  return tip ? { row: agentAtVersion(agent, tip), version: tip, branch } : null;
}

/** Why the viewer may not commit to a branch: it is archived, or protected and they are not an admin. */
function commitRefusal(branch: AgentBranchRow, viewer: Viewer): Refused | null {
  if (branch.isArchived) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  if (branch.protectionStatus === "admin_perms_required" && !isAdmin(viewer.membership.role)) return refuse(403, "branch_protected", BRANCH_TEXTS.protected);
  return null;
}

/** The branch's configuration with its draft's changes over it (the draft's parts merge like a PATCH). */
function withDraft(row: AgentRow, draft: AgentDraftRow): AgentRow {
  return {
    ...row,
    name: draft.name.trim() || row.name,
    conversationConfig: JSON.stringify(mergeJson(parse(row.conversationConfig), parse(draft.conversationConfig))),
    platformSettings: JSON.stringify(mergeJson(parse(row.platformSettings), parse(draft.platformSettings))),
    tags: draft.tags ?? row.tags,
  };
}

/**
 * Commits on a branch: the change is built over the branch's tip with its draft, checked like any agent, and
 * committed with the draft deleted (saved) in one batch. Main's commit is what conversations use from then on.
 */
export async function commitOnBranch(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, build: (base: AgentRow) => { row: AgentRow; description: string }): Promise<({ ok: true; agent: AgentRow } & BranchCommit) | Refused> {
  const on = await agentOnBranch(env, viewer, agent, branchId);
  if (!on) return branchNotFound();
  const blocked = commitRefusal(on.branch, viewer);
  if (blocked) return blocked;
  const db = database(env.DB);
  const draft = await table.findDraft(db, workspaceOf(viewer), agent.id, branchId);
  const { row, description } = build(draft ? withDraft(on.row, draft) : on.row);
  const refusal = await refusalOf(env, viewer, parse(row.conversationConfig));
  if (refusal) return { ok: false, refusal };
  const next = newVersion(viewer, row, description, branchId);
  // The branch's procedure drafts are published by the same commit (decision 0090).
  const procedures = await procedureCommit(env, viewer, agent, branchId, next.id);
  if (!procedures.ok) return procedures;
  const version = await table.commitOnBranch(db, next, { deleteDraft: Boolean(draft), also: procedures.statements });
  return { ok: true, agent: agentAtVersion(agent, version), version };
}

function branchCore(branch: AgentBranchRow, viewer: Viewer, split: TrafficSplit | null) {
  return {
    id: branch.id,
    name: branch.name,
    agent_id: branch.agentId,
    description: branch.description,
    created_at: secs(branch.createdAt),
    last_committed_at: secs(branch.lastCommittedAt),
    is_archived: branch.isArchived,
    protection_status: branch.protectionStatus,
    auto_rebase: false,
    access_info: accessInfo({ createdBy: branch.createdBy, creatorEmail: branch.creatorEmail }, viewer),
    current_live_percentage: liveShare(split, branch.id),
  };
}

/** GET /v1/convai/agents/{agent_id}/branches: main first, then the most recently committed. */
export async function listBranches(env: Env, viewer: Viewer, agent: AgentRow, query: { includeArchived: boolean; limit: number }) {
  const db = database(env.DB);
  const [{ rows, total }, { split }, drafts, calls, graph] = await Promise.all([
    table.listBranches(db, workspaceOf(viewer), agent.id, query),
    liveSplit(env, agent.id),
    table.draftsOf(db, workspaceOf(viewer), agent.id),
    table.callsByBranch(db, agent.id, Date.now() - 7 * 86_400_000),
    table.versionGraph(db, workspaceOf(viewer), agent.id, BRANCH_LIMITS.comparedVersions),
  ]);
  const draftOf = new Map(drafts.map((d) => [d.branchId, d]));
  // How far each branch and main have parted; a history over the budget is not counted (null, as the SDK allows).
  const apart = (branchId: string) => (graph.complete ? commitsApart(graph.versions, graph.starts, branchId) : null);
  return {
    results: rows.map((branch) => {
      const draft = draftOf.get(branch.id);
      const parted = apart(branch.id);
      return {
        ...branchCore(branch, viewer, split),
        parent_branch_id: branch.parentBranchId ?? undefined,
        draft_exists: Boolean(draft),
        draft_created_at: draft ? secs(draft.createdAt) : undefined,
        draft_is_behind_tip: draft ? draft.createdAt < branch.lastCommittedAt : undefined,
        calls_7d: calls.get(branch.id) ?? 0,
        commits_ahead: parted?.ahead ?? null,
        commits_behind: parted?.behind ?? null,
        merged_into_branch_id: branch.mergedIntoBranchId ?? undefined,
      };
    }),
    meta: { total, page_size: query.limit },
  };
}

/** A version's parents: the one before it on its branch, or for a branch's first, the version it started from. */
function parentsOf(version: AgentVersionRow, older: AgentVersionRow | undefined, branch: AgentBranchRow): VersionParents {
  if (older) return { in_branch_parent_id: older.id };
  return branch.parentVersionId ? { out_of_branch_parent_id: branch.parentVersionId } : {};
}

/** GET /v1/convai/agents/{agent_id}/branches/{branch_id}: with its parent branch and its latest versions. */
export async function branchJson(env: Env, viewer: Viewer, agent: AgentRow, branchId: string) {
  const db = database(env.DB);
  const branch = await table.findBranch(db, workspaceOf(viewer), agent.id, branchId);
  if (!branch) return null;
  const [{ split }, versions, parent] = await Promise.all([
    liveSplit(env, agent.id),
    table.recentVersions(db, workspaceOf(viewer), agent.id, branch.id, BRANCH_LIMITS.mostRecentVersions + 1),
    branch.parentBranchId ? table.findBranch(db, workspaceOf(viewer), agent.id, branch.parentBranchId) : undefined,
  ]);
  return {
    ...branchCore(branch, viewer, split),
    parent_branch: parent ? { id: parent.id, name: parent.name } : undefined,
    most_recent_versions: versions.slice(0, BRANCH_LIMITS.mostRecentVersions).map((v, i) => versionJson(v, viewer, parentsOf(v, versions[i + 1], branch))),
  };
}

export type BranchInput = { parentVersionId: string; name: string; description: string; conversationConfig?: Json; platformSettings?: Json };

/** A new branch from any version of the agent, its first version that one with the given changes merged in. */
export async function createBranch(env: Env, viewer: Viewer, agent: AgentRow, input: BranchInput): Promise<{ ok: true; branch: AgentBranchRow; version: AgentVersionRow } | Refused> {
  const db = database(env.DB);
  const parent = await table.findVersionAnyBranch(db, workspaceOf(viewer), agent.id, input.parentVersionId);
  if (!parent) return refuse(404, "not_found", BRANCH_TEXTS.versionNotFound);
  const name = input.name.trim();
  if (await table.findBranchByName(db, agent.id, name)) return refuse(409, "branch_name_taken", BRANCH_TEXTS.nameTaken(name));
  const from = agentAtVersion(agent, parent);
  const row: AgentRow = {
    ...from,
    conversationConfig: input.conversationConfig ? JSON.stringify(mergeJson(parse(from.conversationConfig), input.conversationConfig)) : from.conversationConfig,
    platformSettings: input.platformSettings ? JSON.stringify(mergeJson(parse(from.platformSettings), input.platformSettings)) : from.platformSettings,
  };
  const refusal = await refusalOf(env, viewer, parse(row.conversationConfig));
  if (refusal) return { ok: false, refusal };
  const now = Date.now();
  const branch: AgentBranchRow = {
    agentId: agent.id,
    id: newId("agtbrch"),
    workspaceId: agent.workspaceId,
    name,
    description: input.description,
    parentVersionId: parent.id,
    parentBranchId: parent.branchId,
    isArchived: false,
    protectionStatus: "writer_perms_required",
    mergedIntoBranchId: null,
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    createdAt: now,
    lastCommittedAt: now,
  };
  try {
    const version = await table.insertBranch(db, branch, newVersion(viewer, row, BRANCH_TEXTS.branchCreated(name), branch.id));
    return { ok: true, branch, version };
  } catch (error) {
    // Two creations of the same name at once: the unique index refused the second, and its batch wrote nothing.
    if (String(error).includes("UNIQUE")) return refuse(409, "branch_name_taken", BRANCH_TEXTS.nameTaken(name));
    throw error;
  }
}

export type BranchUpdate = { name?: string; isArchived?: boolean; protectionStatus?: "writer_perms_required" | "admin_perms_required"; autoRebase?: boolean };

/** Renames, archives or protects a branch. Main is never archived; a branch with live traffic is not either. */
export async function updateBranch(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, input: BranchUpdate): Promise<{ ok: true } | Refused> {
  const db = database(env.DB);
  const branch = await table.findBranch(db, workspaceOf(viewer), agent.id, branchId);
  if (!branch) return branchNotFound();
  if (input.autoRebase) return branch.id === MAIN ? refuse(400, "invalid_request", BRANCH_TEXTS.mainNoAutoRebase) : refuse(400, "auto_rebase_not_offered", BRANCH_TEXTS.autoRebaseNotOffered);
  if (input.isArchived) {
    if (branch.id === MAIN) return refuse(400, "invalid_request", BRANCH_TEXTS.mainCannotArchive);
    const share = liveShare((await liveSplit(env, agent.id)).split, branch.id);
    if (share > 0) return refuse(409, "branch_live", BRANCH_TEXTS.liveCannotArchive(share));
  }
  if (input.protectionStatus && input.protectionStatus !== branch.protectionStatus && !isAdmin(viewer.membership.role)) return refuse(403, "branch_protected", BRANCH_TEXTS.protected);
  const name = input.name?.trim();
  if (name && name !== branch.name && (await table.findBranchByName(db, agent.id, name))) return refuse(409, "branch_name_taken", BRANCH_TEXTS.nameTaken(name));
  const set = { ...(name ? { name } : {}), ...(input.isArchived !== undefined ? { isArchived: input.isArchived } : {}), ...(input.protectionStatus ? { protectionStatus: input.protectionStatus } : {}) };
  if (Object.keys(set).length) {
    try {
      await table.updateBranch(db, workspaceOf(viewer), agent.id, branch.id, set);
    } catch (error) {
      if (String(error).includes("UNIQUE")) return refuse(409, "branch_name_taken", BRANCH_TEXTS.nameTaken(name ?? ""));
      throw error;
    }
  }
  return { ok: true };
}

const mergeable = (row: AgentRow): MergeableConfig => ({ name: row.name, conversation_config: parse(row.conversationConfig), platform_settings: parse(row.platformSettings), tags: JSON.parse(row.tags) as unknown });

/**
 * Merges one branch into another (decision 0081): a three-way merge against the last source version merged into
 * the target, else the version either branch started from, else the target's tip. Conflicts refuse the merge
 * unless forced. With `preview`, nothing is written. A merge proposal carried out is marked merged in its batch.
 */
export async function mergeBranch(
  env: Env,
  viewer: Viewer,
  agent: AgentRow,
  sourceId: string,
  input: { targetBranchId: string; archiveSource: boolean; force: boolean; preview: boolean; rebase?: boolean; proposal?: { id: string; byUserId: string; triageTicket?: { id: string; changeId: string } } },
): Promise<{ ok: true; preview: ReturnType<typeof previewJson> | null; version: AgentVersionRow | null } | Refused> {
  if (sourceId === input.targetBranchId) return refuse(400, "invalid_request", BRANCH_TEXTS.mergeIntoItself);
  const [source, target] = await Promise.all([agentOnBranch(env, viewer, agent, sourceId), agentOnBranch(env, viewer, agent, input.targetBranchId)]);
  if (!source || !target) return branchNotFound();
  if (!input.preview) {
    const blocked = commitRefusal(target.branch, viewer);
    if (blocked) return blocked;
    if (input.archiveSource && source.branch.id === MAIN) return refuse(400, "invalid_request", BRANCH_TEXTS.mainCannotArchive);
  }
  const db = database(env.DB);
  const baseVersion =
    (await table.lastMergeFrom(db, agent.id, target.branch.id, source.branch.id)) ??
    (source.branch.parentVersionId ? await table.findVersionAnyBranch(db, workspaceOf(viewer), agent.id, source.branch.parentVersionId) : undefined) ??
    (target.branch.parentVersionId ? await table.findVersionAnyBranch(db, workspaceOf(viewer), agent.id, target.branch.parentVersionId) : undefined);
  const base = baseVersion ? agentAtVersion(agent, baseVersion) : target.row;
  const { merged, conflicts, overriddenFields } = mergeConfigs(mergeable(base), mergeable(source.row), mergeable(target.row), input.force);
  const row: AgentRow = { ...target.row, name: merged.name, conversationConfig: JSON.stringify(merged.conversation_config), platformSettings: JSON.stringify(merged.platform_settings), tags: JSON.stringify(merged.tags) };
  const identical = JSON.stringify(mergeable(source.row)) === JSON.stringify(mergeable(target.row));
  if (input.preview) return { ok: true, preview: previewJson(row, viewer, target, { conflicts, overriddenFields, identical }), version: null };
  // A rebase (main merged into the branch) keeps the branch's own value where both changed a field.
  if (conflicts.length && !input.force && !input.rebase) return refuse(409, "merge_conflict", BRANCH_TEXTS.mergeConflicts(conflicts.map((c) => c.path)));
  const refusal = await refusalOf(env, viewer, parse(row.conversationConfig));
  if (refusal) return { ok: false, refusal };
  // An archived source's share of the conversations moves to the target, recorded as a merge's deployment.
  const { split } = await liveSplit(env, agent.id);
  const share = liveShare(split, source.branch.id);
  let deployment: AgentDeploymentRow | null = null;
  if (input.archiveSource && share > 0 && split) {
    const next: TrafficSplit = { ...split, [target.branch.id]: (split[target.branch.id] ?? 0) + share };
    delete next[source.branch.id];
    deployment = { id: newId("agtdep"), agentId: agent.id, workspaceId: agent.workspaceId, traffic: JSON.stringify(next), source: "branch_merge", createdBy: viewer.user.id, creatorEmail: viewer.user.email, deployedAt: Date.now() };
  }
  const version = await table.mergeIntoBranch(db, newVersion(viewer, row, input.rebase ? BRANCH_TEXTS.rebased : BRANCH_TEXTS.merged(source.branch.name), target.branch.id, source.version?.id ?? null), { branchId: source.branch.id, archive: input.archiveSource }, deployment, input.proposal ?? null);
  return { ok: true, preview: null, version };
}

/** Rebases a branch onto main: main's changes since they parted are merged in, the branch's own kept (decision 0081). */
export async function rebaseBranch(env: Env, viewer: Viewer, agent: AgentRow, branchId: string, preview: boolean) {
  if (branchId === MAIN) return refuse(400, "invalid_request", BRANCH_TEXTS.mergeIntoItself);
  return mergeBranch(env, viewer, agent, MAIN, { targetBranchId: branchId, archiveSource: false, force: false, preview, rebase: true });
}

function previewJson(row: AgentRow, viewer: Viewer, target: { branch: AgentBranchRow; version: AgentVersionRow | null }, result: { conflicts: ReturnType<typeof mergeConfigs>["conflicts"]; overriddenFields: string[]; identical: boolean }) {
  return {
    ...agentJson(row, viewer),
    version_id: target.version?.id,
    branch_id: target.branch.id,
    main_branch_id: MAIN,
    overridden_fields: result.overriddenFields,
    conflicts: result.conflicts,
    source_identical_to_target: result.identical,
  };
}

export type DraftInput = { branchId: string; name: string; conversationConfig: Json; platformSettings: Json; workflow: Json; tags?: string[] | null };

/** Creates or replaces a branch's draft: kept apart, conversations keep using the branch until it is saved. */
export async function saveDraft(env: Env, viewer: Viewer, agent: AgentRow, input: DraftInput): Promise<{ ok: true; draft: AgentDraftRow } | Refused> {
  const db = database(env.DB);
  const branch = await table.findBranch(db, workspaceOf(viewer), agent.id, input.branchId);
  if (!branch) return branchNotFound();
  if (branch.isArchived) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  const now = Date.now();
  const draft = await table.upsertDraft(db, {
    agentId: agent.id,
    branchId: branch.id,
    workspaceId: agent.workspaceId,
    name: input.name,
    conversationConfig: JSON.stringify(input.conversationConfig),
    platformSettings: JSON.stringify(input.platformSettings),
    workflow: JSON.stringify(input.workflow),
    tags: input.tags ? JSON.stringify(input.tags) : null,
    createdBy: viewer.user.id,
    createdAt: now,
    updatedAt: now,
  });
  return { ok: true, draft };
}

export async function findDraft(env: Env, viewer: Pick<Actor, "membership">, agent: AgentRow, branchId: string): Promise<{ draft: AgentDraftRow; branch: AgentBranchRow } | null> {
  const db = database(env.DB);
  const branch = await table.findBranch(db, workspaceOf(viewer), agent.id, branchId);
  const draft = branch ? await table.findDraft(db, workspaceOf(viewer), agent.id, branchId) : undefined;
  return branch && draft ? { draft, branch } : null;
}

export async function discardDraft(env: Env, viewer: Pick<Actor, "membership">, agent: AgentRow, branchId: string): Promise<boolean> {
  return table.deleteDraft(database(env.DB), workspaceOf(viewer), agent.id, branchId);
}

/** A draft as the drafts routes answer it. */
export function draftJson(draft: AgentDraftRow, branch: AgentBranchRow) {
  return {
    agent_id: draft.agentId,
    branch_id: draft.branchId,
    name: draft.name,
    conversation_config: parse(draft.conversationConfig),
    platform_settings: parse(draft.platformSettings),
    workflow: parse(draft.workflow),
    tags: draft.tags ? (JSON.parse(draft.tags) as string[]) : undefined,
    created_at_unix_secs: secs(draft.createdAt),
    updated_at_unix_secs: secs(draft.updatedAt),
    is_behind_tip: draft.createdAt < branch.lastCommittedAt,
  };
}

/** Deploys a traffic split: every branch named must be the agent's, and one receiving traffic not archived. */
export async function deploy(env: Env, viewer: Viewer, agent: AgentRow, requests: { branchId: string; percentage: number }[]): Promise<{ ok: true; split: TrafficSplit } | Refused> {
  const problem = trafficProblem(requests);
  if (problem) return refuse(422, "invalid_traffic_split", problem);
  const db = database(env.DB);
  const branches = await Promise.all(requests.map((r) => table.findBranch(db, workspaceOf(viewer), agent.id, r.branchId)));
  const missing = requests.filter((_, i) => !branches[i]).map((r) => r.branchId);
  if (missing.length) return refuse(404, "not_found", BRANCH_TEXTS.branchesNotFound(missing));
  if (branches.some((b, i) => b!.isArchived && requests[i]!.percentage > 0)) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  const split = splitOf(requests);
  await table.insertDeployment(db, { id: newId("agtdep"), agentId: agent.id, workspaceId: agent.workspaceId, traffic: JSON.stringify(split), source: "manual", createdBy: viewer.user.id, creatorEmail: viewer.user.email, deployedAt: Date.now() });
  return { ok: true, split };
}

/** GET /v1/convai/agents/{agent_id}/deployments: the splits, newest (the live one) first. */
export async function listDeployments(env: Env, viewer: Viewer, agent: AgentRow, query: { page: number; pageSize: number }) {
  const db = database(env.DB);
  const [{ rows, total }, { live }] = await Promise.all([table.listDeployments(db, workspaceOf(viewer), agent.id, query), liveSplit(env, agent.id)]);
  return {
    results: rows.map((row) => ({
      id: row.id,
      traffic_percentage_branch_id_map: JSON.parse(row.traffic) as TrafficSplit,
      deployed_at_unix_secs: secs(row.deployedAt),
      is_active: row.id === live?.id,
      source: row.source,
      access_info: accessInfo({ createdBy: row.createdBy, creatorEmail: row.creatorEmail }, viewer),
    })),
    meta: { total, page: query.page, page_size: query.pageSize },
  };
}

/** The branch and version a conversation talks with, and the agent as that branch's tip. */
export type RoutedConversation = { agent: AgentRow; branchId: string; versionId: string | null };

/**
 * The branch and version a new conversation talks with: the live split, by the conversation id's point (so the
 * choice can be recomputed), main while nothing was deployed. The agent answered is that branch's tip.
 */
export async function routeConversation(env: Pick<Env, "DB">, agent: AgentRow, conversationId: string): Promise<RoutedConversation> {
  const db = database(env.DB);
  const live = await table.liveDeployment(db, agent.id);
  const branchId = pickBranch(live ? (JSON.parse(live.traffic) as TrafficSplit) : null, conversationId);
  const tip = await table.branchTip(db, agent.workspaceId, agent.id, branchId);
  if (branchId === MAIN || !tip) return { agent, branchId: MAIN, versionId: (branchId === MAIN ? tip : await table.branchTip(db, agent.workspaceId, agent.id, MAIN))?.id ?? null };
  return { agent: agentAtVersion(agent, tip), branchId, versionId: tip.id };
}

/**
 * A conversation that chose its branch (a signed URL's or the socket's branch_id, decision 0085): that branch's tip
 * instead of the split. Another agent's or an unknown branch is not found; an archived one takes no conversations.
 */
export async function chosenBranch(env: Pick<Env, "DB">, agent: AgentRow, branchId: string): Promise<{ ok: true; routed: RoutedConversation } | Refused> {
  const db = database(env.DB);
  const branch = await table.findBranch(db, agent.workspaceId, agent.id, branchId);
  if (!branch) return branchNotFound();
  if (branch.isArchived) return refuse(409, "branch_archived", BRANCH_TEXTS.archived);
  const tip = await table.branchTip(db, agent.workspaceId, agent.id, branchId);
  if (branchId === MAIN) return { ok: true, routed: { agent, branchId: MAIN, versionId: tip?.id ?? null } };
  if (!tip) return branchNotFound();
  return { ok: true, routed: { agent: agentAtVersion(agent, tip), branchId, versionId: tip.id } };
}

/**
 * A conversation that chose a version (a signed URL's or the socket's version_id, decision 0085 as amended on
 * 2026-11-28): exactly that version's configuration, recorded with its branch. Unknown, another agent's, or not on
 * the branch named beside it: not found. A version of an archived branch may be chosen (a version never changes).
 */
export async function chosenVersion(env: Pick<Env, "DB">, agent: AgentRow, versionId: string, branchId: string | null): Promise<{ ok: true; routed: RoutedConversation } | Refused> {
  const version = (await findVersion(database(env.DB), agent.workspaceId, agent.id, versionId)) ?? null;
  const problem = chosenVersionProblem(version, agent.id, branchId);
  if (problem || !version) return refuse(404, "not_found", problem ?? BRANCH_TEXTS.versionNotFound);
  return { ok: true, routed: { agent: agentAtVersion(agent, version), branchId: version.branchId, versionId: version.id } };
}

/** The branch or version a conversation chose, when it chose one (a version wins: it names its branch). */
export async function chosenRoute(env: Pick<Env, "DB">, agent: AgentRow, choice: { branchId: string | null; versionId: string | null }): Promise<{ ok: true; routed: RoutedConversation } | Refused | null> {
  if (choice.versionId) return chosenVersion(env, agent, choice.versionId, choice.branchId);
  return choice.branchId ? chosenBranch(env, agent, choice.branchId) : null;
}
