// Agent branches, drafts and deployments (decision 0081), and the versions committed on each branch. Every write
// that moves a branch is one D1 batch: the version, the branch's commit time, the agents row when the branch is
// main, and the draft it saves; nothing is half-written.
import { and, count, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { agentBranches, agentDeployments, agentDrafts, agents, agentVersions, conversations } from "../schema";
import type { AgentRow } from "./agents";
import type { AgentVersionRow } from "./agent-versions";
import { closeForArchivedStatement, mergedStatement } from "./agent-merge-proposals";
import { resolveByMergeStatements } from "./agent-triage-tickets";

export type AgentBranchRow = typeof agentBranches.$inferSelect;
export type AgentDraftRow = typeof agentDrafts.$inferSelect;
export type AgentDeploymentRow = typeof agentDeployments.$inferSelect;
export type NewVersion = Omit<AgentVersionRow, "seq">;

const MAIN = "main";
type Statement = BatchItem<"sqlite">;

/** Inserts a version numbered after its branch's last one. */
const versionInsert = (db: Database, row: NewVersion) =>
  db
    .insert(agentVersions)
    .values({ ...row, seq: sql`coalesce((select max(${agentVersions.seq}) from ${agentVersions} where ${agentVersions.agentId} = ${row.agentId} and ${agentVersions.branchId} = ${row.branchId}), 0) + 1` });

const branchTouch = (db: Database, agentId: string, branchId: string, at: number) => db.update(agentBranches).set({ lastCommittedAt: at }).where(and(eq(agentBranches.agentId, agentId), eq(agentBranches.id, branchId)));

/** The saved configuration of an agent's row, set when main moves. */
type AgentSet = Pick<AgentRow, "name" | "conversationConfig" | "platformSettings" | "tags" | "updatedAt">;
const agentSet = (version: NewVersion): AgentSet => ({ name: version.name, conversationConfig: version.conversationConfig, platformSettings: version.platformSettings, tags: version.tags, updatedAt: version.committedAt });

/** A new agent, its main branch and its first version. */
export async function insertAgentWithMain(db: Database, agent: AgentRow, version: NewVersion): Promise<void> {
  await db.batch([
    db.insert(agents).values(agent),
    db.insert(agentBranches).values({ agentId: agent.id, id: MAIN, workspaceId: agent.workspaceId, name: "Main", description: "", createdBy: agent.createdBy, creatorEmail: agent.creatorEmail, createdAt: agent.createdAt, lastCommittedAt: agent.createdAt }),
    versionInsert(db, version),
  ]);
}

/**
 * Commits a version on its branch: main also sets the agents row (what conversations use). The branch's draft is
 * deleted when it was saved by this commit; `also` adds the commit's other writes (its procedures). Answers the
 * version as stored.
 */
export async function commitOnBranch(db: Database, version: NewVersion, options: { deleteDraft: boolean; also?: Statement[] }): Promise<AgentVersionRow> {
  const statements: Statement[] = [branchTouch(db, version.agentId, version.branchId, version.committedAt), ...(options.also ?? [])];
  if (version.branchId === MAIN) statements.push(db.update(agents).set(agentSet(version)).where(and(eq(agents.workspaceId, version.workspaceId), eq(agents.id, version.agentId))));
  if (options.deleteDraft) statements.push(db.delete(agentDrafts).where(and(eq(agentDrafts.agentId, version.agentId), eq(agentDrafts.branchId, version.branchId))));
  const [inserted] = await db.batch([versionInsert(db, version).returning(), ...statements]);
  return inserted[0]!;
}

/** A new branch and its first version (a unique index refuses a second branch of the same name: nothing is written). */
export async function insertBranch(db: Database, branch: AgentBranchRow, version: NewVersion): Promise<AgentVersionRow> {
  const [, inserted] = await db.batch([db.insert(agentBranches).values(branch), versionInsert(db, version).returning()]);
  return inserted[0]!;
}

/**
 * A merge: the merged version on the target, the source marked merged (and archived when asked), and the new
 * traffic split when the source's share moved to the target. The merge proposal it carries out is marked merged
 * (decision 0089), with the triage ticket it names; archiving the source closes the other open proposals into or out of it.
 */
export async function mergeIntoBranch(
  db: Database,
  version: NewVersion,
  source: { branchId: string; archive: boolean },
  deployment: AgentDeploymentRow | null,
  proposal: { id: string; byUserId: string; triageTicket?: { id: string; changeId: string } } | null = null,
): Promise<AgentVersionRow> {
  const statements: Statement[] = [
    branchTouch(db, version.agentId, version.branchId, version.committedAt),
    db
      .update(agentBranches)
      .set({ mergedIntoBranchId: version.branchId, ...(source.archive ? { isArchived: true } : {}) })
      .where(and(eq(agentBranches.agentId, version.agentId), eq(agentBranches.id, source.branchId))),
  ];
  if (version.branchId === MAIN) statements.push(db.update(agents).set(agentSet(version)).where(and(eq(agents.workspaceId, version.workspaceId), eq(agents.id, version.agentId))));
  if (deployment) statements.push(db.insert(agentDeployments).values(deployment));
  // The proposal is marked merged before the archived source's other proposals are closed.
  if (proposal) statements.push(mergedStatement(db, proposal, version.id, version.committedAt));
  // The triage ticket it resolves is resolved if still open or in progress (decision 0095).
  if (proposal?.triageTicket) statements.push(...resolveByMergeStatements(db, { ...proposal.triageTicket, byUserId: proposal.byUserId }, version.committedAt));
  if (source.archive) statements.push(closeForArchivedStatement(db, version.agentId, source.branchId, version.committedAt));
  const [inserted] = await db.batch([versionInsert(db, version).returning(), ...statements]);
  return inserted[0]!;
}

export async function findBranch(db: Database, workspaceId: string, agentId: string, id: string): Promise<AgentBranchRow | undefined> {
  return db
    .select()
    .from(agentBranches)
    .where(and(eq(agentBranches.workspaceId, workspaceId), eq(agentBranches.agentId, agentId), eq(agentBranches.id, id)))
    .get();
}

export async function findBranchByName(db: Database, agentId: string, name: string): Promise<AgentBranchRow | undefined> {
  return db
    .select()
    .from(agentBranches)
    .where(and(eq(agentBranches.agentId, agentId), eq(agentBranches.name, name)))
    .get();
}

/** An agent's branches, main first, then the most recently committed. */
export async function listBranches(db: Database, workspaceId: string, agentId: string, query: { includeArchived: boolean; limit: number }): Promise<{ rows: AgentBranchRow[]; total: number }> {
  const conditions = [eq(agentBranches.workspaceId, workspaceId), eq(agentBranches.agentId, agentId)];
  if (!query.includeArchived) conditions.push(eq(agentBranches.isArchived, false));
  const rows = await db
    .select()
    .from(agentBranches)
    .where(and(...conditions))
    .orderBy(sql`${agentBranches.id} = ${MAIN} desc`, desc(agentBranches.lastCommittedAt), agentBranches.id)
    .limit(query.limit);
  const [total] = await db.select({ n: count() }).from(agentBranches).where(and(...conditions));
  return { rows, total: total?.n ?? 0 };
}

/** Renames, archives or protects a branch; archiving closes the open merge proposals into or out of it in the same batch. */
export async function updateBranch(db: Database, workspaceId: string, agentId: string, id: string, set: Partial<Pick<AgentBranchRow, "name" | "isArchived" | "protectionStatus">>): Promise<void> {
  const update = db
    .update(agentBranches)
    .set(set)
    .where(and(eq(agentBranches.workspaceId, workspaceId), eq(agentBranches.agentId, agentId), eq(agentBranches.id, id)));
  if (set.isArchived) await db.batch([update, closeForArchivedStatement(db, agentId, id, Date.now())]);
  else await update;
}

/** A branch's newest version (its tip). */
export async function branchTip(db: Database, workspaceId: string, agentId: string, branchId: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.branchId, branchId)))
    .orderBy(desc(agentVersions.seq))
    .limit(1)
    .get();
}

