import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { apiKeys, users } from "../schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Database, row: Omit<typeof apiKeys.$inferInsert, "createdAt" | "lastUsedAt">): Promise<void> {
  await db.insert(apiKeys).values(row);
}

/** The key's owner for an `xi-api-key` hash, with the workspace the key belongs to. */
export async function findApiKeyOwner(db: Database, keyHash: string) {
  const rows = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return rows[0];
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
