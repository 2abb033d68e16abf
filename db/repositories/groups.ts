import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { Database } from "../client";
import { users, workspaceGroupMembers, workspaceGroups, workspaceMembers } from "../schema";

export type GroupRow = typeof workspaceGroups.$inferSelect;

/** A workspace's groups with the members' ids and e-mail addresses (current members of the workspace only), by name. */
export async function listGroups(db: Database, workspaceId: string, nameContains?: string) {
  const groups = await db
    .select()
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), nameContains ? like(workspaceGroups.name, `%${nameContains.replace(/[%_\\]/g, "\\$&")}%`) : undefined))
    .orderBy(asc(workspaceGroups.name));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: workspaceGroupMembers.groupId, userId: users.id, email: users.email })
    .from(workspaceGroupMembers)
    .innerJoin(users, eq(users.id, workspaceGroupMembers.userId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.userId, workspaceGroupMembers.userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .where(inArray(workspaceGroupMembers.groupId, groups.map((g) => g.id)))
    .orderBy(asc(users.email));
  return groups.map((group) => ({ group, members: members.filter((m) => m.groupId === group.id).map(({ userId, email }) => ({ userId, email })) }));
}

export async function findGroup(db: Database, workspaceId: string, groupId: string): Promise<GroupRow | undefined> {
  return db.query.workspaceGroups.findFirst({ where: and(eq(workspaceGroups.id, groupId), eq(workspaceGroups.workspaceId, workspaceId)) });
}

/** false when the workspace already has a group of that name. */
export async function insertGroup(db: Database, row: { id: string; workspaceId: string; name: string; permissions: string }): Promise<boolean> {
  const inserted = await db.insert(workspaceGroups).values(row).onConflictDoNothing().returning({ id: workspaceGroups.id });
  return inserted.length === 1;
}

export async function updateGroup(db: Database, workspaceId: string, groupId: string, values: { name?: string; permissions?: string }): Promise<"ok" | "not_found" | "name_taken"> {
  // Nothing to change: an empty update is a no-op on an existing group (an empty SET is not SQL).
  if (values.name === undefined && values.permissions === undefined) return (await findGroup(db, workspaceId, groupId)) ? "ok" : "not_found";
  try {
    const updated = await db
      .update(workspaceGroups)
      .set(values)
      .where(and(eq(workspaceGroups.id, groupId), eq(workspaceGroups.workspaceId, workspaceId)))
      .returning({ id: workspaceGroups.id });
    return updated.length === 1 ? "ok" : "not_found";
  } catch (error) {
    if (String(error).includes("UNIQUE")) return "name_taken";
    throw error;
  }
}

export async function deleteGroup(db: Database, workspaceId: string, groupId: string): Promise<boolean> {
  const deleted = await db.delete(workspaceGroups).where(and(eq(workspaceGroups.id, groupId), eq(workspaceGroups.workspaceId, workspaceId))).returning({ id: workspaceGroups.id });
  return deleted.length === 1;
}

export async function addGroupMember(db: Database, groupId: string, userId: string): Promise<void> {
  await db.insert(workspaceGroupMembers).values({ groupId, userId }).onConflictDoNothing();
}

export async function removeGroupMember(db: Database, groupId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(workspaceGroupMembers)
    .where(and(eq(workspaceGroupMembers.groupId, groupId), eq(workspaceGroupMembers.userId, userId)))
    .returning({ userId: workspaceGroupMembers.userId });
  return deleted.length === 1;
}

/** The stored permission lists of the groups a user belongs to in one workspace. */
export async function groupPermissionsOf(db: Database, workspaceId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ permissions: workspaceGroups.permissions })
    .from(workspaceGroupMembers)
    .innerJoin(workspaceGroups, eq(workspaceGroups.id, workspaceGroupMembers.groupId))
    .where(and(eq(workspaceGroupMembers.userId, userId), eq(workspaceGroups.workspaceId, workspaceId)));
  return rows.map((r) => r.permissions);
}