export async function recentVersions(db: Database, workspaceId: string, agentId: string, branchId: string, limit: number): Promise<AgentVersionRow[]> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.branchId, branchId)))
    .orderBy(desc(agentVersions.seq))
    .limit(limit);
}

/** The newest version of the target that merged in a version of the source branch, with that source version. */
export async function lastMergeFrom(db: Database, agentId: string, targetBranchId: string, sourceBranchId: string): Promise<AgentVersionRow | undefined> {
  const merges = await db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.branchId, targetBranchId), isNotNull(agentVersions.mergedFromVersionId)))
    .orderBy(desc(agentVersions.seq));
  for (const merge of merges) {
    const from = await db.select().from(agentVersions).where(eq(agentVersions.id, merge.mergedFromVersionId!)).get();
    if (from?.branchId === sourceBranchId) return from;
  }
  return undefined;
}

export async function findVersionAnyBranch(db: Database, workspaceId: string, agentId: string, id: string): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId), eq(agentVersions.id, id)))
    .get();
}

/** Creates or replaces a branch's draft (its first creation time is kept). */
export async function upsertDraft(db: Database, row: AgentDraftRow): Promise<AgentDraftRow> {
  const [saved] = await db
    .insert(agentDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [agentDrafts.agentId, agentDrafts.branchId],
      set: { name: row.name, conversationConfig: row.conversationConfig, platformSettings: row.platformSettings, workflow: row.workflow, tags: row.tags, updatedAt: row.updatedAt },
    })
    .returning();
  return saved!;
}

