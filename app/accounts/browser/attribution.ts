import {
  AD_CLICK_REFERRAL_REMOVAL_MS,
  AD_PARAMS_STORAGE_KEY,
  liveReferral,
  readVisit,
  REFERRAL_COOKIE,
  REFERRAL_COOKIES,
  REFERRAL_STORAGE_KEY,
  REFERRAL_TTL_MS,
  referralRecord,
  type AdParams,
} from "~/accounts/rules/attribution";

/**
 * Remembers where a visit came from (browser only): a referral code for 90 days, in local storage and in a
 * cookie the sign-up form carries to the server; ad parameters until they are reported. A paid ad click wins
 * over a referral: referral cookies are removed 2 seconds later.
 */
export function captureAttribution(location: Location = window.location): void {
  const visit = readVisit(new URL(location.href));
  const now = Date.now();
  if (visit.referral) {
    localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(referralRecord(visit.referral, now)));
    document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(visit.referral)}; Max-Age=${REFERRAL_TTL_MS / 1000}; Path=/; SameSite=Lax`;
  } else if (localStorage.getItem(REFERRAL_STORAGE_KEY) && !liveReferral(localStorage.getItem(REFERRAL_STORAGE_KEY), now)) {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  }
  if (visit.adParams) localStorage.setItem(AD_PARAMS_STORAGE_KEY, JSON.stringify(visit.adParams));
  if (visit.paidAdClick) window.setTimeout(removeReferral, AD_CLICK_REFERRAL_REMOVAL_MS);
}

function removeReferral() {
  localStorage.removeItem(REFERRAL_STORAGE_KEY);
  for (const name of REFERRAL_COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

/** Reports stored ad parameters with an event (e.g. sign_up) once; a failure is only logged. */
export async function reportAdVisit(email: string, eventType: string): Promise<void> {
  const raw = localStorage.getItem(AD_PARAMS_STORAGE_KEY);
  if (!raw) return;
  try {
    const params = JSON.parse(raw) as AdParams;
    const response = await fetch("/v1/google-ads-visit", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, event_type: eventType, ...params }) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    localStorage.removeItem(AD_PARAMS_STORAGE_KEY);
  } catch (failure) {
    console.warn("ad visit not recorded", failure);
  }
}
