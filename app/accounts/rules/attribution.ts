/** Referral and ad attribution of the public site (spec accounts §9, request layer §9). */
export const REFERRAL_TTL_MS = 7776000000; // 90 days
export const AD_CLICK_REFERRAL_REMOVAL_MS = 2000;
export const REFERRAL_PARAM = "ref";
export const REFERRAL_STORAGE_KEY = "referral";
export const REFERRAL_COOKIE = "parlance_referral";
/** Referral cookies of affiliate programmes a deployment may run beside ours; removed with ours on ad clicks. */
export const REFERRAL_COOKIES = [REFERRAL_COOKIE, "ps_partner_key", "ps_xid"] as const;
export const AD_PARAMS_STORAGE_KEY = "adParams";
export const AD_PARAM_NAMES = ["gclid", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type AdParams = Partial<Record<(typeof AD_PARAM_NAMES)[number], string>>;

// A plain pattern, not a zod schema: the root route runs this on every page, and zod would add 25 KB of script to the first visit.
const REFERRAL_CODE = /^[A-Za-z0-9_-]{3,64}$/;
const isReferralCode = (value: unknown): value is string => typeof value === "string" && REFERRAL_CODE.test(value);

export type StoredReferral = { value: string; expiry: number };

/** What a landing URL says about where the visit came from. */
export function readVisit(url: URL): { referral: string | null; adParams: AdParams | null; paidAdClick: boolean } {
  const ref = url.searchParams.get(REFERRAL_PARAM);
  const referral = isReferralCode(ref) ? ref : null;
  const adParams: AdParams = {};
  for (const name of AD_PARAM_NAMES) {
    const value = url.searchParams.get(name)?.trim().slice(0, 200);
    if (value) adParams[name] = value;
  }
  const any = Object.keys(adParams).length > 0;
  const medium = adParams.utm_medium?.toLowerCase();
  const paidAdClick = Boolean(adParams.gclid) || medium === "cpc" || medium === "ppc" || medium === "paid";
  return { referral, adParams: any ? adParams : null, paidAdClick };
}

export function referralRecord(value: string, nowMs: number): StoredReferral {
  return { value, expiry: nowMs + REFERRAL_TTL_MS };
}

/** The stored referral while it lasts; null when missing, malformed or expired. */
export function liveReferral(raw: string | null, nowMs: number): string | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredReferral> | null;
    return parsed && isReferralCode(parsed.value) && typeof parsed.expiry === "number" && parsed.expiry > nowMs ? parsed.value : null;
  } catch {
    return null;
  }
}

/** A referral code from the cookie the sign-up form carries, if well formed. */
export function referralFromCookie(cookieHeader: string | null): string | null {
  const match = (cookieHeader ?? "").match(new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]+)`));
  const value = match ? decodeURIComponent(match[1]!) : null;
  return isReferralCode(value) ? value : null;
}
