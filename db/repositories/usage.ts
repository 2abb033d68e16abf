import { and, eq, gte, lte } from "drizzle-orm";
import type { Database } from "../client";
import { apiKeys, usageEvents, users } from "../schema";

export type UsageRow = { id: string; userId: string; voiceId: string; occurredAt: number; characters: number; voiceName: string; modelId: string; source: string; apiKeyId: string | null; apiKeyName: string | null; userEmail: string | null };

/**
 * A workspace's usage events in [fromSeconds, toSeconds], oldest first, with each user's e-mail and each API
 * key's name (null once the user or key is gone); only `userId`'s own when given.
 */
export async function usageEventsBetween(db: Database, workspaceId: string, fromSeconds: number, toSeconds: number, userId?: string): Promise<UsageRow[]> {
  const conditions = [eq(usageEvents.workspaceId, workspaceId), gte(usageEvents.occurredAt, fromSeconds), lte(usageEvents.occurredAt, toSeconds)];
  if (userId) conditions.push(eq(usageEvents.userId, userId));
  return db
    .select({
      id: usageEvents.id,
      userId: usageEvents.userId,
      voiceId: usageEvents.voiceId,
      occurredAt: usageEvents.occurredAt,
      characters: usageEvents.characters,
      voiceName: usageEvents.voiceName,
      modelId: usageEvents.modelId,
      source: usageEvents.source,
      apiKeyId: usageEvents.apiKeyId,
      apiKeyName: apiKeys.name,
      userEmail: users.email,
    })
    .from(usageEvents)
    .leftJoin(users, eq(users.id, usageEvents.userId))
    .leftJoin(apiKeys, eq(apiKeys.id, usageEvents.apiKeyId))
    .where(and(...conditions))
    .orderBy(usageEvents.occurredAt);
}
