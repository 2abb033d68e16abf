import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { onboardingItems } from "../schema";

export async function completedItemIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ itemId: onboardingItems.itemId }).from(onboardingItems).where(eq(onboardingItems.userId, userId));
  return rows.map((r) => r.itemId);
}

/** Records a completion; false when the item was already complete (the primary key makes it once only). */
export async function completeItem(db: Database, userId: string, itemId: string): Promise<boolean> {
  const inserted = await db.insert(onboardingItems).values({ userId, itemId }).onConflictDoNothing().returning({ itemId: onboardingItems.itemId });
  return inserted.length === 1;
}
