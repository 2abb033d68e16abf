// Agent procedures (decision 0090): published versions, each branch's drafts, and the procedures each agent version
// carries. Publishing is part of a branch commit's batch (agent-branches.ts commitOnBranch takes these statements).
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { agentBranches, agentProcedureDrafts, agentProcedureVersions, agentVersionProcedures, agentVersions } from "../schema";

export type ProcedureVersionRow = typeof agentProcedureVersions.$inferSelect;
export type ProcedureDraftRow = typeof agentProcedureDrafts.$inferSelect;
/** Procedure id → procedure version id. */
export type ProcedureMap = Record<string, string>;
type Statement = BatchItem<"sqlite">;
type VersionPoint = { id: string; branchId: string; seq: number };

/** Branches start from a version of another: bounds the walk up through their parents. */
const MAX_ANCESTRY = 100;

/**
 * The procedures an agent version carries: the newest record on its branch at or before it, else what the version
 * its branch started from carries (and so on up), else none.
 */
export async function proceduresAt(db: Database, agentId: string, version: VersionPoint): Promise<ProcedureMap> {
  let point: VersionPoint | undefined = version;
  for (let depth = 0; point && depth < MAX_ANCESTRY; depth++) {
    const record = await db
      .select({ procedures: agentVersionProcedures.procedures })
      .from(agentVersionProcedures)
      .innerJoin(agentVersions, eq(agentVersions.id, agentVersionProcedures.agentVersionId))
      .where(and(eq(agentVersionProcedures.agentId, agentId), eq(agentVersionProcedures.branchId, point.branchId), lte(agentVersions.seq, point.seq)))
      .orderBy(desc(agentVersions.seq))
      .limit(1)
      .get();
    if (record) return JSON.parse(record.procedures) as ProcedureMap;
    const branch = await db
      .select({ parentVersionId: agentBranches.parentVersionId })
      .from(agentBranches)
      .where(and(eq(agentBranches.agentId, agentId), eq(agentBranches.id, point.branchId)))
      .get();
    if (!branch?.parentVersionId) return {};
    point = await db
      .select({ id: agentVersions.id, branchId: agentVersions.branchId, seq: agentVersions.seq })
      .from(agentVersions)
      .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.id, branch.parentVersionId)))
      .get();
  }
  return {};
}

export async function versionsByIds(db: Database, agentId: string, ids: string[]): Promise<ProcedureVersionRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(agentProcedureVersions)
    .where(and(eq(agentProcedureVersions.agentId, agentId), inArray(agentProcedureVersions.id, ids)));
}

export async function findProcedureVersion(db: Database, agentId: string, procedureId: string, id: string): Promise<ProcedureVersionRow | undefined> {
  return db
    .select()
    .from(agentProcedureVersions)
    .where(and(eq(agentProcedureVersions.agentId, agentId), eq(agentProcedureVersions.procedureId, procedureId), eq(agentProcedureVersions.id, id)))
    .get();
}

export async function draftsOf(db: Database, agentId: string, branchId: string): Promise<ProcedureDraftRow[]> {
  return db
    .select()
    .from(agentProcedureDrafts)
    .where(and(eq(agentProcedureDrafts.agentId, agentId), eq(agentProcedureDrafts.branchId, branchId)));
}

const draftKey = (agentId: string, branchId: string, procedureIds: string[]) =>
  and(eq(agentProcedureDrafts.agentId, agentId), eq(agentProcedureDrafts.branchId, branchId), inArray(agentProcedureDrafts.procedureId, procedureIds));

const upsert = (db: Database, row: ProcedureDraftRow) =>
  db
    .insert(agentProcedureDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [agentProcedureDrafts.agentId, agentProcedureDrafts.branchId, agentProcedureDrafts.procedureId],
      set: { name: row.name, content: row.content, type: row.type, trigger: row.trigger, folderParentId: row.folderParentId, removed: row.removed, updatedAt: row.updatedAt },
    });

export async function saveDraft(db: Database, row: ProcedureDraftRow): Promise<void> {
  await upsert(db, row);
}

/** Stages removals (drafts marking published procedures removed) and drops drafts of never-published ones: one batch. */
export async function stageRemoval(db: Database, agentId: string, branchId: string, removals: ProcedureDraftRow[], dropped: string[]): Promise<void> {
  const statements: Statement[] = removals.map((row) => upsert(db, row));
  if (dropped.length) statements.push(db.delete(agentProcedureDrafts).where(draftKey(agentId, branchId, dropped)));
  if (statements.length) await db.batch(statements as [Statement, ...Statement[]]);
}

export async function deleteDraft(db: Database, agentId: string, branchId: string, procedureId: string): Promise<boolean> {
  const deleted = await db.delete(agentProcedureDrafts).where(draftKey(agentId, branchId, [procedureId])).returning({ id: agentProcedureDrafts.procedureId });
  return deleted.length > 0;
}

/**
 * What a commit adds to its batch when the branch has procedure drafts: the new procedure versions, the record of
 * what the committed agent version carries, and the drafts it read deleted.
 */
export function publishStatements(db: Database, input: { agentId: string; branchId: string; agentVersionId: string; versions: ProcedureVersionRow[]; procedures: ProcedureMap; draftIds: string[] }): Statement[] {
  return [
    ...input.versions.map((v) => db.insert(agentProcedureVersions).values(v)),
    db.insert(agentVersionProcedures).values({ agentVersionId: input.agentVersionId, agentId: input.agentId, branchId: input.branchId, procedures: JSON.stringify(input.procedures) }),
    db.delete(agentProcedureDrafts).where(draftKey(input.agentId, input.branchId, input.draftIds)),
  ];
}
