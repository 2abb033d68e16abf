/**
 * The visitors' try-it box (issue #8): short samples for people who are not signed in, limited per visitor
 * and for the whole site, never charged and never kept.
 */
export const TRY_IT_MAX_CHARACTERS = 300;
export const TRY_IT_WINDOW_SECONDS = 60 * 60;
export const TRY_IT_PER_VISITOR = 5;
export const TRY_IT_GLOBAL = 1000;
export const TRY_IT_OUTPUT_FORMAT = "mp3_44100_64";

export const TRY_IT_VISITOR_LIMIT_MESSAGE = "You have used your free samples for this hour. Sign up free to keep generating.";
export const TRY_IT_GLOBAL_LIMIT_MESSAGE = "Free samples are very popular right now. Please try again later, or sign up free.";

export function tryItWindowStart(nowSeconds: number): number {
  return nowSeconds - (nowSeconds % TRY_IT_WINDOW_SECONDS);
}

/** Which limit, if any, the counts after this use exceed. */
export function tryItRefusal(counts: { visitor: number; global: number }): "visitor" | "global" | null {
  if (counts.visitor > TRY_IT_PER_VISITOR) return "visitor";
  if (counts.global > TRY_IT_GLOBAL) return "global";
  return null;
}
