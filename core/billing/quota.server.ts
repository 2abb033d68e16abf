// The workspace's quota, read by the app's speech paths and by the queue consumers that charge (decision 0058).
import type { Database } from "../../db/client";
import { findBilling, resetQuotaPeriod, startQuotaClock } from "../../db/repositories/billing";
import type { workspaces } from "../../db/schema";
import { lazyQuotaReset, usableCredits } from "./billing-sync";
import { effectiveLimitExtension, limitExtensionAllowed } from "./quota-rules";
import { LIMIT_EXTENSION, type Tier, type SubscriptionStatus } from "./plans";
import { nowSeconds } from "../clock";

/**
 * The workspace's credits this period: starts a new monthly period for free and annual plans when one is
 * due, and adds the tier's extension when usage-based billing is on.
 */
export async function currentQuota(db: Database, workspace: typeof workspaces.$inferSelect, tier: Tier): Promise<{ used: number; usable: number }> {
  const now = nowSeconds();
  let used = workspace.characterCount;
  const due = lazyQuotaReset(tier, workspace.billingPeriod, workspace.characterCountResetAt, workspace.createdAt, now);
  if (due) {
    if (due.reset) {
      await resetQuotaPeriod(db, workspace.id, workspace.characterCountResetAt, due.nextResetAt);
      used = 0;
    } else {
      await startQuotaClock(db, workspace.id, due.nextResetAt);
    }
  }
  const billing = tier === "free" ? undefined : await findBilling(db, workspace.id);
  const extension = effectiveLimitExtension(LIMIT_EXTENSION[tier], billing?.maxCharacterLimitExtension ?? null);
  const allowed = limitExtensionAllowed({
    tier,
    status: workspace.status as SubscriptionStatus,
    characterLimit: workspace.characterLimit,
    characterCount: used,
    canExtendCharacterLimit: LIMIT_EXTENSION[tier] !== 0,
    allowedToExtendCharacterLimit: billing?.allowedToExtendCharacterLimit ?? false,
  });
  return { used, usable: usableCredits(workspace.characterLimit, extension, allowed) };
}
