import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { apiKeys, usageEvents, users, workspaceMembers } from "../schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ServiceAccountRow = { userId: string; name: string; createdAt: number };

/**
 * A service account is a user that belongs to one workspace (as an editor) and never signs in: no usable
 * password, an address under the reserved .invalid domain (decision 0034). One batch: both rows or none.
 */
export async function insertServiceAccount(db: Database, input: { userId: string; workspaceId: string; publicUserId: string; name: string }): Promise<void> {
  await db.batch([
    db.insert(users).values({
      id: input.userId,
      email: `${input.userId}@service-accounts.invalid`,
      passwordHash: "!",
      firstName: input.name,
      publicUserId: input.publicUserId,
      activeWorkspaceId: input.workspaceId,
      serviceAccountWorkspaceId: input.workspaceId,
    }),
    db.insert(workspaceMembers).values({ workspaceId: input.workspaceId, userId: input.userId, role: "editor" }),
  ]);
}

export async function listServiceAccounts(db: Database, workspaceId: string): Promise<{ account: ServiceAccountRow; keys: ApiKeyRow[] }[]> {
  const accounts = await db
    .select({ userId: users.id, name: sql<string>`coalesce(${users.firstName}, '')`, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.serviceAccountWorkspaceId, workspaceId))
    .orderBy(asc(users.createdAt), asc(users.id));
  if (accounts.length === 0) return [];
  const keys = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), inArray(apiKeys.userId, accounts.map((a) => a.userId))))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return accounts.map((account) => ({ account, keys: keys.filter((k) => k.userId === account.userId) }));
}

export async function findServiceAccount(db: Database, workspaceId: string, userId: string): Promise<ServiceAccountRow | undefined> {
  const rows = await db
    .select({ userId: users.id, name: sql<string>`coalesce(${users.firstName}, '')`, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.serviceAccountWorkspaceId, workspaceId)))
    .limit(1);
  return rows[0];
}

export async function countServiceAccounts(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.serviceAccountWorkspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Deleting the account's user row deletes its membership and keys (cascade). */
export async function deleteServiceAccount(db: Database, workspaceId: string, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(and(eq(users.id, userId), eq(users.serviceAccountWorkspaceId, workspaceId))).returning({ id: users.id });
  return deleted.length === 1;
}

export async function updateServiceAccountKey(
  db: Database,
  workspaceId: string,
  userId: string,
  keyId: string,
  values: Partial<Pick<ApiKeyRow, "name" | "permissions" | "characterLimit" | "isDisabled" | "thirdPartyDisableAllowed">>,
): Promise<boolean> {
  if (Object.values(values).every((v) => v === undefined)) {
    const found = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)));
    return found.length === 1;
  }
  const updated = await db
    .update(apiKeys)
    .set(values)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return updated.length === 1;
}

/** Credits charged to one key since a time (its cap's period). */
export async function keyCreditsSince(db: Database, workspaceId: string, keyId: string, since: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${usageEvents.characters}), 0)` })
    .from(usageEvents)
    .where(and(eq(usageEvents.workspaceId, workspaceId), eq(usageEvents.apiKeyId, keyId), gte(usageEvents.occurredAt, since)));
  return row?.n ?? 0;
}

/** Credits charged to each of these keys since a time. */
export async function keysCreditsSince(db: Database, workspaceId: string, keyIds: string[], since: number): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: usageEvents.apiKeyId, n: sql<number>`sum(${usageEvents.characters})` })
    .from(usageEvents)
    .where(and(eq(usageEvents.workspaceId, workspaceId), inArray(usageEvents.apiKeyId, keyIds), gte(usageEvents.occurredAt, since)))
    .groupBy(usageEvents.apiKeyId);
  return new Map(rows.map((r) => [r.keyId!, r.n]));
}
