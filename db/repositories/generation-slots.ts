import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { generationSlots } from "../schema";

/** A slot left behind by an isolate that died mid-generation stops counting after this long. */
export const SLOT_TTL_SECONDS = 300;

export type SlotRequest = {
  workspaceId: string;
  requestId: string;
  /** The plan's concurrency limit. */
  limit: number;
  /** The characters this generation will be charged. */
  characters: number;
  /** The credits the workspace may use beyond its character_limit (usage-based billing); null: no limit. */
  beyondLimit: number | null;
  nowSeconds: number;
};

export type SlotResult =
  | { acquired: true; active: number }
  | { acquired: false; reason: "concurrency"; active: number }
  | { acquired: false; reason: "quota"; active: number; remaining: number };

/**
 * Takes a concurrency slot and reserves the generation's characters, in one statement: only while the workspace
 * has fewer than `limit` generations in flight and its charged characters, plus those its generations in flight
 * have reserved, plus these, stay within its character_limit (as it is now) and `beyondLimit`. Concurrent
 * requests can therefore neither take the last slot twice nor together promise more than the quota has left.
 */
export async function acquireSlot(db: Database, slot: SlotRequest): Promise<SlotResult> {
  const { workspaceId, requestId, limit, characters, beyondLimit, nowSeconds } = slot;
  // One batch, one round trip (decision 0082): its statements still run in this order, as one transaction. Plain
  // statements, because drizzle's D1 batch cannot carry a raw statement with parameters (the INSERT ... SELECT).
  const d1 = db.$client;
  const [, inserted, counted] = await d1.batch([
    d1.prepare("DELETE FROM generation_slots WHERE started_at < ?").bind(nowSeconds - SLOT_TTL_SECONDS),
    d1
      .prepare(
        `INSERT INTO generation_slots (request_id, workspace_id, started_at, reserved_characters)
         SELECT ?1, ?2, ?3, ?4
         WHERE (SELECT count(*) FROM generation_slots WHERE workspace_id = ?2) < ?5
           AND (?6 IS NULL OR
             (SELECT character_count - character_limit FROM workspaces WHERE id = ?2)
             + (SELECT coalesce(sum(reserved_characters), 0) FROM generation_slots WHERE workspace_id = ?2)
             + ?4 <= ?6)`,
      )
      .bind(requestId, workspaceId, nowSeconds, characters, limit, beyondLimit),
    // Only for the answer's headers and message: the decision was the statement's.
    d1
      .prepare(
        `SELECT count(*) AS active,
           (SELECT character_limit - character_count FROM workspaces WHERE id = ?1) - coalesce(sum(reserved_characters), 0) AS credits_left
         FROM generation_slots WHERE workspace_id = ?1`,
      )
      .bind(workspaceId),
  ]);
  const state = counted!.results[0] as { active: number; credits_left: number | null } | undefined;
  const active = state?.active ?? 0;
  if ((inserted!.meta?.changes ?? 0) === 1) return { acquired: true, active };
  if (active >= limit) return { acquired: false, reason: "concurrency", active };
  return { acquired: false, reason: "quota", active, remaining: Math.max(0, (state?.credits_left ?? 0) + (beyondLimit ?? 0)) };
}

export async function releaseSlot(db: Database, workspaceId: string, requestId: string): Promise<void> {
  await db.delete(generationSlots).where(and(eq(generationSlots.requestId, requestId), eq(generationSlots.workspaceId, workspaceId)));
}

/** The statement that ends a slot, for a batch (the charge takes over its reservation in the same batch). */
export function releaseSlotStatement(db: Database, workspaceId: string, requestId: string) {
  return db.delete(generationSlots).where(and(eq(generationSlots.requestId, requestId), eq(generationSlots.workspaceId, workspaceId)));
}
