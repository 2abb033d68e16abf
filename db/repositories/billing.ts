import { eq, sql } from "drizzle-orm";
import type { WorkspaceSubscriptionState } from "../../core/billing/billing-sync";
import type { Database } from "../client";
import { billingEvents, workspaceBilling, workspaces } from "../schema";

export type BillingRow = typeof workspaceBilling.$inferSelect;

export async function findBilling(db: Database, workspaceId: string): Promise<BillingRow | undefined> {
  return db.query.workspaceBilling.findFirst({ where: eq(workspaceBilling.workspaceId, workspaceId) });
}

export async function findBillingByCustomer(db: Database, customerId: string): Promise<BillingRow | undefined> {
  return db.query.workspaceBilling.findFirst({ where: eq(workspaceBilling.customerId, customerId) });
}

/** Links a workspace to its provider customer once; a second caller gets the first one's row. */
export async function linkCustomer(db: Database, workspaceId: string, customerId: string): Promise<BillingRow> {
  await db.insert(workspaceBilling).values({ workspaceId, customerId }).onConflictDoNothing();
  const row = await findBilling(db, workspaceId);
  if (!row) throw new Error("billing row vanished");
  return row;
}

export interface SubscriptionMirror {
  state: WorkspaceSubscriptionState;
  billing: Partial<Omit<BillingRow, "workspaceId" | "customerId">>;
  /** Set when this change starts a new quota period: character_count goes back to 0. */
  resetQuota: { periodStart: number; resetAt: number } | null;
  /** The event that caused it, recorded in the same batch so it is applied exactly once. */
  event?: { id: string; type: string };
}

/**
 * Writes the mirrored subscription, the optional quota reset and the processed event id in one D1 batch:
 * all of it or none of it.
 */
export async function applySubscriptionMirror(db: Database, workspaceId: string, mirror: SubscriptionMirror): Promise<void> {
  const { state, billing, resetQuota, event } = mirror;
  const workspaceUpdate = db
    .update(workspaces)
    .set({
      tier: state.tier,
      status: state.status,
      billingPeriod: state.billingPeriod,
      currency: state.currency,
      characterLimit: state.characterLimit,
      maxSeats: state.maxSeats,
      ...(resetQuota ? { characterCount: 0, extraCharactersBilled: 0, characterCountResetAt: resetQuota.resetAt } : {}),
    })
    .where(eq(workspaces.id, workspaceId));
  const billingUpdate = db
    .update(workspaceBilling)
    .set({
      ...billing,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      pendingDowngradeTo: state.pendingDowngradeTo,
      ...(resetQuota ? { quotaPeriodStart: resetQuota.periodStart } : {}),
      updatedAt: sql`(unixepoch())`,
    })
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  if (event) {
    await db.batch([db.insert(billingEvents).values({ id: event.id, type: event.type, workspaceId }), workspaceUpdate, billingUpdate]);
  } else {
    await db.batch([workspaceUpdate, billingUpdate]);
  }
}

export async function eventAlreadyApplied(db: Database, eventId: string): Promise<boolean> {
  return (await db.query.billingEvents.findFirst({ where: eq(billingEvents.id, eventId) })) !== undefined;
}

/** Records an event that changed nothing (unknown customer, other event types) so replays stay cheap. */
export async function recordEvent(db: Database, event: { id: string; type: string }, workspaceId: string | null): Promise<void> {
  await db.insert(billingEvents).values({ id: event.id, type: event.type, workspaceId }).onConflictDoNothing();
}

export async function updateBillingSettings(
  db: Database,
  workspaceId: string,
  values: { allowedToExtendCharacterLimit: boolean; maxCharacterLimitExtension?: number | null },
): Promise<void> {
  // Nothing to change is not an error (an API call may send no field at all).
  if (Object.values(values).every((v) => v === undefined)) return;
  await db.update(workspaceBilling).set(values).where(eq(workspaceBilling.workspaceId, workspaceId));
}

/** Starts a new quota period lazily (free and annual plans reset monthly without an invoice). */
export async function resetQuotaPeriod(db: Database, workspaceId: string, expectedResetAt: number | null, nextResetAt: number): Promise<void> {
  await db
    .update(workspaces)
    .set({ characterCount: 0, extraCharactersBilled: 0, characterCountResetAt: nextResetAt })
    .where(
      expectedResetAt === null
        ? sql`${workspaces.id} = ${workspaceId} AND ${workspaces.characterCountResetAt} IS NULL`
        : sql`${workspaces.id} = ${workspaceId} AND ${workspaces.characterCountResetAt} = ${expectedResetAt}`,
    );
}

/** The first time a workspace's quota period is known: only sets it, never resets the count. */
export async function startQuotaClock(db: Database, workspaceId: string, resetAt: number): Promise<void> {
  await db
    .update(workspaces)
    .set({ characterCountResetAt: resetAt })
    .where(sql`${workspaces.id} = ${workspaceId} AND ${workspaces.characterCountResetAt} IS NULL`);
}

/**
 * Claims the extra characters from `from` to `to` for invoicing: only one caller moves the counter from the
 * value it read, so two generations finishing at once never invoice the same block twice.
 */
export async function claimExtraCharacters(db: Database, workspaceId: string, from: number, to: number): Promise<boolean> {
  const result = await db
    .update(workspaces)
    .set({ extraCharactersBilled: to })
    .where(sql`${workspaces.id} = ${workspaceId} AND ${workspaces.extraCharactersBilled} = ${from}`)
    .returning({ id: workspaces.id });
  return result.length === 1;
}
