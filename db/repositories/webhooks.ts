import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { webhookDeliveries, workspaceWebhooks } from "../schema";

export type WebhookRow = typeof workspaceWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertWebhook(db: Database, row: Pick<WebhookRow, "id" | "workspaceId" | "name" | "url" | "secret" | "events"> & Partial<Pick<WebhookRow, "authType" | "authSettings">>): Promise<void> {
  await db.insert(workspaceWebhooks).values(row);
}

export async function listWebhooks(db: Database, workspaceId: string): Promise<WebhookRow[]> {
  return db.select().from(workspaceWebhooks).where(eq(workspaceWebhooks.workspaceId, workspaceId)).orderBy(desc(workspaceWebhooks.createdAt), desc(workspaceWebhooks.id));
}

export async function findWebhook(db: Database, workspaceId: string, id: string): Promise<WebhookRow | undefined> {
  return db.query.workspaceWebhooks.findFirst({ where: and(eq(workspaceWebhooks.id, id), eq(workspaceWebhooks.workspaceId, workspaceId)) });
}

export async function updateWebhook(db: Database, workspaceId: string, id: string, values: Partial<Pick<WebhookRow, "name" | "events" | "isDisabled" | "isAutoDisabled" | "consecutiveFailures">>): Promise<boolean> {
  const updated = await db.update(workspaceWebhooks).set(values).where(and(eq(workspaceWebhooks.id, id), eq(workspaceWebhooks.workspaceId, workspaceId))).returning({ id: workspaceWebhooks.id });
  return updated.length === 1;
}

export async function deleteWebhook(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(workspaceWebhooks).where(and(eq(workspaceWebhooks.id, id), eq(workspaceWebhooks.workspaceId, workspaceId))).returning({ id: workspaceWebhooks.id });
  return deleted.length === 1;
}

export async function insertDelivery(db: Database, row: Pick<DeliveryRow, "id" | "webhookId" | "eventType" | "payload">): Promise<void> {
  await db.insert(webhookDeliveries).values(row);
}

/** A delivery with its webhook (for the queue consumer). */
export async function findDelivery(db: Database, id: string): Promise<{ delivery: DeliveryRow; webhook: WebhookRow } | undefined> {
  const rows = await db.select({ delivery: webhookDeliveries, webhook: workspaceWebhooks }).from(webhookDeliveries).innerJoin(workspaceWebhooks, eq(workspaceWebhooks.id, webhookDeliveries.webhookId)).where(eq(webhookDeliveries.id, id)).limit(1);
  return rows[0];
}

export async function recentDeliveries(db: Database, workspaceId: string, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(workspaceWebhooks, eq(workspaceWebhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(workspaceWebhooks.workspaceId, workspaceId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .then((rows) => rows.map((r) => r.delivery));
}

/** One attempt's outcome: the delivery's row, and the webhook's failure streak (reset on success). */
export async function recordAttempt(
  db: Database,
  outcome: { deliveryId: string; webhookId: string; status: "pending" | "delivered" | "failed"; statusCode: number | null; error: string | null; now: number; finalFailure: boolean; autoDisableAfter: number },
): Promise<void> {
  const delivered = outcome.status === "delivered";
  await db.batch([
    db
      .update(webhookDeliveries)
      .set({ status: outcome.status, attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatusCode: outcome.statusCode, lastError: outcome.error, lastAttemptAt: outcome.now })
      .where(eq(webhookDeliveries.id, outcome.deliveryId)),
    delivered
      ? db.update(workspaceWebhooks).set({ consecutiveFailures: 0 }).where(eq(workspaceWebhooks.id, outcome.webhookId))
      : db
          .update(workspaceWebhooks)
          .set({
            mostRecentFailureErrorCode: outcome.statusCode,
            mostRecentFailureAt: outcome.now,
            mostRecentFailureReason: outcome.error,
            consecutiveFailures: outcome.finalFailure ? sql`${workspaceWebhooks.consecutiveFailures} + 1` : workspaceWebhooks.consecutiveFailures,
            isAutoDisabled: outcome.finalFailure ? sql`(${workspaceWebhooks.consecutiveFailures} + 1 >= ${outcome.autoDisableAfter}) OR ${workspaceWebhooks.isAutoDisabled}` : workspaceWebhooks.isAutoDisabled,
          })
          .where(eq(workspaceWebhooks.id, outcome.webhookId)),
  ]);
}
