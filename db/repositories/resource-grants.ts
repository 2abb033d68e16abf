// Resource sharing (decision 0039): grants of a role on one resource, and the SQL that narrows a workspace's
// resources to those one member may read.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { resourceGrants, workspaceGroupMembers, workspaceGroups, workspaceMembers } from "../schema";
import type { PrincipalType, ResourceRole, ResourceType } from "../../core/workspace/resource-sharing";

export type GrantRow = typeof resourceGrants.$inferSelect;

export async function grantsOf(db: Database, workspaceId: string, type: ResourceType, resourceId: string): Promise<GrantRow[]> {
  return db
    .select()
    .from(resourceGrants)
    .where(and(eq(resourceGrants.workspaceId, workspaceId), eq(resourceGrants.resourceType, type), eq(resourceGrants.resourceId, resourceId)))
    .orderBy(resourceGrants.createdAt);
}

/** Grants the role, replacing the principal's earlier one on the resource. */
export async function putGrant(db: Database, grant: { workspaceId: string; resourceType: ResourceType; resourceId: string; principalType: PrincipalType; principalId: string; role: ResourceRole }): Promise<void> {
  await db
    .insert(resourceGrants)
    .values(grant)
    .onConflictDoUpdate({ target: [resourceGrants.resourceType, resourceGrants.resourceId, resourceGrants.principalType, resourceGrants.principalId], set: { role: grant.role } });
}

/** Several grants at once (a new resource's default sharing). */
export async function putGrants(db: Database, grants: { workspaceId: string; resourceType: ResourceType; resourceId: string; principalType: PrincipalType; principalId: string; role: ResourceRole }[]): Promise<void> {
  if (grants.length) await db.insert(resourceGrants).values(grants).onConflictDoNothing();
}

export async function deleteGrant(db: Database, workspaceId: string, type: ResourceType, resourceId: string, principalType: PrincipalType, principalId: string): Promise<boolean> {
  const deleted = await db
    .delete(resourceGrants)
    .where(
      and(
        eq(resourceGrants.workspaceId, workspaceId),
        eq(resourceGrants.resourceType, type),
        eq(resourceGrants.resourceId, resourceId),
        eq(resourceGrants.principalType, principalType),
        eq(resourceGrants.principalId, principalId),
      ),
    )
    .returning({ id: resourceGrants.resourceId });
  return deleted.length > 0;
}

/** A deleted resource's grants go with it. */
export async function deleteGrantsOfResource(db: Database, workspaceId: string, type: ResourceType, resourceId: string): Promise<void> {
  await db.delete(resourceGrants).where(and(eq(resourceGrants.workspaceId, workspaceId), eq(resourceGrants.resourceType, type), eq(resourceGrants.resourceId, resourceId)));
}

/** The ids of the groups a member belongs to in one workspace. */
export async function groupIdsOf(db: Database, workspaceId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceGroups.id })
    .from(workspaceGroupMembers)
    .innerJoin(workspaceGroups, eq(workspaceGroups.id, workspaceGroupMembers.groupId))
    .where(and(eq(workspaceGroupMembers.userId, userId), eq(workspaceGroups.workspaceId, workspaceId)));
  return rows.map((r) => r.id);
}

/**
 * The condition "this member may read the resource": they made it, or a grant names them, one of their groups or
 * the whole workspace. Workspace admins read everything: their queries leave this out.
 */
export function readableBy(workspaceId: string, type: ResourceType, userId: string, idColumn: AnySQLiteColumn, creatorColumn: AnySQLiteColumn): SQL {
  return or(
    eq(creatorColumn, userId),
    sql`${idColumn} IN (SELECT resource_id FROM resource_grants WHERE workspace_id = ${workspaceId} AND resource_type = ${type} AND (
      principal_type = 'workspace'
      OR (principal_type = 'user' AND principal_id = ${userId})
      OR (principal_type = 'group' AND principal_id IN (SELECT group_id FROM workspace_group_members WHERE user_id = ${userId}))))`,
  )!;
}

/** A member's stored default sharing preferences (JSON), null when none are set or they are no member. */
export async function storedDefaultSharing(db: Database, workspaceId: string, userId: string): Promise<string | null> {
  const row = await db.query.workspaceMembers.findFirst({ columns: { defaultSharing: true }, where: and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)) });
  return row?.defaultSharing ?? null;
}

export async function storeDefaultSharing(db: Database, workspaceId: string, userId: string, json: string): Promise<void> {
  await db.update(workspaceMembers).set({ defaultSharing: json }).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}
