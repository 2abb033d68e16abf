// Agent tests, their folders, and the invocations that run them (decision 0065).
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { agentTestInvocations, agentTestRuns, agentTests } from "../schema";
import { likePattern } from "./agents";

export type AgentTestRow = typeof agentTests.$inferSelect;
export type TestInvocationRow = typeof agentTestInvocations.$inferSelect;
export type TestRunRow = typeof agentTestRuns.$inferSelect;

export async function insertTest(db: Database, row: AgentTestRow): Promise<void> {
  await db.insert(agentTests).values(row);
}

export async function findTest(db: Database, workspaceId: string, id: string): Promise<AgentTestRow | undefined> {
  return db.select().from(agentTests).where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id))).get();
}

export async function findTests(db: Database, workspaceId: string, ids: string[]): Promise<AgentTestRow[]> {
  if (!ids.length) return [];
  return db.select().from(agentTests).where(and(eq(agentTests.workspaceId, workspaceId), inArray(agentTests.id, ids)));
}

/** Every folder of a workspace's tests (few): paths and contents are worked out from this. */
export async function listTestFolders(db: Database, workspaceId: string): Promise<{ id: string; name: string; parentFolderId: string | null }[]> {
  return db
    .select({ id: agentTests.id, name: agentTests.name, parentFolderId: agentTests.parentFolderId })
    .from(agentTests)
    .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.type, "folder")));
}

/** The tests (and folders) in these folders; null: at the top. */
export async function testsIn(db: Database, workspaceId: string, folderIds: (string | null)[]): Promise<AgentTestRow[]> {
  const ids = folderIds.filter((id): id is string => id !== null);
  const places = [...(ids.length ? [inArray(agentTests.parentFolderId, ids)] : []), ...(folderIds.includes(null) ? [isNull(agentTests.parentFolderId)] : [])];
  if (!places.length) return [];
  return db.select().from(agentTests).where(and(eq(agentTests.workspaceId, workspaceId), sql`(${sql.join(places, sql` or `)})`));
}

