import { and, eq, gte, lte } from "drizzle-orm";
import type { Database } from "../client";
import { usageEvents, users } from "../schema";

export type UsageRow = { occurredAt: number; characters: number; voiceName: string; modelId: string; source: string; apiKeyId: string | null; userEmail: string | null };

/**
 * A workspace's usage events in [fromSeconds, toSeconds], oldest first, with each user's e-mail (null once the
 * user is gone); only `userId`'s own when given.
 */
export async function usageEventsBetween(db: Database, workspaceId: string, fromSeconds: number, toSeconds: number, userId?: string): Promise<UsageRow[]> {
  const conditions = [eq(usageEvents.workspaceId, workspaceId), gte(usageEvents.occurredAt, fromSeconds), lte(usageEvents.occurredAt, toSeconds)];
  if (userId) conditions.push(eq(usageEvents.userId, userId));
  return db
    .select({
      occurredAt: usageEvents.occurredAt,
      characters: usageEvents.characters,
      voiceName: usageEvents.voiceName,
      modelId: usageEvents.modelId,
      source: usageEvents.source,
      apiKeyId: usageEvents.apiKeyId,
      userEmail: users.email,
    })
    .from(usageEvents)
    .leftJoin(users, eq(users.id, usageEvents.userId))
    .where(and(...conditions))
    .orderBy(usageEvents.occurredAt);
}
