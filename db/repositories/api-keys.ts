import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { apiKeys, users, workspaceMembers, workspaces } from "../schema";
import type { Membership } from "./workspaces";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Database, row: Omit<typeof apiKeys.$inferInsert, "createdAt" | "lastUsedAt">): Promise<void> {
  await db.insert(apiKeys).values(row);
}

/**
 * The key's owner and their membership of the key's workspace, in one statement: every API request reads them
 * before anything else, so one round trip to the database instead of two (decision 0082). No membership, no row.
 */
export async function findApiKeyOwnerMembership(db: Database, keyHash: string): Promise<{ key: ApiKeyRow; user: typeof users.$inferSelect; membership: Membership } | undefined> {
  const rows = await db
    .select({ key: apiKeys, user: users, workspace: workspaces, role: workspaceMembers.role })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.userId, apiKeys.userId), eq(workspaceMembers.workspaceId, apiKeys.workspaceId)))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  const row = rows[0];
  return row && { key: row.key, user: row.user, membership: { workspace: row.workspace, role: row.role } };
}

/** Keys are listed per user within one workspace: nobody sees another workspace's keys. */
export async function listApiKeys(db: Database, workspaceId: string, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function renameApiKey(db: Database, workspaceId: string, userId: string, id: string, name: string): Promise<boolean> {
  const updated = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return updated.length === 1;
}

export async function deleteApiKey(db: Database, workspaceId: string, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return deleted.length === 1;
}

export async function markApiKeyUsed(db: Database, id: string, nowSeconds: number): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: nowSeconds }).where(eq(apiKeys.id, id));
}

/** Turns a key of the workspace off or on again (`userId`: only that owner's); false when there is no such key. */
export async function setApiKeyDisabled(db: Database, workspaceId: string, id: string, disabled: boolean, userId?: string): Promise<boolean> {
  const conditions = [eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)];
  if (userId !== undefined) conditions.push(eq(apiKeys.userId, userId));
  const updated = await db.update(apiKeys).set({ isDisabled: disabled }).where(and(...conditions)).returning({ id: apiKeys.id });
  return updated.length === 1;
}

/** Whether the key with this hash exists and is turned off. */
export async function isApiKeyDisabled(db: Database, keyHash: string): Promise<boolean> {
  const rows = await db.select({ isDisabled: apiKeys.isDisabled }).from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
  return rows[0]?.isDisabled === true;
}
