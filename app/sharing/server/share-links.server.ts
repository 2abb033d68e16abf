import type { Database } from "../../../db/client";
import { findLiveShareForItem, insertShare, revokeShares } from "../../../db/repositories/shares";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { nowSeconds } from "../../../core/clock";

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

/** Revokes the item's live link; false when it had none. */
export async function revokeShareLink(db: Database, actor: Actor, historyItemId: string): Promise<boolean> {
  return revokeShares(db, actor.membership.workspace.id, historyItemId, nowSeconds());
}
