import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { historyItems, shareLinks, users } from "../schema";

export async function findLiveShareForItem(db: Database, workspaceId: string, historyItemId: string) {
  return db.query.shareLinks.findFirst({
    where: and(eq(shareLinks.historyItemId, historyItemId), eq(shareLinks.workspaceId, workspaceId), isNull(shareLinks.revokedAt)),
  });
}

export async function insertShare(db: Database, row: typeof shareLinks.$inferInsert): Promise<void> {
  await db.insert(shareLinks).values(row);
}

export async function revokeShares(db: Database, workspaceId: string, historyItemId: string, nowSeconds: number): Promise<boolean> {
  const updated = await db
    .update(shareLinks)
    .set({ revokedAt: nowSeconds })
    .where(and(eq(shareLinks.historyItemId, historyItemId), eq(shareLinks.workspaceId, workspaceId), isNull(shareLinks.revokedAt)))
    .returning({ token: shareLinks.token });
  return updated.length > 0;
}

/** What a public share page may show: the item's text, voice, audio key, and the sharer's public name. Nothing else. */
export async function findPublicShare(db: Database, token: string) {
  const rows = await db
    .select({
      token: shareLinks.token,
      text: historyItems.text,
      voiceName: historyItems.voiceName,
      audioKey: historyItems.audioKey,
      audioBytes: historyItems.audioBytes,
      contentType: historyItems.contentType,
      durationMs: historyItems.durationMs,
      dateUnix: historyItems.dateUnix,
      publicUserName: users.publicUserName,
    })
    .from(shareLinks)
    .innerJoin(historyItems, eq(historyItems.id, shareLinks.historyItemId))
    .innerJoin(users, eq(users.id, shareLinks.userId))
    .where(and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt)))
    .limit(1);
  return rows[0];
}