export async function findDraft(db: Database, workspaceId: string, agentId: string, branchId: string): Promise<AgentDraftRow | undefined> {
  return db
    .select()
    .from(agentDrafts)
    .where(and(eq(agentDrafts.workspaceId, workspaceId), eq(agentDrafts.agentId, agentId), eq(agentDrafts.branchId, branchId)))
    .get();
}

export async function draftsOf(db: Database, workspaceId: string, agentId: string): Promise<AgentDraftRow[]> {
  return db
    .select()
    .from(agentDrafts)
    .where(and(eq(agentDrafts.workspaceId, workspaceId), eq(agentDrafts.agentId, agentId)));
}

export async function deleteDraft(db: Database, workspaceId: string, agentId: string, branchId: string): Promise<boolean> {
  const deleted = await db
    .delete(agentDrafts)
    .where(and(eq(agentDrafts.workspaceId, workspaceId), eq(agentDrafts.agentId, agentId), eq(agentDrafts.branchId, branchId)))
    .returning({ id: agentDrafts.branchId });
  return deleted.length > 0;
}

export async function insertDeployment(db: Database, row: AgentDeploymentRow): Promise<void> {
  await db.insert(agentDeployments).values(row);
}

/** The live split: the newest deployment (by time, then id for two in the same millisecond). */
export async function liveDeployment(db: Database, agentId: string): Promise<AgentDeploymentRow | undefined> {
  return db.select().from(agentDeployments).where(eq(agentDeployments.agentId, agentId)).orderBy(desc(agentDeployments.deployedAt), desc(agentDeployments.id)).limit(1).get();
}

