import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { generationSlots } from "../schema";

/** A slot left behind by a crashed request stops counting after this long. */
export const SLOT_TTL_SECONDS = 300;

/**
 * Takes a concurrency slot if the workspace has fewer than `limit` generations in flight. One statement,
 * so two requests cannot both take the last slot.
 */
export async function acquireSlot(db: Database, workspaceId: string, requestId: string, limit: number, nowSeconds: number) {
  await db.delete(generationSlots).where(lt(generationSlots.startedAt, nowSeconds - SLOT_TTL_SECONDS));
  const inserted = await db.run(sql`
    INSERT INTO generation_slots (request_id, workspace_id, started_at)
    SELECT ${requestId}, ${workspaceId}, ${nowSeconds}
    WHERE (SELECT count(*) FROM generation_slots WHERE workspace_id = ${workspaceId}) < ${limit}`);
  const active = await db.select({ n: sql<number>`count(*)` }).from(generationSlots).where(eq(generationSlots.workspaceId, workspaceId));
  return { acquired: (inserted.meta?.changes ?? 0) === 1, active: active[0]?.n ?? 0 };
}

export async function releaseSlot(db: Database, workspaceId: string, requestId: string): Promise<void> {
  await db.delete(generationSlots).where(and(eq(generationSlots.requestId, requestId), eq(generationSlots.workspaceId, workspaceId)));
}