/** A page of a workspace's tests, newest first; the cursor is the created_at of the last one seen. */
export async function listTests(db: Database, workspaceId: string, query: { pageSize: number; search?: string; before?: number; parentFolderId?: string; types?: string[]; includeFolders: boolean; createdBy?: string }): Promise<AgentTestRow[]> {
  const conditions = [eq(agentTests.workspaceId, workspaceId)];
  if (query.search) conditions.push(sql`${agentTests.name} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.before !== undefined) conditions.push(lt(agentTests.createdAt, query.before));
  if (query.parentFolderId) conditions.push(eq(agentTests.parentFolderId, query.parentFolderId));
  if (query.types?.length) conditions.push(inArray(agentTests.type, query.includeFolders ? [...query.types, "folder"] : query.types));
  else if (!query.includeFolders) conditions.push(sql`${agentTests.type} <> 'folder'`);
  if (query.createdBy) conditions.push(eq(agentTests.createdBy, query.createdBy));
  return db.select().from(agentTests).where(and(...conditions)).orderBy(desc(agentTests.createdAt), desc(agentTests.id)).limit(query.pageSize);
}

/** Per folder: how many tests and folders are directly in it. */
export async function testFolderCounts(db: Database, workspaceId: string, folderIds: string[]): Promise<Map<string, number>> {
  if (!folderIds.length) return new Map();
  const rows = await db
    .select({ folderId: agentTests.parentFolderId, n: count() })
    .from(agentTests)
    .where(and(eq(agentTests.workspaceId, workspaceId), inArray(agentTests.parentFolderId, folderIds)))
    .groupBy(agentTests.parentFolderId);
  return new Map(rows.map((r) => [r.folderId!, r.n]));
}

export async function updateTest(db: Database, workspaceId: string, id: string, set: Partial<Pick<AgentTestRow, "name" | "type" | "definition" | "parentFolderId" | "updatedAt">>): Promise<void> {
  await db.update(agentTests).set(set).where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.id, id)));
}

export async function moveTests(db: Database, workspaceId: string, ids: string[], parentFolderId: string | null): Promise<void> {
  if (!ids.length) return;
  await db.update(agentTests).set({ parentFolderId, updatedAt: Date.now() }).where(and(eq(agentTests.workspaceId, workspaceId), inArray(agentTests.id, ids)));
}

export async function deleteTests(db: Database, workspaceId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(agentTests).where(and(eq(agentTests.workspaceId, workspaceId), inArray(agentTests.id, ids)));
}

/** An invocation and its runs, in one batch. */
export async function insertInvocation(db: Database, invocation: TestInvocationRow, runs: TestRunRow[]): Promise<void> {
  await db.batch([db.insert(agentTestInvocations).values(invocation), ...runs.map((run) => db.insert(agentTestRuns).values(run))]);
}

export async function findInvocation(db: Database, workspaceId: string, id: string): Promise<TestInvocationRow | undefined> {
  return db.select().from(agentTestInvocations).where(and(eq(agentTestInvocations.workspaceId, workspaceId), eq(agentTestInvocations.id, id))).get();
}

/** A workspace's invocations, newest first; the cursor is the created_at of the last one seen. */
export async function listInvocations(db: Database, workspaceId: string, query: { pageSize: number; before?: number; agentId?: string; testId?: string; from?: number; to?: number; search?: string }): Promise<TestInvocationRow[]> {
  const conditions = [eq(agentTestInvocations.workspaceId, workspaceId)];
  if (query.before !== undefined) conditions.push(lt(agentTestInvocations.createdAt, query.before));
  if (query.agentId) conditions.push(eq(agentTestInvocations.agentId, query.agentId));
  if (query.from !== undefined) conditions.push(gte(agentTestInvocations.createdAt, query.from));
  if (query.to !== undefined) conditions.push(lte(agentTestInvocations.createdAt, query.to));
  if (query.search) conditions.push(sql`${agentTestInvocations.title} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.testId) conditions.push(inArray(agentTestInvocations.id, db.select({ id: agentTestRuns.invocationId }).from(agentTestRuns).where(eq(agentTestRuns.testId, query.testId))));
  return db.select().from(agentTestInvocations).where(and(...conditions)).orderBy(desc(agentTestInvocations.createdAt), desc(agentTestInvocations.id)).limit(query.pageSize);
}

export async function runsOf(db: Database, invocationIds: string[]): Promise<TestRunRow[]> {
  if (!invocationIds.length) return [];
  return db.select().from(agentTestRuns).where(inArray(agentTestRuns.invocationId, invocationIds)).orderBy(asc(agentTestRuns.position));
}

/** Records a run's outcome unless it was cancelled meanwhile; true when recorded. */
export async function finishRun(db: Database, id: string, set: Pick<TestRunRow, "status" | "agentResponses" | "conditionResult" | "updatedAt">): Promise<boolean> {
  const updated = await db
    .update(agentTestRuns)
    .set(set)
    .where(and(eq(agentTestRuns.id, id), eq(agentTestRuns.status, "pending")))
    .returning({ id: agentTestRuns.id });
  return updated.length > 0;
}

/** Cancels an invocation: its runs still pending will not run. */
export async function cancelInvocation(db: Database, id: string): Promise<void> {
  const now = Date.now();
  await db.batch([
    db.update(agentTestInvocations).set({ cancelled: true }).where(eq(agentTestInvocations.id, id)),
    db.update(agentTestRuns).set({ status: "cancelled", updatedAt: now }).where(and(eq(agentTestRuns.invocationId, id), eq(agentTestRuns.status, "pending"))),
  ]);
}

/** Puts runs back to pending for a resubmission (the invocation runs again). */
export async function resetRuns(db: Database, invocationId: string, runIds: string[]): Promise<void> {
  const now = Date.now();
  await db.batch([
    db.update(agentTestInvocations).set({ cancelled: false }).where(eq(agentTestInvocations.id, invocationId)),
    db
      .update(agentTestRuns)
      .set({ status: "pending", agentResponses: "[]", conditionResult: null, updatedAt: now })
      .where(and(eq(agentTestRuns.invocationId, invocationId), inArray(agentTestRuns.id, runIds))),
  ]);
}
