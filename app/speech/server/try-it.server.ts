import type { Database } from "../../../db/client";
import { countUse, forgetWindowsBefore } from "../../../db/repositories/rate-counters";
import { TRY_IT_WINDOW_SECONDS, tryItRefusal, tryItWindowStart } from "~/marketing/rules/try-it";
import { nowSeconds } from "../../../core/clock";

export type TryItUse = {
  /** Which limit this sample is over, if any: the visitor's or the site's. */
  refusal: "visitor" | "global" | null;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
  windowStart: number;
};

/** Counts one try-it sample for the visitor and site-wide in the current window, and says whether it is over a limit. */
export async function countTryItUse(db: Database, visitor: string): Promise<TryItUse> {
  const now = nowSeconds();
  const windowStart = tryItWindowStart(now);
  const [visitorCount, globalCount] = await countUse(db, [`try-it:visitor:${visitor}`, "try-it:global"], windowStart);
  return { refusal: tryItRefusal({ visitor: visitorCount!, global: globalCount! }), retryAfterSeconds: windowStart + TRY_IT_WINDOW_SECONDS - now, windowStart };
}

/** Forgets the counts of the windows before the one preceding `windowStart`. */
export async function forgetOldTryItCounts(db: Database, windowStart: number): Promise<void> {
  await forgetWindowsBefore(db, windowStart - TRY_IT_WINDOW_SECONDS);
}
