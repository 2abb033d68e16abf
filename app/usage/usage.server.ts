import { usageEventsBetween } from "../../db/repositories/usage";
import type { Database } from "../../db/client";
import type { AnalyticsEvent } from "~/usage/rules/analytics";
import { aggregateUsage, usageBuckets, type UsageBreakdown, type UsageInterval, type UsageMetric, type UsageEvent, type UsageSeries } from "~/usage/rules/usage";

export type UsageRequest = {
  workspaceId: string;
  /** Only this user's usage; null for the whole workspace. */
  userId: string | null;
  startMs: number;
  endMs: number;
  breakdown: UsageBreakdown;
  interval: UsageInterval;
  bucketSizeSeconds?: number | null;
  metric: UsageMetric;
};

/** The user or API key a series is named after once it is gone. */
export const DELETED_USER = "Deleted user";
export const DELETED_API_KEY = "Deleted API key";

/** Usage of a workspace (or one of its users) over a window; null when the window has too many buckets. */
export async function usageStatistics(db: Database, request: UsageRequest): Promise<UsageSeries | null> {
  const buckets = usageBuckets(request.startMs, request.endMs, { interval: request.interval, bucketSizeSeconds: request.bucketSizeSeconds });
  if (!buckets) return null;
  const events = await usageEvents(db, request);
  return aggregateUsage(events, buckets, { startMs: request.startMs, endMs: request.endMs }, request.breakdown, request.metric);
}

/** The ledger's events of a workspace (or one of its users) in the window, named for the breakdowns. */
export async function usageEvents(db: Database, scope: Pick<UsageRequest, "workspaceId" | "userId" | "startMs" | "endMs">): Promise<UsageEvent[]> {
  const rows = await usageEventsBetween(db, scope.workspaceId, Math.floor(scope.startMs / 1000), Math.floor(scope.endMs / 1000), scope.userId ?? undefined);
  return rows.map((row) => ({
    atMs: row.occurredAt * 1000,
    characters: row.characters,
    voice: row.voiceName,
    model: row.modelId,
    user: row.userEmail ?? DELETED_USER,
    source: row.source,
    viaApiKey: row.apiKeyId !== null,
    apiKey: row.apiKeyId === null ? null : (row.apiKeyName ?? DELETED_API_KEY),
  }));
}

/** The ledger's events of a workspace (or one of its users) in the window, as the analytics tables read them. */
export async function analyticsEvents(db: Database, scope: Pick<UsageRequest, "workspaceId" | "userId" | "startMs" | "endMs">): Promise<AnalyticsEvent[]> {
  const rows = await usageEventsBetween(db, scope.workspaceId, Math.floor(scope.startMs / 1000), Math.ceil(scope.endMs / 1000), scope.userId ?? undefined);
  return rows.map((row) => ({
    id: row.id,
    atMs: row.occurredAt * 1000,
    credits: row.characters,
    source: row.source,
    model: row.modelId,
    voiceId: row.voiceId,
    voiceName: row.voiceName,
    userId: row.userId,
    userLabel: row.userEmail ?? DELETED_USER,
    apiKeyId: row.apiKeyId,
    apiKeyName: row.apiKeyId === null ? null : (row.apiKeyName ?? DELETED_API_KEY),
  }));
}