export async function listDeployments(db: Database, workspaceId: string, agentId: string, query: { page: number; pageSize: number }): Promise<{ rows: AgentDeploymentRow[]; total: number }> {
  const where = and(eq(agentDeployments.workspaceId, workspaceId), eq(agentDeployments.agentId, agentId));
  const rows = await db
    .select()
    .from(agentDeployments)
    .where(where)
    .orderBy(desc(agentDeployments.deployedAt), desc(agentDeployments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(agentDeployments).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Conversations per branch of an agent since a time (for a branch's calls in the last 7 days). */
export async function callsByBranch(db: Database, agentId: string, since: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ branchId: conversations.branchId, n: count() })
    .from(conversations)
    .where(and(eq(conversations.agentId, agentId), gte(conversations.startedAt, since), isNotNull(conversations.branchId)))
    .groupBy(conversations.branchId);
  return new Map(rows.map((r) => [r.branchId!, r.n]));
}

/**
 * An agent's versions as the branch comparison reads them (their branch, place and merged-in version), at most
 * `limit` (`complete` says whether that was all of them), and the version each branch started from.
 */
export async function versionGraph(db: Database, workspaceId: string, agentId: string, limit: number) {
  const [versions, branches] = await Promise.all([
    db
      .select({ id: agentVersions.id, branchId: agentVersions.branchId, seq: agentVersions.seq, mergedFromVersionId: agentVersions.mergedFromVersionId })
      .from(agentVersions)
      .where(and(eq(agentVersions.workspaceId, workspaceId), eq(agentVersions.agentId, agentId)))
      .limit(limit + 1),
    db.select({ id: agentBranches.id, parentVersionId: agentBranches.parentVersionId }).from(agentBranches).where(and(eq(agentBranches.workspaceId, workspaceId), eq(agentBranches.agentId, agentId))),
  ]);
  return { versions: versions.slice(0, limit), complete: versions.length <= limit, starts: new Map(branches.map((b) => [b.id, b.parentVersionId])) };
}

/** A configuration an agent keeps besides its agents row: a branch's tip, or a draft (its changes only). */
export type BranchConfig = { agentId: string; agentName: string; agentCreatedAt: number; branchId: string; branchName: string; draft: boolean; conversationConfig: string };

/**
 * The workspace's configurations that in-use checks read besides the agents rows (decision 0085): the tip of every
 * unarchived branch other than main, and every unarchived branch's draft; only those whose configuration contains `text`, when given.
 */
export async function branchConfigs(db: Database, workspaceId: string, text?: string): Promise<BranchConfig[]> {
  const names = { agentId: agentBranches.agentId, agentName: agents.name, agentCreatedAt: agents.createdAt, branchId: agentBranches.id, branchName: agentBranches.name };
  const newest = sql`(select max(v.seq) from ${agentVersions} v where v.agent_id = ${agentBranches.agentId} and v.branch_id = ${agentBranches.id})`;
  const [tips, drafts] = await Promise.all([
    db
      .select({ ...names, conversationConfig: agentVersions.conversationConfig })
      .from(agentBranches)
      .innerJoin(agents, eq(agents.id, agentBranches.agentId))
      .innerJoin(agentVersions, and(eq(agentVersions.agentId, agentBranches.agentId), eq(agentVersions.branchId, agentBranches.id), eq(agentVersions.seq, newest)))
      .where(and(eq(agentBranches.workspaceId, workspaceId), ne(agentBranches.id, MAIN), eq(agentBranches.isArchived, false), text === undefined ? undefined : sql`instr(${agentVersions.conversationConfig}, ${text}) > 0`)),
    db
      .select({ ...names, conversationConfig: agentDrafts.conversationConfig })
      .from(agentDrafts)
      .innerJoin(agents, eq(agents.id, agentDrafts.agentId))
      .innerJoin(agentBranches, and(eq(agentBranches.agentId, agentDrafts.agentId), eq(agentBranches.id, agentDrafts.branchId)))
      .where(and(eq(agentDrafts.workspaceId, workspaceId), eq(agentBranches.isArchived, false), text === undefined ? undefined : sql`instr(${agentDrafts.conversationConfig}, ${text}) > 0`)),
  ]);
  return [...tips.map((row) => ({ ...row, draft: false })), ...drafts.map((row) => ({ ...row, draft: true }))];
}
