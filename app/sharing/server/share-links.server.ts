import type { Database } from "../../../db/client";
import { findLiveShareForItem, insertShare, revokeShares } from "../../../db/repositories/shares";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { nowSeconds } from "../../../core/clock";
import { SHARE_PATH_PREFIX } from "../../../core/sharing/sharing";
import { historyItem } from "~/history/history.server";

/** The public link token of an item of the actor's workspace: created once (unguessable), the same while it stays live. */
export async function shareLinkToken(db: Database, actor: Actor, historyItemId: string): Promise<string> {
  const workspaceId = actor.membership.workspace.id;
  let share = await findLiveShareForItem(db, workspaceId, historyItemId);
  if (!share) {
    await insertShare(db, { token: randomHex(16), historyItemId, workspaceId, userId: actor.user.id });
    share = await findLiveShareForItem(db, workspaceId, historyItemId);
  }
  return share!.token;
}

/**
 * The public link of an item of the actor's workspace (created on first request), as a path, with the name
 * the share page shows for the sharer; null when the item is not theirs to share.
 */
export async function shareLinkOfItem(db: Database, actor: Actor, historyItemId: string): Promise<{ sharePath: string; publicUserName: string } | null> {
  const row = await historyItem(db, actor, historyItemId);
  if (!row) return null;
  return { sharePath: `${SHARE_PATH_PREFIX}${await shareLinkToken(db, actor, row.id)}`, publicUserName: actor.user.publicUserName ?? "" };
}

/** Revokes the item's live link; false when it had none. */
export async function revokeShareLink(db: Database, actor: Actor, historyItemId: string): Promise<boolean> {
  return revokeShares(db, actor.membership.workspace.id, historyItemId, nowSeconds());
}
