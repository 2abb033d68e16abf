/** Session cookie lifetime: 360 days, Secure, SameSite=Strict (spec §9). */
export const SESSION_LIFETIME_DAYS = 360;
export const SESSION_LIFETIME_SECONDS = SESSION_LIFETIME_DAYS * 24 * 60 * 60;
export const SESSION_COOKIE_NAME = "parlance_session";
/** Once the e-mail is verified, the client refreshes its access this often. */
export const ACCESS_REFRESH_INTERVAL_MS = 300_000;
/** Broadcast channel (and storage key) through which one tab's sign-out reaches the others. */
export const SIGN_OUT_CHANNEL = "parlance-auth";

/** Local storage entries that hold product data and are cleared on sign-out (spec §3 'Local storage entries'). */
export const PRODUCT_STORAGE_KEYS = [
  "internalVerificationCode",
  "sensitiveActionVerificationCode",
  "newUser",
  "workspaceInviteCode",
  "coupon",
  "dialogueDraft",
  "selectedModelIds",
  "selectedVoice",
  "billingPeriod",
] as const;

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE_NAME}=${token}; Path=/; Max-Age=${SESSION_LIFETIME_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/**
 * Cookie-authenticated mutations must come from our own pages. SameSite=Strict already keeps the cookie off
 * cross-site requests; this also refuses a foreign or missing Origin on anything but GET/HEAD/OPTIONS.
 */
/** What a page answers to a form posted from another site (403). */
export const CROSS_ORIGIN_REFUSED = "Cross-origin form submission refused: this form can only be sent from this site's own pages.";

export function isSameOriginMutation(method: string, requestUrl: string, originHeader: string | null): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return true;
  if (!originHeader) return false;
  try {
    return new URL(originHeader).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
