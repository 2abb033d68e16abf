/** Failed sign-ins and code checks are counted per address and per account in fixed windows. */
export const AUTH_FAILURE_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_ACCOUNT = 8;
export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again in a few minutes.";

export function failureWindowStart(nowSeconds: number): number {
  return nowSeconds - (nowSeconds % AUTH_FAILURE_WINDOW_SECONDS);
}

export function isThrottled(failures: { address: number; account: number }): boolean {
  return failures.address >= MAX_FAILURES_PER_ADDRESS || failures.account >= MAX_FAILURES_PER_ACCOUNT;
}
